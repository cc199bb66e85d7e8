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
import dev.kvbench.results.TrialRecord;
import dev.kvbench.store.Capability;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.AppParams;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.TreeParams;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.workload.DataSpec;
import dev.kvbench.workload.Workload;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * What a command line asks for, checked before anything runs: the benchmarks it selects, every
 * parameter value (one clear line for the first bad one), and which (benchmark, store) pairs
 * can run. JMH runs the full cross product of its parameters and cannot leave one combination
 * out, so the runnable pairs are grouped into JMH runs that share a store list; the rest are
 * skipped with a reason.
 */
final class Plan {

    /** One JMH run: these benchmarks over these stores, with one {@code sync} value. */
    record Run(List<String> benchmarks, List<String> stores, String sync) {
    }

    /** A (benchmark, store, sync) combination that is not run, and why. */
    record Skip(String benchmark, String store, String sync, String reason) {
    }

    /**
     * A (benchmark, store, sync) combination not run because the store's preflight check killed or
     * hung its JVM: failed, with the cause and the JVM's last lines (the same for each of the store's
     * combinations).
     */
    record Died(String benchmark, String store, String sync, Death death) {
    }

    /** Why a store's preflight check ended its JVM (one line), and the JVM's last lines. */
    record Death(String reason, List<String> tail) {
    }

    /** A preflight request: open {@code spec} (the effective spec of {@code store}) for keys and values of this shape. */
    record Check(String store, StoreSpec spec, int num, boolean intKey, int valSize) {
    }

    /** Runs preflight checks (in a JVM with the benchmark flags): capabilities, or a refusal. */
    interface Preflight {
        /**
         * For each check, the capability names the store declares, or throws with the engine's refusal;
         * a check whose store crashed or hung the checking JVM has no entry, and its spec is in {@link #dead}.
         */
        Map<Check, Set<Capability>> check(Collection<Check> checks);

        /** After {@link #check}: the specs whose check crashed or hung its JVM, and why. */
        default Map<StoreSpec, Death> dead() {
            return Map.of();
        }
    }

    private static final int PREFLIGHT_ENTRIES = 100;

    final List<String> allBenchmarks = new ArrayList<>();
    final List<String> benchmarks = new ArrayList<>();
    final Map<String, List<String>> values = new LinkedHashMap<>();
    /** The values of the application workloads' parameters ({@link AppParams}) the selected benchmarks take. */
    final Map<String, List<String>> appValues = new LinkedHashMap<>();
    /** Per benchmark, the values of the application parameters it takes, for its skipped lines. */
    private final Map<String, Map<String, List<String>>> appParams = new LinkedHashMap<>();
    /** Each {@code store} value, parsed once. */
    private final Map<String, StoreSpec> specs = new LinkedHashMap<>();
    final List<Run> runs = new ArrayList<>();
    final List<Skip> skips = new ArrayList<>();
    /** The combinations of stores whose preflight check crashed or hung its JVM: failed, not run. */
    final List<Died> died = new ArrayList<>();
    DataSpec largest;
    /** The room the largest trial may need in the work folder, and what it is, for the space check. */
    long largestSpace;
    String largestWhat;
    /** Whether a 2016 workload, or dirWalk, is selected. */
    private boolean kvSelected;
    private boolean treeSelected;
    /** The longest value of the selected dirWalk trees, for the preflight check. */
    private int treeValSize;

    private Plan() {
    }

    /**
     * Plans {@code options}.
     *
     * @throws IllegalArgumentException with one line for the first mistake in the command line
     */
    static Plan of(Options options, Preflight preflight) {
        Plan plan = checked(options, List.of());
        WorkFolder.requireSpace(WorkFolder.base(), plan.largestSpace, plan.largestWhat);
        plan.group(options.getParameter("store").hasValue(), preflight);
        return plan;
    }

    /**
     * The checks of {@link #of} that open no store: the benchmarks, the parameter names
     * {@code paramNames} given on the command line (each must belong to a selected benchmark), every value
     * and the largest data set (the caller checks its room, after removing stale folders). {@link #group}
     * then runs the preflight, which writes stores.
     *
     * @throws IllegalArgumentException with one line for the first mistake in the command line
     */
    static Plan checked(Options options, Collection<String> paramNames) {
        Plan plan = new Plan();
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
            boolean tree = workload(entry.getUsername()) == Workload.DIR_WALK;
            plan.treeSelected |= tree;
            plan.kvSelected |= !tree;
            Map<String, String[]> defaults = entry.getParams().orElse(Map.of());
            if (workload(entry.getUsername()) == Workload.WRITE) {
                checkOneWriter(entry.getUsername(), options);
            }
            for (String name : names(entry.getUsername())) {
                List<String> given = options.getParameter(name).hasValue()
                        ? List.copyOf(options.getParameter(name).get())
                        : List.of(defaults.getOrDefault(name, new String[0]));
                plan.values.putIfAbsent(name, name.equals("store") ? Stores.expand(given) : given);
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
            plan.specs.put(store, StoreSpec.parse(store));
        }
        if (plan.kvSelected) {
            plan.checkValues();
        }
        if (plan.treeSelected) {
            plan.checkTreeValues();
        }
        if (plan.values.containsKey("sync")) {
            plan.checkSomethingSyncs();
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
        if (values.get("sync").stream().anyMatch(v -> !Boolean.parseBoolean(v.trim()))) {
            return;
        }
        for (StoreSpec spec : specs.values()) {
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
        throw new IllegalArgumentException("nothing to run: sync=true, but none of " + String.join(", ", values.get("store"))
                + " has a sync option (engines with one: " + String.join(", ", Stores.names().stream()
                .filter(n -> Stores.engine(n).options().stream().anyMatch(o -> o.name().equals("sync"))).toList()) + ")");
    }

    /** The Store contract has one writer: a write benchmark in several threads would write the same keys twice. */
    private static void checkOneWriter(String benchmark, Options options) {
        int threads = options.getThreads().orElse(1);
        boolean groups = options.getThreadGroups().hasValue();
        if (threads != 1 || groups) {
            throw new IllegalArgumentException(workload(benchmark).name().toLowerCase(java.util.Locale.ROOT)
                    + " has one writer per store, so it runs in one thread: leave out -t"
                    + (groups ? "/-tg" : " " + (threads < 0 ? "max" : threads))
                    + " or select only read benchmarks (e.g. ReadKey) for several threads");
        }
    }

    static Workload workload(String benchmark) {
        return Workload.named(TrialRecord.workloadOf(benchmark));
    }

    /** The parameter names of {@code benchmark}: dirWalk's own, or the 2016 data set's. */
    static List<String> names(String benchmark) {
        return workload(benchmark) == Workload.DIR_WALK ? TreeParams.NAMES : BenchParams.NAMES;
    }

    /**
     * Every combination of dirWalk's values is a tree a trial accepts (one line for the first
     * that is not: fanout, depth, encoding, fields), and the largest fits the work folder.
     */
    private void checkTreeValues() {
        for (String name : TreeParams.NAMES) {
            if (values.get(name).isEmpty()) {
                throw new IllegalArgumentException("parameter " + name + " has no value");
            }
        }
        for (String fanout : values.get("fanout")) {
            for (String depth : values.get("depth")) {
                for (String encoding : values.get("encoding")) {
                    for (String fields : values.get("fields")) {
                        for (String sync : values.get("sync")) {
                            Map<String, String> trial = new LinkedHashMap<>();
                            trial.put("store", registered().get(0));
                            trial.put("fanout", fanout);
                            trial.put("depth", depth);
                            trial.put("encoding", encoding);
                            trial.put("fields", fields);
                            trial.put("sync", sync);
                            TreeParams tree = TreeParams.parse(trial);
                            treeValSize = Math.max(treeValSize, tree.shape().valSize());
                            if (tree.spaceNeeded() > largestSpace) {
                                largestSpace = tree.spaceNeeded();
                                largestWhat = "the largest dirWalk tree (" + tree.describe() + ", "
                                        + tree.shape().flatBytes() + " flat bytes at most)";
                            }
                        }
                    }
                }
            }
        }
    }

    /** Every value of every data parameter, alone and in combination, is one a trial accepts. */
    private void checkValues() {
        for (String name : BenchParams.NAMES) {
            if (values.get(name).isEmpty()) {
                throw new IllegalArgumentException("parameter " + name + " has no value");
            }
        }
        appValues.forEach((name, given) -> given.forEach(value -> AppParams.check(name, value)));
        for (String name : BenchParams.NAMES) {
            Set<String> seen = new LinkedHashSet<>();
            for (String value : values.get(name)) {
                String same = name.equals("store") ? StoreSpec.parse(value).toString() : value.trim();
                if (!seen.add(same)) {
                    throw new IllegalArgumentException("-p " + name + "=" + String.join(",", values.get(name))
                            + " gives " + value.trim() + " twice; give each value once");
                }
            }
        }
        Map<String, String> one = new LinkedHashMap<>();
        for (String name : BenchParams.NAMES) {
            one.put(name, values.get(name).get(0));
        }
        for (String name : List.of("sequential", "valRandom", "batchSize", "sync")) {
            for (String value : values.get(name)) {
                Map<String, String> trial = new LinkedHashMap<>(one);
                trial.put(name, value);
                parseData(trial);
            }
        }
        for (String num : values.get("num")) {
            for (String intKey : values.get("intKey")) {
                for (String valSize : values.get("valSize")) {
                    Map<String, String> trial = new LinkedHashMap<>(one);
                    trial.put("num", num);
                    trial.put("intKey", intKey);
                    trial.put("valSize", valSize);
                    DataSpec data = parseData(trial).data();
                    if (largest == null || WorkFolder.estimate(data) > WorkFolder.estimate(largest)) {
                        largest = data;
                    }
                    if (WorkFolder.estimate(data) > largestSpace) {
                        largestSpace = WorkFolder.estimate(data);
                        largestWhat = "the largest data set (" + data.num() + " entries, " + data.flatBytes()
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

    /**
     * Runs the preflight and groups the runnable (benchmark, store) pairs into JMH runs; refuses a plan
     * that runs nothing, unless a store failed its preflight (then the run reports that failure).
     */
    void group(boolean storesGiven, Preflight preflight) {
        List<String> stores = values.get("store");
        Map<String, String> unavailable = new LinkedHashMap<>();
        for (String store : stores) {
            String engine = specs.get(store).engine();
            if (!Stores.names().contains(engine)) {
                if (storesGiven) {
                    Stores.engine(engine); // the error that lists the registered engines
                }
                unavailable.put(store, engine + " is not registered in this build (its adapter is not merged)");
            } else {
                Stores.options(specs.get(store)); // unknown options: the error that lists the valid ones
            }
        }
        int minNum = Integer.MAX_VALUE;
        for (String num : values.getOrDefault("num", List.of(Integer.toString(PREFLIGHT_ENTRIES)))) {
            minNum = Math.min(minNum, Integer.parseInt(num.replace("_", "")));
        }
        int probeEntries = Math.min(minNum, PREFLIGHT_ENTRIES);

        // effective spec per (store, sync), or the reason it cannot sync
        Map<String, Map<String, StoreSpec>> effective = new LinkedHashMap<>();
        Map<String, Map<String, String>> noSync = new LinkedHashMap<>();
        Set<Check> checks = new LinkedHashSet<>();
        for (String sync : values.get("sync")) {
            for (String store : stores) {
                if (unavailable.containsKey(store)) {
                    continue;
                }
                try {
                    StoreSpec spec = BenchParams.effectiveSpec(specs.get(store), Boolean.parseBoolean(sync.trim()));
                    effective.computeIfAbsent(sync, s -> new LinkedHashMap<>()).put(store, spec);
                    for (String intKey : values.getOrDefault("intKey", List.of())) {
                        for (String valSize : values.get("valSize")) {
                            checks.add(new Check(store, spec, probeEntries, Boolean.parseBoolean(intKey.trim()),
                                    Integer.parseInt(valSize.trim().replace("_", ""))));
                        }
                    }
                    if (treeSelected) {
                        // string keys (16 bytes) stand in for the tree's (8 + name bytes) keys
                        checks.add(new Check(store, spec, probeEntries, false, Math.max(treeValSize, DataSpec.MIN_VAL_SIZE)));
                    }
                } catch (UnsupportedOperationException e) {
                    noSync.computeIfAbsent(sync, s -> new LinkedHashMap<>()).put(store, e.getMessage());
                }
            }
        }
        Map<Check, Set<Capability>> capabilities = checks.isEmpty() ? Map.of() : preflight.check(checks);

        for (String sync : values.get("sync")) {
            Map<List<String>, List<String>> benchmarksByStores = new LinkedHashMap<>();
            for (String benchmark : benchmarks) {
                Workload workload = workload(benchmark);
                String directEngine = Direct.engine(benchmark);
                List<String> capable = new ArrayList<>();
                for (String store : stores) {
                    if (directEngine != null && !StoreSpec.parse(store).engine().equals(directEngine)) {
                        continue; // a direct baseline applies to its own engine's specs only
                    }
                    String reason = unavailable.get(store);
                    if (reason == null) {
                        reason = noSync.getOrDefault(sync, Map.of()).get(store);
                    }
                    if (reason == null) {
                        StoreSpec spec = effective.get(sync).get(store);
                        Death death = preflight.dead().get(spec);
                        if (death != null) {
                            died.add(new Died(benchmark, store, sync, death));
                            continue;
                        }
                        reason = missing(workload, spec, capabilities);
                    }
                    if (reason == null) {
                        capable.add(store);
                    } else {
                        skips.add(new Skip(benchmark, store, sync, reason));
                    }
                }
                if (!capable.isEmpty()) {
                    benchmarksByStores.computeIfAbsent(capable, c -> new ArrayList<>()).add(benchmark);
                }
            }
            benchmarksByStores.forEach((capable, group) -> runs.add(new Run(group, capable, sync)));
        }
        if (runs.isEmpty() && died.isEmpty()) {
            Set<String> reasons = new LinkedHashSet<>();
            skips.forEach(skip -> reasons.add(skip.reason()));
            throw new IllegalArgumentException("nothing to run: every selected benchmark and store is skipped ("
                    + String.join("; ", reasons) + ")");
        }
    }

    private static String missing(Workload workload, StoreSpec spec, Map<Check, Set<Capability>> capabilities) {
        String engine = spec.engine();
        for (Map.Entry<Check, Set<Capability>> entry : capabilities.entrySet()) {
            if (!entry.getKey().spec().equals(spec)) {
                continue;
            }
            for (Capability need : workload.needs()) {
                if (!entry.getValue().contains(need)) {
                    return need == Capability.ORDERED ? engine + " has no ordered cursor"
                            : engine + " lacks " + need;
                }
            }
            if (entry.getValue().contains(Capability.DISCARDS) && workload != Workload.WRITE && workload != Workload.READ_KEY) {
                return engine + " keeps nothing: " + switch (workload) {
                    case DIR_WALK -> "a walk would stop at the root's first lookup";
                    case CRASH, POWER_CUT -> "a crash has nothing to lose";
                    default -> workload.needs().contains(Capability.ORDERED)
                            ? "a cursor pass over it is empty and would time nothing"
                            : "its reads would find nothing to verify";
                };
            }
            return null;
        }
        return null;
    }

    /**
     * Every combination of the other parameters for a skipped (benchmark, store, sync), as the
     * side file lists params: those of the benchmark's kind, then the application parameters the
     * benchmark takes.
     */
    List<Map<String, String>> combinations(String benchmark, String store, String sync) {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        Map<String, List<String>> own = appParams.getOrDefault(benchmark, Map.of());
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
