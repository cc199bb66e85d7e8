package dev.kvbench.store.leveldbjava;

import java.util.Map;
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
        super("leveldb-java", "LevelDB Java", 0x98df8a, LevelDbStore.OPTIONS);
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

    @Override
    public String durabilityPromise(Map<String, String> options) {
        return Boolean.parseBoolean(options.getOrDefault("sync", "false"))
                ? "WriteOptions.sync=true: the write is flushed from the operating system's buffer cache before it is"
                        + " considered complete, so it survives a machine crash (the LevelDB WriteOptions it ports, leveldb/options.h)"
                : "WriteOptions.sync=false: if the machine crashes, some recent writes may be lost; a crash of the"
                        + " process alone loses none (the LevelDB WriteOptions it ports, leveldb/options.h)";
    }
}
