package dev.kvbench.suite;

import dev.kvbench.trial.WorkFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The results folder of a suite: {@code results/<YYYYMMDD>-<suite>/}, or the newest unfinished
 * folder of the same suite that this machine started at this commit (so that running it again
 * resumes it), or {@code KVBENCH_RESULTS}.
 *
 * <p>A run never resumes a folder it did not start: a folder is resumable only while it is
 * unfinished (its run did not reach its report) and its {@link #MARK} file (written when the runner creates it, never committed) names
 * this machine and this commit. A published folder (committed: no mark in a clone), a finished one,
 * or one from another machine or commit is left as it is, and the run starts
 * {@code <YYYYMMDD>-<suite>-2} (or the next free number) and says so.
 */
public final class SuiteFolder {

    private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;

    /** The file that says which machine and commit started a folder: {@code machine=...}, {@code commit=...}. */
    static final String MARK = ".kvbench-run";

    /**
     * The chosen folder and, when a folder of that name was there and is not this run's to resume,
     * why the run went elsewhere (empty otherwise).
     */
    record Choice(Path dir, String note, boolean named) {

        /** A folder that {@code ./run.sh SUITE} run again chooses by itself. */
        Choice(Path dir, String note) {
            this(dir, note, false);
        }

        /**
         * The command that resumes this folder: {@code rerun}, led by {@code KVBENCH_RESULTS=dir} where the folder was
         * named by it or is one the command alone would pass over (a {@code -2} beside a finished folder).
         */
        String resume(String rerun) {
            return named ? "KVBENCH_RESULTS=" + Shell.word(dir.toString()) + " " + rerun : rerun;
        }
    }

    private SuiteFolder() {}

    /** The folder for {@code suite} run on {@code today} in the project {@code root}; {@code configured} wins when set. */
    static Path choose(Path root, String suite, LocalDate today, String configured) {
        return choice(root, suite, today, configured, Origin.here(root)).dir();
    }

    /** As {@link #choose}, with the machine and commit that resume a folder, and the note saying why a folder was passed over. */
    static Choice choice(Path root, String suite, LocalDate today, String configured, Origin origin) {
        if (configured != null && !configured.isBlank()) {
            Path dir = Path.of(configured).toAbsolutePath().normalize();
            refuseIfLocked(dir);
            String why = notResumable(dir, origin);
            if (why != null) {
                throw new UsageException("KVBENCH_RESULTS=" + configured + " " + why
                        + ": a run only resumes a folder it started; name a new folder (or delete that one)");
            }
            return new Choice(dir, "", true);
        }
        Path results = root.resolve("results");
        Path todays = results.resolve(today.format(DAY) + "-" + suite);
        if (!Files.isDirectory(results)) {
            return new Choice(todays, "");
        }
        if (Files.isDirectory(todays)) {
            refuseIfLocked(todays);
            String why = notResumable(todays, origin);
            if (why == null) {
                return new Choice(todays, "");
            }
            Path fresh = free(todays);
            return new Choice(
                    fresh,
                    root.relativize(todays) + " " + why + "; this run writes to " + root.relativize(fresh),
                    true);
        }
        try (Stream<Path> dirs = Files.list(results)) {
            List<Path> ofSuite = dirs.filter(Files::isDirectory)
                    .filter(d -> d.getFileName().toString().endsWith("-" + suite))
                    .sorted()
                    .toList();
            if (!ofSuite.isEmpty() && notResumable(ofSuite.get(ofSuite.size() - 1), origin) == null) {
                return new Choice(ofSuite.get(ofSuite.size() - 1), "");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + results, e);
        }
        return new Choice(todays, "");
    }

    /** {@code dir}, else {@code dir-2}, {@code dir-3}... whichever does not exist yet. */
    private static Path free(Path dir) {
        for (int n = 2; ; n++) {
            Path next = dir.resolveSibling(dir.getFileName() + "-" + n);
            if (!Files.exists(next)) {
                return next;
            }
        }
    }

    /**
     * Why this run may not resume {@code dir} ("holds a finished run", "was not started by a run on this
     * machine (a published or copied folder)", "was started at commit X, this is Y", ...), or null
     * when it may (a folder that does not exist yet may always be started).
     */
    static String notResumable(Path dir, Origin origin) {
        if (!Files.isDirectory(dir)) {
            return null; // nothing to resume: a file in the way is said when the folder is created
        }
        Map<String, String> mark = readMark(dir);
        if (mark == null) {
            return isEmpty(dir)
                    ? null
                    : "was not started by a run on this machine (a published or copied results folder)";
        }
        if (!origin.machine().equals(mark.get("machine"))) {
            return "was started on another machine (" + mark.get("machine") + ")";
        }
        if (!origin.commit().equals(mark.get("commit"))) {
            return "was started at commit " + mark.get("commit") + ", this is " + origin.commit();
        }
        if ("true".equals(mark.get("finished"))) {
            return "holds a finished run";
        }
        return null;
    }

    /** Marks {@code dir}'s run as finished: every test ran and the report was written; it is never resumed. */
    static void markFinished(Path dir) {
        try {
            Files.writeString(dir.resolve(MARK), "finished=true\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(MARK), e);
        }
    }

    /** The file a running suite holds locked in its results folder, so that a second run into it is refused. */
    static final String LOCK = ".kvbench-lock";

    /** The locks this JVM holds, by folder: held until it exits, when the operating system releases them. */
    private static final Map<Path, FileLock> HELD = new HashMap<>();

    /**
     * Locks {@code dir} for this run, or refuses in one line when another run holds it: two runs into one folder
     * would share its unfinished tests' files, and the first one's forks would die of the second's.
     */
    static synchronized void lock(Path dir) {
        Path file = dir.resolve(LOCK);
        if (HELD.containsKey(file)) {
            return;
        }
        try {
            FileChannel channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                channel.close();
                return; // this JVM holds it already (a folder its earlier run wrote, moved since)
            }
            if (lock == null) {
                channel.close();
                throw inUse(dir, file);
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + ", started "
                            + Instant.now().truncatedTo(ChronoUnit.SECONDS) + "\n")
                    .getBytes(StandardCharsets.UTF_8)));
            HELD.put(file, lock);
        } catch (IOException e) {
            throw new UsageException("cannot write the results folder " + dir + ": " + WorkFolder.why(e)
                    + "; set KVBENCH_RESULTS to a writable folder");
        }
    }

    /** The line for {@code dir} locked by another run, naming the owner its lock {@code file} records. */
    private static UsageException inUse(Path dir, Path file) throws IOException {
        String owner = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).trim();
        return new UsageException(
                dir + " is in use by another run of kvbench" + (owner.isEmpty() ? "" : " (" + owner + ")")
                        + ": wait for it to finish, or run into another folder (KVBENCH_RESULTS)");
    }

    /**
     * Refuses {@code dir} in one line while another run holds its lock, before anything else is said of it: a folder
     * that is being written is the other run's, whatever its mark says.
     */
    static void refuseIfLocked(Path dir) {
        Path file = dir.resolve(LOCK);
        if (!Files.isRegularFile(file) || HELD.containsKey(file)) {
            return;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
            FileLock lock = channel.tryLock();
            if (lock != null) {
                lock.release();
                return;
            }
            throw inUse(dir, file);
        } catch (IOException | OverlappingFileLockException e) {
            // not ours to judge here: lock() says what is wrong when the run takes the folder
        }
    }

    /** Marks {@code dir} as started by this machine at this commit (only when it has no mark). */
    public static void mark(Path dir, Origin origin) {
        Path file = dir.resolve(MARK);
        if (Files.exists(file)) {
            return;
        }
        try {
            Files.writeString(
                    file, "machine=" + origin.machine() + "\ncommit=" + origin.commit() + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static Map<String, String> readMark(Path dir) {
        Path file = dir.resolve(MARK);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        Map<String, String> mark = new HashMap<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    mark.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
        } catch (IOException e) {
            return null;
        }
        return mark;
    }

    private static boolean isEmpty(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Who runs: this machine ({@code /etc/machine-id}, else the host name) and the project's git
     * commit ({@code unknown} outside a git checkout), with {@code -dirty} when the tree has changes.
     */
    public record Origin(String machine, String commit) {

        public static Origin here(Path root) {
            return new Origin(machineId(), GitCommit.id(root));
        }

        private static String machineId() {
            try {
                String id = Files.readString(Path.of("/etc/machine-id"), StandardCharsets.UTF_8)
                        .trim();
                if (!id.isEmpty()) {
                    return id;
                }
            } catch (IOException e) {
                // fall back to the host name
            }
            String host = System.getenv("HOSTNAME");
            return host == null || host.isBlank() ? "unknown" : host;
        }
    }

    /** A folder is finished when every test it planned (every {@code out-N.meta}) has its JMH CSV. */
    static boolean finished(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(name -> name.matches("out-\\d+\\.meta"))
                    .allMatch(name -> Files.exists(dir.resolve(name.replace(".meta", ".csv"))));
        } catch (IOException e) {
            return true;
        }
    }

    /** Test {@code n} is complete when its CSV exists and its log says JMH completed the run. */
    static boolean complete(Path dir, int n) {
        Path log = dir.resolve("out-" + n + ".txt");
        if (!Files.exists(dir.resolve("out-" + n + ".csv")) || !Files.exists(log)) {
            return false;
        }
        return anyLine(log, l -> l.startsWith("# Run complete"));
    }

    /** Whether a line of {@code file} matches {@code test} (false when it cannot be read). */
    static boolean anyLine(Path file, Predicate<String> test) {
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.anyMatch(test);
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }
}
