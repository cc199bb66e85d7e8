package dev.kvbench.store.leveldbjava;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.leveldbshared.LevelDbStore;
import java.nio.file.Path;
import java.util.Optional;
import org.iq80.leveldb.impl.Iq80DBFactory;

/**
 * {@code leveldb-java}: the pure-Java LevelDB port ({@code org.iq80.leveldb}), beside
 * {@code leveldb} (the native LevelDB through leveldbjni) to show what JNI buys. Same options.
 */
public final class LevelDbJavaEngine extends BaseEngine {

    public LevelDbJavaEngine() {
        super("leveldb-java", "LevelDB Java", 0x98df8a, LevelDbStore.OPTIONS,
                LevelDbStore.durabilityPromise("the LevelDB WriteOptions it ports, leveldb/options.h"));
    }

    /** Unordered: no cursor ({@link dev.kvbench.store.Capability#ORDERED} is not among its store's capabilities). */
    @Override
    public boolean ordered() {
        return false;
    }

    /** A second implementation of {@code leveldb}: LevelDB ported to Java instead of the native library through JNI. */
    @Override
    public Optional<String> bindingOf() {
        return Optional.of("leveldb");
    }

    @Override
    public String libraryVersion() {
        return LibraryVersion.of("org.iq80.leveldb", "leveldb", Iq80DBFactory.class);
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return LevelDbStore.open(dir, LevelDbStore.Settings.of(shape, options), LevelDbStore.Port.JAVA);
    }
}
