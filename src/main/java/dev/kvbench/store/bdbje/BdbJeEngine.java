package dev.kvbench.store.bdbje;

import com.sleepycat.je.JEVersion;
import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.DurabilityPromise;
import dev.kvbench.store.MemoryUse;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** {@code bdbje}: Oracle Berkeley DB Java Edition, one B+ tree database in a log-structured environment. */
public final class BdbJeEngine extends BaseEngine {

    public BdbJeEngine() {
        super(
                "bdbje",
                "BDB JE",
                0xc49c94,
                List.of(
                        Option.bool(
                                "transactional",
                                true,
                                "one JE transaction per batch; false = no transactions, no locks held"),
                        Option.bool(
                                "sync",
                                false,
                                "fsync the log at every commit (else written to the file system unsynced)"),
                        Option.number(
                                "cacheMb",
                                0,
                                0,
                                Integer.MAX_VALUE,
                                "the cache in MiB, 0 = JE's default (60% of the heap)")),
                new DurabilityPromise(
                        "sync",
                        "Durability.SyncPolicy.SYNC: the log is written and synchronously flushed to the device at commit;"
                                + " the transaction survives an operating system or machine crash (JE Durability javadoc)",
                        "Durability.SyncPolicy.WRITE_NO_SYNC: written to the file system at commit, not flushed; survives a crash"
                                + " of the process but not of the operating system or machine (JE Durability javadoc)"));
    }

    /** The version JE compiles into itself (also its Maven version). */
    @Override
    public Optional<String> artifact() {
        return Optional.of("com.sleepycat:je");
    }

    @Override
    public String libraryVersion() {
        return JEVersion.CURRENT_VERSION.getVersionString();
    }

    /**
     * Its cache on the heap: the option, or JE's default 60% of the heap, which then needs a heap whose 60% holds the
     * data and about 100 bytes per record of JE's own tree; files by the default bound (1.9x the flat data after YCSB's
     * workload A).
     */
    @Override
    public MemoryUse memoryUse(Shape shape, Options options) {
        long cacheMb = options.number("cacheMb");
        long heap = cacheMb > 0
                ? cacheMb * (1L << 20)
                : (long) Math.ceil((shape.flatBytes() + 100 * shape.entries()) / 0.6);
        return new MemoryUse(heap, 0, MemoryUse.defaultFiles(shape));
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new BdbJeStore(
                dir,
                new BdbJeStore.Settings(
                        options.bool("transactional"), options.bool("sync"), options.integer("cacheMb")));
    }
}
