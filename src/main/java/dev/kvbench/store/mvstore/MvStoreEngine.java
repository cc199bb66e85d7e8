package dev.kvbench.store.mvstore;

import dev.kvbench.store.BaseEngine;
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
import org.h2.engine.Constants;

/** {@code mvstore}: H2's MVStore, one file-backed {@code MVMap<byte[], byte[]>}. */
public final class MvStoreEngine extends BaseEngine {

    public MvStoreEngine() {
        super(
                "mvstore",
                "MVStore",
                0x9467bd,
                List.of(
                        Option.number("cacheMb", 0, "the page cache in MiB, 0 = from the data set (see MvStoreStore)"),
                        Option.number(
                                "autoCommitBufferKb",
                                0,
                                "unsaved changes after which MVStore writes a batch to the file before commit(), 0 = never"),
                        Option.bool("sync", false, "fsync the file after every commit")),
                new DurabilityPromise(
                        "sync",
                        "MVStore.sync() after each commit: \"force all stored changes to be written to the storage\" (MVStore"
                                + " javadoc); a crash goes back to the last stored version, whose chunks are checksummed (H2 MVStore"
                                + " docs, \"File Format\" and \"Crash Recovery\")",
                        "commit without sync(): a stored version reaches the file system but is not forced; the docs promise"
                                + " only that a crash goes back to some consistent stored version (H2 MVStore docs, \"Crash Recovery\")"));
    }

    /**
     * Always: the adapter turns MVStore's background writer off ({@code autoCommitDisabled}), and with it the
     * compaction that would rewrite live pages out of old chunks; every commit appends its changed pages.
     */
    @Override
    public boolean keepsOverwrittenPages(Map<String, String> options) {
        return true;
    }

    /**
     * Measured outside kvbench with MVStore 2.4.240 alone: 200,000 records of 1 KB under random keys in commits of
     * 1,000 left a 2.09 GB file, and 593 MB with a retention time of 0.
     */
    @Override
    public Optional<String> spaceNote() {
        return Optional.of("MVStore writes each commit's changed pages to a new chunk at the end of its file, and"
                + " reuses a chunk's space only once no live page is left in it and its retention time (45 s by"
                + " default) is over; with the background writer off, so that each write is stored by its own commit,"
                + " nothing moves the live pages out of old chunks. Commits that follow each other within seconds, each"
                + " rewriting the pages it touched, therefore keep nearly every version of every page: 200,000 records"
                + " of 1 KB loaded under random keys in commits of 1,000 leave a file of about 2 GB (593 MB with a"
                + " retention time of 0, in a check of MVStore alone). kvbench keeps the default retention: MVStore's documentation"
                + " calls a shorter one dangerous unless the file system flushes its buffers sooner, and a retention of"
                + " 0 lets MVStore reuse blocks that its chunk map still lists, which has left files that no longer open"
                + " (h2database issues 2752 and 4083).");
    }

    /** The version H2 compiles into the library (its jar has no Maven properties). */
    @Override
    public Optional<String> artifact() {
        return Optional.of("com.h2database:h2-mvstore");
    }

    @Override
    public String libraryVersion() {
        return Constants.VERSION;
    }

    /**
     * Its page cache on the heap: the option, or twice the flat data (at least 16 MiB) where a quarter of the heap holds
     * it, so a heap of four times that; files at 18x the flat data, since pages rewritten by updates stay until
     * MVStore reclaims them: 3.57 GB for YCSB's 204.6 MB after workload A (results/20261128-ycsb-4).
     */
    @Override
    public MemoryUse memoryUse(Shape shape, Options options) {
        long mib = 1L << 20;
        long cacheMb = options.number("cacheMb");
        long heap = cacheMb > 0 ? 2 * cacheMb * mib : 4 * Math.max(16 * mib, 2 * shape.flatBytes() + mib);
        return new MemoryUse(heap, 0, MemoryUse.filesTimes(shape, 18));
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new MvStoreStore(dir, shape, options);
    }
}
