package dev.kvbench.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** The registry of engines, and the one way to open a store from a spec string. */
public final class Stores {

    private static final Map<String, Engine> ENGINES = load();

    private Stores() {
    }

    private static Map<String, Engine> load() {
        Map<String, Engine> engines = new TreeMap<>();
        for (Engine engine : ServiceLoader.load(Engine.class)) {
            Engine previous = engines.put(engine.name(), engine);
            if (previous != null) {
                throw new IllegalStateException("two engines are registered as '" + engine.name() + "': "
                        + previous.getClass().getName() + " and " + engine.getClass().getName());
            }
        }
        return Collections.unmodifiableMap(engines);
    }

    /** The spec names of every registered engine, sorted. */
    public static List<String> names() {
        return new ArrayList<>(ENGINES.keySet());
    }

    /** The registered engine called {@code name}; an unknown name is an error listing the valid ones. */
    public static Engine engine(String name) {
        Engine engine = ENGINES.get(name);
        if (engine == null) {
            throw new IllegalArgumentException("unknown engine '" + name + "'; valid engines: "
                    + String.join(", ", ENGINES.keySet()));
        }
        return engine;
    }

    /**
     * Checks {@code spec} against its engine and returns the effective options (defaults filled
     * in). Unknown engines and options are errors that name the valid ones.
     */
    public static Options options(StoreSpec spec) {
        Engine engine = engine(spec.engine());
        Map<String, String> effective = new LinkedHashMap<>(engine.options());
        for (Map.Entry<String, String> option : spec.options().entrySet()) {
            if (!effective.containsKey(option.getKey())) {
                throw new IllegalArgumentException("engine '" + engine.name() + "' has no option '" + option.getKey()
                        + "'; valid options: " + describe(engine.options()));
            }
            effective.put(option.getKey(), option.getValue());
        }
        return new Options(engine.name(), effective);
    }

    /** Opens a store for {@code spec} in {@code dir} (created when missing). */
    public static Store open(String spec, Path dir, Shape shape) {
        return open(StoreSpec.parse(spec), dir, shape);
    }

    /** Opens a store for {@code spec} in {@code dir} (created when missing). */
    public static Store open(StoreSpec spec, Path dir, Shape shape) {
        Options options = options(spec);
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("cannot create store folder " + dir + ": " + e.getMessage(), e);
        }
        return engine(spec.engine()).open(dir, shape, options);
    }

    private static String describe(Map<String, String> options) {
        if (options.isEmpty()) {
            return "(none)";
        }
        List<String> parts = new ArrayList<>();
        options.forEach((name, value) -> parts.add(name + " (default " + value + ")"));
        return String.join(", ", parts);
    }
}
