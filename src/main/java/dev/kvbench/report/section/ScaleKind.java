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
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * A size sweep ({@code scale} suite, chart kind {@code scale}): per workload, time per entry in ns against
 * entries, both axes logarithmic (the sizes are powers of ten, drawn at their log10), one line per engine and
 * limit row; then storage bytes per entry and background CPU per entry against entries; and one computed
 * sentence per engine where its time per entry grows by more than {@link #STEP} between neighbouring sizes.
 * The tests of one sweep (settled small sizes, single-shot large ones) are charted together, under the last.
 */
final class ScaleKind implements ReportKind {

    /** Growth of ns/entry between neighbouring sizes that a sentence names: more than 1.5x. */
    static final double STEP = 1.5;

    private final ResultsFolder folder;
    private final Specs specs;
    private final Markdown md;
    private final ReportCharts charts;

    ScaleKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        this.folder = folder;
        this.specs = specs;
        this.md = md;
        this.charts = charts;
    }

    /** A scale test has no variants section: its sizes, across tests, are its data sets. */
    @Override
    public void write(TestRun test) {
        write(test, folder.tests);
    }

    /**
     * The tests charted with {@code test}: every scale test of the folder on the same workloads, in the same
     * memory (held by a control group, or not) and with the same page cache (cold or warm).
     */
    static List<TestRun> sweep(TestRun test, List<TestRun> tests) {
        return tests.stream()
                .filter(t -> ChartKind.of(t) == ChartKind.SCALE
                        && t.meta.getOrDefault("workloads", "").equals(test.meta.getOrDefault("workloads", ""))
                        && beyond(t) == beyond(test)
                        && cold(t) == cold(test))
                .toList();
    }

    /** A test whose forks ran in a memory control group (the beyond-memory tests). */
    static boolean beyond(TestRun t) {
        return t.meta.containsKey("memory.limitBytes");
    }

    /** A test whose read passes started with the store's page cache dropped ({@code -Dkvbench.cache=cold}). */
    static boolean cold(TestRun t) {
        return t.meta.getOrDefault("command", "").contains("kvbench.cache=cold");
    }

    /** The section of one scale test: its charts when it is the sweep's last test, else where they are. */
    void write(TestRun test, List<TestRun> tests) {
        List<TestRun> sweep = sweep(test, tests);
        TestRun last = sweep.get(sweep.size() - 1);
        if (last != test) {
            md.paragraph("Charted with test " + last.number + ", which holds the larger sizes of the same workloads.");
            return;
        }
        List<Result> all = new ArrayList<>();
        sweep.forEach(t -> all.addAll(t.results));
        if (sweep.size() > 1) {
            md.paragraph("The charts and sentences below take tests "
                    + String.join(
                            ", ",
                            sweep.stream().map(t -> String.valueOf(t.number)).toList()) + " together.");
        }
        md.bullets(MemorySentences.limits(sweep));
        if (cold(test)) {
            List<String> kept = new MemorySentences(specs).keptInCache(all);
            md.bullets(
                    kept.isEmpty()
                            ? List.of("No engine kept more than 1% of its files in the page cache after a drop.")
                            : kept);
        }
        for (Group group : Group.of(all, Set.of("num"))) {
            md.heading(3, sizeless(group.title()));
            write(group, test.number + "-" + group.slug());
        }
    }

    void write(Group group, String stem) {
        List<String> specList = group.specs(specs);
        List<String> sizes = group.values("num");
        List<Figure.Tic> tics = sizes.stream()
                .map(n -> new Figure.Tic(power(n), Math.log10(Numbers.parse(n))))
                .toList();
        for (String workload : group.workloads()) {
            List<LineChart.Series> series = series(group, workload, specList, sizes, ScaleKind::nsPerEntry);
            if (series.stream()
                    .anyMatch(s -> anyValue(s.points().stream().map(p -> p[1]).toList()))) {
                charts.add(new LineChart(
                        stem + "-" + workload,
                        workload + ": " + what(workload) + " against entries, " + sizeless(group.title()),
                        "entries (log scale)",
                        what(workload),
                        true,
                        tics,
                        series));
            } else { // every engine skipped or failed it (readSeq on unordered engines only): a chart of no points
                md.paragraph("**" + workload + "**: no engine here has a result (the failures section says why).");
            }
            md.bullets(slopeChanges(workload, series, sizes));
            List<List<Double>> bounds = lowerBounds(group, workload, specList, sizes);
            table(what(workload), series, sizes, bounds);
            if (bounds.stream().anyMatch(ScaleKind::anyValue)) {
                md.paragraph(
                        "\"> N\": the trial timeout (KVBENCH_TIMEOUT) killed the trial while that pass was under way, after"
                                + " N " + what(workload)
                                + " of it; the pass would have taken longer: a lower bound, not a result.");
            }
        }
        perEntryCosts(group, stem, specList, sizes, tics);
    }

    /**
     * Storage bytes per entry after close against entries, and background CPU per entry for the engines that have
     * threads of their own: each a chart and a table, from the write pass where there is one.
     */
    private void perEntryCosts(
            Group group, String stem, List<String> specList, List<String> sizes, List<Figure.Tic> tics) {
        String storageWorkload = group.workloads().contains("write")
                ? "write"
                : group.workloads().get(0);
        List<LineChart.Series> storage =
                series(group, storageWorkload, specList, sizes, r -> r.metric(Metric.STORAGE_AFTER_CLOSE) / entries(r));
        charts.add(new LineChart(
                stem + "-storage",
                "Storage bytes per entry after close against entries, " + sizeless(group.title()),
                "entries (log scale)",
                "bytes per entry",
                true,
                tics,
                storage));
        md.paragraph("Storage after close per entry (bytes; the flat array is " + flatPerEntry(group)
                + " bytes per entry):");
        table("bytes per entry", storage, sizes, List.of());
        List<LineChart.Series> cpu = series(group, storageWorkload, specList, sizes, ScaleKind::backgroundNsPerEntry);
        if (cpu.stream().anyMatch(s -> s.points().stream().anyMatch(p -> p[1] > 0))) {
            charts.add(new LineChart(
                    stem + "-cpu",
                    "Background CPU per entry (" + storageWorkload + ") against entries, " + sizeless(group.title()),
                    "entries (log scale)",
                    "ns of background CPU per entry",
                    true,
                    tics,
                    cpu));
            md.paragraph(
                    "Background CPU per entry, " + storageWorkload
                            + " (ns): the engine's own threads' CPU over the trial as a "
                            + "share of the benchmark thread's, times the time per entry; 0 for an engine without threads of its own.");
            table("ns of background CPU per entry", cpu, sizes, List.of());
        }
    }

    private List<LineChart.Series> series(
            Group group, String workload, List<String> specList, List<String> sizes, ToDoubleFunction<Result> y) {
        List<LineChart.Series> series = new ArrayList<>();
        for (String spec : specList) {
            List<double[]> points = new ArrayList<>();
            for (String n : sizes) {
                Optional<Result> run = group.find(spec, workload, "num", n);
                double value = run.filter(Result::ok).map(y::applyAsDouble).orElse(Double.NaN);
                points.add(new double[] {Math.log10(Numbers.parse(n)), value});
            }
            series.add(new LineChart.Series(specs.label(spec), specs.rgb(spec), Specs.hasOptions(spec), points));
        }
        return series;
    }

    /**
     * One sentence per engine whose time per entry grows by more than {@link #STEP} from one size to the next:
     * "LMDB: ns/entry grows 2.3x from 100,000 to 1,000,000 entries (41 to 94 ns)"; engines that never do are
     * named together.
     */
    static List<String> slopeChanges(String workload, List<LineChart.Series> series, List<String> sizes) {
        List<String> sentences = new ArrayList<>();
        List<String> flat = new ArrayList<>();
        for (LineChart.Series s : series) {
            List<String> steps = new ArrayList<>();
            for (int i = 1; i < s.points().size(); i++) {
                double before = s.points().get(i - 1)[1];
                double after = s.points().get(i)[1];
                if (before > 0 && after / before > STEP) {
                    steps.add(String.format(Locale.ROOT, "%.1fx", after / before) + " from "
                            + Numbers.count(Numbers.parse(sizes.get(i - 1))) + " to "
                            + Numbers.count(Numbers.parse(sizes.get(i)))
                            + " entries (" + Numbers.sig3(before) + " to " + Numbers.sig3(after) + ")");
                }
            }
            long points = s.points().stream().filter(p -> !Double.isNaN(p[1])).count();
            if (!steps.isEmpty()) {
                sentences.add("**" + workload + "**, " + s.label() + ": time per entry grows "
                        + String.join("; and ", steps) + ".");
            } else if (points > 1) {
                flat.add(s.label());
            }
        }
        if (!flat.isEmpty()) {
            sentences.add("**" + workload + "**: time per entry grows by at most " + STEP
                    + "x between neighbouring sizes for " + String.join(", ", flat) + ".");
        }
        return sentences;
    }

    /**
     * The table of {@code series}: one row per engine, one column per size; where an engine has no point but a
     * lower bound ({@code bounds}, per series and size, NaN where none; empty for none at all), "> bound".
     */
    private void table(String unit, List<LineChart.Series> series, List<String> sizes, List<List<Double>> bounds) {
        List<String> header = new ArrayList<>(List.of("Engine (" + unit + ")"));
        sizes.forEach(n -> header.add(Numbers.count(Numbers.parse(n))));
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            LineChart.Series s = series.get(i);
            List<String> row = new ArrayList<>(List.of(s.label()));
            for (int j = 0; j < s.points().size(); j++) {
                double value = s.points().get(j)[1];
                double bound = bounds.isEmpty() ? Double.NaN : bounds.get(i).get(j);
                row.add(
                        !Double.isNaN(value)
                                ? Numbers.sig3(value)
                                : !Double.isNaN(bound) ? "> " + Numbers.sig3(bound) : "—");
            }
            rows.add(row);
        }
        md.table(header, rows);
    }

    /**
     * Per engine and size, the time per entry a timed-out trial's pass had reached when it was killed
     * ({@link Metric#TIMEOUT_PASS_MS}): more than that is what the pass would have cost. NaN where there is none.
     */
    static List<List<Double>> lowerBounds(Group group, String workload, List<String> specList, List<String> sizes) {
        List<List<Double>> bounds = new ArrayList<>();
        for (String spec : specList) {
            List<Double> row = new ArrayList<>();
            for (String n : sizes) {
                row.add(group.find(spec, workload, "num", n)
                        .filter(r -> !r.ok())
                        .map(r -> r.metric(Metric.TIMEOUT_PASS_MS) * 1e6 / entries(r))
                        .orElse(Double.NaN));
            }
            bounds.add(row);
        }
        return bounds;
    }

    private static boolean anyValue(List<Double> values) {
        return values.stream().anyMatch(v -> !Double.isNaN(v));
    }

    /** ns per entry of a pass; for readWhileWriting, ns per read of all readers together. */
    static double nsPerEntry(Result r) {
        if (r.workload().equals("readWhileWriting")) {
            double perSec = r.metric(Metric.READ_OPS_PER_SEC);
            return perSec > 0 ? 1e9 / perSec : Double.NaN;
        }
        return r.ms() * 1e6 / entries(r);
    }

    static double backgroundNsPerEntry(Result r) {
        double background = r.metric(Metric.CPU_BACKGROUND);
        double measured = r.metric(Metric.CPU_MEASURED);
        if (Double.isNaN(background) || Double.isNaN(measured) || measured <= 0) {
            return Double.NaN;
        }
        return Math.max(0, background) / measured * nsPerEntry(r);
    }

    private static double entries(Result r) {
        return Numbers.parse(r.key().param("num"));
    }

    private static String flatPerEntry(Group group) {
        Result r = group.results().get(0);
        return Numbers.sig3(Group.flatBytes(r) / entries(r));
    }

    private static String what(String workload) {
        return workload.equals("readWhileWriting") ? "ns per read" : "ns per entry";
    }

    /** A group title without its entry count, which the sweep varies: "Int keys, random order, 100 B values". */
    static String sizeless(String title) {
        String rest = title.replaceFirst("^[\\d,]+ ", "");
        return rest.isEmpty() ? title : Character.toUpperCase(rest.charAt(0)) + rest.substring(1);
    }

    /** 10000 as "10^4"; other sizes as counts. */
    static String power(String n) {
        double v = Numbers.parse(n);
        double log = Math.log10(v);
        return Math.abs(log - Math.rint(log)) < 1e-9 ? "10^" + (long) Math.rint(log) : Numbers.count(v);
    }
}
