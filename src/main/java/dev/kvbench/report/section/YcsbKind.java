package dev.kvbench.report.section;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.kvbench.report.chart.Figure;
import dev.kvbench.report.chart.LineChart;
import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Metrics;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.report.folder.Verdict;
import dev.kvbench.results.Metric;
import dev.kvbench.results.PairedRatio;
import dev.kvbench.results.Stability;
import dev.kvbench.text.Numbers;

/**
 * A YCSB workload's part of the report, as YCSB users read one: per engine the throughput of the
 * load and of the run (a bar chart), the latency of each operation type at p50, p95, p99, p99.9
 * and the maximum (a chart per operation type, log scale; service time, and with a target also
 * from each operation's intended start), storage after the load and after the run, the properties
 * in force, and a computed paragraph answering "which engine for this workload". Every figure is
 * the side file's ({@code ycsb.*} metrics, docs/results-format.md).
 */
final class YcsbKind extends DataSetKind {

    static final List<String> PERCENTILES = List.of("p50", "p95", "p99", "p99.9", "max");
    static final List<String> OPS = List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE", "DELETE");

    YcsbKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md, charts);
    }

    /** A data set is a workload file, named by it. */
    @Override
    String heading(Group group) {
        return "Workload " + Path.of(group.first().param("workload")).getFileName();
    }

    @Override
    void write(TestRun test, Group group, String stem, List<String> specList) {
        Map<String, String> texts = test.texts;
        String properties = texts.getOrDefault(Metric.YCSB_PROPERTIES, "");
        if (!properties.isEmpty()) {
            md.paragraph("Properties in force (YCSB's defaults for those the workload file does not set; kvbench's "
                    + "additions included): " + Markdown.code(properties) + ".");
        }
        String writes = texts.getOrDefault(Metric.YCSB_WRITES, "");
        if (!writes.isEmpty()) {
            md.paragraph("Writes: the Store contract allows one writer at a time, confined to its thread; here " + writes
                    + ", on every engine alike. Every read, scan and the final state of every record was verified.");
        }
        throughputChart(group, stem, specList);
        table(group, specList);
        List<String> runOps = ops(group, "run");
        for (String kind : List.of("service", "intended")) {
            for (String op : runOps) {
                latencyChart(group, stem, specList, op, kind);
            }
        }
        if (runOps.stream().anyMatch(op -> group.results().stream().anyMatch(r ->
                !Double.isNaN(r.metric(Metric.ycsbLatency("run", op, "intended", "p50")))))) {
            md.paragraph("With a target rate, latency is shown twice: service time, from each operation's actual start, and "
                    + "from its intended start (start + n ÷ rate per thread), which counts the time an operation waited behind "
                    + "a slow one (no coordinated omission), as YCSB's `measurement.interval=both`.");
        } else {
            md.paragraph("Latency is service time, from each operation's start to its end (no target rate was set).");
        }
        md.paragraph(answer(group, specList));
        String client = clientCost(group, specList);
        if (!client.isEmpty()) {
            md.paragraph(client);
        }
        costs(group, specList);
    }

    private void throughputChart(Group group, String stem, List<String> specList) {
        List<Figure.Panel> panels = new ArrayList<>();
        for (String phase : List.of("load", "run")) {
            List<Figure.Bar> bars = new ArrayList<>();
            List<Figure.Tic> tics = new ArrayList<>();
            for (int i = 0; i < specList.size(); i++) {
                String spec = specList.get(i);
                Optional<Result> run = run(group, spec);
                boolean running = phase.equals("run");
                double value = run.filter(Result::ok).map(r -> running ? rate(r) : r.metric(Metric.ycsb(phase, "opsPerSec")))
                        .orElse(Double.NaN);
                double error = run.filter(Result::ok).map(r -> running ? spread(r)
                        : r.metric(Metrics.spread(Metric.ycsb(phase, "opsPerSec")))).orElse(Double.NaN);
                error = Double.isInfinite(error) ? value : error; // an interval reaching 0 ms: the bar's own height
                String note = run.map(r -> r.ok() ? "" : r.status().word()).orElse("not run");
                bars.add(new Figure.Bar(i, 0.4, value, error, specs.rgb(spec), specs.fill(spec), note, specs.label(spec)));
                tics.add(new Figure.Tic(specs.label(spec), i));
            }
            panels.add(new Figure.Panel(phase + " phase", "", Figure.Axis.fit("operations/s", bars), bars, tics, true));
        }
        charts.add(new Figure(stem, "YCSB throughput, load and run: " + group.title(), panels, List.of()));
    }

    private void latencyChart(Group group, String stem, List<String> specList, String op, String kind) {
        List<LineChart.Series> series = new ArrayList<>();
        for (String spec : specList) {
            Optional<Result> run = run(group, spec).filter(Result::ok);
            if (run.isEmpty()) {
                continue;
            }
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < PERCENTILES.size(); i++) {
                points.add(new double[] {i, run.get().metric(Metric.ycsbLatency("run", op, kind, PERCENTILES.get(i))) / 1000});
            }
            if (points.stream().anyMatch(p -> !Double.isNaN(p[1]))) {
                series.add(new LineChart.Series(specs.label(spec), specs.rgb(spec), Specs.hasOptions(spec), points));
            }
        }
        if (series.isEmpty()) {
            return;
        }
        List<Figure.Tic> tics = new ArrayList<>();
        for (int i = 0; i < PERCENTILES.size(); i++) {
            tics.add(new Figure.Tic(PERCENTILES.get(i), i));
        }
        charts.add(new LineChart(stem + "-" + op.toLowerCase(Locale.ROOT).replace("-", "") + "-" + kind, op + " latency"
                + (kind.equals("intended") ? " from the intended start" : " (service time)") + ", run phase: "
                + group.title(), "percentile", "µs", true, tics, series));
    }

    private void table(Group group, List<String> specList) {
        List<String> runOps = ops(group, "run");
        List<String> header = new ArrayList<>(List.of("Engine", "load ops/s", "run ops/s"));
        for (String op : runOps) {
            header.add(op + " ops/s");
            header.add(op + " p50 / p99 / p99.9 µs");
        }
        header.addAll(List.of("storage after load", "storage after run", "records verified"));
        List<List<String>> rows = new ArrayList<>();
        for (String spec : specList) {
            Optional<Result> found = run(group, spec);
            List<String> row = new ArrayList<>(List.of(specs.label(spec)));
            if (found.isEmpty() || !found.get().ok()) {
                row.add(found.map(r -> r.status().word() + (r.reason() == null ? "" : ": " + r.reason())).orElse("not run"));
                while (row.size() < header.size()) {
                    row.add("");
                }
                rows.add(row);
                continue;
            }
            Result r = found.get();
            row.add(withSpread(r, Metric.ycsb("load", "opsPerSec")));
            row.add(runText(r));
            for (String op : runOps) {
                row.add(Numbers.sig3(r.metric(Metric.ycsb("run", op, "opsPerSec"))));
                row.add(micros(r, op, "p50") + " / " + micros(r, op, "p99") + " / " + micros(r, op, "p99.9"));
            }
            row.add(Numbers.bytes(r.metric(Metric.ycsb("load", "storageBytes"))));
            row.add(Numbers.bytes(r.metric(Metric.ycsb("run", "storageBytes"))));
            row.add(Numbers.count(r.metric(Metric.YCSB_VERIFIED)));
            rows.add(row);
        }
        boolean turns = group.results().stream().anyMatch(Result::paired);
        boolean rounds = !turns && group.results().stream().anyMatch(r -> !Double.isNaN(spread(r)));
        String turnOps = turnsText(group, specList);
        md.paragraph("Operations per second of each phase (all client threads together, from the phase's start to its last "
                + "thread's end" + (rounds ? "; in rounds, every figure is the median of the rounds, and a phase's ± the "
                + "distance from it to the farthest round, as a JMH score's rounds" : "")
                + (turns ? "; the run phase in interleaved turns: its ops/s from the median of its turns' time per"
                + " operation, ± the 99.9% interval of that median; the rates per operation type over all its measured"
                + " turns" + turnOps : "")
                + ") and of each operation type in the run; latency of each type in µs (HdrHistogram per thread, "
                + "merged" + (turns ? " over every measured turn" : "") + "); storage: bytes allocated in the store's"
                + " folder after each phase, the store open.");
        md.table(header, rows);
    }

    /**
     * The computed answer, by the report's one rule ({@link Verdict}): an engine is named the fastest in the run phase
     * only where its throughput's interval (from the rounds, {@link Metrics#spread}) lies above every other engine's;
     * a run measured once has no interval, so a suite run once names none. Then the lowest p99 of the main operation
     * and the smallest store, as figures.
     */
    String answer(Group group, List<String> specList) {
        List<Result> ranked = ranked(group, specList);
        if (ranked.isEmpty()) {
            return "**Which engine for this workload:** no engine ran it to the end, so none is named.";
        }
        StringBuilder text = new StringBuilder("**Which engine for this workload:** ");
        if (ranked.size() == 1) {
            text.append(specs.label(ranked.get(0).store())).append(", the only engine that ran it (")
                    .append(opsText(ranked.get(0))).append(" in the run phase).");
        } else {
            text.append(verdictText(Verdict.of(ranked.stream().map(YcsbKind::scored).toList()), ranked));
        }
        String op = mainOp(ranked.get(0));
        if (op != null) {
            ranked.stream().filter(r -> !Double.isNaN(p99(r, op))).min(Comparator.comparingDouble(r -> p99(r, op)))
                    .ifPresent(lowest -> text.append(ranked.size() == 1 ? " Its " + op + " p99: "
                                    : " The lowest " + op + " p99: " + specs.label(lowest.store()) + "'s, ")
                            .append(Numbers.sig3(p99(lowest, op) / 1000)).append(" µs")
                            .append(ranked.size() == 1 ? "." : " (a percentile has no interval here: a figure, not a ranking)."));
        }
        Result smallest = ranked.stream().filter(r -> !Double.isNaN(r.metric(Metric.ycsb("run", "storageBytes"))))
                .min(Comparator.comparingDouble(r -> r.metric(Metric.ycsb("run", "storageBytes")))).orElse(null);
        if (smallest != null) {
            text.append(" Smallest store after the run: ").append(specs.label(smallest.store())).append(" (")
                    .append(Numbers.bytes(smallest.metric(Metric.ycsb("run", "storageBytes")))).append(").");
        }
        return text.toString();
    }

    /**
     * At a glance, for a folder of YCSB workloads run on several engines: per test and workload, the title and the
     * verdict's cell ({@link #glanceCell}); empty when no YCSB test has two engines that ran to the end.
     */
    static List<List<String>> glance(ResultsFolder folder, Specs specs) {
        YcsbKind section = new YcsbKind(folder, specs, null, null);
        List<List<String>> rows = new ArrayList<>();
        for (TestRun test : folder.tests) {
            if (ChartKind.of(test) != ChartKind.YCSB) {
                continue;
            }
            for (Group group : Group.of(test.results, Set.of())) {
                List<Result> ranked = section.ranked(group, group.specs(specs));
                if (ranked.size() > 1) {
                    rows.add(List.of("Test " + test.number + ": " + test.title(), section.glanceCell(ranked)));
                }
            }
        }
        return rows;
    }

    /** Whether a YCSB test of {@code folder} ran interleaved: its run phases in turns, paired by rotation. */
    static boolean interleaved(ResultsFolder folder) {
        return folder.tests.stream().filter(test -> ChartKind.of(test) == ChartKind.YCSB)
                .anyMatch(test -> test.results.stream().anyMatch(Result::paired));
    }

    /** "LMDB DB (286,811 ± 4,000 ops/s)", "..., tied with RocksDB" or "no stable winner (0 of 12 stable): LevelDB (...), ...". */
    private String glanceCell(List<Result> ranked) {
        Verdict verdict = Verdict.of(ranked.stream().map(YcsbKind::scored).toList());
        if (verdict.paired()) {
            return pairedText(verdict);
        }
        return switch (verdict.kind()) {
            case WINNER -> named(original(verdict.best(), ranked));
            case TIE -> named(original(verdict.best(), ranked)) + ", tied with " + String.join(", ",
                    verdict.rivals().stream().map(r -> specs.label(r.store())).toList());
            case NONE -> verdict.noWinner() + ": " + candidates(verdict, ranked);
        };
    }

    /**
     * The best candidates of a cell with no winner, highest first: the engines that could beat the fastest stable one
     * come before it, and it is marked as the fastest stable when one of them leads.
     */
    private String candidates(Verdict verdict, List<Result> ranked) {
        if (verdict.best() == null) {
            return String.join(", ", ranked.stream().limit(2).map(this::named).toList());
        }
        Result best = original(verdict.best(), ranked);
        List<Result> listed = Stream.concat(Stream.of(verdict.best()), verdict.rivals().stream())
                .map(r -> original(r, ranked)).sorted(Comparator.comparingInt(ranked::indexOf)).toList();
        boolean mark = listed.get(0) != best;
        return String.join(", ", listed.stream().map(r -> mark && r == best
                ? specs.label(r.store()) + " (" + opsText(r) + ", the fastest stable)" : named(r)).toList());
    }

    /**
     * An interleaved verdict, from the engines' turns paired by rotation: "LMDB DB (286,811 ± 4,000 ops/s), 1.32×
     * faster than RocksDB (1.10-1.50×)", "LMDB DB (...) ties with RocksDB 1.01× (0.99-1.02×)" or "undecided: ...".
     */
    private String pairedText(Verdict verdict) {
        Result leader = verdict.best();
        if (verdict.kind() == Verdict.Kind.WINNER) {
            Result next = verdict.ranking().runnerUp();
            PairedRatio margin = verdict.againstLeader(next);
            return named(leader) + ", " + margin.medianText() + " faster than " + named(next) + " ("
                    + margin.intervalText() + ")";
        }
        return verdict.tieText(named(leader), r -> named(r) + " " + verdict.againstLeader(r).text());
    }

    /** The verdict over two or more engines, in words: the winner and its margin, the tie, or why none is named. */
    private String verdictText(Verdict verdict, List<Result> ranked) {
        if (verdict.paired()) {
            return pairedText(verdict) + " in the run phase, from each rotation's turns paired (the same operations on"
                    + " every engine); " + (verdict.kind() == Verdict.Kind.WINNER
                    ? "every other engine's 99.9% interval lies above 1." : verdict.decided()
                    ? "their intervals hold 1 and lie within ±3%." : "their intervals hold 1 and are wider than ±3%.");
        }
        return switch (verdict.kind()) {
            case WINNER -> {
                Result best = original(verdict.best(), ranked);
                Result next = ranked.stream().filter(r -> r != best).findFirst().orElseThrow();
                yield specs.label(best.store()) + ": " + opsText(best) + " in the run phase, " + Numbers.times(rate(best) / rate(next))
                        + " the next, " + specs.label(next.store()) + " (" + opsText(next) + "); its interval lies above every"
                        + " other engine's.";
            }
            case TIE -> {
                List<String> names = new ArrayList<>(List.of(named(original(verdict.best(), ranked))));
                verdict.rivals().forEach(r -> names.add(named(original(r, ranked))));
                yield "a tie at the top between " + joined(names) + ": their intervals overlap in the run phase, so none is"
                        + " called the winner.";
            }
            case NONE -> {
                if (ranked.stream().allMatch(r -> Double.isNaN(spread(r)))) {
                    yield "none is named: each engine ran once, so no throughput has an interval (a rerun can order them"
                            + " differently; KVBENCH_ROUNDS=3 runs every engine in 3 rounds). The highest single runs: "
                            + joined(ranked.stream().limit(3).map(this::named).toList()) + ".";
                }
                List<Result> candidates = new ArrayList<>();
                if (verdict.best() != null) {
                    candidates.add(original(verdict.best(), ranked));
                }
                verdict.rivals().forEach(r -> candidates.add(original(r, ranked)));
                yield verdict.noWinner() + " in the run phase (stable: the interval at most "
                        + Math.round(100 * Stability.ERROR) + "% of the time per operation); best candidates "
                        + joined(candidates.stream().map(r -> named(r) + (scored(r).stable() ? "" : ", unstable")).toList()) + ".";
            }
        };
    }

    /** The competitors that ran the workload to the end, by run-phase throughput, highest first. */
    private List<Result> ranked(Group group, List<String> specList) {
        return specs.competitors(specList).stream().map(spec -> run(group, spec)).flatMap(Optional::stream)
                .filter(Result::ok).filter(r -> !Double.isNaN(rate(r)))
                .sorted(Comparator.comparingDouble(YcsbKind::rate).reversed())
                .toList();
    }

    /**
     * A run as {@link Verdict} scores it: its time per operation in the run phase (ms, all threads together), with as
     * its ± the wider side of the throughput's interval turned into time; no ± for a run measured once.
     */
    static Result scored(Result r) {
        if (r.paired()) {
            return r; // interleaved: its score is the median of its turns' time per operation, its turns paired
        }
        double ops = rate(r);
        double spread = spread(r);
        double ms = 1000 / ops;
        double error = Double.isNaN(spread) ? Double.NaN : spread >= ops ? Double.POSITIVE_INFINITY : 1000 / (ops - spread) - ms;
        return new Result(r.key(), ms, error, Result.Status.OK, null, r.metrics());
    }

    /** The run in {@code ranked} that {@code scored} was made from. */
    private static Result original(Result scored, List<Result> ranked) {
        return ranked.stream().filter(r -> r.key().equals(scored.key())).findFirst().orElse(scored);
    }

    private String named(Result r) {
        return specs.label(r.store()) + " (" + opsText(r) + ")";
    }

    /** "114,956 ± 3,200 ops/s" in the run phase, or "114,956 ops/s" for a run measured once. */
    static String opsText(Result r) {
        return runText(r) + " ops/s";
    }

    /** The run phase's rate and its ± ({@link #rate}, {@link #spread}). */
    private static String runText(Result r) {
        return withSpread(rate(r), spread(r));
    }

    /** A throughput metric of a run and, measured in rounds, its ± ({@link Metrics#spread}): "114,956 ± 3,200", or "114,956". */
    static String withSpread(Result r, String metric) {
        return withSpread(r.metric(metric), r.metric(Metrics.spread(metric)));
    }

    /** "114,956 ± 3,200", or "114,956" without a spread; an unbounded one (an interval of times reaching 0) says so. */
    static String withSpread(double value, double spread) {
        return Numbers.sig3(value) + (Double.isNaN(spread) ? "" : Double.isInfinite(spread) ? " (± unbounded)"
                : " ± " + Numbers.sig3(spread));
    }

    /**
     * The ± of the run phase's operations per second: interleaved, the wider side of the interval of the turns'
     * median turned into a rate; in rounds, the rounds' ({@link Metrics#spread}); NaN for a run measured once.
     */
    private static double spread(Result r) {
        if (r.paired()) {
            double low = r.ms() - r.errorMs();
            return Double.isNaN(r.errorMs()) ? Double.NaN
                    : low <= 0 ? Double.POSITIVE_INFINITY : 1000 / low - 1000 / r.ms();
        }
        return r.metric(Metrics.spread(Metric.ycsb("run", "opsPerSec")));
    }

    /** The null store's run: the client's own cost per operation, per thread. */
    private String clientCost(Group group, List<String> specList) {
        for (String spec : specList) {
            if (!Specs.engine(spec).equals("null")) {
                continue;
            }
            Optional<Result> run = run(group, spec).filter(Result::ok);
            if (run.isPresent()) {
                double rate = rate(run.get());
                double threads = run.get().metric(Metric.YCSB_THREADS);
                double perOp = (Double.isNaN(threads) ? 1 : threads) * 1e6 / rate;
                return "The client's own cost: on the `null` store, which keeps nothing, the run phase made "
                        + Numbers.sig3(rate) + " ops/s, about " + Numbers.sig3(perOp) + " µs of client time per operation "
                        + "per thread (choosing the operation and key, making the key and value, verifying the answer, "
                        + "recording latency).";
            }
        }
        return "";
    }

    /**
     * "; turns of 9,770 operations (MVStore: 321), 12-20 measured turns per engine": what each interleaved engine
     * ran, from its side-file figures; empty without them.
     */
    private String turnsText(Group group, List<String> specList) {
        Map<String, Double> sizes = new LinkedHashMap<>();
        List<Double> counts = new ArrayList<>();
        for (String spec : specList) {
            run(group, spec).filter(Result::paired).ifPresent(r -> {
                sizes.put(spec, r.metric(Metric.YCSB_TURN_OPS));
                counts.add(r.metric(Metric.YCSB_TURNS));
            });
        }
        if (sizes.isEmpty() || sizes.values().stream().anyMatch(v -> Double.isNaN(v))) {
            return "";
        }
        double common = sizes.values().stream().collect(Collectors.groupingBy(v -> v,
                Collectors.counting())).entrySet().stream().max(Map.Entry.comparingByValue())
                .orElseThrow().getKey();
        List<String> own = new ArrayList<>();
        sizes.forEach((spec, n) -> {
            if (n != common) {
                own.add(specs.label(spec) + ": " + Numbers.count(n));
            }
        });
        double fewest = counts.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        double most = counts.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        return "; turns of " + Numbers.count(common) + " operations, the same on every engine"
                + (own.isEmpty() ? "" : " but the far slower ones, whose turns were their own size (" + String.join(", ", own)
                + ")") + ", " + (fewest == most ? Numbers.count(fewest) : Numbers.count(fewest) + "-" + Numbers.count(most))
                + " measured turns per engine";
    }

    private static List<String> ops(Group group, String phase) {
        Set<String> seen = new LinkedHashSet<>();
        for (String op : OPS) {
            if (group.results().stream().anyMatch(r -> !Double.isNaN(r.metric(Metric.ycsb(phase, op, "count"))))) {
                seen.add(op);
            }
        }
        return new ArrayList<>(seen);
    }

    /** The operation type the run made most of. */
    private static String mainOp(Result r) {
        String main = null;
        double most = 0;
        for (String op : OPS) {
            double n = r.metric(Metric.ycsb("run", op, "count"));
            if (!Double.isNaN(n) && n > most) {
                most = n;
                main = op;
            }
        }
        return main;
    }

    /**
     * The run phase's operations per second: interleaved, from the median of its turns' time per operation (all
     * client threads together); run once or in rounds, the phase's own.
     */
    private static double rate(Result r) {
        return r.paired() ? 1000 / r.ms() : r.metric(Metric.ycsb("run", "opsPerSec"));
    }

    private static double p99(Result r, String op) {
        return r.metric(Metric.ycsbLatency("run", op, "service", "p99"));
    }

    private static Optional<Result> run(Group group, String spec) {
        return group.results().stream().filter(r -> r.store().equals(spec)).findFirst();
    }

    private static String micros(Result r, String op, String p) {
        double nanos = r.metric(Metric.ycsbLatency("run", op, "service", p));
        return Double.isNaN(nanos) ? "—" : Numbers.sig3(nanos / 1000);
    }

    private static String joined(List<String> names) {
        int last = names.size() - 1;
        return last < 1 ? String.join("", names) : String.join(", ", names.subList(0, last)) + " and " + names.get(last);
    }
}
