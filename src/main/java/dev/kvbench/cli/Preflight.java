package dev.kvbench.cli;

import dev.kvbench.store.Capability;
import dev.kvbench.store.StoreSpec;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs preflight checks (in a JVM with the benchmark flags): each store opened once for keys and values
 * of the planned shapes, telling its capabilities or its refusal before any benchmark runs.
 */
interface Preflight {

    /** Why a store's preflight check ended its JVM (one line), and the JVM's last lines. */
    record Death(String reason, List<String> tail) {}

    /** A preflight request: open {@code spec} (the effective spec of {@code store}) for keys and values of this shape. */
    record Check(String store, StoreSpec spec, int num, boolean intKey, int valSize) {}

    /**
     * For each check, the capability names the store declares, or throws with the engine's refusal;
     * a check whose store crashed or hung the checking JVM has no entry, and its spec is in {@link #dead}.
     */
    Map<Check, Set<Capability>> check(Collection<Check> checks);

    /** After {@link #check}: the specs whose check crashed or hung its JVM, and why. */
    default Map<StoreSpec, Death> dead() {
        return Map.of();
    }

    /**
     * After {@link #check}: the variants (another library version or JVM) whose check failed, why in words; they are
     * skipped, as the same stores passed in the run's own JVM.
     */
    default Map<StoreSpec, String> refused() {
        return Map.of();
    }

    /** After {@link #check}: per store as the plan names it, what its checking JVM said of itself ({@code VariantLine}). */
    default Map<String, Map<String, String>> facts() {
        return Map.of();
    }
}
