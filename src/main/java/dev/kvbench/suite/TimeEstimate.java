package dev.kvbench.suite;

import dev.kvbench.amp.AmpState;
import dev.kvbench.cli.Main;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.trial.WorkloadFamilies;
import dev.kvbench.workload.Workload;
import dev.kvbench.workload.ycsb.Presets;
import dev.kvbench.workload.ycsb.YcsbParams;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A rough time estimate of a planned test: its runs and the seconds each costs on a small machine, by how it is
 * timed (JMH's modes, interleaved turns, YCSB's turns, timed concurrent runs, amplification passes). Apart from
 * {@link Planner} because its constants are measured guesses, tuned from runs, while the plan's checks are rules.
 */
final class TimeEstimate {

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
    private static final Map<String, String> JMH_DEFAULTS =
            Map.of("-bm", "sample", "-wi", "1", "-i", "10", "-w", "1s", "-r", "200ms", "-f", "1");

    private TimeEstimate() {}

    /**
     * A rough cost of one run of {@code test} in seconds, by how it is timed: an amplification trial, an interleaved
     * YCSB trial's turns, or a run of JMH's (or interleaved turns) and its timed concurrent runs, with a YCSB run's own
     * time limit; {@code params} are its command line's, {@code runParams} those its benchmarks take.
     */
    static double secondsPerRun(
            Experiment test,
            Map<String, String> params,
            Map<String, String> runParams,
            Map<String, String> options,
            int num) {
        if (test.workloads().contains("amp")) {
            return ampRunSeconds(num, Experiment.entryBytes(params));
        }
        if (test.workloads().contains("ycsb") && "true".equals(options.get("-interleave"))) {
            return ycsbTurnsSeconds(options, params.getOrDefault("props", ""), num);
        }
        return perRunSeconds(options, num, Experiment.entryBytes(params), jvmsPerRun(test))
                + timedRunSeconds(runParams, options)
                + (test.workloads().contains("ycsb") ? ycsbRunLimitSeconds(params) : 0);
    }

    /**
     * Runs of a test: workloads x stores x the values of every other parameter x forks, and one more per store spec
     * and workload that has a direct-API baseline the command selects ({@code baselines}: per engine, its workloads).
     */
    static long runs(
            Experiment test,
            Map<String, String> params,
            Map<String, String> options,
            Map<String, Set<String>> baselines) {
        List<String> workloads = test.workloads().isEmpty()
                ? Workload.passes().stream().map(Workload::label).toList()
                : test.workloads();
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

    /** The store spec {@code store}'s engine has a direct-API baseline of {@code workload} among {@code baselines}. */
    static boolean baselined(Map<String, Set<String>> baselines, String store, String workload) {
        return baselines
                .getOrDefault(StoreSpec.parse(store.trim()).engine(), Set.of())
                .contains(workload);
    }

    /**
     * The JVMs an interleaved run starts, per run (one engine's workload): a test's read workloads share one JVM per
     * engine, each write has its own; 1 for a test of one workload.
     */
    static double jvmsPerRun(Experiment test) {
        List<String> workloads = test.workloads().isEmpty()
                ? Workload.passes().stream().map(Workload::label).toList()
                : test.workloads();
        long writes = workloads.stream()
                .map(WorkloadFamilies::workloadOf)
                .filter(WorkloadFamilies::writes)
                .count();
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
            double measured = Main.expectedInterleavedTurns(iterations);
            return (jvms * (START_SECONDS + pass) + SETTLE_SECONDS) / 2
                    + (warmups + measured) * Math.max(1.25 * seconds(value(options, "-r")), pass);
        }
        if (mode.equals("ss") || mode.equals("SingleShotTime")) {
            return START_SECONDS + (warmups + iterations + 1) * pass;
        }
        return START_SECONDS
                + SETTLE_SECONDS
                + warmups * seconds(value(options, "-w"))
                + iterations * seconds(value(options, "-r"))
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
        boolean bulk = Pattern.compile("(^|;)loadbatchsize=([2-9]|\\d\\d+)")
                .matcher(props)
                .find();
        double load = records / (bulk ? 10.0 * YCSB_COMMITTED_LOADS_PER_SECOND : YCSB_COMMITTED_LOADS_PER_SECOND);
        double turns = YCSB_WARMUP_TURNS + Main.expectedInterleavedTurns(Integer.parseInt(value(options, "-i")));
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
        double longest = Defaults.values(params, "duration").stream()
                .mapToDouble(Defaults::integer)
                .max()
                .orElse(0);
        return longest * (Integer.parseInt(value(options, "-wi")) + Integer.parseInt(value(options, "-i")));
    }

    static String value(Map<String, String> options, String option) {
        return options.getOrDefault(option, JMH_DEFAULTS.get(option));
    }

    /** JMH's time values ({@code 1s}, {@code 500ms}, {@code 2min}) in seconds. */
    static double seconds(String time) {
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
