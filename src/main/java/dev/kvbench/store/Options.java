package dev.kvbench.store;

import java.util.Collections;
import java.util.Map;

/**
 * The options of a store spec, with the engine's defaults filled in. Values are read typed; a
 * value of the wrong type is an error that names the option and what it accepts.
 */
public final class Options {

    private final String engine;
    private final Map<String, String> values;

    Options(String engine, Map<String, String> values) {
        this.engine = engine;
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
        String value = string(name);
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        if (value.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(
                engine + " option " + name + "=" + value + " is not a boolean; use true or false");
    }

    public long number(String name) {
        String value = string(name);
        try {
            long n = Long.parseLong(value.replace("_", ""));
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(engine + " option " + name + "=" + value
                    + " is not a whole number >= 0");
        }
    }

    public int integer(String name) {
        long n = number(name);
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    engine + " option " + name + "=" + n + " is larger than " + Integer.MAX_VALUE);
        }
        return (int) n;
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
