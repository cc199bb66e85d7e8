package dev.kvbench.store.fs;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.MemoryUse;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code fs}: the file system itself as the store, one file per key, as in the deep-vs-flat
 * directories benchmark: files sharded into {@code depth} levels of directories. Unordered. See
 * {@link FsStore}.
 */
public final class FsEngine extends BaseEngine {

    static final String DEPTH = "depth";

    public FsEngine() {
        super(
                "fs",
                "File system",
                0x393b79,
                List.of(
                        Option.number(
                                DEPTH,
                                2,
                                0,
                                FsStore.MAX_DEPTH,
                                "directory levels above each file, named by the leading hex pairs of the key's SHA-256 (0 = one flat folder)")));
    }

    /** Unordered: no cursor ({@link dev.kvbench.store.Capability#ORDERED} is not among its store's capabilities). */
    @Override
    public boolean ordered() {
        return false;
    }

    /** The "library" is the JDK's {@code java.nio.file} over the kernel's file system. */
    @Override
    public String libraryVersion() {
        return "JDK " + Runtime.version();
    }

    /**
     * A file per entry: its value in whole 4 KiB blocks and about 512 bytes of inode and directory entry (819 MB for YCSB's
     * 200,000 records of 1,000 bytes, results/20261128-ycsb-4; 409.6 MB for 100,000 entries of 100 bytes).
     */
    @Override
    public MemoryUse memoryUse(Shape shape, Options options) {
        long block = 4096;
        long perEntry = (Math.max(1, shape.valSize()) + block - 1) / block * block + 512;
        return new MemoryUse(0, 0, shape.entries() * perEntry + (64L << 20));
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        int depth = options.integer(DEPTH);
        requireSpace(dir, shape, depth);
        return new FsStore(dir, depth, shape.valSize());
    }

    /**
     * Refuses, in one line, a data set the folder's file system cannot hold: every file takes at
     * least one block and every directory one, far beyond the flat bytes the benchmarks' own space
     * check counts (100,000 files of 100 bytes take 400 MB in 4 KiB blocks).
     */
    static void requireSpace(Path dir, Shape shape, int depth) {
        try {
            FileStore store = Files.getFileStore(dir);
            long block = Math.max(512, store.getBlockSize());
            long files = shape.entries() * Math.max(1, (shape.valSize() + block - 1) / block) * block;
            long dirs = 0;
            for (int level = 1; level <= depth; level++) {
                dirs += Math.min(1L << (8 * level), shape.entries());
            }
            long needed = files + dirs * block;
            long usable = store.getUsableSpace();
            if (usable < needed) {
                throw new IllegalArgumentException("fs needs about " + (needed >> 20) + " MiB for " + shape.entries()
                        + " files at depth " + depth + " (a " + block + "-byte block per file and per folder) in " + dir
                        + ", which has " + (usable >> 20) + " MiB usable; use fewer entries or a bigger file system");
            }
        } catch (IOException | UnsupportedOperationException e) {
            // block size or free space unknown: let the writes find out
        }
    }

    @Override
    public String durabilityPromise(Map<String, String> options) {
        return "one file per key, written without fsync of the file or its directory: a power cut may lose, empty or"
                + " tear any recent put, and no file system promises otherwise (POSIX fsync)";
    }
}
