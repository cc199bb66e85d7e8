package dev.kvbench.store;

import java.util.Map;

/**
 * An engine's {@link Engine#durabilityPromise durability promise} where one boolean spec option
 * decides it (most engines' {@code sync}; MapDB's {@code transactions}): what the engine's
 * documentation promises with the option on and with it off (its default).
 *
 * @param option the option that decides
 * @param on     the promise when the option is {@code true}
 * @param off    the promise when it is {@code false} or not given
 */
public record DurabilityPromise(String option, String on, String off) {

    /** The promise for a spec's {@code options}. */
    public String of(Map<String, String> options) {
        return Boolean.parseBoolean(options.getOrDefault(option, "false")) ? on : off;
    }
}
