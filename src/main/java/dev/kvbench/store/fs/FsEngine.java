package dev.kvbench.store.fs;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code fs}: the file system itself as the store, one file per key, as in the deep-vs-flat
 * directories benchmark: files sharded into {@code depth} levels of directories. Unordered. See
 * {@link FsStore}.
 */
public final class FsEngine extends BaseEngine {

    static final String DEPTH = "depth";

    public FsEngine() {
        super("fs", "File system", 0x393b79, List.of(
                Option.number(DEPTH, 2, 0, FsStore.MAX_DEPTH,
                        "directory levels above each file, named by the leading hex pairs of the key's SHA-256 (0 = one flat folder)")));
    }

    /** The "library" is the JDK's {@code java.nio.file} over the kernel's file system. */
    @Override
    public String libraryVersion() {
        return "JDK " + Runtime.version();
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new FsStore(dir, options.integer(DEPTH), shape.valSize());
    }
}
