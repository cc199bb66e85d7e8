package dev.kvbench.store.leveldbjava;

import dev.kvbench.store.leveldbshared.LevelDbPortEngine;
import dev.kvbench.store.leveldbshared.LevelDbStore;
import java.util.Optional;

/**
 * {@code leveldb-java}: the pure-Java LevelDB port ({@code org.iq80.leveldb}), beside
 * {@code leveldb} (the native LevelDB through leveldbjni) to show what JNI buys. Same options.
 * Unordered: no cursor ({@link dev.kvbench.store.Capability#ORDERED} is not among its store's
 * capabilities), as its port's iterators go forwards only.
 */
public final class LevelDbJavaEngine extends LevelDbPortEngine {

    public LevelDbJavaEngine() {
        super(LevelDbStore.Port.JAVA, "LevelDB Java", 0x98df8a, "the LevelDB WriteOptions it ports, leveldb/options.h");
    }

    /** A second implementation of {@code leveldb}: LevelDB ported to Java instead of the native library through JNI. */
    @Override
    public Optional<String> bindingOf() {
        return Optional.of("leveldb");
    }
}
