package dev.kvbench.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.kvbench.direct.Direct;
import dev.kvbench.store.Capability;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.WorkloadFamilies;
import dev.kvbench.trial.WorkloadFamily;
import dev.kvbench.workload.Workload;

/**
 * Groups a checked {@link RunPlan}'s (benchmark, store, sync) combinations into JMH runs: JMH runs the
 * full cross product of its parameters and cannot leave one combination out, so the runnable pairs
 * are grouped into runs that share a store list; the rest are skipped with a reason (a store the
 * build lacks, a capability the workload needs, no sync option), or failed when the store's
 * preflight check killed or hung its JVM.
 */
final class RunGrouping {

    private static final int PREFLIGHT_ENTRIES = 100;

    private RunGrouping() {
    }

    /**
     * Runs the preflight and groups the runnable (benchmark, store) pairs into JMH runs; refuses a plan
     * that runs nothing, unless a store failed its preflight (then the run reports that failure).
     */
    static void group(RunPlan plan, boolean storesGiven, Preflight preflight) {
        List<String> stores = plan.values.get("store");
        Map<String, String> unavailable = new LinkedHashMap<>();
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
        // A family whose workload scans (YCSB's) skips the engines without an ordered cursor before any store opens;
        // with nothing else selected they need no preflight either.
        Map<WorkloadFamily, Map<String, String>> unordered = new LinkedHashMap<>();
        plan.families.forEach((family, needs) -> {
            if (needs.scanning() != null) {
                Map<String, String> reasons = new LinkedHashMap<>();
                for (String store : stores) {
                    String engine = plan.specs.get(store).engine();
                    if (!unavailable.containsKey(store) && !Stores.engine(engine).ordered()) {
                        reasons.put(store, engine + " has no ordered cursor, and " + needs.scanning() + " scans");
                    }
                }
                unordered.put(family, reasons);
            }
        });
        boolean onlyScanning = unordered.size() == plan.families.size();
        int minNum = Integer.MAX_VALUE;
        for (String num : plan.values.getOrDefault("num", List.of(Integer.toString(PREFLIGHT_ENTRIES)))) {
            minNum = Math.min(minNum, Integer.parseInt(num.replace("_", "")));
        }
        int probeEntries = Math.min(minNum, PREFLIGHT_ENTRIES);

        // effective spec per (store, sync), or the reason it cannot sync
        Map<String, Map<String, StoreSpec>> effective = new LinkedHashMap<>();
        Map<String, Map<String, String>> noSync = new LinkedHashMap<>();
        Set<Preflight.Check> checks = new LinkedHashSet<>();
        for (String sync : plan.values.get("sync")) {
            for (String store : stores) {
                if (unavailable.containsKey(store)
                        || (onlyScanning && unordered.values().stream().anyMatch(u -> u.containsKey(store)))) {
                    continue;
                }
                try {
                    StoreSpec spec = BenchParams.effectiveSpec(plan.specs.get(store), Boolean.parseBoolean(sync.trim()));
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
        Map<Preflight.Check, Set<Capability>> capabilities = checks.isEmpty() ? Map.of() : preflight.check(checks);
        plan.facts.putAll(preflight.facts());

        for (String sync : plan.values.get("sync")) {
            Map<List<String>, List<String>> benchmarksByStores = new LinkedHashMap<>();
            for (String benchmark : plan.benchmarks) {
                Workload workload = RunPlan.workload(benchmark);
                WorkloadFamily family = WorkloadFamilies.of(workload);
                String directEngine = Direct.engine(benchmark);
                List<String> capable = new ArrayList<>();
                for (String store : stores) {
                    if (directEngine != null && (!plan.specs.get(store).engine().equals(directEngine)
                            || plan.specs.get(store).isVariant())) {
                        // a direct baseline applies to its own engine's specs only, in the run's own JVM: a variant's
                        // rows are interleaved in JVMs of their own
                        continue;
                    }
                    String reason = unavailable.get(store);
                    if (reason == null) {
                        reason = unordered.getOrDefault(family, Map.of()).get(store);
                    }
                    if (reason == null) {
                        reason = noSync.getOrDefault(sync, Map.of()).get(store);
                    }
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
                if (!capable.isEmpty()) {
                    benchmarksByStores.computeIfAbsent(capable, c -> new ArrayList<>()).add(benchmark);
                }
            }
            benchmarksByStores.forEach((capable, group) -> plan.runs.add(new RunPlan.Run(group, capable, sync)));
        }
        if (plan.runs.isEmpty() && plan.died.isEmpty()) {
            Set<String> reasons = new LinkedHashSet<>();
            plan.skips.forEach(skip -> reasons.add(skip.reason()));
            throw new IllegalArgumentException("nothing to run: every selected benchmark and store is skipped ("
                    + String.join("; ", reasons) + ")");
        }
    }

    /** Why the store {@code spec}, as its preflight check found it, cannot run {@code workload}; null when it can. */
    private static String missing(WorkloadFamily family, Workload workload, StoreSpec spec,
            Map<Preflight.Check, Set<Capability>> capabilities) {
        for (Map.Entry<Preflight.Check, Set<Capability>> entry : capabilities.entrySet()) {
            if (entry.getKey().spec().equals(spec)) {
                return family.unable(workload, spec.engine(), entry.getValue());
            }
        }
        return null;
    }
}
