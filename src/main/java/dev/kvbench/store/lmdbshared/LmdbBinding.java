package dev.kvbench.store.lmdbshared;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What every LMDB engine declares alike: lmdb.h's durability promise for its spec options
 * ({@link LmdbSettings#durabilityPromise}), and, for every binding but {@code lmdb} itself
 * (lmdbjava with Agrona buffers), that it is a second binding of {@code lmdb}. A subclass writes
 * its name, label, colour and options, its {@link #libraryVersion()} and {@link #open}.
 */
public abstract class LmdbBinding extends BaseEngine {

    /** The spec every other LMDB engine is a binding of. */
    private static final String LMDB = "lmdb";

    protected LmdbBinding(String name, String label, int colour, List<Option> options) {
        super(name, label, colour, options);
    }

    @Override
    public final Optional<String> bindingOf() {
        return name().equals(LMDB) ? Optional.empty() : Optional.of(LMDB);
    }

    @Override
    public final String durabilityPromise(Map<String, String> options) {
        return LmdbSettings.durabilityPromise(options);
    }

    /** A map too small for the data set, or more reader threads than the lock file has slots ({@link LmdbSettings#refusal}). */
    @Override
    public final Optional<String> refusal(Options options, Shape largest, int readerThreads) {
        return LmdbSettings.from(name(), options).refusal(largest, readerThreads);
    }
}
