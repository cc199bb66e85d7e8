package dev.kvbench.store.heap;

import dev.kvbench.store.LimitEngine;
import dev.kvbench.store.MemoryUse;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;

/**
 * {@code heap}: a limit row. The data set in a sorted map on the Java heap, so that every chart
 * shows what keeping the entries with no store at all costs, garbage collection included. No
 * options; see {@link HeapStore}.
 */
public final class HeapEngine extends LimitEngine {

    public HeapEngine() {
        super("heap", "Heap map", 0x808080);
    }

    /**
     * The data on the heap, a {@code byte[]} pair and a skip-list node (about 100 bytes) per entry, twice over for the
     * collector's room; its file at close 8% over the flat data (results/20261128-quick-6), counted at 1.2x.
     */
    @Override
    public MemoryUse memoryUse(Shape shape, Options options) {
        return new MemoryUse(2 * (shape.flatBytes() + 100 * shape.entries()), 0, MemoryUse.filesTimes(shape, 1.2));
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return HeapStore.open(dir.resolve(HeapStore.FILE));
    }
}
