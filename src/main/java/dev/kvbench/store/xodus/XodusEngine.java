package dev.kvbench.store.xodus;

import dev.kvbench.store.Engine;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Versions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code xodus}: JetBrains Xodus, one store of an environment, without duplicates. */
public final class XodusEngine implements Engine {

    @Override
    public String name() {
        return "xodus";
    }

    @Override
    public String label() {
        return "Xodus";
    }

    /**
     * {@code sync}: fsync the log at every commit; {@code gc}: run Xodus's log cleaner;
     * {@code logFileSizeKb}: the size of each {@code .xd} log file.
     */
    @Override
    public Map<String, String> options() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("sync", "false");
        options.put("gc", "false");
        options.put("logFileSizeKb", "8192");
        return options;
    }

    @Override
    public String libraryVersion() {
        return Versions.get("xodus.version");
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new XodusStore(dir, options);
    }
}
