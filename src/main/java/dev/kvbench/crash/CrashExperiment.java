package dev.kvbench.crash;

import dev.kvbench.cutfs.CutFs;
import dev.kvbench.fork.ChildJvm;
import dev.kvbench.text.LastLine;
import dev.kvbench.trial.WorkFolder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The crash test: what a {@code kill -9} of the writing process costs. Per repetition, a
 * {@link CrashWriter} JVM writes the data set in batches into a new store and acknowledges each
 * commit on its stdout (a pipe to this JVM); after a random number of acknowledged batches this
 * JVM kills it with SIGKILL, mid-way through the next batch, then a {@link CrashCheck} JVM
 * reopens the store and counts acknowledged entries that are missing and entries that are
 * corrupt, and times the reopen. The kill points come from a fixed seed, so a rerun kills at
 * the same acknowledgments.
 *
 * <p>Every wait on a child JVM is bounded by {@link #timeoutSeconds}: a reopen (with its check)
 * that has not finished, and a writer that has printed no acknowledgment for that long since its
 * start or its last one (alive, silent, never ending), are killed; the reopen counts as a store
 * that did not open, the writer's silence as the kill point of its repetition, which goes on
 * (cut, reopen, check) and carries the reason ({@link Outcome#writerSilent}).
 *
 * <p>A kill of the process, not a power cut: data the engine handed to the operating system
 * survives it even without a sync. On tmpfs that is all that can be tested. With a power cut
 * ({@code names} given), the store is on a {@link CutFs} of the repetition's own and the kill of
 * the writer is followed by a cut: everything the engine did not sync is lost before the reopen.
 */
final class CrashExperiment {

    /**
     * One repetition: entries acknowledged before the kill, and what the reopened store held;
     * {@code writerSilent}, when not null, says why the kill came early: the writer had stopped
     * acknowledging.
     */
    record Outcome(
            long acked,
            boolean opened,
            String notOpened,
            double reopenMs,
            long lost,
            long corrupt,
            long unackedPresent,
            long torn,
            String writerSilent) {

        /** Whether the reopen was killed for running past its time limit. */
        boolean hung() {
            return notOpened != null && notOpened.startsWith(HUNG);
        }
    }

    private static final long SEED = 2016_07_10L;
    private static final long CHILD_TIMEOUT_SECONDS = 600;
    /** How a reopen that did not finish in time is reported; {@link CrashState} stops a trial after {@link #HUNG_LIMIT} of them. */
    static final String HUNG = "the reopen did not finish within ";
    /** How a writer that stopped acknowledging is reported ({@link Outcome#writerSilent}). */
    static final String SILENT = "the writer printed no acknowledgment for ";
    /** Reopens that hang and writers that fall silent before a trial's remaining repetitions are left out. */
    static final int HUNG_LIMIT = 2;
    /**
     * The benchmark JVM's property that replaces {@link #timeoutSeconds}'s rule with a number of seconds, for
     * tests ({@code -Dkvbench.crash.timeoutSeconds=5}).
     */
    static final String TIMEOUT_PROPERTY = "kvbench.crash.timeoutSeconds";

    private final String spec;
    private final CrashArgs data;
    private final Path folder;
    private final CutFs.Names powerCut;
    private final Class<?> writer;

    /**
     * @param spec     the effective store spec (its sync setting included)
     * @param data     the data set the writer writes, and its batch size
     * @param folder   a work folder of the test's own, emptied before each repetition and deleted after
     * @param powerCut null for a kill of the writer alone; else a power cut after it, on a cutfs
     *                 whose names become durable as this says
     */
    CrashExperiment(String spec, CrashArgs data, Path folder, CutFs.Names powerCut) {
        this(spec, data, folder, powerCut, CrashWriter.class);
    }

    /** The same with another writer main class, taking {@link CrashWriter}'s arguments and printing its lines (tests). */
    CrashExperiment(String spec, CrashArgs data, Path folder, CutFs.Names powerCut, Class<?> writer) {
        this.spec = spec;
        this.data = data;
        this.folder = folder;
        this.powerCut = powerCut;
        this.writer = writer;
    }

    /** Runs repetition {@code rep} (0-based). */
    Outcome run(int rep) {
        WorkFolder.empty(folder);
        CutFs fs = null;
        try {
            Path store = folder.resolve("store");
            if (powerCut != null) {
                fs = CutFs.mount(folder.resolve("cutfs"), powerCut);
                store = durableFolder(fs.root(), "store");
            }
            int batches = (data.spec().num() + data.batchSize() - 1) / data.batchSize();
            long target = 1L + new Random(SEED + rep).nextInt(Math.max(1, batches - 1));
            Kill kill = writeAndKill(store, target);
            if (fs != null) {
                fs.cut();
            }
            return check(store, kill);
        } finally {
            if (fs != null) {
                fs.close();
            }
            WorkFolder.delete(folder);
        }
    }

    /**
     * Creates the store's folder and syncs its parent, so that the folder itself survives a cut:
     * the harness makes it, and a power cut must test what the engine syncs, not the harness.
     */
    private static Path durableFolder(Path root, String name) {
        try {
            Path dir = Files.createDirectory(root.resolve(name));
            try (FileChannel parent = FileChannel.open(root, StandardOpenOption.READ)) {
                parent.force(true);
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the store folder on cutfs: " + e.getMessage(), e);
        }
    }

    /** Where the writer was killed: the entries it acknowledged, and why the kill came early (null: it did not). */
    private record Kill(long acked, String writerSilent) {}

    /**
     * Starts the writer, reads its acknowledgments until {@code target}, kills it; the entries acknowledged.
     * A writer that acknowledges nothing for {@link #timeoutSeconds} is killed there.
     */
    private Kill writeAndKill(Path store, long target) {
        List<String> args = new ArrayList<>(List.of(spec, store.toString()));
        args.addAll(data.args());
        Path errors = folder.resolve("writer.err");
        Process process = start(ChildJvm.command(writer, args), errors);
        Lines out = new Lines(process, "crash-writer-reader");
        long timeout = timeoutSeconds();
        long acked = 0;
        long batches = 0;
        String silent = null;
        try {
            long deadline = deadline(timeout);
            while (batches < target) {
                Optional<String> line = out.next(deadline);
                if (line == null) {
                    silent = SILENT + timeout + " s after " + batches + " acknowledged commits (its JVM was killed"
                            + " there, alive and silent)";
                    break;
                }
                if (line.isEmpty() || line.get().equals("done")) {
                    break;
                }
                if (line.get().startsWith("committed ")) {
                    acked = Long.parseLong(
                            line.get().substring("committed ".length()).trim());
                    batches++;
                    deadline = deadline(timeout);
                }
            }
            process.destroyForcibly(); // SIGKILL: the writer is mid-way through its next batch
            process.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        if (batches == 0 && silent == null) {
            throw new IllegalStateException(
                    "the crash writer for " + spec + " acknowledged no commit before it ended: " + LastLine.of(errors));
        }
        return new Kill(acked, silent);
    }

    private Outcome check(Path store, Kill kill) {
        List<String> args = new ArrayList<>(List.of(spec, store.toString(), Long.toString(kill.acked())));
        args.addAll(data.args());
        Path errors = folder.resolve("check.err");
        Process checker = start(ChildJvm.command(CrashCheck.class, args), errors);
        Lines out = new Lines(checker, "crash-check-reader");
        long timeout = timeoutSeconds();
        String result = "";
        try {
            long deadline = deadline(timeout);
            for (Optional<String> line = out.next(deadline);
                    line == null || line.isPresent();
                    line = out.next(deadline)) {
                if (line == null) {
                    checker.destroyForcibly();
                    checker.waitFor(10, TimeUnit.SECONDS);
                    return notOpened(kill, HUNG + timeout + " s (its JVM was killed)");
                }
                if (line.get().startsWith("opened ") || line.get().startsWith("notopened ")) {
                    result = line.get();
                }
            }
            checker.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            checker.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        if (result.startsWith("notopened ")) {
            return notOpened(kill, result.substring("notopened ".length()));
        }
        String[] f = result.split(" ");
        if (f.length != 10) {
            return notOpened(kill, "the checker JVM died: " + LastLine.of(errors));
        }
        return new Outcome(
                kill.acked(),
                true,
                null,
                Double.parseDouble(f[1]),
                Long.parseLong(f[3]),
                Long.parseLong(f[5]),
                Long.parseLong(f[7]),
                Long.parseLong(f[9]),
                kill.writerSilent());
    }

    /** A store that did not open: every acknowledged entry counts as lost. */
    private static Outcome notOpened(Kill kill, String reason) {
        return new Outcome(kill.acked(), false, reason, Double.NaN, kill.acked(), 0, 0, 0, kill.writerSilent());
    }

    /**
     * The most a reopen and its check may take, and the longest a writer may go without acknowledging a commit
     * (from its start, then from its last acknowledgment): two minutes, and a second more per 10,000 entries;
     * {@value #TIMEOUT_PROPERTY} replaces the rule.
     */
    long timeoutSeconds() {
        String set = System.getProperty(TIMEOUT_PROPERTY);
        if (set == null) {
            return 120L + data.spec().num() / 10_000;
        }
        try {
            long seconds = Long.parseLong(set.trim());
            if (seconds > 0) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(
                "-D" + TIMEOUT_PROPERTY + "=" + set + " is not a whole number of seconds above 0");
    }

    private static long deadline(long seconds) {
        return System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    }

    /**
     * A child JVM's stdout, read line by line on a daemon thread of its own, so that a wait for its next line
     * has a time limit even when the child neither prints nor ends.
     */
    private static final class Lines {

        private final BlockingQueue<Optional<String>> lines = new LinkedBlockingQueue<>();

        Lines(Process process, String name) {
            Thread reader = new Thread(
                    () -> {
                        try (BufferedReader in = new BufferedReader(
                                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                            for (String line = in.readLine(); line != null; line = in.readLine()) {
                                lines.add(Optional.of(line));
                            }
                        } catch (IOException e) {
                            // the child was killed: what it printed before counts
                        } finally {
                            lines.add(Optional.empty());
                        }
                    },
                    name);
            reader.setDaemon(true);
            reader.start();
        }

        /** The next line; empty at the end of the output; null when none came before {@code deadline} ({@link System#nanoTime}). */
        Optional<String> next(long deadline) throws InterruptedException {
            return lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
    }

    private Process start(List<String> command, Path errors) {
        try {
            return new ProcessBuilder(command).redirectError(errors.toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.get(0) + ": " + e.getMessage(), e);
        }
    }
}
