package dev.kvbench.trial;

import dev.kvbench.measure.Storage;
import dev.kvbench.results.Metric;
import dev.kvbench.store.Compactable;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The store of one trial: opened in the trial's emptied store folder (through {@link Trial#decorator}),
 * opened again after loading, sampled after every open and before a close, measured before and after close
 * (storage bytes; LMDB's compacting copy once per trial). The {@link Trial} decides when, marks its threads
 * and records any failure.
 */
final class TrialStore {

    /** Write passes longer than this (10 s) announce their end. */
    static final long ANNOUNCED_PASS = 10_000_000_000L;

    private final StoreSpec spec;
    private final Path folder;
    private final Path storeDir;
    private final TrialMetrics metrics;
    private final TrialInstruments instruments;
    private Store open;
    private boolean compactMeasured;
    private boolean writeMeasured;
    /** When {@link #openForWrite} last opened an empty store: the write pass begins then. */
    private long emptyOpened = System.nanoTime();
    /** The page-cache drops of a cold-cache trial; null when the cache stays warm. */
    private final ColdCache cold = ColdCache.on() ? new ColdCache() : null;

    TrialStore(StoreSpec spec, Path folder, TrialMetrics metrics, TrialInstruments instruments) {
        this.spec = spec;
        this.folder = folder;
        this.storeDir = folder.resolve("store");
        this.metrics = metrics;
        this.instruments = instruments;
    }

    /** The open store, or null. */
    Store current() {
        return open;
    }

    /** Opens the store in an emptied folder. */
    Store openEmpty(Shape shape) {
        WorkFolder.empty(storeDir);
        return opened(Stores.open(spec, storeDir, shape));
    }

    /** Opens the store in an emptied folder for a write pass, whose time {@link #announceLongWrite()} then knows. */
    Store openForWrite(Shape shape) {
        Store store = openEmpty(shape);
        emptyOpened = System.nanoTime();
        return store;
    }

    /**
     * A write pass longer than {@link #ANNOUNCED_PASS} says when it ended, on the fork's output, before its untimed
     * verification: a fork the trial timeout kills after that line was verifying, not writing, and its reason says
     * so instead of giving the pass a lower bound ({@code fork.ForkWatch}).
     */
    void announceLongWrite() {
        long nanos = System.nanoTime() - emptyOpened;
        if (nanos > ANNOUNCED_PASS) {
            System.out.println(Trial.PASS_ENDED + " after " + Math.round(nanos / 1e9) + " s; verifying it");
            System.out.flush();
        }
    }

    /** Closes the open store and opens it again from its folder. */
    Store reopen(Shape shape) {
        close();
        return openAgain(shape);
    }

    /** Opens the store from its folder as the last close left it (none is open). */
    Store openAgain(Shape shape) {
        return opened(Stores.open(spec, storeDir, shape));
    }

    /** {@code store}, just opened, as the trial's open store (decorated), with a sample taken of it. */
    private Store opened(Store store) {
        open = Trial.decorator.apply(store);
        instruments.sampleNow();
        return open;
    }

    /**
     * Measures storage before close, LMDB's compacting copy (once), then closes and measures again; a sample is
     * taken first.
     */
    void measureAndClose() {
        instruments.sampleNow();
        long storeBytes = metrics.storageBeforeClose(storeDir);
        if (!compactMeasured && open instanceof Compactable compactable) {
            compactMeasured = true;
            measureCompactCopy(compactable, storeBytes);
        }
        close();
        metrics.storageAfterClose(storeDir);
    }

    /**
     * Closes the store a write pass filled and deletes its folder (the next pass writes into an empty store); after
     * the trial's first write pass, its storage is measured before and after close. Every pass writes the same entries
     * into an empty store, so one measurement serves the trial: measuring every pass cost the file system row (100,000
     * files, walked three times) seconds per pass.
     */
    void closeWritten() {
        if (writeMeasured) {
            sampledClose();
        } else {
            measureAndClose();
            writeMeasured = true;
        }
        deleteFolder();
    }

    /**
     * Before an iteration of a read benchmark: with {@code -Dkvbench.cache=cold}, the page cache of the open store's
     * files is written back and dropped ({@link ColdCache}); nothing otherwise.
     */
    void dropCache() {
        if (cold != null && open != null) {
            cold.drop(storeDir);
        }
    }

    /**
     * Ends the measuring of a trial that went well: the open store, if any, measured and closed, then what the
     * instruments and the cold cache measured recorded.
     */
    void endWell() {
        if (open != null) {
            measureAndClose();
        }
        instruments.stopInto(metrics);
        if (cold != null) {
            metrics.record(cold.metrics());
        }
    }

    /** Ends the measuring of a failed trial: the open store closed, the instruments stopped; what fails is added to {@code failure}. */
    void abandon(Throwable failure) {
        suppressedInto(failure, () -> {
            if (open != null) {
                close();
            }
        });
        suppressedInto(failure, () -> instruments.stopInto(metrics));
    }

    /** Runs {@code step} of a failed trial's end; what it throws is added to {@code failure}, not thrown. */
    private static void suppressedInto(Throwable failure, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException | Error e) {
            failure.addSuppressed(e);
        }
    }

    /** Closes the open store, a sample taken first. */
    void sampledClose() {
        instruments.sampleNow();
        close();
    }

    /** Closes the open store; it is no longer the trial's open store even if closing fails. */
    void close() {
        Store closing = open;
        open = null;
        closing.close();
    }

    /** The store's folder. */
    Path storeDir() {
        return storeDir;
    }

    /** Bytes allocated in the store's folder now (stat), the store open or not. */
    long bytesNow() {
        return Storage.allocatedBytes(storeDir);
    }

    /** Moves the closed store's folder to {@code target} (a rename within the work folder), for the next trial. */
    void moveFolder(Path target) {
        try {
            Files.move(storeDir, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + storeDir + " to " + target + ": " + e.getMessage(), e);
        }
    }

    private void deleteFolder() {
        WorkFolder.delete(storeDir);
    }

    private void measureCompactCopy(Compactable compactable, long storeBytes) {
        Path copy = folder.resolve("compact");
        if (WorkFolder.usableBytes(folder) < storeBytes + storeBytes / 4 + (64L << 20)) {
            System.err.println("kvbench: not enough space in " + folder + " for a compacting copy of " + spec + "; "
                    + Metric.STORAGE_COMPACT_COPY + " omitted");
            return;
        }
        WorkFolder.empty(copy);
        try {
            instruments.cpu().exclude(() -> compactable.compactCopy(copy));
            metrics.compactCopy(copy);
        } finally {
            WorkFolder.delete(copy);
        }
    }
}
