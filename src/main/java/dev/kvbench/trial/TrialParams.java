package dev.kvbench.trial;

import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.workload.DataSet;

/**
 * One trial's parameters, parsed by its {@link WorkloadFamily}: what a {@link Trial} needs from them whichever data its
 * workload loads, and that data.
 */
public interface TrialParams {

    /** The store spec as given. */
    StoreSpec store();

    /** The spec to open (with the {@code sync} parameter applied). */
    StoreSpec effectiveSpec();

    /** The data's shape, for the store to size itself. */
    Shape shape();

    /** Entries per commit while loading. */
    int batchSize();

    /** The data in a few words, for messages: {@code 100000 entries}. */
    String describe();

    /** The room a trial of this data may need in the work folder ({@link WorkFolder#estimate}). */
    default long spaceNeeded() {
        Shape shape = shape();
        return WorkFolder.estimate(shape.flatBytes(), shape.entries());
    }

    /**
     * The data set the trial's passes read and verify, generated before anything is measured; null when the family
     * writes data of its own making (a tree, YCSB's records).
     */
    default DataSet generate() {
        return null;
    }

    /**
     * Fills a new store with the trial's data ({@link Trial#openLoaded()}), {@code data} being what {@link #generate()}
     * made.
     *
     * @return the flat bytes written (keys and values, no overhead), the storage table's reference
     */
    default long load(Store store, DataSet data) {
        throw new UnsupportedOperationException(
                describe() + " is loaded by its own benchmark, not by Trial.openLoaded");
    }
}
