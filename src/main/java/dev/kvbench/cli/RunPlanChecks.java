package dev.kvbench.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.kvbench.direct.Direct;
import dev.kvbench.fork.VariantJvm;
import dev.kvbench.store.Engine;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.AppParams;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.TreeParams;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.trial.YcsbParams;
import dev.kvbench.workload.DataSpec;
import dev.kvbench.workload.Workload;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The checks of a command line that open no store: the benchmarks it selects, the parameter names
 * given (each must belong to a selected benchmark), every value alone and in combination (one clear
 * line for the first bad one), and the largest data set or tree, for the space check. They fill a
 * {@link RunPlan}'s benchmarks and values; {@link RunGrouping} then groups its runs.
 */
final class RunPlanChecks {

    private final RunPlan plan;

    private RunPlanChecks(RunPlan plan) {
        this.plan = plan;
    }

    /**
     * The checks of {@link RunPlan#of} that open no store: the benchmarks, the parameter names
     * {@code paramNames} given on the command line (each must belong to a selected benchmark), every value
     * and the largest data set (the caller checks its room, after removing stale folders). {@link #group}
     * then runs the preflight, which writes stores.
     *
     * @throws IllegalArgumentException with one line for the first mistake in the command line
     */
    static RunPlan checked(Options options, Collection<String> paramNames) {
        RunPlan plan = new RunPlan();
        RunPlanChecks checks = new RunPlanChecks(plan);
        OutputFormat quiet = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
        BenchmarkList list = BenchmarkList.defaultList();
        for (BenchmarkListEntry entry : list.find(quiet, List.of(".*"), List.of())) {
            plan.allBenchmarks.add(entry.getUsername());
        }
        Collection<BenchmarkListEntry> selected = list.find(quiet, options.getIncludes(), options.getExcludes());
        if (selected.isEmpty()) {
            throw new IllegalArgumentException("no benchmark matches " + options.getIncludes()
                    + "; list them with -l");
        }
        Set<String> taken = taken(selected);
        for (BenchmarkListEntry entry : selected) {
            plan.benchmarks.add(entry.getUsername());
            boolean tree = RunPlan.workload(entry.getUsername()) == Workload.DIR_WALK;
            boolean ycsb = RunPlan.workload(entry.getUsername()) == Workload.YCSB;
            plan.treeSelected |= tree;
            plan.ycsbSelected |= ycsb;
            plan.kvSelected |= !tree && !ycsb;
            Map<String, String[]> defaults = entry.getParams().orElse(Map.of());
            if (RunPlan.workload(entry.getUsername()) == Workload.WRITE) {
                checkOneWriter(entry.getUsername(), options);
            }
            checkDirectInOneThread(entry.getUsername(), options);
            for (String name : RunPlan.names(entry.getUsername())) {
                List<String> given = options.getParameter(name).hasValue()
                        ? List.copyOf(options.getParameter(name).get())
                        : List.of(defaults.getOrDefault(name, new String[0]));
                plan.values.putIfAbsent(name, name.equals("store")
                        ? Stores.expand(given).stream().map(StoreSpec::named).toList() : given);
            }
            for (String name : AppParams.NAMES) {
                if (defaults.containsKey(name)) {
                    List<String> given = options.getParameter(name).hasValue()
                            ? List.copyOf(options.getParameter(name).get())
                            : List.of(defaults.get(name));
                    plan.appValues.computeIfAbsent(name, n -> new ArrayList<>()).addAll(given);
                    plan.appParams.computeIfAbsent(entry.getUsername(), b -> new LinkedHashMap<>()).put(name, given);
                }
            }
        }
        Set<String> known = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        known.addAll(taken);
        for (String name : paramNames) {
            if (!taken.contains(name)) {
                throw new IllegalArgumentException("unknown parameter '" + name + "'"
                        + (known.contains(name) ? " (names are case-sensitive)" : "")
                        + "; the selected benchmarks take: " + String.join(", ", taken));
            }
        }
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
        if (plan.kvSelected) {
            checks.checkValues();
        }
        if (plan.treeSelected) {
            checks.checkTreeValues();
        }
        if (plan.ycsbSelected) {
            checks.checkYcsbValues();
            checks.checkScansHaveAnOrderedEngine();
        }
        if (plan.values.containsKey("sync")) {
            checks.checkSomethingSyncs();
        }
        if (options.getParameter("reps").hasValue()) {
            options.getParameter("reps").get().forEach(BenchParams::reps);
        }
        return plan;
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
        Map<String, Set<String>> byEngine = new java.util.TreeMap<>();
        for (BenchmarkListEntry entry : BenchmarkList.defaultList().find(quiet, options.getIncludes(), options.getExcludes())) {
            String benchmark = entry.getUsername();
            String engine = Direct.engine(benchmark);
            if (engine != null) {
                byEngine.computeIfAbsent(engine, e -> new TreeSet<>()).add(benchmark.substring(benchmark.lastIndexOf('.') + 1));
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
        throw new IllegalArgumentException("nothing to run: sync=true, but none of " + String.join(", ", plan.values.get("store"))
                + " has a sync option (engines with one: " + String.join(", ", Stores.names().stream()
                .filter(n -> Stores.engine(n).options().stream().anyMatch(o -> o.name().equals("sync"))).toList()) + ")");
    }

    /** The Store contract has one writer: a write benchmark in several threads would write the same keys twice. */
    private static void checkOneWriter(String benchmark, Options options) {
        int threads = options.getThreads().orElse(1);
        boolean groups = options.getThreadGroups().hasValue();
        if (threads != 1 || groups) {
            throw new IllegalArgumentException(RunPlan.workload(benchmark).name().toLowerCase(java.util.Locale.ROOT)
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
                    + " benchmarks they are paired with: leave out -t" + (groups ? "/-tg" : " " + (threads < 0 ? "max" : threads))
                    + " or leave them out with -e Direct for several threads");
        }
    }

    /**
     * Every YCSB workload and override given is one that runs (one line for the first that is not:
     * an unknown property, proportions, a distribution...), and the largest fits the work folder.
     */
    private void checkYcsbValues() {
        requireValues(YcsbParams.NAMES);
        for (String workload : plan.values.get("workload")) {
            for (String props : plan.values.get("props")) {
                YcsbParams ycsb = YcsbParams.parse(trial("workload", workload, "props", props, "sync", "false"));
                if (ycsb.properties().scans() && !plan.ycsbScans) {
                    plan.ycsbScans = true;
                    plan.ycsbScanning = ycsb.properties().source() + " (scanproportion="
                            + ycsb.properties().get("scanproportion") + ")";
                }
                plan.ycsbValSize = Math.max(plan.ycsbValSize, ycsb.shape().valSize());
                if (ycsb.spaceNeeded() > plan.largestSpace) {
                    plan.largestSpace = ycsb.spaceNeeded();
                    plan.largestWhat = "the YCSB workload " + ycsb.describe() + " (recordcount too large for the work"
                            + " folder? lower it with -p recordcount=...)";
                }
            }
        }
    }

    /**
     * A YCSB workload that scans runs only on engines with an ordered cursor ({@link Engine#ordered()},
     * known before any store opens): the others are skipped with the reason ({@link RunGrouping}), and a
     * command line whose every store is unordered, with nothing else selected, is one line here.
     */
    private void checkScansHaveAnOrderedEngine() {
        if (!plan.ycsbScans || plan.kvSelected || plan.treeSelected) {
            return;
        }
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
        throw new IllegalArgumentException("nothing to run: " + plan.ycsbScanning + " scans, which needs an ordered cursor, and "
                + String.join(", ", unordered) + (unordered.size() == 1 ? " has" : " have") + " none; engines with one: "
                + String.join(", ", Stores.names().stream()
                .filter(n -> Stores.engine(n).ordered() && !Stores.engine(n).isReference()).toList()));
    }

    /**
     * Every combination of dirWalk's values is a tree a trial accepts (one line for the first
     * that is not: fanout, depth, encoding, fields), and the largest fits the work folder.
     */
    private void checkTreeValues() {
        requireValues(TreeParams.NAMES);
        for (String fanout : plan.values.get("fanout")) {
            for (String depth : plan.values.get("depth")) {
                for (String encoding : plan.values.get("encoding")) {
                    for (String fields : plan.values.get("fields")) {
                        for (String sync : plan.values.get("sync")) {
                            TreeParams tree = TreeParams.parse(trial("fanout", fanout, "depth", depth, "encoding", encoding,
                                    "fields", fields, "sync", sync));
                            plan.treeValSize = Math.max(plan.treeValSize, tree.shape().valSize());
                            if (tree.spaceNeeded() > plan.largestSpace) {
                                plan.largestSpace = tree.spaceNeeded();
                                plan.largestWhat = "the largest dirWalk tree (" + tree.describe() + ", "
                                        + tree.shape().flatBytes() + " flat bytes at most)";
                            }
                        }
                    }
                }
            }
        }
    }

    /** A trial's parameters to check: the first registered store's, then {@code pairs} (a name, its value, ...). */
    private Map<String, String> trial(String... pairs) {
        Map<String, String> trial = new LinkedHashMap<>();
        trial.put("store", registered().get(0));
        for (int i = 0; i < pairs.length; i += 2) {
            trial.put(pairs[i], pairs[i + 1]);
        }
        return trial;
    }

    /** Every value of every data parameter, alone and in combination, is one a trial accepts. */
    private void checkValues() {
        requireValues(BenchParams.NAMES);
        plan.appValues.forEach((name, given) -> given.forEach(value -> AppParams.check(name, value)));
        for (String name : BenchParams.NAMES) {
            Set<String> seen = new LinkedHashSet<>();
            for (String value : plan.values.get(name)) {
                String same = name.equals("store") ? StoreSpec.parse(value).toString() : value.trim();
                if (!seen.add(same)) {
                    throw new IllegalArgumentException("-p " + name + "=" + String.join(",", plan.values.get(name))
                            + " gives " + value.trim() + " twice; give each value once");
                }
            }
        }
        Map<String, String> one = new LinkedHashMap<>();
        for (String name : BenchParams.NAMES) {
            one.put(name, plan.values.get(name).get(0));
        }
        for (String name : List.of("sequential", "valRandom", "batchSize", "sync")) {
            for (String value : plan.values.get(name)) {
                Map<String, String> trial = new LinkedHashMap<>(one);
                trial.put(name, value);
                parseData(trial);
            }
        }
        for (String num : plan.values.get("num")) {
            for (String intKey : plan.values.get("intKey")) {
                for (String valSize : plan.values.get("valSize")) {
                    Map<String, String> trial = new LinkedHashMap<>(one);
                    trial.put("num", num);
                    trial.put("intKey", intKey);
                    trial.put("valSize", valSize);
                    DataSpec data = parseData(trial).data();
                    if (plan.largest == null || WorkFolder.estimate(data) > WorkFolder.estimate(plan.largest)) {
                        plan.largest = data;
                    }
                    if (WorkFolder.estimate(data) > plan.largestSpace) {
                        plan.largestSpace = WorkFolder.estimate(data);
                        plan.largestWhat = "the largest data set (" + data.num() + " entries, " + data.flatBytes()
                                + " flat bytes)";
                    }
                }
            }
        }
    }

    /** Parses {@code trial} with a registered engine standing in for the store. */
    private static BenchParams parseData(Map<String, String> trial) {
        Map<String, String> withStore = new LinkedHashMap<>(trial);
        withStore.put("store", registered().get(0));
        return BenchParams.parse(withStore);
    }

    private static List<String> registered() {
        List<String> registered = Stores.names();
        if (registered.isEmpty()) {
            throw new IllegalStateException("no engine is registered in this build");
        }
        return registered;
    }

    /** Every one of the parameters {@code names} has at least one value. */
    private void requireValues(Iterable<String> names) {
        for (String name : names) {
            if (plan.values.get(name).isEmpty()) {
                throw new IllegalArgumentException("parameter " + name + " has no value");
            }
        }
    }
}
