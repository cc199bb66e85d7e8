package dev.kvbench.report.section;

import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.results.Metric;
import dev.kvbench.results.Stability;
import dev.kvbench.store.CacheSize;
import dev.kvbench.text.Numbers;
import dev.kvbench.workload.DataSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * How the numbers were made: what a pass and a score are, what is checked and measured, the forks' JVM
 * options, the steady state reached before measurement, the engines' settings, the limit rows, the charts.
 */
final class MethodSection extends Section {

    private final MeasurementSection measurement;

    MethodSection(ResultsFolder folder, Specs specs, Markdown md, MeasurementSection measurement) {
        super(folder, specs, md);
        this.measurement = measurement;
    }

    @Override
    void write() {
        md.heading(2, "Method");
        if (ycsbOnly()) {
            writeYcsb();
            return;
        }
        md.bullets(List.of(
                "Time: JMH's score for one operation, and one operation is one full pass over the data set "
                        + "(write: insert every entry; reads: visit every entry), in milliseconds (or seconds) per pass; "
                        + "± is JMH's 99.9% confidence interval. Lower is better. Each test's JMH settings are listed with it.",
                "Every pass is checked (entries found, checksums equal across ordered engines); a run that fails "
                        + "its check is reported as failed, never as a number.",
                "Storage: bytes really allocated in the store's folder (st_blocks × 512) after the store is closed, "
                        + "from the write run (one pass of it: every pass writes the same entries into an empty store); "
                        + "overhead = storage ÷ flat array − 1, where the flat array is entries × "
                        + "(key size + value size), with 4-byte int keys or 16-byte string keys.",
                "Background CPU: CPU time of the engine's own threads (compaction, GC of the store...) per trial: "
                        + "process CPU minus the benchmark thread and the JVM's JIT and GC threads.",
                "Peak open files, peak resident memory (RSS) and peak Java heap: the highest values seen during a trial.",
                forkOptions(),
                adapterInlining(),
                steadyState(),
                new Changepoints(folder, specs, "ms/pass").text(),
                measurement.rounds(),
                measurement.interleaved(),
                clientCost(),
                "Stability: a score whose 99.9% error is over " + Math.round(100 * Stability.ERROR) + "% of it, or "
                        + "whose error is unknown (one sample), is marked unstable"
                        + (paired()
                                ? ": that says how precise the number is, and gates no ranking where the engines' turns were "
                                        + "paired (an interleaved test); elsewhere it is never ranked or called a winner."
                                : " and is never ranked or called a winner.")
                        + drifts(),
                engineSettings(),
                "Limit rows, not engines: Sorted array (`array`: a flat sorted off-heap array, the ceiling; its "
                        + "storage is the flat array), Heap map (`heap`: a sorted map on the Java heap, GC included) and "
                        + "Null (`null`: keeps nothing, so its time is the harness's own cost; it runs write and readKey "
                        + "only, verified as finding nothing). They are drawn grey with dark hatching and never ranked.",
                "Charts: one colour per engine in every chart, hatched bars for non-default settings, the value printed "
                        + "on each bar, JMH's error as a whisker, and a log scale (said on the axis) when a panel's "
                        + "values span more than 10×."));
    }

    /** Whether every test of the folder is a YCSB workload's, whose method is its own ({@link #writeYcsb}). */
    private boolean ycsbOnly() {
        return !folder.tests.isEmpty() && folder.tests.stream().allMatch(t -> ChartKind.of(t) == ChartKind.YCSB);
    }

    /** The method of a folder of YCSB workloads: its phases, turns or single runs, verification and figures. */
    private void writeYcsb() {
        md.bullets(Stream.of(
                        "Phases: each engine loads `recordcount` records into an empty store (the load phase, run once and timed"
                                + " on its own), then runs the workload's operation mix (the run phase). Throughput is operations"
                                + " per second, all client threads together; higher is better.",
                        paired()
                                ? "Interleaved turns (`interleave=true`): every engine's JVM loaded its store once; then, rotation by"
                                        + " rotation in a shuffled order, each engine ran a turn of the run phase while the others waited,"
                                        + " holding no reader or writer. A turn is a fixed number of operations from each client thread's"
                                        + " own seeded stream, the same operations on every engine in each rotation (the log says which,"
                                        + " turn by turn; only a limit row far slower than the others takes turns of its own size, on"
                                        + " operations of its own, which its test names). " + YcsbMethod.warmup(folder)
                                        + " An engine's rate is the operations over the median of its turns' time per"
                                        + " operation, ± the 99.9% interval of that median (order statistics); its ranking against another"
                                        + " engine comes from their turns paired by rotation: the median of the ratios and its 99.9%"
                                        + " interval, so a slow phase of the host divides out. After the fewest rotations, only the"
                                        + " engines of neighbouring pairs still undecided take more turns, within a time cap."
                                : "Single runs (`interleave=false`, a `target` or a `maxexecutiontime`): each engine ran the phase"
                                        + " once per round, `operationcount` operations or `maxexecutiontime` seconds, as YCSB's client"
                                        + " does; in rounds, a figure is the median of the rounds and its ± the distance to the farthest"
                                        + " round.",
                        YcsbMethod.records(),
                        YcsbMethod.differences(paired()),
                        "Verification: every value is derived from its key number and version, so every read is checked (its"
                                + " key's record, at a version no older than the thread last saw and no newer than written), every"
                                + " scan too (order, contents, and no record skipped that existed before it began), and after the"
                                + " run every record must hold its last version. A wrong answer fails the trial: no number.",
                        "Latency: service time per operation type, from the operation's start to its end, the client's whole"
                                + " work for it included; HdrHistogram per client thread, merged"
                                + (paired() ? " over every measured turn" : "")
                                + "; with a `target`, also from each operation's"
                                + " intended start (no coordinated omission).",
                        "Storage: bytes really allocated in the store's folder (st_blocks × 512) after each phase, the store open.",
                        forkOptions(),
                        adapterInlining(),
                        new Changepoints(folder, specs, "ms/op").text(),
                        clientCost(),
                        "Stability: a rate whose 99.9% interval is over " + Math.round(100 * Stability.ERROR)
                                + "% of it is"
                                + " imprecise; "
                                + (paired()
                                        ? "that gates no ranking here, which the paired turns decide."
                                        : "it is never ranked or called a winner."),
                        engineSettings(),
                        "Limit rows, not engines: Sorted array (`array`: a flat sorted off-heap array; a commit merges the whole"
                                + " array), Heap map (`heap`: a sorted map on the Java heap) and Null (`null`: keeps nothing, so its"
                                + " throughput is the client's own cost, verified as finding nothing). They are never ranked.")
                .filter(line -> line != null && !line.isEmpty())
                .toList());
    }

    /** Whether any test's engines have turns paired by rotation, which then rank them. */
    private boolean paired() {
        return folder.tests.stream().anyMatch(t -> t.results.stream().anyMatch(Result::paired));
    }

    /**
     * What the drifts among the interleaved engines' numbers say, or nothing when none drifted: a drift is the
     * engine's own change of speed during the test, which more turns do not narrow.
     */
    private String drifts() {
        List<Result> ok = folder.tests.stream()
                .flatMap(t -> t.results.stream())
                .filter(Result::ok)
                .toList();
        long drifted = ok.stream().filter(Result::drifted).count();
        if (drifted == 0) {
            return "";
        }
        List<Result> unstable = ok.stream().filter(r -> !r.stable()).toList();
        long unstableDrifted = unstable.stream().filter(Result::drifted).count();
        return " An interleaved engine whose own time moved by more than " + Math.round(100 * Stability.ERROR)
                + "% between the first and the last third of its turns (each turn divided by its rotation's host "
                + "factor, so not the host's doing) drifted: its JVM or its store changed speed during the test "
                + "(the heap, the JIT, the memory behind the store), and more turns do not narrow that. Here "
                + drifted + " number" + (drifted == 1 ? "" : "s") + " drifted, " + unstableDrifted + " of the "
                + unstable.size() + " unstable ones; the test sections give each one's first and last.";
    }

    /**
     * A YCSB report's line on the client's own cost per operation: kvbench's on the {@code null} store, and, where
     * the folder has YCSB's own client on BasicDB beside it (the ycsb-peer suite), YCSB's and the ratio; empty
     * without a YCSB run on the null store.
     */
    private String clientCost() {
        List<Result> nulls = YcsbPeerRuns.nullRuns(folder);
        if (nulls.isEmpty()) {
            return "";
        }
        double[] kv = nulls.stream().mapToDouble(YcsbPeerRuns::microsPerOp).toArray();
        String text =
                "The client's own cost (YCSB workloads): kvbench's client, on the `null` store, which keeps nothing, "
                        + "spent " + range(kv) + " µs per operation and client thread in the run phase ("
                        + workloads(nulls.stream()
                                .map(r -> r.key().param("workload"))
                                .toList()) + "), choosing the operation and key, making the key and "
                        + "value, verifying the answer and recording its latency; the engines' figures include it.";
        List<YcsbPeerRuns.Pair> basic = YcsbPeerRuns.of(folder).stream()
                .filter(YcsbPeerRuns.Pair::basicDb)
                .filter(p -> !Double.isNaN(p.kvbenchMicrosPerOp()) && p.run().throughput() > 0)
                .toList();
        if (!basic.isEmpty()) {
            double[] ycsb = basic.stream()
                    .mapToDouble(YcsbPeerRuns.Pair::ycsbMicrosPerOp)
                    .toArray();
            double[] ratio = basic.stream()
                    .mapToDouble(p -> p.kvbenchMicrosPerOp() / p.ycsbMicrosPerOp())
                    .toArray();
            text += " YCSB " + folder.env.getOrDefault("ycsb.peer.core", "")
                    + "'s own client, on its `BasicDB`, which does "
                    + "nothing, spent " + range(ycsb) + " µs on the same workloads: kvbench's client costs "
                    + range(ratio)
                    + " of YCSB's per operation (the goal: at most 0.1; table in *Side by side with YCSB*).";
        }
        return text;
    }

    /** "0.41" for one value or equal ones, else "0.35-0.52", three significant digits. */
    private static String range(double[] values) {
        double low = Arrays.stream(values).min().orElse(Double.NaN);
        double high = Arrays.stream(values).max().orElse(Double.NaN);
        String a = Numbers.sig3(low);
        String b = Numbers.sig3(high);
        return a.equals(b) ? a : a + "-" + b;
    }

    /** "workloada" or "6 workloads: workloada ... workloadf". */
    private static String workloads(List<String> names) {
        List<String> distinct = names.stream().distinct().toList();
        return distinct.size() == 1 ? distinct.get(0) : distinct.size() + " workloads: " + String.join(", ", distinct);
    }

    /**
     * "Engine settings as their own benchmarks run them: " and what each engine says of its own
     * ({@link EngineNotes}), Agrona's bounds checks, and the caches sized from the data set with their rule.
     */
    private String engineSettings() {
        List<String> notes = new ArrayList<>(EngineNotes.settings());
        notes.add("Agrona's bounds checks off in every benchmark fork (`-Dagrona.disable.bounds.checks=true`, for all "
                + "engines alike: the harness's own buffers use them too)");
        String text = "Engine settings as their own benchmarks run them: " + String.join("; ", notes) + ".";
        List<String> caches = EngineNotes.dataSizedCaches();
        if (!caches.isEmpty()) {
            text += " " + String.join(" and ", caches) + (caches.size() == 1 ? " is" : " are")
                    + " sized from the data set unless a spec sets them: " + cacheRule() + ".";
        }
        return text;
    }

    /** The rule, then what it gave each data set an LSM engine ran on in this folder: "180 MiB for 1,000,000 int keys...". */
    private String cacheRule() {
        Map<String, Integer> given = new LinkedHashMap<>();
        for (TestRun test : folder.tests) {
            for (Result r : test.results) {
                if (!EngineNotes.sizesCacheFromData(r.store())) {
                    continue;
                }
                try {
                    DataSpec data = new DataSpec(
                            (int) Numbers.parse(r.key().param("num")),
                            !"false".equals(r.key().param("intKey")),
                            false,
                            (int) Numbers.parse(r.key().param("valSize")),
                            false);
                    given.putIfAbsent(
                            Numbers.count(data.num()) + " entries of " + data.keySize() + " + "
                                    + Numbers.count(data.valSize()) + " B",
                            CacheSize.forData(data.shape()));
                } catch (RuntimeException e) {
                    // a parameter that is not a number: nothing to say for this run
                }
            }
        }
        StringBuilder s = new StringBuilder(CacheSize.RULE);
        if (!given.isEmpty()) {
            s.append(" (here: ");
            List<String> parts = new ArrayList<>();
            given.forEach((data, mib) -> parts.add(mib + " MiB for " + data));
            s.append(String.join("; ", parts)).append(')');
        }
        return s.toString();
    }

    /**
     * The JVM options JMH gave the benchmark forks, as its log says, without the two that name a
     * run's own files (its side file and work folder), which differ from run to run.
     */
    private String forkOptions() {
        return forkVmOptions().stream()
                .findFirst()
                .map(o -> "JVM options of every benchmark fork (from the JMH log, without each run's "
                        + "-Dkvbench.side and -Dkvbench.dir): "
                        + Markdown.code(o.replaceAll("\\s*-Dkvbench\\.(side|dir)=\\S+", "")
                                .trim()) + ".")
                .orElse("The JMH logs do not show the benchmark forks' JVM options.");
    }

    /**
     * How the trials reached their steady state before measurement, from their side-file lines: the
     * settling rule, how many settled, the longest to settle and those that did not; empty when no
     * trial settled at all (single-shot runs, results from before settling).
     */
    private String steadyState() {
        List<Result> settling = folder.tests.stream()
                .flatMap(t -> Stream.concat(t.results.stream(), t.direct.stream()))
                .filter(r -> r.ok() && !Double.isNaN(r.metric(Metric.SETTLED)))
                .toList();
        if (settling.isEmpty()) {
            return "";
        }
        List<Result> unsettled = settling.stream().filter(r -> !r.settled()).toList();
        List<Result> settled = settling.stream().filter(Result::settled).toList();
        String longest = settled.stream()
                .max(Comparator.comparingDouble(r -> r.metric(Metric.SETTLE_MS)))
                .map(r -> "; the longest to settle was " + runName(r) + " ("
                        + String.format(
                                Locale.ROOT,
                                "%.1f s, %d passes",
                                r.metric(Metric.SETTLE_MS) / 1000,
                                Math.round(r.metric(Metric.SETTLE_PASSES)))
                        + ")")
                .orElse("");
        String still = unsettled.isEmpty()
                ? ""
                : " Still changing when settling stopped (their scores stand when their "
                        + "error is within " + Math.round(100 * Stability.ERROR) + "%, but their passes drifted before "
                        + "measurement): "
                        + String.join(
                                ", ", unsettled.stream().map(this::runName).toList()) + ".";
        return "Steady state: before JMH's warmup, every sampled trial makes verified, untimed passes until its pass "
                + "time settles: the medians of its last three windows of passes (5 passes each, fewer while there are "
                + "under 15) within 5% of each other, and the JIT compiling for at most a tenth of the last window; at "
                + "most " + settleCap(settling)
                + " (`-jvmArgsAppend -Dkvbench.settle.maxMs=...`). JMH's warmup follows. A fixed "
                + "warmup alone measured slow engines before their steady state: in an 800 ms warmup Xodus's readKey "
                + "made four passes of 420 ms, and then ran 50 ms passes. Here " + settled.size() + " of "
                + settling.size() + " runs settled" + longest + "." + still;
    }

    /**
     * The settling cap of {@code runs}: one for all of them ({@link #capOf}), or the interleaved JVMs' and the JMH forks'
     * where they differ (a run gives its interleaved JVMs a shorter one by default).
     */
    private static String settleCap(List<Result> runs) {
        String interleaved = capOf(runs.stream().filter(Result::paired).toList());
        String forks = capOf(runs.stream().filter(r -> !r.paired()).toList());
        return interleaved.isEmpty() || forks.isEmpty() || interleaved.equals(forks)
                ? capOf(runs)
                : interleaved
                        + " in an interleaved JVM (the changepoints in its turns leave out what warm-up is left), "
                        + forks + " in a JMH fork";
    }

    /**
     * The settling cap of {@code runs} as their side file recorded it ({@link Metric#SETTLE_MAX_MS}): "2 s", or "1-2 s"
     * when runs had different caps; "3 s" for results from before the cap was recorded, when that was the default;
     * empty for no runs.
     */
    private static String capOf(List<Result> runs) {
        if (runs.isEmpty()) {
            return "";
        }
        double[] caps = runs.stream()
                .mapToDouble(r -> r.metric(Metric.SETTLE_MAX_MS))
                .filter(v -> !Double.isNaN(v))
                .toArray();
        if (caps.length == 0) {
            return "3 s";
        }
        String low = seconds(Arrays.stream(caps).min().getAsDouble());
        String high = seconds(Arrays.stream(caps).max().getAsDouble());
        return low.equals(high) ? high + " s" : low + "-" + high + " s";
    }

    /** Milliseconds as plain seconds: 2000 as "2", 1500 as "1.5". */
    private static String seconds(double millis) {
        return BigDecimal.valueOf(Math.round(millis))
                .movePointLeft(3)
                .stripTrailingZeros()
                .toPlainString();
    }

    /** "Xodus readKey, random" or, for a direct baseline, "LMDB DB readKey (direct API), sequential". */
    private String runName(Result r) {
        return specs.label(r.store()) + " " + r.workload() + (r.key().direct() ? " (direct API)" : "")
                + (r.key().params().containsKey("sequential")
                        ? ("true".equals(r.key().params().get("sequential")) ? ", sequential" : ", random")
                        : "");
    }

    /**
     * Whether the forks forced kvbench's adapters inline ({@code Main.BENCH_FLAGS}); runs before
     * that flag left them to the JIT's rules, which kept a call per lookup in LMDB's loops.
     */
    private String adapterInlining() {
        List<String> options = forkVmOptions();
        if (options.isEmpty()) {
            return "";
        }
        return options.stream().anyMatch(o -> o.contains("CompileCommand=inline,dev.kvbench.store."))
                ? "The engine adapters (`dev.kvbench.store.*`) are always inlined into the workloads' loops "
                        + "(`-XX:CompileCommand=inline`), so a loop calls the engine's API as a user's loop would; "
                        + "the engines' own code is inlined by the JIT's usual rules. Without it the JIT kept one "
                        + "call per lookup into LMDB's adapter (3-8% of a pass against the direct API)."
                : "The engine adapters were inlined by the JIT's usual rules in this run (later runs force them "
                        + "inline: here, LMDB's lookups paid one call each into its adapter).";
    }

    /** The benchmark forks' JVM options of each test whose JMH log shows them. */
    private List<String> forkVmOptions() {
        return folder.tests.stream()
                .map(t -> t.log.settings().get("VM options"))
                .filter(o -> o != null)
                .toList();
    }
}
