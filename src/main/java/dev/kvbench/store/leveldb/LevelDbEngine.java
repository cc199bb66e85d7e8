package dev.kvbench.store.leveldb;

import dev.kvbench.store.CacheSize;
import dev.kvbench.store.Engine;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Versions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** LevelDB through leveldbjni (the native LevelDB, not the Java port): spec {@code leveldb}. */
public final class LevelDbEngine implements Engine {

    @Override
    public String name() {
        return "leveldb";
    }

    @Override
    public String label() {
        return "LevelDB";
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("cacheMb", "0");
        options.put("writeBufferMb", "64");
        options.put("sync", "false");
        return options;
    }

    @Override
    public String libraryVersion() {
        return Versions.get("leveldbjni.version");
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return LevelDbStore.open(dir, new LevelDbStore.Settings(
                cacheMb(options, shape),
                writeBufferMb(options),
                options.bool("sync")));
    }

    private static int atLeastOne(Options options, String name) {
        int value = options.integer(name);
        if (value < 1) {
            throw new IllegalArgumentException("leveldb option " + name + "=" + value + " must be at least 1");
        }
        return value;
    }

    /** The option, or 0 for {@link CacheSize#forData}; leveldbjni passes the size in bytes as a long. */
    private static int cacheMb(Options options, Shape shape) {
        int value = options.integer("cacheMb");
        if (value < 0) {
            throw new IllegalArgumentException("leveldb option cacheMb=" + value
                    + " must be at least 0 (0 = sized from the data set)");
        }
        return CacheSize.orFromData(value, shape);
    }

    /** leveldbjni passes the write buffer size in bytes as an int. */
    private static int writeBufferMb(Options options) {
        int value = atLeastOne(options, "writeBufferMb");
        if (value > 2047) {
            throw new IllegalArgumentException("leveldb option writeBufferMb=" + value + " must be at most 2047");
        }
        return value;
    }
}
