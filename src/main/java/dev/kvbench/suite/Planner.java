package dev.kvbench.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.kvbench.amp.AmpSpace;
import dev.kvbench.amp.AmpState;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.AppParams;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.TreeParams;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.trial.YcsbParams;
import dev.kvbench.workload.DataSpec;
import dev.kvbench.workload.Workload;
import dev.kvbench.workload.ycsb.Presets;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * Turns a suite and the user's arguments into the tests that will run: each test's JMH command
 * line (the user's options and parameters replacing the suite's), its entries, runs, a time
 * estimate and the room it needs in the work folder ({@link WorkFolder#estimate}). Every mistake
 * in the arguments is found here, before anything runs.
 */
public final class Planner {

    /** Seconds to start a fork and load its store, per run, on a small machine. */
    static final double START_SECONDS = 2.5;
    /** What a sampled run spends settling before its warmup, on average (fast engines well under, slow ones up to the 2 s cap). */
    static final double SETTLE_SECONDS = 1.0;
    /**
     * Seconds per entry of one amplification pass (load, overwrite or read-back of 100-byte values on a disk), averaged
     * over the engines, from the runs of 2026-11-26 on a busy 2-core host: 1,000,000 entries were on course for over
     * an hour (4 of 16 trials in 9 minutes, then MapDB alone over 16), 500,000 took 22 minutes (this estimates 33).
     * MapDB and LMDB with sync write a page or more per put and MVStore's file grows by gigabytes, so a pass costs far
     * more than {@link #PASS_BYTES_PER_SECOND} says. It over-estimates small runs (50,000 entries took 73 s; this
     * estimates 4 minutes), whose pages are rewritten in the page cache, not on the disk.
     */
    static final double AMP_SECONDS_PER_ENTRY_PASS = 16e-6;
    /** Bytes per second a pass over the data moves, on a small machine. */
    static final long PASS_BYTES_PER_SECOND = 50_000_000;
    /** The benchmarks' own defaults (KvBenchmark) when a test sets none: 1 warmup second, 10 x 200 ms, sample mode. */
    private static final Map<String, String> JMH_DEFAULTS = Map.of("-bm", "sample", "-wi", "1", "-i", "10",
            "-w", "1s", "-r", "200ms", "-f", "1");

    /** Every benchmark's parameter names, in the order the results list them. */
    private static final Set<String> ALL_NAMES = new LinkedHashSet<>();

    static {
        ALL_NAMES.addAll(BenchParams.NAMES);
        ALL_NAMES.addAll(TreeParams.NAMES);
        ALL_NAMES.addAll(dev.kvbench.trial.YcsbParams.NAMES);
        ALL_NAMES.addAll(AppParams.NAMES);
        ALL_NAMES.addAll(BenchParams.OTHER_NAMES);
    }

    private Planner() {
    }

    /** The tests of {@code suite} as they will run with {@code user}'s arguments. */
    public static List<PlannedTest> plan(Suite suite, UserArgs user) {
        return plan(suite, user, n -> true);
    }

    /**
     * The tests of {@code suite} whose number (1-based) is {@code chosen} ({@code --shard}, {@code --tests}), as they
     * will run with {@code user}'s arguments, each keeping its number. A test not chosen is not planned, so nothing
     * in it is checked, except that a parameter the user gives is one some test of the suite takes.
     */
    static List<PlannedTest> plan(Suite suite, UserArgs user, java.util.function.IntPredicate chosen) {
        checkParamNames(user);
        List<PlannedTest> planned = new ArrayList<>();
        Set<String> takenByAny = new LinkedHashSet<>();
        for (int i = 0; i < suite.tests().size(); i++) {
            Experiment test = suite.tests().get(i);
            if (chosen.test(i + 1)) {
                PlannedTest p = plan(i + 1, test, user);
                planned.add(p);
                takenByAny.addAll(dev.kvbench.cli.Main.parameters(p.args().toArray(String[]::new)));
            } else {
                List<String> args = new ArrayList<>();
                args.add(user.pattern().orElse(test.pattern()));
                args.addAll(user.withoutPattern());
                takenByAny.addAll(dev.kvbench.cli.Main.parameters(args.toArray(String[]::new)));
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
        Map<String, String> suiteParams = new LinkedHashMap<>();
        suiteParams.put("store", test.params().getOrDefault("store", String.join(",", Stores.names())));
        suiteParams.putAll(test.params());
        // "all" in a test's own store list stands for every registered engine, as in JMH's default.
        suiteParams.put("store", String.join(",", Stores.expand(List.of(suiteParams.get("store").split(",")))));
        if (!user.jvms().isEmpty() && user.param("store").isEmpty()) {
            suiteParams.put("store", JvmVariants.expand(suiteParams.get("store"), user.jvms()));
        }

        List<String> args = new ArrayList<>();
        args.add(user.pattern().orElse(test.pattern()));
        Map<String, String> params = new LinkedHashMap<>();
        Map<String, String> options = new LinkedHashMap<>();
        suiteParams.forEach((name, value) -> {
            if (user.param(name).isEmpty()) {
                args.add("-p");
                args.add(name + "=" + value);
                params.put(name, value);
            }
        });
        test.options().forEach((option, value) -> {
            if (user.option(option).isEmpty()) {
                args.add(option);
                args.add(value);
                options.put(option, value);
            }
        });
        if (user.param("num").isEmpty() && !test.params().containsKey("num")) { // a size sweep names its own
            args.add("-p");
            args.add("num=" + test.entries().num());
            params.put("num", String.valueOf(test.entries().num()));
        }
        args.addAll(user.withoutPattern());
        params.putAll(user.params());
        options.putAll(user.options());
        check(number, args, params);

        int num = 0;
        for (String value : Defaults.values(params, "num")) {
            num = Math.max(num, positive("num", value));
        }
        String source = user.param("num").isPresent() ? "user" : test.entries().scaled() ? "scaled" : "suite";
        DataSpec largest = largest(params);
        // A suite's parameters (and the user's) go to every test; each test's command line keeps those its benchmarks take.
        Set<String> taken = dev.kvbench.cli.Main.parameters(args.toArray(String[]::new));
        if (!taken.isEmpty() && !taken.contains("num")) {
            // dirWalk: its tree's size follows fanout and depth, never -p num, and the plan says so
            num = treeEntries(params, test.entries().num());
            source = "suite";
        }
        List<String> command = takenOnly(args, taken);
        Map<String, String> runParams = new LinkedHashMap<>(params);
        runParams.keySet().retainAll(taken);
        try {
            dev.kvbench.cli.Main.check(command.toArray(String[]::new)); // the jar's own checks, which open no store
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        long runs = runs(test, runParams, options, dev.kvbench.cli.Main.baselines(command.toArray(String[]::new)));
        double perRun = test.workloads().contains("amp") ? ampRunSeconds(num, Experiment.entryBytes(params))
                : test.workloads().contains("ycsb") && "true".equals(options.get("-interleave"))
                ? ycsbTurnsSeconds(options, params.getOrDefault("props", ""), num)
                : perRunSeconds(options, num, Experiment.entryBytes(params), jvmsPerRun(test)) + timedRunSeconds(runParams, options)
                + (test.workloads().contains("ycsb") ? ycsbRunLimitSeconds(params) : 0);
        long seconds = Math.round(test.repeat().min() * runs * perRun);
        return new PlannedTest(number, test, List.copyOf(command), runParams, options, num, source, runs, seconds,
                largest, test.workloads().contains("amp") ? ampSpace(runParams, largest) : storesAtOnce(runParams, options) * WorkFolder.estimate(largest));
    }

    /** The amplification test's room: its most demanding store's ({@link AmpSpace}), since each trial's folder is emptied after it. */
    static long ampSpace(Map<String, String> params, DataSpec largest) {
        return Defaults.values(params, "store").stream()
                .mapToLong(spec -> AmpSpace.needed(largest, StoreSpec.parse(spec))).max().orElse(WorkFolder.estimate(largest));
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
     * Runs of a test: workloads x stores x the values of every other parameter x forks, and one more per store spec
     * and workload that has a direct-API baseline the command selects ({@code baselines}: per engine, its workloads).
     */
    static long runs(Experiment test, Map<String, String> params, Map<String, String> options, Map<String, Set<String>> baselines) {
        List<String> workloads = test.workloads().isEmpty()
                ? Workload.passes().stream().map(Workload::label).toList() : test.workloads();
        long others = 1;
        for (String name : params.keySet()) {
            if (!name.equals("store")) {
                others *= Defaults.values(params, name).size();
            }
        }
        List<String> stores = params.containsKey("store") ? Defaults.values(params, "store") : List.of("");
        long runs = 0;
        for (String workload : workloads) {
            for (String store : stores) {
                runs += store.isEmpty() || !baselined(baselines, store, workload) ? 1 : 2;
            }
        }
        int forks = Integer.parseInt(value(options, "-f"));
        return runs * others * Math.max(forks, 1);
    }

    /**
     * The stores a test holds in the work folder at once: every store of it when interleaved (each engine's JVM keeps its
     * store loaded while the others take their turns), else one.
     */
    static int storesAtOnce(Map<String, String> params, Map<String, String> options) {
        return "true".equals(options.get("-interleave")) && params.containsKey("store") ? Defaults.values(params, "store").size() : 1;
    }

    /** The store spec {@code store}'s engine has a direct-API baseline of {@code workload} among {@code baselines}. */
    static boolean baselined(Map<String, Set<String>> baselines, String store, String workload) {
        return baselines.getOrDefault(StoreSpec.parse(store.trim()).engine(), Set.of()).contains(workload);
    }

    /**
     * The JVMs an interleaved run starts, per run (one engine's workload): a test's read workloads share one JVM per
     * engine, each write has its own; 1 for a test of one workload.
     */
    static double jvmsPerRun(Experiment test) {
        List<String> workloads = test.workloads().isEmpty()
                ? Workload.passes().stream().map(Workload::label).toList() : test.workloads();
        long writes = workloads.stream().filter(w -> w.equals(Workload.WRITE.label())).count();
        long reads = workloads.size() - writes;
        return ((reads > 0 ? 1 : 0) + writes) / (double) workloads.size();
    }

    /**
     * A rough cost of one run in seconds: starting a fork and loading the store, settling (timed
     * runs), the iterations (timed ones last -w/-r; single-shot ones are one pass each), and passes
     * over the data; an interleaved run pays {@code jvms} of a JVM's start and load ({@link #jvmsPerRun}).
     */
    static double perRunSeconds(Map<String, String> options, int num, int entryBytes, double jvms) {
        double pass = (double) num * entryBytes / PASS_BYTES_PER_SECOND;
        int warmups = Integer.parseInt(value(options, "-wi"));
        int iterations = Integer.parseInt(value(options, "-i"));
        String mode = value(options, "-bm");
        if ("true".equals(options.get("-interleave"))) {
            // the JVMs load and settle two at a time, a test's reads sharing one per engine (each settled again);
            // each engine's turns: the warm-up rotations, then the measured ones (the interleaver's expectation); a
            // turn is its untimed passes for a quarter of its length, then the timed ones, and one pass at the least
            double measured = dev.kvbench.cli.Main.expectedInterleavedTurns(iterations);
            return (jvms * (START_SECONDS + pass) + SETTLE_SECONDS) / 2
                    + (warmups + measured) * Math.max(1.25 * seconds(value(options, "-r")), pass);
        }
        if (mode.equals("ss") || mode.equals("SingleShotTime")) {
            return START_SECONDS + (warmups + iterations + 1) * pass;
        }
        return START_SECONDS + SETTLE_SECONDS + warmups * seconds(value(options, "-w")) + iterations * seconds(value(options, "-r"))
                + pass;
    }

    /**
     * A rough cost of one engine's interleaved YCSB trial: its JVM's start and load, two at a time (a commit per insert,
     * YCSB's way, at {@value #YCSB_COMMITTED_LOADS_PER_SECOND} records a second; bulk, with {@code loadbatchsize}, ten
     * times that), then its turns: the probes and warm-ups, then the measured ones, each on average twice the median
     * engine's (the far slower engines' last up to ten times as long: a run of workload A on 13 engines took 4 s per
     * rotation of 150 ms turns).
     */
    static double ycsbTurnsSeconds(Map<String, String> options, String props, int records) {
        boolean bulk = java.util.regex.Pattern.compile("(^|;)loadbatchsize=([2-9]|\\d\\d+)").matcher(props).find();
        double load = records / (bulk ? 10.0 * YCSB_COMMITTED_LOADS_PER_SECOND : YCSB_COMMITTED_LOADS_PER_SECOND);
        double turns = YCSB_WARMUP_TURNS + dev.kvbench.cli.Main.expectedInterleavedTurns(
                Integer.parseInt(value(options, "-i")));
        return (START_SECONDS + load) / 2 + turns * 2 * seconds(value(options, "-r"));
    }

    /**
     * The seconds a YCSB single run's phase lasts at the most by its own {@code maxexecutiontime} (the file's or an
     * override's): a run of two 600-second phases was planned as "about 5 s". 0 without one, or for a workload the
     * plan cannot read (the trial's own check says why).
     */
    static double ycsbRunLimitSeconds(Map<String, String> params) {
        try {
            return Presets.resolve(params.get("workload"), YcsbParams.overrides(params.getOrDefault("props", "-")))
                    .maxExecutionTimeSec();
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** Records a second an engine loads with a commit per insert, on average over the engines (MVStore: 9,000). */
    static final double YCSB_COMMITTED_LOADS_PER_SECOND = 5_000;
    /** A YCSB block's probe and warm-up rotations ({@code Interleaver}'s). */
    static final int YCSB_WARMUP_TURNS = 6;

    /**
     * A rough cost of one amplification trial: a fork's start, then the load, {@value AmpState#OVERWRITES} passes of
     * overwrites and the read-back, each a pass over the data set on a disk, at {@link #AMP_SECONDS_PER_ENTRY_PASS}.
     */
    static double ampRunSeconds(int num, int entryBytes) {
        return START_SECONDS + (2.0 + AmpState.OVERWRITES) * num * AMP_SECONDS_PER_ENTRY_PASS;
    }

    /**
     * The timed runs of the concurrent workloads (readWhileWriting, prefixScan): {@code duration}
     * seconds per warm-up and measured iteration; 0 when the test does not set a duration.
     */
    static double timedRunSeconds(Map<String, String> params, Map<String, String> options) {
        if (!params.containsKey("duration")) {
            return 0;
        }
        double longest = Defaults.values(params, "duration").stream().mapToDouble(Defaults::integer).max().orElse(0);
        return longest * (Integer.parseInt(value(options, "-wi")) + Integer.parseInt(value(options, "-i")));
    }

    /** The data set of {@code params} that needs the most room: every num x intKey x valSize. */
    static DataSpec largest(Map<String, String> params) {
        DataSpec largest = null;
        for (String num : Defaults.values(params, "num")) {
            for (String intKey : Defaults.values(params, "intKey")) {
                for (String valSize : Defaults.values(params, "valSize")) {
                    DataSpec data;
                    try {
                        data = new DataSpec(positive("num", num), Boolean.parseBoolean(intKey), false,
                                Defaults.integer(valSize), false);
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
                throw new UsageException("unknown parameter '" + name + "'; parameters: " + String.join(", ", BenchParams.NAMES)
                        + " (dirWalk: " + String.join(", ", TreeParams.NAMES) + "; application workloads: "
                        + String.join(", ", AppParams.NAMES) + "; crash and power-cut tests: " + String.join(", ", BenchParams.OTHER_NAMES) + ")");
            }
        }
    }

    /** JMH accepts the command line, and every store spec names a registered engine and its options. */
    private static void check(int number, List<String> args, Map<String, String> params) {
        try {
            dev.kvbench.cli.Main.interleaveValue(args.toArray(String[]::new));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        try {
            new CommandLineOptions(dev.kvbench.cli.Main.withoutInterleave(args.toArray(String[]::new)));
        } catch (CommandLineOptionException | RuntimeException e) { // JMH throws IllegalStateException for a bad -bm
            throw new UsageException("JMH does not accept the options of test " + number + ": "
                    + String.valueOf(e.getMessage()).replaceAll("\\s*\n\\s*", "; ") + " (see java -jar target/benchmarks.jar -h)");
        }
        if ("0".equals(options(args).get("-f"))) {
            throw new UsageException("-f 0 would run the benchmarks in one JVM without the engines' JVM flags: a suite runs"
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
                throw new UsageException("-p " + name + "=" + value + ": " + name + " must be at most " + Integer.MAX_VALUE);
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

    static String value(Map<String, String> options, String option) {
        return options.getOrDefault(option, JMH_DEFAULTS.get(option));
    }

    /** JMH's time values ({@code 1s}, {@code 500ms}, {@code 2min}) in seconds. */
    private static double seconds(String time) {
        String t = time.trim();
        try {
            if (t.endsWith("ms")) {
                return Double.parseDouble(t.substring(0, t.length() - 2)) / 1000;
            }
            if (t.endsWith("min")) {
                return Double.parseDouble(t.substring(0, t.length() - 3)) * 60;
            }
            if (t.endsWith("s")) {
                return Double.parseDouble(t.substring(0, t.length() - 1));
            }
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new UsageException("cannot read the time '" + time + "' (e.g. 1s, 500ms)");
        }
    }
}
