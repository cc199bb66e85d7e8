package dev.kvbench.suite;

import dev.kvbench.amp.AmpSpace;
import dev.kvbench.cli.Main;
import dev.kvbench.store.Shape;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.workload.DataSpec;
import dev.kvbench.workload.app.AppParams;
import dev.kvbench.workload.tree.TreeParams;
import dev.kvbench.workload.ycsb.YcsbParams;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * Turns a suite and the user's arguments into the tests that will run: each test's JMH command
 * line (the user's options and parameters replacing the suite's), its entries, runs, a time
 * estimate and the room it needs in the work folder ({@link WorkFolder#estimate}). Every mistake
 * in the arguments is found here, before anything runs.
 */
public final class Planner {

    /** Every benchmark's parameter names, in the order the results list them. */
    private static final Set<String> ALL_NAMES = new LinkedHashSet<>();

    static {
        ALL_NAMES.addAll(BenchParams.NAMES);
        ALL_NAMES.addAll(TreeParams.NAMES);
        ALL_NAMES.addAll(YcsbParams.NAMES);
        ALL_NAMES.addAll(AppParams.NAMES);
        ALL_NAMES.addAll(BenchParams.OTHER_NAMES);
    }

    private Planner() {}

    /** The tests of {@code suite} as they will run with {@code user}'s arguments. */
    public static List<PlannedTest> plan(Suite suite, UserArgs user) {
        return plan(suite, user, n -> true);
    }

    /**
     * The tests of {@code suite} whose number (1-based) is {@code chosen} ({@code --shard}, {@code --tests}), as they
     * will run with {@code user}'s arguments, each keeping its number. A test not chosen is not planned, so nothing
     * in it is checked, except that a parameter the user gives is one some test of the suite takes.
     */
    static List<PlannedTest> plan(Suite suite, UserArgs user, IntPredicate chosen) {
        checkParamNames(user);
        List<PlannedTest> planned = new ArrayList<>();
        Set<String> takenByAny = new LinkedHashSet<>();
        for (int i = 0; i < suite.tests().size(); i++) {
            Experiment test = suite.tests().get(i);
            if (chosen.test(i + 1)) {
                PlannedTest p = plan(i + 1, test, user);
                planned.add(p);
                takenByAny.addAll(Main.parameters(p.args().toArray(String[]::new)));
            } else {
                List<String> args = new ArrayList<>();
                args.add(user.pattern().orElse(test.pattern()));
                args.addAll(user.withoutPattern());
                takenByAny.addAll(Main.parameters(args.toArray(String[]::new)));
            }
        }
        Set<String> taken = new LinkedHashSet<>(ALL_NAMES);
        taken.retainAll(takenByAny);
        user.params().forEach((name, value) -> {
            if (!taken.contains(name)) {
                throw new UsageException("-p " + name + "=" + value + ": no test of the " + suite.name()
                        + " suite takes " + name + "; its tests take: " + String.join(", ", taken));
            }
        });
        return planned;
    }

    static PlannedTest plan(int number, Experiment test, UserArgs user) {
        CommandLine given = CommandLine.of(test, user);
        List<String> args = given.args();
        Map<String, String> params = given.params();
        Map<String, String> options = given.options();
        check(number, args, params);

        int num = 0;
        for (String value : Defaults.values(params, "num")) {
            num = Math.max(num, positive("num", value));
        }
        String source = user.param("num").isPresent() ? "user" : test.entries().scaled() ? "scaled" : "suite";
        DataSpec largest = largest(params);
        // A suite's parameters (and the user's) go to every test; each test's command line keeps those its benchmarks
        // take.
        Set<String> taken = Main.parameters(args.toArray(String[]::new));
        if (!taken.isEmpty() && !taken.contains("num")) {
            // dirWalk: its tree's size follows fanout and depth, never -p num, and the plan says so
            num = treeEntries(params, test.entries().num());
            source = "suite";
        }
        List<String> command = takenOnly(args, taken);
        Map<String, String> runParams = new LinkedHashMap<>(params);
        runParams.keySet().retainAll(taken);
        try {
            Main.check(command.toArray(String[]::new)); // the jar's own checks, which open no store
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        long runs = TimeEstimate.runs(test, runParams, options, Main.baselines(command.toArray(String[]::new)));
        double perRun = TimeEstimate.secondsPerRun(test, params, runParams, options, num);
        long seconds = Math.round(test.repeat().min() * runs * perRun);
        long space = test.workloads().contains("amp")
                ? ampSpace(runParams, largest)
                : storesAtOnce(runParams, options) * storeSpace(runParams, largest);
        return new PlannedTest(
                number,
                test,
                List.copyOf(command),
                runParams,
                options,
                num,
                source,
                runs,
                seconds,
                largest,
                space,
                List.of()); // its stores run as one until the memory plan splits it (withGroups)
    }

    /**
     * A test's command line with the user's arguments, before it is cut to the parameters its benchmarks take: the
     * suite's parameters and options the user does not replace, then the user's; {@code params} and {@code options}
     * are those on it, by name.
     */
    private record CommandLine(List<String> args, Map<String, String> params, Map<String, String> options) {

        static CommandLine of(Experiment test, UserArgs user) {
            CommandLine line = new CommandLine(new ArrayList<>(), new LinkedHashMap<>(), new LinkedHashMap<>());
            line.args.add(user.pattern().orElse(test.pattern()));
            suiteParams(test, user).forEach((name, value) -> {
                if (user.param(name).isEmpty()) {
                    line.param(name, value);
                }
            });
            test.options().forEach((option, value) -> {
                if (user.option(option).isEmpty()) {
                    line.args.add(option);
                    line.args.add(value);
                    line.options.put(option, value);
                }
            });
            if (user.param("num").isEmpty() && !test.params().containsKey("num")) { // a size sweep names its own
                line.param("num", String.valueOf(test.entries().num()));
            }
            line.args.addAll(user.withoutPattern());
            line.params.putAll(user.params());
            line.options.putAll(user.options());
            return line;
        }

        private void param(String name, String value) {
            args.add("-p");
            args.add(name + "=" + value);
            params.put(name, value);
        }
    }

    /**
     * A test's parameters as the suite gives them, its stores always named: every registered engine when it names none,
     * {@code all} expanded, and each store once per JVM of {@code -p jvm=} unless the user names the stores.
     */
    private static Map<String, String> suiteParams(Experiment test, UserArgs user) {
        Map<String, String> suiteParams = new LinkedHashMap<>();
        suiteParams.put("store", test.params().getOrDefault("store", String.join(",", Stores.names())));
        suiteParams.putAll(test.params());
        // "all" in a test's own store list stands for every registered engine, as in JMH's default.
        suiteParams.put(
                "store",
                String.join(",", Stores.expand(List.of(suiteParams.get("store").split(",")))));
        if (!user.jvms().isEmpty() && user.param("store").isEmpty()) {
            suiteParams.put("store", JvmVariants.expand(suiteParams.get("store"), user.jvms()));
        }
        return suiteParams;
    }

    /** The amplification test's room: its most demanding store's ({@link AmpSpace}), since each trial's folder is emptied after it. */
    static long ampSpace(Map<String, String> params, DataSpec largest) {
        return Defaults.values(params, "store").stream()
                .mapToLong(spec -> AmpSpace.needed(largest, StoreSpec.parse(spec)))
                .max()
                .orElse(WorkFolder.estimate(largest));
    }

    /** {@code args} without the {@code -p name=value} pairs whose name is not in {@code taken}. */
    private static List<String> takenOnly(List<String> args, Set<String> taken) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("-p") && i + 1 < args.size()) {
                String value = args.get(i + 1);
                int at = value.indexOf('=');
                if (at > 0 && !taken.contains(value.substring(0, at))) {
                    i++;
                    continue;
                }
            }
            kept.add(args.get(i));
        }
        return kept;
    }

    /**
     * The stores a test holds in the work folder at once: every store of it in each of its JVMs ({@code -f}) when
     * interleaved (each engine's JVM keeps its store loaded while the others take their turns), else one.
     */
    static int storesAtOnce(Map<String, String> params, Map<String, String> options) {
        if (!"true".equals(options.get("-interleave")) || !params.containsKey("store")) {
            return 1;
        }
        int forks = Math.max(1, Defaults.integer(options.getOrDefault("-f", "1")));
        return Defaults.values(params, "store").size() * forks;
    }

    /**
     * The room one store of the test may need ({@link WorkFolder#estimate}): of YCSB's records where the test runs YCSB
     * (recordcount and the run's inserts, each of fieldcount x fieldlength bytes and its key, {@link MemoryPlan#ycsbShape}),
     * else of the largest 2016 data set.
     */
    static long storeSpace(Map<String, String> params, DataSpec largest) {
        if (!params.containsKey("props") || !params.containsKey("workload")) {
            return WorkFolder.estimate(largest);
        }
        long space = 0;
        for (String workload : Defaults.values(params, "workload")) {
            for (String props : params.get("props").split(",")) {
                Shape shape = MemoryPlan.ycsbShape(MemoryPlan.ycsb(params, workload, props, -1));
                space = Math.max(space, WorkFolder.estimate(shape.flatBytes(), shape.entries()));
            }
        }
        return space;
    }

    /** The data set of {@code params} that needs the most room: every num x intKey x valSize. */
    static DataSpec largest(Map<String, String> params) {
        DataSpec largest = null;
        for (String num : Defaults.values(params, "num")) {
            for (String intKey : Defaults.values(params, "intKey")) {
                for (String valSize : Defaults.values(params, "valSize")) {
                    DataSpec data;
                    try {
                        data = new DataSpec(
                                positive("num", num),
                                Boolean.parseBoolean(intKey),
                                false,
                                Defaults.integer(valSize),
                                false);
                    } catch (IllegalArgumentException e) {
                        throw new UsageException(e.getMessage());
                    }
                    if (largest == null || WorkFolder.estimate(data) > WorkFolder.estimate(largest)) {
                        largest = data;
                    }
                }
            }
        }
        return largest;
    }

    /** Directories in the largest tree of {@code params}' fanouts and depths; {@code otherwise} when they do not parse. */
    private static int treeEntries(Map<String, String> params, int otherwise) {
        long largest = 0;
        try {
            for (String fanout : Defaults.values(params, "fanout")) {
                for (String depth : Defaults.values(params, "depth")) {
                    Map<String, String> tree = new LinkedHashMap<>();
                    tree.put("store", Defaults.values(params, "store").get(0));
                    tree.put("fanout", fanout);
                    tree.put("depth", depth);
                    tree.put("encoding", Defaults.values(params, "encoding").get(0));
                    tree.put("fields", Defaults.values(params, "fields").get(0));
                    tree.put("sync", Defaults.values(params, "sync").get(0));
                    largest = Math.max(largest, TreeParams.parse(tree).tree().entries());
                }
            }
        } catch (RuntimeException e) {
            return otherwise; // the jar's checks name what is wrong
        }
        return largest > 0 && largest <= Integer.MAX_VALUE ? (int) largest : otherwise;
    }

    private static void checkParamNames(UserArgs user) {
        for (String name : user.params().keySet()) {
            if (!ALL_NAMES.contains(name)) {
                throw new UsageException(
                        "unknown parameter '" + name + "'; parameters: " + String.join(", ", BenchParams.NAMES)
                                + " (dirWalk: " + String.join(", ", TreeParams.NAMES) + "; application workloads: "
                                + String.join(", ", AppParams.NAMES) + "; crash and power-cut tests: "
                                + String.join(", ", BenchParams.OTHER_NAMES) + ")");
            }
        }
    }

    /** JMH accepts the command line, and every store spec names a registered engine and its options. */
    private static void check(int number, List<String> args, Map<String, String> params) {
        try {
            Main.interleaveValue(args.toArray(String[]::new));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        try {
            new CommandLineOptions(Main.withoutInterleave(args.toArray(String[]::new)));
        } catch (CommandLineOptionException | RuntimeException e) { // JMH throws IllegalStateException for a bad -bm
            throw new UsageException("JMH does not accept the options of test " + number + ": "
                    + String.valueOf(e.getMessage()).replaceAll("\\s*\n\\s*", "; ")
                    + " (see java -jar target/benchmarks.jar -h)");
        }
        if ("0".equals(options(args).get("-f"))) {
            throw new UsageException(
                    "-f 0 would run the benchmarks in one JVM without the engines' JVM flags: a suite runs"
                            + " every trial in a fork of its own; use -f 1 or more");
        }
        for (String store : Defaults.values(params, "store")) {
            try {
                Stores.options(StoreSpec.parse(store));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }

        for (String name : List.of("valSize", "batchSize")) {
            for (String value : Defaults.values(params, name)) {
                positive(name, value);
            }
        }
        if (params.containsKey("reps")) { // the crash test's repetitions
            for (String value : Defaults.values(params, "reps")) {
                positive("reps", value);
            }
        }
    }

    private static int positive(String name, String value) {
        try {
            int n = Defaults.integer(value);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            if (value.trim().replace("_", "").matches("\\d{10,}")) {
                throw new UsageException(
                        "-p " + name + "=" + value + ": " + name + " must be at most " + Integer.MAX_VALUE);
            }
        }
        throw new UsageException("-p " + name + "=" + value + ": " + name + " must be a whole number above 0");
    }

    /** The options of a command line and their last values ({@code -f 2}). */
    private static Map<String, String> options(List<String> args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).startsWith("-") && !args.get(i).equals("-p")) {
                options.put(args.get(i), args.get(i + 1).trim());
            }
        }
        return options;
    }
}
