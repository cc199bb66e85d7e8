package dev.kvbench.store.chronicle;

import dev.kvbench.store.Engine;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Versions;
import java.nio.file.Path;
import java.util.Map;

/** Chronicle Map: an off-heap hash map persisted to a memory-mapped file. Unordered. */
public final class ChronicleEngine implements Engine {

    @Override
    public String name() {
        return "chronicle";
    }

    @Override
    public String label() {
        return "Chronicle";
    }

    /** None: the map is sized from the {@link Shape}, see {@link ChronicleStore}. */
    @Override
    public Map<String, String> options() {
        return Map.of();
    }

    @Override
    public String libraryVersion() {
        return Versions.get("chronicle.version");
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return ChronicleStore.open(dir, shape);
    }
}
