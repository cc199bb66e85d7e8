package dev.kvbench.report.section;

import dev.kvbench.report.chart.Figure;
import dev.kvbench.report.chart.LineChart;
import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.results.Metric;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The concurrent runs, readWhileWriting and prefixScan: read throughput, the writer's achieved rate beside its target,
 * and read latency percentiles, all from the side file's metrics (docs/results-format.md).
 */
final class ConcurrentKind extends DataSetKind {

    /** The percentiles the latency chart and table show, as the side file names them. */
    static final List<String> PERCENTILES = List.of("p50", "p90", "p99", "p99.9", "p99.99", "max");

    ConcurrentKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md, charts);
    }

    /** readWhileWriting or prefixScan: throughput, the writer's rates and the latency percentiles. */
    @Override
    void write(TestRun test, Group group, String stem, List<String> specList) {
        boolean scans = scans(group);
        String op = scans ? "scans" : "reads";
        List<List<String>> rows = new ArrayList<>();
        List<List<String>> writer = new ArrayList<>();
        List<LineChart.Series> latency = new ArrayList<>();
        for (String spec : specList) {
            for (Result r :
                    group.results().stream().filter(x -> x.store().equals(spec)).toList()) {
                rows.add(readersRow(group, spec, r));
                if (r.status() != Result.Status.OK) {
                    continue;
                }
                writerRow(spec, r).ifPresent(writer::add);
                latencySeries(spec, r).ifPresent(latency::add);
            }
        }
        md.paragraph((scans ? "Prefix scans" : "Point lookups") + " per second, all reader threads together; every "
                + (scans
                        ? "scan returned exactly its prefix's keys in order"
                        : "lookup found its key (db_bench's `N of N found`)")
                + ". Latency per " + (scans ? "scan" : "lookup") + " in µs, HdrHistogram per reader thread, merged.");
        md.table(
                List.of(
                        "Engine",
                        "spec",
                        op + "/s",
                        scans ? "keys/s" : "found",
                        "p50 µs",
                        "p99 µs",
                        "p99.9 µs",
                        "max µs",
                        "readers"),
                rows);
        if (!writer.isEmpty()) {
            md.paragraph("The writer: its target rate and what it achieved (overwrites of random existing keys, "
                    + "committed every 100):");
            md.table(List.of("Engine", "target writes/s", "achieved writes/s", "achieved ÷ target"), writer);
        }
        prefixOptions(specList);
        if (!latency.isEmpty()) {
            charts.add(latencyChart(
                    stem + "-latency",
                    (scans ? "Scan" : "Lookup") + " latency percentiles: " + group.title(),
                    latency));
        } else {
            md.paragraph("Latency was not recorded in these runs (`latency=false`).");
        }
    }

    /** Whether the group's readers scan prefixes rather than look up keys. */
    private static boolean scans(Group group) {
        return group.workloads().contains("prefixScan");
    }

    /** A run's row of the readers' table: throughput, what was found, the latency percentiles; or why it failed. */
    private List<String> readersRow(Group group, String spec, Result r) {
        List<String> row = new ArrayList<>(List.of(specs.label(spec), Markdown.code(spec)));
        if (r.status() != Result.Status.OK) {
            row.add(r.status().word() + ": " + r.reason());
            while (row.size() < 9) {
                row.add("");
            }
            return row;
        }
        row.add(Numbers.sig3(r.metric(Metric.READ_OPS_PER_SEC)));
        row.add(scans(group) ? Numbers.sig3(r.metric(Metric.READ_ITEMS_PER_SEC)) : found(r));
        for (String p : List.of("p50", "p99", "p99.9", "max")) {
            row.add(micros(r.metric(Metric.latency(p))));
        }
        row.add(r.key().param("readers"));
        return row;
    }

    /** A run's row of the writer's table, its target rate and what it achieved; none when no writer ran. */
    private Optional<List<String>> writerRow(String spec, Result r) {
        double target = r.metric(Metric.WRITE_TARGET);
        if (Double.isNaN(target)) {
            return Optional.empty();
        }
        double achieved = r.metric(Metric.WRITE_PER_SEC);
        return Optional.of(List.of(
                specs.label(spec),
                target == 0 ? "as fast as it can" : Numbers.count(target),
                Numbers.count(Math.round(achieved)),
                target == 0 ? "" : Numbers.percent(achieved / target)));
    }

    /** A run's latency at each of {@link #PERCENTILES}, µs; none when the run recorded no latency. */
    private Optional<LineChart.Series> latencySeries(String spec, Result r) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < PERCENTILES.size(); i++) {
            points.add(new double[] {i, r.metric(Metric.latency(PERCENTILES.get(i))) / 1000});
        }
        if (points.stream().anyMatch(p -> !Double.isNaN(p[1]))) {
            return Optional.of(
                    new LineChart.Series(specs.label(spec), specs.rgb(spec), Specs.hasOptions(spec), points));
        }
        return Optional.empty();
    }

    /** The runs' latencies over the percentiles, one line per run, on a log axis. */
    private static LineChart latencyChart(String stem, String title, List<LineChart.Series> latency) {
        List<Figure.Tic> tics = new ArrayList<>();
        for (int i = 0; i < PERCENTILES.size(); i++) {
            tics.add(new Figure.Tic(PERCENTILES.get(i), i));
        }
        return new LineChart(stem, title, "percentile", "µs", true, tics, latency);
    }

    /** Which prefix options each spec had on, for the engines that have them ({@link EngineNotes}). */
    private void prefixOptions(List<String> specList) {
        Map<String, List<String>> byEngine = new LinkedHashMap<>();
        for (String spec : specList) {
            EngineNotes.engine(spec)
                    .ifPresent(engine -> engine.prefixOptions(Specs.options(spec))
                            .ifPresent(words -> byEngine.computeIfAbsent(engine.label(), e -> new ArrayList<>())
                                    .add(Markdown.code(spec) + ": " + words + ".")));
        }
        byEngine.forEach((label, sentences) -> {
            md.paragraph(label + "'s prefix options in these runs:");
            md.bullets(sentences);
        });
    }

    private static String found(Result r) {
        return Numbers.count(r.metric(Metric.VERIFY_FOUND)) + " of " + Numbers.count(r.metric(Metric.VERIFY_EXPECTED))
                + " found";
    }

    private static String micros(double nanos) {
        return Double.isNaN(nanos) ? "" : Numbers.sig3(nanos / 1000);
    }
}
