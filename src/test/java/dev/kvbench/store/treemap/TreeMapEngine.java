package dev.kvbench.store.treemap;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code treemap}: a test-only engine, registered by {@code src/test/resources/META-INF/services}
 * alone, to show that registering an engine is all it takes to plan, test and chart it.
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
        return new TreeMapStore(dir.resolve("treemap.bin"));
    }
}
