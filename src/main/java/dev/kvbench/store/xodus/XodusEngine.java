package dev.kvbench.store.xodus;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.DurabilityPromise;
import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.MemoryUse;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import jetbrains.exodus.env.Environments;

/** {@code xodus}: JetBrains Xodus, one store of an environment, without duplicates. */
public final class XodusEngine extends BaseEngine {

    /**
     * The version in pom.xml: Xodus's jar says it only in its manifest, which the benchmark
     * uber-jar replaces with its own. A test checks it against the manifest on the test class path.
     */
    static final String VERSION = "2.0.1";

    public XodusEngine() {
        super(
                "xodus",
                "Xodus",
                0xe377c2,
                List.of(
                        Option.bool("sync", false, "fsync the log at every commit"),
                        Option.bool("gc", false, "run Xodus's log cleaner"),
                        Option.number("logFileSizeKb", 8192, "the size of each .xd log file in KiB"),
                        Option.number(
                                "cachePageKb",
                                64,
                                4,
                                1024,
                                "the log cache's page in KiB, a power of two: what a cache miss reads from the log file")),
                new DurabilityPromise(
                        "sync",
                        "EnvironmentConfig.setLogDurableWrite(true): every transaction is durable when its commit returns"
                                + " (the log is fsynced; Xodus EnvironmentConfig javadoc)",
                        "log.durableWrite=false (the default): the log is not fsynced at commit, so committed transactions can be"
                                + " lost by a machine crash; the database stays consistent (Xodus EnvironmentConfig javadoc)"));
    }

    /** Unless {@code gc=true}: without its log cleaner Xodus never rewrites or deletes a log file. */
    @Override
    public boolean keepsOverwrittenPages(Map<String, String> options) {
        return !Boolean.parseBoolean(options.getOrDefault("gc", "false"));
    }

    @Override
    public Optional<String> artifact() {
        return Optional.of("org.jetbrains.xodus:xodus-environment");
    }

    @Override
    public String libraryVersion() {
        return LibraryVersion.ofManifest(Environments.class).orElse(VERSION);
    }

    /**
     * Its log cache on the heap (Xodus takes half of it by default): a heap of three times the flat data and 128 bytes
     * per entry, so that the cache holds the log; files at 4x the flat data (642 MB for YCSB's 204.6 MB after workload
     * A, results/20261128-ycsb-4).
     */
    @Override
    public MemoryUse memoryUse(Shape shape, Options options) {
        return new MemoryUse(3 * shape.flatBytes() + 128 * shape.entries(), 0, MemoryUse.filesTimes(shape, 4));
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new XodusStore(dir, options);
    }
}
