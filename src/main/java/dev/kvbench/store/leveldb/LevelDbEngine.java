package dev.kvbench.store.leveldb;

import java.util.Map;
import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.CacheSize;
import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;
import java.util.List;
import org.fusesource.leveldbjni.JniDBFactory;

/** LevelDB through leveldbjni (the native LevelDB, not the Java port): spec {@code leveldb}. */
public final class LevelDbEngine extends BaseEngine {

    /** The options of both LevelDB specs, {@code leveldb} and {@code leveldb-java}. */
    public static final List<Option> OPTIONS = List.of(
            Option.number("cacheMb", 0, 0, Integer.MAX_VALUE, "the cache in MiB, 0 = from the data set"),
            // The write buffer size goes to LevelDB in bytes as an int.
            Option.number("writeBufferMb", 64, 1, 2047, "the memtable size in MiB"),
            Option.bool("sync", false, "fsync the log at every write batch"));

    public LevelDbEngine() {
        super("leveldb", "LevelDB", 0x2ca02c, OPTIONS);
    }

    @Override
    public String libraryVersion() {
        return LibraryVersion.of("org.fusesource.leveldbjni", "leveldbjni-all", JniDBFactory.class);
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return LevelDbStore.open(dir, settings(shape, options), LevelDbStore.Port.NATIVE);
    }

    /** The options both LevelDB specs take, as the store's settings: the cache sized from the data set unless set. */
    public static LevelDbStore.Settings settings(Shape shape, Options options) {
        return new LevelDbStore.Settings(CacheSize.orFromData(options.integer("cacheMb"), shape),
                options.integer("writeBufferMb"), options.bool("sync"));
    }

    @Override
    public String durabilityPromise(Map<String, String> options) {
        return Boolean.parseBoolean(options.getOrDefault("sync", "false"))
                ? "WriteOptions.sync=true: the write is flushed from the operating system's buffer cache before it is"
                        + " considered complete, so it survives a machine crash (leveldb/options.h)"
                : "WriteOptions.sync=false: if the machine crashes, some recent writes may be lost; a crash of the"
                        + " process alone loses none (leveldb/options.h)";
    }
}
