package dev.kvbench.store;

import java.util.Collections;
import java.util.Map;

/**
 * The options of a store spec, with the engine's defaults filled in and every value already
 * checked against its {@link Option}'s type. Values are read typed.
 */
public final class Options {

    private final String engine;
    private final Map<String, Option> declared;
    private final Map<String, String> values;

    Options(String engine, Map<String, Option> declared, Map<String, String> values) {
        this.engine = engine;
        this.declared = declared;
        this.values = Collections.unmodifiableMap(values);
    }

    public String string(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException(engine + " has no option '" + name + "'");
        }
        return value;
    }

    public boolean bool(String name) {
        return declared.get(name).bool(engine, string(name));
    }

    public long number(String name) {
        return declared.get(name).number(engine, string(name));
    }

    public int integer(String name) {
        long n = number(name);
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    engine + " option " + name + "=" + n + " is larger than " + Integer.MAX_VALUE);
        }
        return (int) n;
    }

    /** A {@link Option.Type#CHOICE} option's value, in lowercase. */
    public String choice(String name) {
        return declared.get(name).choice(engine, string(name));
    }

    /** All options with their effective values, for logs and reports. */
    public Map<String, String> asMap() {
        return values;
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
