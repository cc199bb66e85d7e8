package dev.kvbench.store.rocksdb;

import dev.kvbench.store.CacheSize;
import dev.kvbench.store.Engine;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Versions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** RocksDB through rocksdbjni: spec {@code rocksdb}. */
public final class RocksDbEngine implements Engine {

    @Override
    public String name() {
        return "rocksdb";
    }

    @Override
    public String label() {
        return "RocksDB";
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("blockCacheMb", "0");
        options.put("writeBufferMb", "64");
        options.put("maxBackgroundJobs", "2");
        options.put("bloomBits", "10");
        options.put("sync", "false");
        options.put("disableWal", "false");
        return options;
    }

    @Override
    public String libraryVersion() {
        return Versions.get("rocksdb.version");
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return RocksDbStore.open(dir, shape, new RocksDbStore.Settings(
                CacheSize.orFromData(notNegative(options, "blockCacheMb"), shape),
                atLeastOne(options, "writeBufferMb"),
                atLeastOne(options, "maxBackgroundJobs"),
                options.integer("bloomBits"),
                options.bool("sync"),
                options.bool("disableWal")));
    }

    private static int notNegative(Options options, String name) {
        int value = options.integer(name);
        if (value < 0) {
            throw new IllegalArgumentException("rocksdb option " + name + "=" + value
                    + " must be at least 0 (0 = sized from the data set)");
        }
        return value;
    }

    private static int atLeastOne(Options options, String name) {
        int value = options.integer(name);
        if (value < 1) {
            throw new IllegalArgumentException("rocksdb option " + name + "=" + value + " must be at least 1");
        }
        return value;
    }
}
