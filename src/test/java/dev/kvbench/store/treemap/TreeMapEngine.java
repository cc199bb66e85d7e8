package dev.kvbench.store.treemap;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.heap.HeapEngine;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code treemap}: a test-only engine, registered by {@code src/test/resources/META-INF/services}
 * alone, to show that registering an engine is all it takes to plan, test and chart it. Its store
 * is the {@code heap} limit row's (a sorted map on the heap, written to one file at close), under
 * a name and a registration of its own: an ordinary engine, not a reference row.
 */
public final class TreeMapEngine extends BaseEngine {

    public TreeMapEngine() {
        super("treemap", "TreeMap", 0x3b7a57, List.of());
    }

    /** The "library" is the JDK's {@code java.util}. */
    @Override
    public String libraryVersion() {
        return Runtime.version().toString();
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new HeapEngine().open(dir, shape, options);
    }
}
