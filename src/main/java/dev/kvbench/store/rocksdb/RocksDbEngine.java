package dev.kvbench.store.rocksdb;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.CacheSize;
import dev.kvbench.store.DurabilityPromise;
import dev.kvbench.store.MemoryUse;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rocksdb.RocksDB;

/** RocksDB through rocksdbjni: spec {@code rocksdb}. */
public final class RocksDbEngine extends BaseEngine {

    public RocksDbEngine() {
        super(
                "rocksdb",
                "RocksDB",
                0xd62728,
                List.of(
                        Option.number(
                                "blockCacheMb",
                                0,
                                0,
                                Integer.MAX_VALUE,
                                "the block cache in MiB, 0 = from the data set"),
                        Option.number("writeBufferMb", 64, 1, Integer.MAX_VALUE, "the memtable size in MiB"),
                        Option.number("maxBackgroundJobs", 2, 1, Integer.MAX_VALUE, "flush and compaction threads"),
                        Option.number("bloomBits", 10, 0, Integer.MAX_VALUE, "bloom filter bits per key, 0 = none"),
                        Option.bool("sync", false, "fsync the WAL at every write batch"),
                        Option.bool("disableWal", false, "write no write-ahead log"),
                        Option.number(
                                "prefixBytes",
                                0,
                                0,
                                255,
                                "a fixed-length prefix extractor of this many key bytes"
                                        + " (prefixScan's prefix is 12), 0 = none; seeks then stay within their prefix"),
                        Option.bool("prefixBloom", false, "a memtable prefix bloom filter (needs prefixBytes)")),
                new DurabilityPromise(
                        "sync",
                        "WriteOptions.sync=true: the write is flushed from the operating system's buffer cache before it is"
                                + " considered complete, so it survives a machine crash (rocksdb/options.h)",
                        "WriteOptions.sync=false: if the machine crashes, some recent writes may be lost; a crash of the"
                                + " process alone loses none (rocksdb/options.h)"));
    }

    @Override
    public Optional<String> dataSizedCache() {
        return Optional.of("RocksDB's block cache");
    }

    /**
     * The block cache as it can fill, and two memtables (the one written and the one being flushed) as they can fill;
     * files by the default bound.
     */
    @Override
    public MemoryUse memoryUse(Shape shape, Options options) {
        long cache = MemoryUse.cacheFill(CacheSize.orFromData(options.integer("blockCacheMb"), shape), shape);
        return new MemoryUse(
                0,
                cache + MemoryUse.memtableFill(options.number("writeBufferMb"), 2, shape),
                MemoryUse.defaultFiles(shape));
    }

    @Override
    public Optional<String> prefixOptions(Map<String, String> specOptions) {
        String prefixBytes = specOptions.getOrDefault("prefixBytes", "0");
        String bloom = specOptions.getOrDefault("prefixBloom", "false");
        return Optional.of("prefix extractor " + (prefixBytes.equals("0") ? "off" : "on (" + prefixBytes + " bytes)")
                + ", memtable prefix bloom " + (bloom.equals("true") ? "on" : "off"));
    }

    /** The native library's own version (the jar has neither Maven properties nor a manifest version). */
    @Override
    public Optional<String> artifact() {
        return Optional.of("org.rocksdb:rocksdbjni");
    }

    @Override
    public String libraryVersion() {
        RocksDB.loadLibrary();
        return RocksDB.rocksdbVersion().toString();
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return RocksDbStore.open(
                dir,
                shape,
                new RocksDbStore.Settings(
                        CacheSize.orFromData(options.integer("blockCacheMb"), shape),
                        options.integer("writeBufferMb"),
                        options.integer("maxBackgroundJobs"),
                        options.integer("bloomBits"),
                        options.bool("sync"),
                        options.bool("disableWal"),
                        options.integer("prefixBytes"),
                        options.bool("prefixBloom")));
    }
}
