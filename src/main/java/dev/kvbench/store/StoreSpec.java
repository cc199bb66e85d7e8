package dev.kvbench.store;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A parsed spec string, {@code engine} or {@code engine:opt=v,opt=v}, e.g.
 * {@code lmdb:writeMap=false}. Parsing checks the syntax only; {@link Stores} checks the names.
 *
 * <p>Options may also be separated by {@code +} ({@code lmdb:sync=true+metaSync=true}), because
 * JMH's {@code -p store=a,b} splits its values at commas. Parse a spec once, where it enters
 * (a JMH parameter, a command line), and pass the parsed spec on.
 *
 * @param engine  the engine name
 * @param options the options in the order given
 */
public record StoreSpec(String engine, Map<String, String> options) {

    public StoreSpec {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    public static final String SYNTAX = "engine or engine:option=value+option=value (in -p store=..., commas separate specs)";

    public static StoreSpec parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("empty store spec; expected " + SYNTAX);
        }
        String text = spec.trim();
        int colon = text.indexOf(':');
        String engine = colon < 0 ? text : text.substring(0, colon);
        if (engine.isEmpty()) {
            throw new IllegalArgumentException("store spec '" + spec + "' has no engine name; expected " + SYNTAX);
        }
        if (engine.contains("=")) {
            throw new IllegalArgumentException("store spec '" + spec + "' is an option without its engine: join one spec's"
                    + " options with + (lmdb:sync=true+writeMap=false), as -p splits its values at commas");
        }
        Map<String, String> options = new LinkedHashMap<>();
        if (colon >= 0) {
            for (String pair : text.substring(colon + 1).split("[,+]", -1)) {
                int eq = pair.indexOf('=');
                if (eq <= 0 || eq == pair.length() - 1) {
                    throw new IllegalArgumentException("store spec '" + spec + "': '" + pair
                            + "' is not option=value; expected " + SYNTAX);
                }
                String name = pair.substring(0, eq).trim();
                if (options.put(name, pair.substring(eq + 1).trim()) != null) {
                    throw new IllegalArgumentException("store spec '" + spec + "' sets option '" + name + "' twice");
                }
            }
        }
        return new StoreSpec(engine, options);
    }

    /** This spec with {@code option} set to {@code value} (added last, or replaced where it was). */
    public StoreSpec with(String option, String value) {
        Map<String, String> changed = new LinkedHashMap<>(options);
        changed.put(option, value);
        return new StoreSpec(engine, changed);
    }

    /**
     * The spec as text that {@link #parse} reads back: {@code engine}, or {@code engine:a=1+b=2}
     * (options joined by {@code +}, so that the text is one JMH parameter value).
     */
    @Override
    public String toString() {
        if (options.isEmpty()) {
            return engine;
        }
        StringJoiner text = new StringJoiner("+", engine + ":", "");
        options.forEach((name, value) -> text.add(name + "=" + value));
        return text.toString();
    }
}
