package dev.kvbench.store;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A parsed spec string, {@code engine} or {@code engine:opt=v,opt=v}, e.g.
 * {@code lmdb:writeMap=false}. Parsing checks the syntax only; {@link Stores} checks the names.
 *
 * <p>Options may also be separated by {@code +} ({@code lmdb:sync=true+metaSync=true}), because
 * JMH's {@code -p store=a,b} splits its values at commas.
 */
public record StoreSpec(String engine, Map<String, String> options) {

    public static final String SYNTAX = "engine or engine:option=value,option=value (or option=value+option=value)";

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
        return new StoreSpec(engine, Map.copyOf(options));
    }
}
