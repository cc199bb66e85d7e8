package dev.kvbench.store.nullstore;

import dev.kvbench.store.LimitEngine;
import dev.kvbench.store.MemoryUse;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;

/**
 * {@code null}: a limit row, the store that keeps nothing, so that every chart shows the
 * harness's own cost per pass (YCSB's null binding). It declares
 * {@link dev.kvbench.store.Capability#DISCARDS}: see {@link NullStore} for what that makes the
 * conformance suite and the benchmarks check. (The package cannot be called {@code null}.)
 */
public final class NullEngine extends LimitEngine {

    public NullEngine() {
        super("null", "Null (harness cost)", 0xc8c8c8);
    }

    /** It keeps nothing. */
    @Override
    public MemoryUse memoryUse(Shape shape, Options options) {
        return new MemoryUse(0, 0, 0);
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new NullStore();
    }
}
