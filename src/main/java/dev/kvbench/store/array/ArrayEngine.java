package dev.kvbench.store.array;

import dev.kvbench.store.LimitEngine;
import dev.kvbench.store.MemoryUse;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;

/**
 * {@code array}: a limit row, the ceiling. The entries as one flat sorted array off the heap, the
 * layout the storage overhead of every engine is computed against; what a pass costs when a store
 * does nothing but keep its entries in order. No options; see {@link ArrayStore}.
 */
public final class ArrayEngine extends LimitEngine {

    public ArrayEngine() {
        super("array", "Sorted array", 0x505050);
    }

    /**
     * The data in direct buffers, which a commit copies into a new one beside the old: twice the flat data outside the
     * heap, and as much again on the heap's count, since the JVM holds direct buffers to its {@code -Xmx} by default;
     * its file at close holds the flat data.
     */
    @Override
    public MemoryUse memoryUse(Shape shape, Options options) {
        return new MemoryUse(2 * shape.flatBytes(), 2 * shape.flatBytes(), MemoryUse.filesTimes(shape, 1));
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return ArrayStore.open(dir, shape);
    }
}
