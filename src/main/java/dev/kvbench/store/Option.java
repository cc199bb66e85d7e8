package dev.kvbench.store;

import java.util.List;
import java.util.Locale;

/**
 * One option an engine accepts in a spec ({@code lmdb:writeMap=false}): its name, default,
 * type and a one-line description. {@link #check} is the one place a value is parsed, so every
 * mistake gets the same kind of one-line error naming the engine, the option and what it accepts.
 *
 * @param min    for a {@link Type#NUMBER}, the smallest value accepted
 * @param max    for a {@link Type#NUMBER}, the largest value accepted
 * @param values for a {@link Type#CHOICE}, the values accepted (lowercase)
 */
public record Option(
        String name, Type type, String defaultValue, long min, long max, List<String> values, String description) {

    /** What a value may be. */
    public enum Type {
        BOOLEAN,
        NUMBER,
        CHOICE
    }

    public Option {
        values = List.copyOf(values);
    }

    /** {@code true} or {@code false}. */
    public static Option bool(String name, boolean defaultValue, String description) {
        return new Option(name, Type.BOOLEAN, String.valueOf(defaultValue), 0, 1, List.of(), description);
    }

    /** A whole number from 0 up ({@code _} may group digits). */
    public static Option number(String name, long defaultValue, String description) {
        return number(name, defaultValue, 0, Long.MAX_VALUE, description);
    }

    /** A whole number from {@code min} to {@code max}. */
    public static Option number(String name, long defaultValue, long min, long max, String description) {
        return new Option(name, Type.NUMBER, String.valueOf(defaultValue), min, max, List.of(), description);
    }

    /** One of {@code values}, ignoring case. */
    public static Option choice(String name, String defaultValue, List<String> values, String description) {
        return new Option(name, Type.CHOICE, defaultValue, 0, 0, values, description);
    }

    /**
     * Checks {@code value} against this option's type.
     *
     * @throws IllegalArgumentException one line: {@code rocksdb option bloomBits=x is not a whole number >= 0}
     */
    public void check(String engine, String value) {
        switch (type) {
            case BOOLEAN -> bool(engine, value);
            case NUMBER -> number(engine, value);
            case CHOICE -> choice(engine, value);
        }
    }

    boolean bool(String engine, String value) {
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        if (value.equalsIgnoreCase("false")) {
            return false;
        }
        throw error(engine, value, "is not a boolean; use true or false");
    }

    long number(String engine, String value) {
        long n;
        try {
            n = Long.parseLong(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw error(engine, value, "is not a whole number >= " + min);
        }
        if (n < min) {
            throw error(engine, value, min == 0 ? "is not a whole number >= 0" : "must be at least " + min);
        }
        if (n > max) {
            throw error(engine, value, "must be at most " + max);
        }
        return n;
    }

    String choice(String engine, String value) {
        String lower = value.toLowerCase(Locale.ROOT);
        if (!values.contains(lower)) {
            throw error(
                    engine,
                    value,
                    "is not valid; use " + String.join(", ", values.subList(0, values.size() - 1)) + " or "
                            + values.get(values.size() - 1));
        }
        return lower;
    }

    private IllegalArgumentException error(String engine, String value, String what) {
        return new IllegalArgumentException(engine + " option " + name + "=" + value + " " + what);
    }
}
