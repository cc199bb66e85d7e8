package dev.kvbench.report.section;

import dev.kvbench.report.chart.Figure;
import dev.kvbench.report.chart.LineChart;
import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * readKey throughput against reader threads ({@code readKeyThreads}): reads per second, all threads together, a line
 * per engine, from JMH's time per round.
 */
final class ThreadsKind extends DataSetKind {

    ThreadsKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md, charts);
    }

    /** readKeyThreads: reads per second ({@code readers × num} per round) against reader threads, a line per engine. */
    @Override
    void write(TestRun test, Group group, String stem, List<String> specList) {
        int cores = cores();
        List<String> counts = group.values("readers");
        List<LineChart.Series> series = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        for (String spec : specList) {
            List<double[]> points = new ArrayList<>();
            List<String> row = new ArrayList<>(List.of(specs.label(spec)));
            for (String count : counts) {
                Optional<Result> run = group.find(spec, "readKeyThreads", "readers", count);
                double perSec =
                        run.filter(Result::ok).map(ThreadsKind::readsPerSec).orElse(Double.NaN);
                points.add(new double[] {Numbers.parse(count), perSec});
                row.add(run.map(r -> r.ok()
                                ? Numbers.sig3(perSec) + (r.stable() ? "" : " (" + r.instability() + ")")
                                : r.status().word())
                        .orElse("not run"));
            }
            series.add(new LineChart.Series(specs.label(spec), specs.rgb(spec), Specs.hasOptions(spec), points));
            rows.add(row);
        }
        List<Figure.Tic> tics =
                counts.stream().map(c -> new Figure.Tic(c, Numbers.parse(c))).toList();
        charts.add(new LineChart(
                stem,
                "readKey reads/s by reader threads: " + group.title(),
                "reader threads",
                "reads/s",
                LineChart.logFits(series),
                tics,
                series));
        md.paragraph("Reads per second, all threads together (each thread reads every key once per round; "
                + "reads/s = threads × entries ÷ JMH's time per round).");
        List<String> beyond = counts.stream()
                .filter(c -> cores > 0 && Numbers.parse(c) > cores)
                .toList();
        if (!beyond.isEmpty()) {
            md.paragraph(DirWalkKind.sharedCores(
                    cores,
                    "the "
                            + (beyond.size() == 1
                                    ? beyond.get(0)
                                    : String.join(", ", beyond.subList(0, beyond.size() - 1)) + " and "
                                            + beyond.get(beyond.size() - 1))
                            + " reader threads of those runs"));
        }
        List<String> header = new ArrayList<>(List.of("Engine"));
        counts.forEach(c -> header.add(c + (c.equals("1") ? " thread" : " threads")));
        md.table(header, rows);
    }

    /** reads/s of a readKeyThreads round: readers × num reads in {@code ms}. */
    static double readsPerSec(Result r) {
        return Numbers.parse(r.key().param("readers")) * Numbers.parse(r.key().param("num")) * 1000 / r.ms();
    }
}
