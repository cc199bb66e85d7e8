package dev.kvbench.cli;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.trial.WorkloadFamilies;
import dev.kvbench.trial.WorkloadFamily;
import dev.kvbench.workload.DataSpec;
import dev.kvbench.workload.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.runner.options.Options;

/**
 * What a command line asks for, checked before anything runs: the benchmarks it selects and the
 * values of their parameters ({@link RunPlanChecks}), the JMH runs the runnable (benchmark, store)
 * pairs are grouped into and the pairs skipped or failed ({@link RunGrouping}, after the
 * {@link Preflight}).
 */
final class RunPlan {

    /** One JMH run: these benchmarks over these stores, with one {@code sync} value. */
    record Run(List<String> benchmarks, List<String> stores, String sync) {}

    /** A (benchmark, store, sync) combination that is not run, and why. */
    record Skip(String benchmark, String store, String sync, String reason) {}

    /**
     * A (benchmark, store, sync) combination not run because the store's preflight check killed or
     * hung its JVM: failed, with the cause and the JVM's last lines (the same for each of the store's
     * combinations).
     */
    record Died(String benchmark, String store, String sync, Preflight.Death death) {}

    final List<String> allBenchmarks = new ArrayList<>();
    final List<String> benchmarks = new ArrayList<>();
    final Map<String, List<String>> values = new LinkedHashMap<>();
    /** The values of the optional parameters ({@link WorkloadFamily#optionalNames()}) the selected benchmarks take. */
    final Map<String, List<String>> optionalValues = new LinkedHashMap<>();
    /** Per benchmark, the values of the optional parameters it takes, for its skipped lines. */
    final Map<String, Map<String, List<String>>> optionalParams = new LinkedHashMap<>();
    /** Each {@code store} value, parsed once. */
    final Map<String, StoreSpec> specs = new LinkedHashMap<>();

    final List<Run> runs = new ArrayList<>();
    final List<Skip> skips = new ArrayList<>();
    /** The combinations of stores whose preflight check crashed or hung its JVM: failed, not run. */
    final List<Died> died = new ArrayList<>();
    /** Per store, what the JVM that checked it said of itself (the log's variant lines). */
    final Map<String, Map<String, String>> facts = new LinkedHashMap<>();
    /** The largest 2016 data set, which the trial timeout scales with; null when no benchmark of it is selected. */
    DataSpec largest;
    /** The room the largest trial may need in the work folder, and what it is, for the space check. */
    long largestSpace;

    String largestWhat;
    /** The families of the selected benchmarks, in registration order, and what each needs of the plan. */
    final Map<WorkloadFamily, WorkloadFamily.Needs> families = new LinkedHashMap<>();

    RunPlan() {}

    /**
     * Plans {@code options}.
     *
     * @throws IllegalArgumentException with one line for the first mistake in the command line
     */
    static RunPlan of(Options options, Preflight preflight) {
        RunPlan plan = RunPlanChecks.checked(options, List.of());
        WorkFolder.requireSpace(WorkFolder.base(), plan.largestSpace, plan.largestWhat);
        RunGrouping.group(plan, options.getParameter("store").hasValue(), preflight);
        return plan;
    }

    /** The one sync value of a plan whose benchmarks take no {@code sync} (a family without it). */
    static final String NO_SYNC = "";

    /**
     * The values of {@code sync}, which split the JMH runs (a run has one); {@link #NO_SYNC} alone when no selected
     * benchmark takes it.
     */
    List<String> syncs() {
        return values.getOrDefault("sync", List.of(NO_SYNC));
    }

    static Workload workload(String benchmark) {
        return WorkloadFamilies.workloadOf(benchmark);
    }

    /** The parameter names of {@code benchmark}: its family's. */
    static List<String> names(String benchmark) {
        return WorkloadFamilies.ofBenchmark(benchmark).paramNames();
    }

    /**
     * Every combination of the other parameters for a skipped (benchmark, store, sync), as the
     * side file lists params: those of the benchmark's family, then the optional parameters the
     * benchmark takes.
     */
    List<Map<String, String>> combinations(String benchmark, String store, String sync) {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        Map<String, List<String>> own = optionalParams.getOrDefault(benchmark, Map.of());
        List<String> all = new ArrayList<>(names(benchmark));
        all.addAll(own.keySet());
        for (String name : all) {
            List<String> choices = switch (name) {
                case "store" -> List.of(store);
                case "sync" -> List.of(sync);
                default -> own.containsKey(name) ? own.get(name) : values.get(name);
            };
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> combo : combos) {
                for (String choice : choices) {
                    Map<String, String> extended = new LinkedHashMap<>(combo);
                    extended.put(name, choice);
                    next.add(extended);
                }
            }
            combos = next;
        }
        return combos;
    }
}
