package dev.kvbench.trial;

import dev.kvbench.store.Shape;
import dev.kvbench.store.StoreSpec;

/** What a {@link Trial} needs from its parameters, whichever data its workload loads. */
interface TrialParams {

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
}
