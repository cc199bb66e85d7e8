package dev.kvbench.cli;

import dev.kvbench.fork.VariantJvm;
import dev.kvbench.interleave.Interleaver;
import dev.kvbench.interleave.Turns;
import dev.kvbench.results.SideFile;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.trial.JvmMemory;
import dev.kvbench.trial.Settle;
import dev.kvbench.trial.TrialParams;
import dev.kvbench.trial.WorkloadFamilies;
import dev.kvbench.trial.WorkloadFamily.Turn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * {@code -interleave}: the plan's runnable (benchmark, store) pairs run by an {@link Interleaver} instead of
 * JMH, one block per combination of the other parameters: a write with every store's trial in it, and the read
 * workloads together, each engine's JVM loading its store once and running its read workloads one after another
 * (each settled, then interleaved with the other engines' JVMs on the same workload). JMH's options keep their meaning where they have one: {@code -wi} warm-up rotations (default 1),
 * {@code -i} the fewest measured rotations (default 12), {@code -r} a turn's length (default 200 ms),
 * {@code -f} JVMs per engine (default 1), each turn after untimed passes for a quarter of its length that refill
 * the caches the other engines' turns emptied; after {@code -i} rotations only the engines of the pairs whose order the
 * paired ranking has not decided take more, up to {@link #MAX_ROTATIONS} times {@code -i} and for at most half as long
 * as the first rotations took. The result file is JMH's CSV format.
 *
 * @param timeout the longest wait, in seconds, for one JVM's answer
 */
record Interleaving(CommandLineOptions options, RunPlan plan, SideFile side, long timeout) {

    static final int DEFAULT_WARMUP = 1;
    static final int DEFAULT_ROTATIONS = 12;
    static final long DEFAULT_TURN_MS = 200;
    /**
     * The most measured rotations, as a multiple of {@code -i}: the extra rotations are those of the undecided pairs
     * alone, two or three engines each, so many fit in the time cap.
     */
    static final int MAX_ROTATIONS = 8;
    /**
     * The time cap of a benchmark's extra rotations: at most half as long as its warmup and fewest rotations took. They
     * go to the undecided pairs only, and a pair that is still undecided by then is close: 400 pairs for ±3%, more
     * than a default run has time for.
     */
    static final double EXTRA_SHARE = 0.5;
    /**
     * The most time, in ms, an interleaved JVM settles a workload before its first turn, where a plain JMH fork
     * settles for up to {@code Settle}'s 2 s: what warm-up is left after it shows in the JVM's first turns, which the
     * changepoints in its turns leave out of its score ({@code SteadyState}), and the turns an engine is then short of
     * it takes in the rotations. A run's own {@code -Dkvbench.settle.maxMs} stands.
     */
    static final long SETTLE_MS = 1_000;

    /**
     * The measured turns an engine takes on average for {@code -i rotations}: the fewest rotations, at least the turns an
     * interval needs where the rotations allowed reach them, and a quarter as many again for the engines of undecided
     * pairs (quick on 2 cores: 11 min 51 s to 12 min 21 s of suite time), for the suite's time estimate.
     */
    static double expectedTurns(int rotations) {
        int fewest = Turns.fewestForInterval();
        return (MAX_ROTATIONS * rotations >= fewest ? Math.max(rotations, fewest) : rotations) + 0.25 * rotations;
    }

    /**
     * Whether {@code benchmark} is interleaved: its family gives its workload turns, and it is the family's Store path
     * benchmark ({@link WorkloadFamilies#turnOf}).
     */
    static boolean interleaves(String benchmark) {
        return WorkloadFamilies.turnOf(benchmark) != Turn.NONE;
    }

    /**
     * Asked to interleave, a plan of which nothing interleaves would run as JMH forks one after another, a silently
     * different experiment: refused before anything runs, naming what the command line selected.
     */
    static void checkSomethingInterleaves(RunPlan plan, boolean interleave) {
        if (!interleave || plan.benchmarks.isEmpty() || plan.benchmarks.stream().anyMatch(Interleaving::interleaves)) {
            return;
        }
        List<String> names =
                plan.benchmarks.stream().map(Interleaving::shortName).toList();
        boolean one = names.size() == 1;
        throw new IllegalArgumentException(Main.INTERLEAVE + " true: " + String.join(", ", names)
                + (one ? " does" : " do") + " not interleave (" + INTERLEAVING + "): give " + Main.INTERLEAVE
                + " false to run " + (one ? "it" : "them") + " in JMH forks one after another");
    }

    /**
     * A parameter only interleaved turns take ({@code turnOps}, {@link WorkloadFamily#turnNames}) is refused without
     * {@code -interleave true}: the JMH forks would run whole passes, silently not what was asked.
     */
    static void checkTurnNamesInterleave(RunPlan plan, boolean interleave) {
        if (interleave) {
            return;
        }
        for (String benchmark : plan.benchmarks) {
            for (String name : RunPlanChecks.turnNames(benchmark)) {
                if (plan.optionalParams.getOrDefault(benchmark, Map.of()).containsKey(name)) {
                    throw new IllegalArgumentException("-p " + name + " sets the operations of an interleaved turn:"
                            + " give " + Main.INTERLEAVE + " true, or leave " + name + " out for JMH's whole passes");
                }
            }
        }
    }

    /** What interleaves, for the lines that name what does not. */
    private static final String INTERLEAVING = "only the Store path's single-pass workloads and YCSB's interleave";

    /** {@code Class.method} of a benchmark's full name. */
    static String shortName(String benchmark) {
        return benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
    }

    /** The plan's JMH runs with only the benchmarks that are not interleaved (none left: the run is dropped). */
    List<RunPlan.Run> jmhRuns() {
        List<RunPlan.Run> runs = new ArrayList<>();
        for (RunPlan.Run run : plan.runs) {
            List<String> rest =
                    run.benchmarks().stream().filter(b -> !interleaves(b)).toList();
            if (!rest.isEmpty()) {
                runs.add(new RunPlan.Run(rest, run.stores(), run.sync()));
            }
        }
        return runs;
    }

    /** Runs the interleaved blocks; their result rows. */
    List<CsvResults.Line> run(String java, List<String> jvmArgs) throws InterruptedException {
        List<String> forkArgs = settleCapped(jvmArgs);
        String classpath = System.getProperty("java.class.path");
        List<Interleaver.Block> blocks = blocks(plan);
        Map<Map<String, String>, String> benchmarkOf = new LinkedHashMap<>();
        for (Interleaver.Block block : blocks) {
            for (String benchmark : block.benchmarks()) {
                block.trials(benchmark).forEach(params -> benchmarkOf.putIfAbsent(params, benchmark));
            }
        }
        Map<Map<String, String>, List<String>> commands = new LinkedHashMap<>();
        Function<Map<String, String>, List<String>> command = params -> commands.computeIfAbsent(
                params,
                p -> withPlannedHeap(
                        VariantJvm.command(StoreSpec.parse(p.get("store")), java, forkArgs, classpath),
                        benchmarkOf.get(p),
                        p,
                        forkArgs));
        int rotations = options.getMeasurementIterations().orElse(DEFAULT_ROTATIONS);
        long turn = options.getMeasurementTime().hasValue()
                ? Math.max(1, options.getMeasurementTime().get().convertTo(TimeUnit.MILLISECONDS))
                : DEFAULT_TURN_MS;
        Interleaver.Settings settings = new Interleaver.Settings(
                options.getWarmupIterations().orElse(DEFAULT_WARMUP),
                rotations,
                MAX_ROTATIONS * rotations,
                turn,
                turn / 4,
                Math.max(1, options.getForkCount().orElse(1)),
                EXTRA_SHARE,
                timeout,
                System.nanoTime());
        Interleaver interleaver = new Interleaver(
                command,
                settings,
                side,
                System.out,
                options.shouldFailOnError().orElse(true),
                Runtime.getRuntime().availableProcessors());
        List<String> others = plan.runs.stream()
                .flatMap(r -> r.benchmarks().stream())
                .filter(b -> !interleaves(b))
                .distinct()
                .map(Interleaving::shortName)
                .toList();
        // said before anything runs, even when none of the pairs that interleave can run here
        if (!others.isEmpty()) {
            System.out.println("kvbench: -interleave: " + String.join(", ", others) + " run in JMH forks one after"
                    + " another" + (blocks.isEmpty() ? "" : ", after the interleaved blocks") + " (" + INTERLEAVING
                    + ")");
        }
        if (blocks.isEmpty()) {
            return List.of();
        }
        System.out.println("# VM options: " + String.join(" ", forkArgs));
        return interleaver.run(blocks).stream().map(CsvResults.Line::of).toList();
    }

    /** {@code forkArgs} with the interleaved JVMs' settling cap, {@link #SETTLE_MS}, unless they give one. */
    static List<String> settleCapped(List<String> forkArgs) {
        String flag = "-D" + Settle.MAX_PROPERTY + "=";
        if (forkArgs.stream().anyMatch(arg -> arg.startsWith(flag))) {
            return forkArgs;
        }
        List<String> capped = new ArrayList<>(forkArgs);
        capped.add(flag + SETTLE_MS);
        return capped;
    }

    /**
     * {@code command} (java, then its flags) with the heap {@link JvmMemory} gives a JVM of this trial's store and data
     * set, as the suite's memory plan counts it, unless the run's or the variant's flags give an {@code -Xmx}, which
     * then stands. Every engine of a block runs at once: a JVM's default heap, a quarter of the machine's memory, is
     * no bound for a dozen of them.
     */
    static List<String> withPlannedHeap(
            List<String> command, String benchmark, Map<String, String> params, List<String> forkArgs) {
        if (benchmark == null) {
            return command;
        }
        TrialParams trial = WorkloadFamilies.ofBenchmark(benchmark).parse(params);
        JvmMemory memory = JvmMemory.of(trial.store(), trial.shape(), forkArgs);
        if (memory.heapGiven()) {
            return command;
        }
        List<String> with = new ArrayList<>(command);
        with.add(1, memory.flag()); // before every other flag, so that one given later would stand
        return with;
    }

    /**
     * One block per combination of the parameters other than the store: its read workloads together (each engine's
     * JVM loads its store once for all of them and runs them one after another), and each write and each YCSB
     * workload (its run phase in turns of a fixed number of operations) on its own, with
     * every store's trial of each benchmark in it.
     */
    static List<Interleaver.Block> blocks(RunPlan plan) {
        Map<List<Object>, Map<String, List<Map<String, String>>>> grouped = new LinkedHashMap<>();
        for (RunPlan.Run run : plan.runs) {
            for (String benchmark : run.benchmarks()) {
                if (!interleaves(benchmark)) {
                    continue;
                }
                for (String store : run.stores()) {
                    for (Map<String, String> params : plan.combinations(benchmark, store, run.sync())) {
                        Map<String, String> others = new LinkedHashMap<>(params);
                        others.remove("store");
                        List<Object> block = WorkloadFamilies.turnOf(benchmark) == Turn.LOADED_PASS
                                ? List.of("reads", WorkloadFamilies.ofBenchmark(benchmark), others)
                                : List.of(benchmark, others);
                        grouped.computeIfAbsent(block, b -> new LinkedHashMap<>())
                                .computeIfAbsent(benchmark, b -> new ArrayList<>())
                                .add(params);
                    }
                }
            }
        }
        return grouped.values().stream().map(Interleaver.Block::new).toList();
    }
}
