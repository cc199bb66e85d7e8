package dev.kvbench.store.mapdb;

import dev.kvbench.store.Engine;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Versions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** MapDB: a B-tree map ({@code BTreeMap}) in a memory-mapped file. */
public final class MapDbEngine implements Engine {

    /**
     * Where values live: {@code true} in records of their own, {@code false} inside the B-tree
     * leaves, {@code auto} outside from {@link MapDbStore#OUTSIDE_NODES_FROM} bytes up.
     */
    static final String VALUES_OUTSIDE_NODES = "valuesOutsideNodes";

    @Override
    public String name() {
        return "mapdb";
    }

    @Override
    public String label() {
        return "MapDB";
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put(VALUES_OUTSIDE_NODES, "auto");
        return options;
    }

    @Override
    public String libraryVersion() {
        return Versions.get("mapdb.version");
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return MapDbStore.open(dir, valuesOutsideNodes(options.string(VALUES_OUTSIDE_NODES), shape));
    }

    private static boolean valuesOutsideNodes(String value, Shape shape) {
        switch (value.toLowerCase(Locale.ROOT)) {
            case "auto":
                return shape.valSize() >= MapDbStore.OUTSIDE_NODES_FROM;
            case "true":
                return true;
            case "false":
                return false;
            default:
                throw new IllegalArgumentException(
                        "mapdb option " + VALUES_OUTSIDE_NODES + "=" + value + " is not valid; use auto, true or false");
        }
    }
}
