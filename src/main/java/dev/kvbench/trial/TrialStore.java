package dev.kvbench.trial;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import dev.kvbench.measure.CpuAccount;
import dev.kvbench.results.Metric;
import dev.kvbench.store.Compactable;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;

/**
 * The store of one trial: opened in the trial's emptied store folder (through {@link Trial#decorator}),
 * opened again after loading, measured before and after close (storage bytes; LMDB's compacting copy
 * once per trial). The {@link Trial} decides when, marks its threads and records any failure.
 */
final class TrialStore {

    private final StoreSpec spec;
    private final Path folder;
    private final Path storeDir;
    private final TrialMetrics metrics;
    private Store open;
    private boolean compactMeasured;

    TrialStore(StoreSpec spec, Path folder, TrialMetrics metrics) {
        this.spec = spec;
        this.folder = folder;
        this.storeDir = folder.resolve("store");
        this.metrics = metrics;
    }

    /** The open store, or null. */
    Store current() {
        return open;
    }

    /** Opens the store in an emptied folder. */
    Store openEmpty(Shape shape) {
        WorkFolder.empty(storeDir);
        open = Trial.decorator.apply(Stores.open(spec, storeDir, shape));
        return open;
    }

    /** Closes the open store and opens it again from its folder. */
    Store reopen(Shape shape) {
        close();
        return openAgain(shape);
    }

    /** Opens the store from its folder as the last close left it (none is open). */
    Store openAgain(Shape shape) {
        open = Trial.decorator.apply(Stores.open(spec, storeDir, shape));
        return open;
    }

    /** Measures storage before close, LMDB's compacting copy (once), then closes and measures again. */
    void measureAndClose(CpuAccount cpu) {
        long storeBytes = metrics.storageBeforeClose(storeDir);
        if (!compactMeasured && open instanceof Compactable compactable) {
            compactMeasured = true;
            measureCompactCopy(compactable, storeBytes, cpu);
        }
        close();
        metrics.storageAfterClose(storeDir);
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
        return dev.kvbench.measure.Storage.allocatedBytes(storeDir);
    }

    /** Moves the closed store's folder to {@code target} (a rename within the work folder), for the next trial. */
    void moveFolder(Path target) {
        try {
            Files.move(storeDir, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + storeDir + " to " + target + ": " + e.getMessage(), e);
        }
    }

    /** Deletes the store's folder (after a write pass: the next one writes into an empty store). */
    void deleteFolder() {
        WorkFolder.delete(storeDir);
    }

    private void measureCompactCopy(Compactable compactable, long storeBytes, CpuAccount cpu) {
        Path copy = folder.resolve("compact");
        if (WorkFolder.usableBytes(folder) < storeBytes + storeBytes / 4 + (64L << 20)) {
            System.err.println("kvbench: not enough space in " + folder + " for a compacting copy of "
                    + spec + "; " + Metric.STORAGE_COMPACT_COPY + " omitted");
            return;
        }
        WorkFolder.empty(copy);
        try {
            cpu.exclude(() -> compactable.compactCopy(copy));
            metrics.compactCopy(copy);
        } finally {
            WorkFolder.delete(copy);
        }
    }
}
