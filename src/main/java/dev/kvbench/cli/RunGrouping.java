package dev.kvbench.cli;

import dev.kvbench.direct.Direct;
import dev.kvbench.store.Capability;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.WorkloadFamilies;
import dev.kvbench.trial.WorkloadFamily;
import dev.kvbench.workload.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Groups a checked {@link RunPlan}'s (benchmark, store, sync) combinations into JMH runs: JMH runs the
 * full cross product of its parameters and cannot leave one combination out, so the runnable pairs
 * are grouped into runs that share a store list; the rest are skipped with a reason (a store the
 * build lacks, a capability the workload needs, no sync option), or failed when the store's
 * preflight check killed or hung its JVM.
 */
final class RunGrouping {

    private static final int PREFLIGHT_ENTRIES = 100;

    private final RunPlan plan;
    private final Preflight preflight;
    private final List<String> stores;
    /** The stores whose engine this build lacks, and why. */
    private final Map<String, String> unavailable = new LinkedHashMap<>();
    /** Per family whose workload scans, the stores without an ordered cursor, and why. */
    private final Map<WorkloadFamily, Map<String, String>> unordered = new LinkedHashMap<>();
    /** Per {@code sync} value, each store's effective spec ({@link BenchParams#effectiveSpec}). */
    private final Map<String, Map<String, StoreSpec>> effective = new LinkedHashMap<>();
    /** Per {@code sync} value, the stores that cannot sync as it asks, and why. */
    private final Map<String, Map<String, String>> noSync = new LinkedHashMap<>();
    /** What the preflight found each store able to do. */
    private Map<Preflight.Check, Set<Capability>> capabilities = Map.of();

    private RunGrouping(RunPlan plan, Preflight preflight) {
        this.plan = plan;
        this.preflight = preflight;
        this.stores = plan.values.get("store");
    }

    /**
     * Runs the preflight and groups the runnable (benchmark, store) pairs into JMH runs; refuses a plan
     * that runs nothing, unless a store failed its preflight (then the run reports that failure).
     */
    static void group(RunPlan plan, boolean storesGiven, Preflight preflight) {
        RunGrouping grouping = new RunGrouping(plan, preflight);
        grouping.findUnavailable(storesGiven);
        grouping.findUnordered();
        grouping.runPreflight();
        for (String sync : plan.syncs()) {
            grouping.groupRuns(sync);
        }
        if (plan.runs.isEmpty() && plan.died.isEmpty()) {
            Set<String> reasons = new LinkedHashSet<>();
            plan.skips.forEach(skip -> reasons.add(skip.reason()));
            throw new IllegalArgumentException("nothing to run: every selected benchmark and store is skipped ("
                    + String.join("; ", reasons) + ")");
        }
    }

    /**
     * The stores whose engine is not registered; when the user named the stores, the first such one is the error that
     * lists the registered engines, as is an unknown option (the error that lists the valid ones).
     */
    private void findUnavailable(boolean storesGiven) {
        for (String store : stores) {
            String engine = plan.specs.get(store).engine();
            if (!Stores.names().contains(engine)) {
                if (storesGiven) {
                    Stores.engine(engine); // the error that lists the registered engines
                }
                unavailable.put(store, engine + " is not registered in this build (its adapter is not merged)");
            } else {
                Stores.options(plan.specs.get(store)); // unknown options: the error that lists the valid ones
            }
        }
    }

    /**
     * A family whose workload scans (YCSB's) skips the engines without an ordered cursor before any store opens;
     * with nothing else selected they need no preflight either.
     */
    private void findUnordered() {
        plan.families.forEach((family, needs) -> {
            if (needs.scanning() != null) {
                Map<String, String> reasons = new LinkedHashMap<>();
                for (String store : stores) {
                    String engine = plan.specs.get(store).engine();
                    if (!unavailable.containsKey(store)
                            && !Stores.engine(engine).ordered()) {
                        reasons.put(store, engine + " has no ordered cursor, and " + needs.scanning() + " scans");
                    }
                }
                unordered.put(family, reasons);
            }
        });
    }

    /** Entries of the preflight's stores: {@value #PREFLIGHT_ENTRIES}, or the smallest {@code num} when that is less. */
    private int probeEntries() {
        int minNum = Integer.MAX_VALUE;
        for (String num : plan.values.getOrDefault("num", List.of(Integer.toString(PREFLIGHT_ENTRIES)))) {
            minNum = Math.min(minNum, Integer.parseInt(num.replace("_", "")));
        }
        return Math.min(minNum, PREFLIGHT_ENTRIES);
    }

    /**
     * Each available store's effective spec per {@code sync} value (or why it cannot sync), and the preflight of those
     * specs in the shapes every selected family's probes ask for.
     */
    private void runPreflight() {
        boolean onlyScanning = unordered.size() == plan.families.size();
        int probeEntries = probeEntries();
        Set<Preflight.Check> checks = new LinkedHashSet<>();
        for (String sync : plan.syncs()) {
            for (String store : stores) {
                if (unavailable.containsKey(store)
                        || (onlyScanning && unordered.values().stream().anyMatch(u -> u.containsKey(store)))) {
                    continue;
                }
                try {
                    StoreSpec spec =
                            BenchParams.effectiveSpec(plan.specs.get(store), Boolean.parseBoolean(sync.trim()));
                    effective.computeIfAbsent(sync, s -> new LinkedHashMap<>()).put(store, spec);
                    for (WorkloadFamily.Needs needs : plan.families.values()) {
                        for (WorkloadFamily.Probe probe : needs.probes()) {
                            checks.add(new Preflight.Check(store, spec, probeEntries, probe.intKey(), probe.valSize()));
                        }
                    }
                } catch (UnsupportedOperationException e) {
                    noSync.computeIfAbsent(sync, s -> new LinkedHashMap<>()).put(store, e.getMessage());
                }
            }
        }
        capabilities = checks.isEmpty() ? Map.of() : preflight.check(checks);
        plan.facts.putAll(preflight.facts());
    }

    /** The runs of one {@code sync} value: the benchmarks grouped by the stores that can run them. */
    private void groupRuns(String sync) {
        Map<List<String>, List<String>> benchmarksByStores = new LinkedHashMap<>();
        for (String benchmark : plan.benchmarks) {
            List<String> capable = capable(benchmark, sync);
            if (!capable.isEmpty()) {
                benchmarksByStores
                        .computeIfAbsent(capable, c -> new ArrayList<>())
                        .add(benchmark);
            }
        }
        benchmarksByStores.forEach((capable, group) -> plan.runs.add(new RunPlan.Run(group, capable, sync)));
    }

    /**
     * The stores that can run {@code benchmark} with {@code sync}; each other one is skipped with its reason, or failed
     * when its preflight check killed or hung its JVM.
     */
    private List<String> capable(String benchmark, String sync) {
        Workload workload = RunPlan.workload(benchmark);
        WorkloadFamily family = WorkloadFamilies.of(workload);
        String directEngine = Direct.engine(benchmark);
        List<String> capable = new ArrayList<>();
        for (String store : stores) {
            if (directEngine != null
                    && (!plan.specs.get(store).engine().equals(directEngine)
                            || plan.specs.get(store).isVariant())) {
                // a direct baseline applies to its own engine's specs only, in the run's own JVM: a variant's
                // rows are interleaved in JVMs of their own
                continue;
            }
            String reason = knownBeforePreflight(family, store, sync);
            if (reason == null) {
                StoreSpec spec = effective.get(sync).get(store);
                Preflight.Death death = preflight.dead().get(spec);
                if (death != null) {
                    plan.died.add(new RunPlan.Died(benchmark, store, sync, death));
                    continue;
                }
                reason = preflight.refused().get(spec);
                if (reason == null) {
                    reason = missing(family, workload, spec, capabilities);
                }
            }
            if (reason == null) {
                capable.add(store);
            } else {
                plan.skips.add(new RunPlan.Skip(benchmark, store, sync, reason));
            }
        }
        return capable;
    }

    /** Why {@code store} cannot run {@code family}'s workloads with {@code sync}, known before its preflight; null when none is. */
    private String knownBeforePreflight(WorkloadFamily family, String store, String sync) {
        String reason = unavailable.get(store);
        if (reason == null) {
            reason = unordered.getOrDefault(family, Map.of()).get(store);
        }
        if (reason == null) {
            reason = noSync.getOrDefault(sync, Map.of()).get(store);
        }
        return reason;
    }

    /** Why the store {@code spec}, as its preflight check found it, cannot run {@code workload}; null when it can. */
    private static String missing(
            WorkloadFamily family,
            Workload workload,
            StoreSpec spec,
            Map<Preflight.Check, Set<Capability>> capabilities) {
        for (Map.Entry<Preflight.Check, Set<Capability>> entry : capabilities.entrySet()) {
            if (entry.getKey().spec().equals(spec)) {
                return family.unable(workload, spec.engine(), entry.getValue());
            }
        }
        return null;
    }
}
