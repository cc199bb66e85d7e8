package dev.kvbench.store.heap;

import dev.kvbench.store.LimitEngine;
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

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return HeapStore.open(dir.resolve(HeapStore.FILE));
    }
}
