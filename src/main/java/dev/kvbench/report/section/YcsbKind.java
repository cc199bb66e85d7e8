package dev.kvbench.report.section;

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
import dev.kvbench.results.OrderStatistics;
import dev.kvbench.store.Engine;
import dev.kvbench.text.Numbers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;

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
    /** A store after the load this many times the median engine's gets its engine's reason, where it gives one. */
    static final double LARGE_STORE = 3;

    static final List<String> OPS = List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE", "DELETE");

    private final YcsbAnswer answer;

    YcsbKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md, charts);
        this.answer = new YcsbAnswer(specs);
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
            md.paragraph(
                    "Writes: the Store contract allows one writer at a time, confined to its thread; here " + writes
                            + ", on every engine alike. "
                            + VerifiedSentence.of(
                                    "every read, scan and the final state of every record", group, specList, specs));
        }
        throughputChart(group, stem, specList);
        table(group, specList);
        List<String> runOps = ops(group, "run");
        for (String kind : List.of("service", "intended")) {
            for (String op : runOps) {
                latencyChart(group, stem, specList, op, kind);
            }
        }
        if (runOps.stream()
                .anyMatch(op -> group.results().stream()
                        .anyMatch(r -> !Double.isNaN(r.metric(Metric.ycsbLatency("run", op, "intended", "p50")))))) {
            md.paragraph(
                    "With a target rate, latency is shown twice: service time, from each operation's actual start, and "
                            + "from its intended start (start + n ÷ rate per thread), which counts the time an operation waited behind "
                            + "a slow one (no coordinated omission), as YCSB's `measurement.interval=both`.");
        } else {
            md.paragraph("Latency is service time, from each operation's start to its end (no target rate was set).");
        }
        md.paragraph(answer.text(group, specList));
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
                Optional<Result> run = YcsbFigures.run(group, spec);
                boolean running = phase.equals("run");
                double value = run.filter(Result::ok)
                        .map(r -> running ? YcsbFigures.rate(r) : r.metric(Metric.ycsb(phase, "opsPerSec")))
                        .orElse(Double.NaN);
                double error = run.filter(Result::ok)
                        .map(r -> running
                                ? YcsbFigures.spread(r)
                                : r.metric(Metrics.spread(Metric.ycsb(phase, "opsPerSec"))))
                        .orElse(Double.NaN);
                error = Double.isInfinite(error) ? value : error; // an interval reaching 0 ms: the bar's own height
                String note = run.map(r -> r.ok() ? "" : r.status().word()).orElse("not run");
                bars.add(new Figure.Bar(
                        i, 0.4, value, error, specs.rgb(spec), specs.fill(spec), note, specs.label(spec)));
                tics.add(new Figure.Tic(specs.label(spec), i));
            }
            panels.add(new Figure.Panel(phase + " phase", "", Figure.Axis.fit("operations/s", bars), bars, tics, true));
        }
        charts.add(new Figure(stem, "YCSB throughput, load and run: " + group.title(), panels, List.of()));
    }

    private void latencyChart(Group group, String stem, List<String> specList, String op, String kind) {
        List<LineChart.Series> series = new ArrayList<>();
        for (String spec : specList) {
            Optional<Result> run = YcsbFigures.run(group, spec).filter(Result::ok);
            if (run.isEmpty()) {
                continue;
            }
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < PERCENTILES.size(); i++) {
                points.add(new double[] {
                    i, run.get().metric(Metric.ycsbLatency("run", op, kind, PERCENTILES.get(i))) / 1000
                });
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
        charts.add(new LineChart(
                stem + "-" + op.toLowerCase(Locale.ROOT).replace("-", "") + "-" + kind,
                op + " latency"
                        + (kind.equals("intended") ? " from the intended start" : " (service time)") + ", run phase: "
                        + group.title(),
                "percentile",
                "µs",
                true,
                tics,
                series));
    }

    private void table(Group group, List<String> specList) {
        List<String> runOps = ops(group, "run");
        List<String> header = new ArrayList<>(List.of("Engine", "load ops/s", "run ops/s"));
        boolean cpu = group.results().stream().anyMatch(r -> !Double.isNaN(r.metric(Metric.YCSB_CPU_PER_OP)));
        if (cpu) {
            header.add("run ops per CPU-second");
        }
        for (String op : runOps) {
            header.add(op + " ops/s");
            header.add(op + " p50 / p99 / p99.9 µs");
        }
        header.addAll(List.of("storage after load", "storage after run", "records verified"));
        List<List<String>> rows = new ArrayList<>();
        for (String spec : specList) {
            Optional<Result> found = YcsbFigures.run(group, spec);
            List<String> row = new ArrayList<>(List.of(specs.label(spec)));
            if (found.isEmpty() || !found.get().ok()) {
                row.add(found.map(r -> r.status().word() + (r.reason() == null ? "" : ": " + r.reason()))
                        .orElse("not run"));
                while (row.size() < header.size()) {
                    row.add("");
                }
                rows.add(row);
                continue;
            }
            figures(row, found.get(), runOps, cpu);
            rows.add(row);
        }
        md.paragraph(tableText(group, specList, cpu));
        md.table(header, rows);
        spaceNotes(group, specList);
    }

    /** The figures of {@code r}'s row after its label, in the table's columns. */
    private static void figures(List<String> row, Result r, List<String> runOps, boolean cpu) {
        row.add(YcsbFigures.withSpread(r, Metric.ycsb("load", "opsPerSec")));
        row.add(YcsbFigures.runText(r));
        if (cpu) {
            double perOp = r.metric(Metric.YCSB_CPU_PER_OP);
            row.add(Double.isNaN(perOp) || perOp <= 0 ? "—" : Numbers.sig3(1e9 / perOp));
        }
        for (String op : runOps) {
            row.add(Numbers.sig3(r.metric(Metric.ycsb("run", op, "opsPerSec"))));
            row.add(micros(r, op, "p50") + " / " + micros(r, op, "p99") + " / " + micros(r, op, "p99.9"));
        }
        row.add(Numbers.bytes(r.metric(Metric.ycsb("load", "storageBytes"))));
        row.add(Numbers.bytes(r.metric(Metric.ycsb("run", "storageBytes"))));
        row.add(Numbers.count(r.metric(Metric.YCSB_VERIFIED)));
    }

    /** What the table's figures are, as its paragraph says. */
    private String tableText(Group group, List<String> specList, boolean cpu) {
        boolean turns = group.results().stream().anyMatch(Result::paired);
        boolean rounds = !turns && group.results().stream().anyMatch(r -> !Double.isNaN(YcsbFigures.spread(r)));
        String turnOps = turnsText(group, specList);
        return "Operations per second of each phase (all client threads together, from the phase's start to its last "
                + "thread's end"
                + (rounds
                        ? "; in rounds, every figure is the median of the rounds, and a phase's ± the "
                                + "distance from it to the farthest round, as a JMH score's rounds"
                        : "")
                + (turns
                        ? "; the run phase in interleaved turns: its ops/s from the median of its turns' time per"
                                + " operation, ± the 99.9% interval of that median; the rates per operation type over all its measured"
                                + " turns" + turnOps
                        : "")
                + ") and of each operation type in the run"
                + (cpu
                        ? "; ops per CPU-second: the measured turns' operations over the CPU their engine's JVM"
                                + " used in them and after each until it was quiet (every thread: the client's,"
                                + " the engine's background work, the JVM's), which is what the work costs where"
                                + " spare cores hide it from the client; each JVM answered a turn only once it"
                                + " was quiet, so no engine's background work ran in another's turn"
                        : "")
                + "; latency of each type in µs (HdrHistogram per thread, "
                + "merged" + (turns ? " over every measured turn" : "")
                + "); storage: bytes allocated in the store's"
                + " folder after each phase, the store open.";
    }

    /**
     * The engines' own reason ({@link Engine#spaceNote}) for a store after the load at least
     * {@link #LARGE_STORE} times the median engine's, where the engine gives one.
     */
    private void spaceNotes(Group group, List<String> specList) {
        String load = Metric.ycsb("load", "storageBytes");
        Map<String, Double> bytes = new LinkedHashMap<>();
        for (String spec : specList) {
            YcsbFigures.run(group, spec)
                    .filter(Result::ok)
                    .map(r -> r.metric(load))
                    .filter(b -> b > 0)
                    .ifPresent(b -> bytes.put(spec, b));
        }
        if (bytes.size() < 3) {
            return;
        }
        double median = OrderStatistics.median(bytes.values().stream()
                .mapToDouble(Double::doubleValue)
                .sorted()
                .toArray());
        bytes.forEach((spec, b) -> {
            if (b >= LARGE_STORE * median) {
                EngineNotes.engine(spec)
                        .flatMap(Engine::spaceNote)
                        .ifPresent(note -> md.paragraph("Why "
                                + specs.label(spec) + "'s store is " + Numbers.bytes(b) + " after the load, "
                                + Numbers.sig3(b / median) + "× the median engine's: " + note));
            }
        });
    }

    /**
     * At a glance, for a folder of YCSB workloads run on several engines: per test and workload, the title and the
     * verdict's cell ({@link YcsbAnswer#glanceCell}); empty when no YCSB test has two engines that ran to the end.
     */
    static List<List<String>> glance(ResultsFolder folder, Specs specs) {
        YcsbAnswer answer = new YcsbAnswer(specs);
        List<List<String>> rows = new ArrayList<>();
        ranked(folder, specs, answer, (title, ranked) -> rows.add(List.of(title, answer.glanceCell(ranked))));
        return rows;
    }

    /** Per YCSB test of {@code folder} with two engines or more that ran it to the end: its title and its verdict. */
    static Map<String, Verdict> verdicts(ResultsFolder folder, Specs specs) {
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        ranked(
                folder,
                specs,
                new YcsbAnswer(specs),
                (title, ranked) -> verdicts.put(title, YcsbAnswer.verdict(ranked)));
        return verdicts;
    }

    /** Each YCSB test's ranked runs ({@link YcsbAnswer#ranked}) where two engines or more ran it, under its title. */
    private static void ranked(
            ResultsFolder folder, Specs specs, YcsbAnswer answer, BiConsumer<String, List<Result>> each) {
        for (TestRun test : folder.tests) {
            if (ChartKind.of(test) != ChartKind.YCSB) {
                continue;
            }
            for (Group group : Group.of(test.results, Set.of())) {
                List<Result> ranked = answer.ranked(group, group.specs(specs));
                if (ranked.size() > 1) {
                    each.accept("Test " + test.number + ": " + test.title(), ranked);
                }
            }
        }
    }

    /** Whether a YCSB test of {@code folder} ran interleaved: its run phases in turns, paired by rotation. */
    static boolean interleaved(ResultsFolder folder) {
        return folder.tests.stream()
                .filter(test -> ChartKind.of(test) == ChartKind.YCSB)
                .anyMatch(test -> test.results.stream().anyMatch(Result::paired));
    }

    /** The null store's run: the client's own cost per operation, per thread. */
    private String clientCost(Group group, List<String> specList) {
        for (String spec : specList) {
            if (!Specs.engine(spec).equals("null")) {
                continue;
            }
            Optional<Result> run = YcsbFigures.run(group, spec).filter(Result::ok);
            if (run.isPresent()) {
                double rate = YcsbFigures.rate(run.get());
                double threads = run.get().metric(Metric.YCSB_THREADS);
                double perOp = (Double.isNaN(threads) ? 1 : threads) * 1e6 / rate;
                return "The client's own cost: on the `null` store, which keeps nothing, the run phase made "
                        + Numbers.sig3(rate) + " ops/s, about " + Numbers.sig3(perOp)
                        + " µs of client time per operation "
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
            YcsbFigures.run(group, spec).filter(Result::paired).ifPresent(r -> {
                sizes.put(spec, r.metric(Metric.YCSB_TURN_OPS));
                counts.add(r.metric(Metric.YCSB_TURNS));
            });
        }
        if (sizes.isEmpty() || sizes.values().stream().anyMatch(v -> Double.isNaN(v))) {
            return "";
        }
        double common =
                sizes.values().stream()
                        .collect(Collectors.groupingBy(v -> v, Collectors.counting()))
                        .entrySet()
                        .stream()
                        .max(Map.Entry.comparingByValue())
                        .orElseThrow()
                        .getKey();
        List<String> own = new ArrayList<>();
        sizes.forEach((spec, n) -> {
            if (n != common) {
                own.add(specs.label(spec) + ": " + Numbers.count(n));
            }
        });
        double fewest = counts.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        double most = counts.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        return "; turns of " + Numbers.count(common) + " operations, the same on every engine"
                + (own.isEmpty()
                        ? ""
                        : " but the far slower limit rows, whose turns were their own size on operations of their own,"
                                + " paired with no engine (" + String.join(", ", own) + ")")
                + ", " + (fewest == most ? Numbers.count(fewest) : Numbers.count(fewest) + "-" + Numbers.count(most))
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

    private static String micros(Result r, String op, String p) {
        double nanos = r.metric(Metric.ycsbLatency("run", op, "service", p));
        return Double.isNaN(nanos) ? "—" : Numbers.sig3(nanos / 1000);
    }
}
