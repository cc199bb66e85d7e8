package dev.kvbench.crash;

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
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import dev.kvbench.cutfs.CutFs;

import dev.kvbench.fork.ChildJvm;
import dev.kvbench.text.LastLine;
import dev.kvbench.trial.WorkFolder;

/**
 * The crash test: what a {@code kill -9} of the writing process costs. Per repetition, a
 * {@link CrashWriter} JVM writes the data set in batches into a new store and acknowledges each
 * commit on its stdout (a pipe to this JVM); after a random number of acknowledged batches this
 * JVM kills it with SIGKILL, mid-way through the next batch, then a {@link CrashCheck} JVM
 * reopens the store and counts acknowledged entries that are missing and entries that are
 * corrupt, and times the reopen. The kill points come from a fixed seed, so a rerun kills at
 * the same acknowledgments.
 *
 * <p>A kill of the process, not a power cut: data the engine handed to the operating system
 * survives it even without a sync. On tmpfs that is all that can be tested. With a power cut
 * ({@code names} given), the store is on a {@link CutFs} of the repetition's own and the kill of
 * the writer is followed by a cut: everything the engine did not sync is lost before the reopen.
 */
final class CrashExperiment {

    /** One repetition: entries acknowledged before the kill, and what the reopened store held. */
    record Outcome(long acked, boolean opened, String notOpened, double reopenMs, long lost, long corrupt,
                   long unackedPresent, long torn) {

        /** Whether the reopen was killed for running past its time limit. */
        boolean hung() {
            return notOpened != null && notOpened.startsWith(HUNG);
        }
    }

    private static final long SEED = 2016_07_10L;
    private static final long CHILD_TIMEOUT_SECONDS = 600;
    /** How a reopen that did not finish in time is reported; {@link CrashState} stops a trial after {@link #HUNG_LIMIT} of them. */
    static final String HUNG = "the reopen did not finish within ";
    /** Reopens that hang before a trial's remaining repetitions are left out. */
    static final int HUNG_LIMIT = 2;

    private final String spec;
    private final CrashArgs data;
    private final Path folder;
    private final CutFs.Names powerCut;

    /**
     * @param spec     the effective store spec (its sync setting included)
     * @param data     the data set the writer writes, and its batch size
     * @param folder   a work folder of the test's own, emptied before each repetition and deleted after
     * @param powerCut null for a kill of the writer alone; else a power cut after it, on a cutfs
     *                 whose names become durable as this says
     */
    CrashExperiment(String spec, CrashArgs data, Path folder, CutFs.Names powerCut) {
        this.spec = spec;
        this.data = data;
        this.folder = folder;
        this.powerCut = powerCut;
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
            long target = 1 + new Random(SEED + rep).nextInt(Math.max(1, batches - 1));
            long acked = writeAndKill(store, target);
            if (fs != null) {
                fs.cut();
            }
            return check(store, acked);
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

    /** Starts the writer, reads its acknowledgments until {@code target}, kills it; the entries acknowledged. */
    private long writeAndKill(Path store, long target) {
        List<String> args = new ArrayList<>(List.of(spec, store.toString()));
        args.addAll(data.args());
        Path errors = folder.resolve("writer.err");
        Process writer = start(ChildJvm.command(CrashWriter.class, args), errors);
        long acked = 0;
        long batches = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while (batches < target && (line = in.readLine()) != null) {
                if (line.startsWith("committed ")) {
                    acked = Long.parseLong(line.substring("committed ".length()).trim());
                    batches++;
                } else if (line.equals("done")) {
                    break;
                }
            }
            writer.destroyForcibly(); // SIGKILL: the writer is mid-way through its next batch
            writer.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (IOException e) {
            writer.destroyForcibly();
            throw new UncheckedIOException("cannot read the crash writer's acknowledgments", e);
        } catch (InterruptedException e) {
            writer.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        if (batches == 0) {
            throw new IllegalStateException("the crash writer for " + spec + " acknowledged no commit before it ended: "
                    + LastLine.of(errors));
        }
        return acked;
    }

    private Outcome check(Path store, long acked) {
        List<String> args = new ArrayList<>(List.of(spec, store.toString(), Long.toString(acked)));
        args.addAll(data.args());
        Path errors = folder.resolve("check.err");
        Process checker = start(ChildJvm.command(CrashCheck.class, args), errors);
        // the result line is read beside the wait, so that a reopen that never returns cannot hold the test
        AtomicReference<String> found = new AtomicReference<>("");
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(checker.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.startsWith("opened ") || line.startsWith("notopened ")) {
                        found.set(line);
                    }
                }
            } catch (IOException e) {
                // the checker was killed: what it printed before counts
            }
        }, "crash-check-reader");
        reader.setDaemon(true);
        reader.start();
        long timeout = checkTimeoutSeconds();
        try {
            if (!checker.waitFor(timeout, TimeUnit.SECONDS)) {
                checker.destroyForcibly();
                checker.waitFor(10, TimeUnit.SECONDS);
                return new Outcome(acked, false, HUNG + timeout + " s (its JVM was killed)", Double.NaN, acked, 0, 0, 0);
            }
            reader.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            checker.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        String result = found.get();
        if (result.startsWith("notopened ")) {
            return new Outcome(acked, false, result.substring("notopened ".length()), Double.NaN, acked, 0, 0, 0);
        }
        String[] f = result.split(" ");
        if (f.length != 10) {
            return new Outcome(acked, false, "the checker JVM died: " + LastLine.of(errors), Double.NaN, acked, 0, 0, 0);
        }
        return new Outcome(acked, true, null, Double.parseDouble(f[1]), Long.parseLong(f[3]), Long.parseLong(f[5]),
                Long.parseLong(f[7]), Long.parseLong(f[9]));
    }

    /** The most a reopen and its check may take: two minutes, and a second more per 10,000 entries. */
    private long checkTimeoutSeconds() {
        return 120 + data.spec().num() / 10_000;
    }

    private Process start(List<String> command, Path errors) {
        try {
            return new ProcessBuilder(command).redirectError(errors.toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.get(0) + ": " + e.getMessage(), e);
        }
    }
}
