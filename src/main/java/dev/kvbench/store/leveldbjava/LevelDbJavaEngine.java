package dev.kvbench.store.leveldbjava;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.CacheSize;
import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.iq80.leveldb.impl.Iq80DBFactory;

/**
 * {@code leveldb-java}: the pure-Java LevelDB port ({@code org.iq80.leveldb}), beside
 * {@code leveldb} (the native LevelDB through leveldbjni) to show what JNI buys. Same options.
 */
public final class LevelDbJavaEngine extends BaseEngine {

    public LevelDbJavaEngine() {
        super("leveldb-java", "LevelDB Java", 0x98df8a, List.of(
                Option.number("cacheMb", 0, 0, Integer.MAX_VALUE, "the cache in MiB, 0 = from the data set (as leveldb)"),
                Option.number("writeBufferMb", 64, 1, 2047, "the memtable size in MiB"),
                Option.bool("sync", false, "fsync the log at every write batch")));
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
        return new LevelDbJavaStore(dir, CacheSize.orFromData(options.integer("cacheMb"), shape),
                options.integer("writeBufferMb"), options.bool("sync"));
    }
}
