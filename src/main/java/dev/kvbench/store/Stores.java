package dev.kvbench.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The registry of engines, and the one way to open a store from a spec string. The registry is
 * the one engine list: benchmarks ({@link #ALL}), tests, env.txt and charts all read it.
 */
public final class Stores {

    /** The store value that stands for every registered engine with its defaults, e.g. JMH's default {@code store}. */
    public static final String ALL = "all";

    /** Registered engines in registration order (the order of the services files), which is the order of charts. */
    private static final Map<String, Engine> ENGINES = load();

    private Stores() {}

    private static Map<String, Engine> load() {
        Map<String, Engine> engines = new LinkedHashMap<>();
        for (Engine engine : ServiceLoader.load(Engine.class)) {
            if (engine.name().equals(ALL)) {
                throw new IllegalStateException(
                        engine.getClass().getName() + " is named '" + ALL + "', which stands for every engine");
            }
            Engine previous = engines.put(engine.name(), engine);
            if (previous != null) {
                throw new IllegalStateException("two engines are registered as '" + engine.name() + "': "
                        + previous.getClass().getName() + " and "
                        + engine.getClass().getName());
            }
        }
        return Collections.unmodifiableMap(engines);
    }

    /** The spec names of every registered engine, sorted. */
    public static List<String> names() {
        return ENGINES.keySet().stream().sorted().toList();
    }

    /** Every registered engine, in registration order. */
    public static List<Engine> engines() {
        return List.copyOf(ENGINES.values());
    }

    /** {@code specs} with each {@link #ALL} replaced by every registered engine name, in registration order. */
    public static List<String> expand(List<String> specs) {
        List<String> expanded = new ArrayList<>();
        for (String spec : specs) {
            if (spec.trim().equals(ALL)) {
                expanded.addAll(ENGINES.keySet());
            } else {
                expanded.add(spec);
            }
        }
        return expanded;
    }

    /** The registered engine called {@code name}; an unknown name is an error listing the valid ones. */
    public static Engine engine(String name) {
        Engine engine = ENGINES.get(name);
        if (engine == null) {
            throw new IllegalArgumentException(
                    "unknown engine '" + name + "'; valid engines: " + String.join(", ", names()));
        }
        return engine;
    }

    /**
     * Checks {@code spec} against its engine and returns the effective options (defaults filled
     * in). Unknown engines and options, and values of the wrong type, are one-line errors that
     * say what is valid.
     */
    public static Options options(StoreSpec spec) {
        Engine engine = engine(spec.engine());
        Map<String, Option> declared = new LinkedHashMap<>();
        Map<String, String> effective = new LinkedHashMap<>();
        for (Option option : engine.options()) {
            declared.put(option.name(), option);
            effective.put(option.name(), option.defaultValue());
        }
        for (Map.Entry<String, String> given : spec.options().entrySet()) {
            Option option = declared.get(given.getKey());
            if (option == null) {
                throw new IllegalArgumentException("engine '" + engine.name() + "' has no option '" + given.getKey()
                        + "'; valid options: " + describe(engine.options()));
            }
            option.check(engine.name(), given.getValue());
            effective.put(given.getKey(), given.getValue());
        }
        return new Options(engine.name(), declared, effective);
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

    private static String describe(List<Option> options) {
        if (options.isEmpty()) {
            return "(none)";
        }
        List<String> parts = new ArrayList<>();
        options.forEach(option -> parts.add(option.name() + " (default " + option.defaultValue() + ")"));
        return String.join(", ", parts);
    }
}
