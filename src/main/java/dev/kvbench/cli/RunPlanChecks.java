package dev.kvbench.cli;

import dev.kvbench.direct.Direct;
import dev.kvbench.fork.VariantJvm;
import dev.kvbench.store.Engine;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.WorkloadFamilies;
import dev.kvbench.trial.WorkloadFamily;
import dev.kvbench.workload.Workload;
import dev.kvbench.workload.app.AppParams;
import dev.kvbench.workload.tree.TreeParams;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The checks of a command line that open no store: the benchmarks it selects, the parameter names
 * given (each must belong to a selected benchmark), every value alone and in combination (one clear
 * line for the first bad one: each selected benchmark's {@link WorkloadFamily} checks its own), and the
 * largest trial, for the space check. They fill a {@link RunPlan}'s benchmarks, values and families;
 * {@link RunGrouping} then groups its runs.
 */
final class RunPlanChecks {

    private final RunPlan plan;

    private RunPlanChecks(RunPlan plan) {
        this.plan = plan;
    }

    /**
     * The checks of {@link RunPlan#of} that open no store: the benchmarks, the parameter names
     * {@code paramNames} given on the command line (each must belong to a selected benchmark), every value
     * and the largest data set (the caller checks its room, after removing stale folders). {@code RunGrouping.group}
     * then runs the preflight, which writes stores.
     *
     * @throws IllegalArgumentException with one line for the first mistake in the command line
     */
    static RunPlan checked(Options options, Collection<String> paramNames) {
        RunPlan plan = new RunPlan();
        RunPlanChecks checks = new RunPlanChecks(plan);
        Collection<BenchmarkListEntry> selected = checks.selected(options);
        Set<String> taken = taken(selected);
        selected.forEach(entry -> taken.addAll(turnNames(entry.getUsername())));
        Set<WorkloadFamily> families = new HashSet<>();
        for (BenchmarkListEntry entry : selected) {
            families.add(checks.addBenchmark(entry, options));
        }
        checkParamNames(paramNames, taken);
        checks.parseStores();
        checks.checkFamilies(families);
        if (plan.families.values().stream().allMatch(needs -> needs.scanning() != null)) {
            checks.checkScansHaveAnOrderedEngine(
                    plan.families.values().iterator().next().scanning());
        }
        if (plan.values.containsKey("sync")) {
            checks.checkSomethingSyncs();
        }
        checks.checkEnginesTakeTheData();
        if (options.getParameter("reps").hasValue()) {
            options.getParameter("reps").get().forEach(BenchParams::reps);
        }
        return plan;
    }

    /** The benchmarks {@code options} selects; every benchmark of the jar goes to the plan's list, for the skipped lines. */
    private Collection<BenchmarkListEntry> selected(Options options) {
        OutputFormat quiet = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
        BenchmarkList list = BenchmarkList.defaultList();
        for (BenchmarkListEntry entry : list.find(quiet, List.of(".*"), List.of())) {
            plan.allBenchmarks.add(entry.getUsername());
        }
        Collection<BenchmarkListEntry> selected = list.find(quiet, options.getIncludes(), options.getExcludes());
        if (selected.isEmpty()) {
            throw new IllegalArgumentException("no benchmark matches " + options.getIncludes() + "; list them with -l");
        }
        return selected;
    }

    /**
     * A selected benchmark into the plan, once its threads are checked: the values of its family's parameters (the
     * command line's, else the benchmark's defaults; the first benchmark to take a name sets it) and of the optional
     * ones it takes. Returns its family.
     */
    private WorkloadFamily addBenchmark(BenchmarkListEntry entry, Options options) {
        String benchmark = entry.getUsername();
        plan.benchmarks.add(benchmark);
        WorkloadFamily family = WorkloadFamilies.ofBenchmark(benchmark);
        Map<String, String[]> defaults = entry.getParams().orElse(Map.of());
        if (RunPlan.workload(benchmark) == Workload.WRITE) {
            checkOneWriter(benchmark, options);
        }
        checkDirectInOneThread(benchmark, options);
        for (String name : RunPlan.names(benchmark)) {
            List<String> given = options.getParameter(name).hasValue()
                    ? List.copyOf(options.getParameter(name).get())
                    : List.of(defaults.getOrDefault(name, new String[0]));
            plan.values.putIfAbsent(
                    name,
                    name.equals("store")
                            ? Stores.expand(given).stream()
                                    .map(StoreSpec::named)
                                    .toList()
                            : given);
        }
        for (String name : turnNames(benchmark)) {
            if (options.getParameter(name).hasValue()) {
                addOptional(
                        benchmark, name, List.copyOf(options.getParameter(name).get()));
            }
        }
        for (String name : family.optionalNames()) {
            if (defaults.containsKey(name)) {
                addOptional(
                        benchmark,
                        name,
                        options.getParameter(name).hasValue()
                                ? List.copyOf(options.getParameter(name).get())
                                : List.of(defaults.get(name)));
            }
        }
        return family;
    }

    /** Records {@code given} as the values of the optional parameter {@code name} that {@code benchmark} takes. */
    private void addOptional(String benchmark, String name, List<String> given) {
        plan.optionalValues.computeIfAbsent(name, n -> new ArrayList<>()).addAll(given);
        plan.optionalParams
                .computeIfAbsent(benchmark, b -> new LinkedHashMap<>())
                .put(name, given);
    }

    /**
     * The parameters only {@code benchmark}'s interleaved turns take, as its family says ({@link
     * WorkloadFamily#turnNames}); none for a benchmark that runs in JMH forks (a direct-API baseline).
     */
    static List<String> turnNames(String benchmark) {
        return Interleaving.interleaves(benchmark)
                ? WorkloadFamilies.ofBenchmark(benchmark).turnNames(RunPlan.workload(benchmark))
                : List.of();
    }

    /** Every parameter name given on the command line is one a selected benchmark takes ({@code taken}). */
    private static void checkParamNames(Collection<String> paramNames, Set<String> taken) {
        Set<String> known = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        known.addAll(taken);
        for (String name : paramNames) {
            if (!taken.contains(name)) {
                throw new IllegalArgumentException("unknown parameter '" + name + "'"
                        + (known.contains(name) ? " (names are case-sensitive)" : "")
                        + "; the selected benchmarks take: " + String.join(", ", taken));
            }
        }
    }

    /** Each {@code store} value parsed once, none given twice, and a variant of a registered engine checked ({@link VariantJvm#check}). */
    private void parseStores() {
        for (String store : plan.values.get("store")) {
            StoreSpec spec = StoreSpec.parse(store);
            if (plan.specs.put(store, spec) != null) {
                // two rows of one name: the report could not tell their turns apart
                throw new IllegalArgumentException("-p store=" + String.join(",", plan.values.get("store")) + " gives "
                        + store + " twice; give each value once");
            }
            if (spec.isVariant() && Stores.names().contains(spec.engine())) {
                VariantJvm.check(spec);
            }
        }
    }

    /**
     * Each selected family's checks of the plan's values, in registration order; the plan keeps what each needs, the
     * first family's largest data set and the room of the largest trial.
     */
    private void checkFamilies(Set<WorkloadFamily> families) {
        WorkloadFamily.Given given = new WorkloadFamily.Given(plan.values, plan.optionalValues);
        for (WorkloadFamily family : WorkloadFamilies.all()) {
            if (families.contains(family)) {
                WorkloadFamily.Needs needs = family.check(given);
                plan.families.put(family, needs);
                if (plan.largest == null) {
                    plan.largest = needs.largest();
                }
                if (needs.space() > plan.largestSpace) {
                    plan.largestSpace = needs.space();
                    plan.largestWhat = needs.spaceWhat();
                }
            }
        }
    }

    /**
     * The parameters the benchmarks {@code options} selects take, in the order the results list
     * them: the data set's or the tree's, the application workloads', the crash test's.
     */
    static Set<String> taken(Options options) {
        OutputFormat quiet = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
        return taken(BenchmarkList.defaultList().find(quiet, options.getIncludes(), options.getExcludes()));
    }

    /** The direct-API baselines {@code options} selects: per engine ({@link Direct#engine}), the workloads (methods) they run. */
    static Map<String, Set<String>> baselines(Options options) {
        OutputFormat quiet = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
        Map<String, Set<String>> byEngine = new TreeMap<>();
        for (BenchmarkListEntry entry :
                BenchmarkList.defaultList().find(quiet, options.getIncludes(), options.getExcludes())) {
            String benchmark = entry.getUsername();
            String engine = Direct.engine(benchmark);
            if (engine != null) {
                byEngine.computeIfAbsent(engine, e -> new TreeSet<>())
                        .add(benchmark.substring(benchmark.lastIndexOf('.') + 1));
            }
        }
        return byEngine;
    }

    private static Set<String> taken(Collection<BenchmarkListEntry> selected) {
        List<String> order = new ArrayList<>(BenchParams.NAMES);
        order.addAll(TreeParams.NAMES);
        order.addAll(AppParams.NAMES);
        order.addAll(BenchParams.OTHER_NAMES);
        Set<String> all = new TreeSet<>();
        selected.forEach(entry -> all.addAll(entry.getParams().orElse(Map.of()).keySet()));
        Set<String> taken = new LinkedHashSet<>();
        order.stream().filter(all::contains).forEach(taken::add);
        taken.addAll(all); // any a benchmark declares beyond the lists above
        return taken;
    }

    /**
     * What an engine's options cannot hold, known from the command line alone ({@link Engine#refusal}: an LMDB map
     * smaller than the data set, more reader threads than reader slots), is one line before anything runs, not a trial
     * that fails after the results folder exists.
     */
    private void checkEnginesTakeTheData() {
        int readers = plan.optionalValues.getOrDefault("readers", List.of()).stream()
                .mapToInt(AppParams::readers)
                .max()
                .orElse(1);
        for (StoreSpec spec : plan.specs.values()) {
            if (!Stores.names().contains(spec.engine())) {
                continue; // reported when the runs are grouped
            }
            var options = Stores.options(spec.base());
            Stores.engine(spec.engine())
                    .refusal(options, plan.largest == null ? null : plan.largest.shape(), readers)
                    .ifPresent(refusal -> {
                        throw new IllegalArgumentException(refusal);
                    });
        }
    }

    /** {@code sync=true} alone, on stores none of which can sync, would run nothing. */
    private void checkSomethingSyncs() {
        if (plan.values.get("sync").stream().anyMatch(v -> !Boolean.parseBoolean(v.trim()))) {
            return;
        }
        for (StoreSpec spec : plan.specs.values()) {
            if (!Stores.names().contains(spec.engine())) {
                return; // reported when the runs are grouped
            }
            try {
                BenchParams.effectiveSpec(spec, true);
                return;
            } catch (UnsupportedOperationException e) {
                // this one cannot
            }
        }
        throw new IllegalArgumentException("nothing to run: sync=true, but none of "
                + String.join(", ", plan.values.get("store"))
                + " has a sync option (engines with one: "
                + String.join(
                        ", ",
                        Stores.names().stream()
                                .filter(n -> Stores.engine(n).options().stream()
                                        .anyMatch(o -> o.name().equals("sync")))
                                .toList())
                + ")");
    }

    /** The Store contract has one writer: a write benchmark in several threads would write the same keys twice. */
    private static void checkOneWriter(String benchmark, Options options) {
        int threads = options.getThreads().orElse(1);
        boolean groups = options.getThreadGroups().hasValue();
        if (threads != 1 || groups) {
            throw new IllegalArgumentException(RunPlan.workload(benchmark).label()
                    + " has one writer per store, so it runs in one thread: leave out -t"
                    + (groups ? "/-tg" : " " + (threads < 0 ? "max" : threads))
                    + " or select only read benchmarks (e.g. ReadKey) for several threads");
        }
    }

    /**
     * The direct-API baselines ({@code dev.kvbench.direct}) hold one read transaction or snapshot per trial, as the
     * single-threaded Store benchmarks they are paired with: in several threads they would share it.
     */
    private static void checkDirectInOneThread(String benchmark, Options options) {
        int threads = options.getThreads().orElse(1);
        boolean groups = options.getThreadGroups().hasValue();
        if (benchmark.startsWith("dev.kvbench.direct.") && (threads != 1 || groups)) {
            String name = benchmark.substring("dev.kvbench.direct.".length());
            throw new IllegalArgumentException("the direct-API baselines (" + name + ") run in one thread, as the Store"
                    + " benchmarks they are paired with: leave out -t"
                    + (groups ? "/-tg" : " " + (threads < 0 ? "max" : threads))
                    + " or leave them out with -e Direct for several threads");
        }
    }

    /**
     * A workload that scans (YCSB's with a scan proportion) runs only on engines with an ordered cursor
     * ({@link Engine#ordered()}, known before any store opens): the others are skipped with the reason
     * ({@link RunGrouping}), and a command line whose every store is unordered, with nothing but such workloads
     * selected, is one line here.
     *
     * @param scanning the first workload that scans, in words ({@link WorkloadFamily.Needs#scanning()})
     */
    private void checkScansHaveAnOrderedEngine(String scanning) {
        List<String> unordered = new ArrayList<>();
        for (StoreSpec spec : plan.specs.values()) {
            if (!Stores.names().contains(spec.engine())) {
                return; // reported when the runs are grouped
            }
            if (Stores.engine(spec.engine()).ordered()) {
                return;
            }
            unordered.add(spec.toString());
        }
        throw new IllegalArgumentException("nothing to run: " + scanning + " scans, which needs an ordered cursor, and "
                + String.join(", ", unordered) + (unordered.size() == 1 ? " has" : " have")
                + " none; engines with one: "
                + String.join(
                        ", ",
                        Stores.names().stream()
                                .filter(n -> Stores.engine(n).ordered()
                                        && !Stores.engine(n).isReference())
                                .toList()));
    }
}
