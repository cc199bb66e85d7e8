package dev.kvbench.report.section;

import dev.kvbench.report.chart.Figure;
import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.Verdict;
import dev.kvbench.results.Metric;
import dev.kvbench.results.PairedRatio;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Builds the report's charts from a {@link Group}: time per pass, storage, and their sweeps. */
final class Figures {

    /** How a swept parameter is named on an axis. */
    private static final Map<String, String> AXIS_NAMES = Map.of(
            "valSize", "value size (bytes)",
            "batchSize", "batch size (entries per commit)",
            "depth", "directory depth (levels above each file)",
            "num", "entries",
            "encoding", "value encoding");

    private final Specs specs;

    Figures(Specs specs) {
        this.specs = specs;
    }

    static String axisName(String param) {
        return AXIS_NAMES.getOrDefault(param, param);
    }

    /** A swept value as a sentence says it: "value size 2,026 B", "batch size 10,000", "sync true". */
    static String valueText(String param, String value) {
        double n = Numbers.parse(value);
        String shown = Double.isNaN(n) ? value : Numbers.count(n);
        return switch (param) {
            case "valSize" -> "value size " + shown + " B";
            case "batchSize" -> "batch size " + shown;
            case "num" -> shown + " entries";
            case "depth" -> "depth " + shown;
            default -> param + " " + shown;
        };
    }

    /** Time per pass: one panel per workload, one bar per spec, in the order given. */
    Figure time(String stem, String title, Group group, List<String> specList) {
        Unit unit = Unit.time(group.results().stream()
                .filter(r -> specList.contains(r.store()))
                .toList());
        List<Figure.Panel> panels = new ArrayList<>();
        for (String workload : group.workloads()) {
            List<Figure.Bar> bars = new ArrayList<>();
            List<Figure.Tic> tics = new ArrayList<>();
            for (int i = 0; i < specList.size(); i++) {
                String spec = specList.get(i);
                bars.add(timeBar(group.find(spec, workload), spec, i, 0.4, unit));
                tics.add(new Figure.Tic(specs.label(spec), i));
            }
            panels.add(new Figure.Panel(workload, "", Figure.Axis.fit(unit.name(), bars), bars, tics, true));
        }
        return new Figure(stem, title, panels, List.of());
    }

    /**
     * Each ranked engine's time relative to the fastest, per workload, from their turns paired by rotation: the
     * median of its turn ÷ the leader's turn in the same rotation, its whisker the wider side of that median's 99.9%
     * interval; the leader at 1. Limit rows are not ranked and not drawn. Empty when no workload was interleaved.
     */
    Optional<Figure> relative(String stem, String title, Group group, List<String> ranked) {
        List<Figure.Panel> panels = new ArrayList<>();
        for (String workload : group.workloads()) {
            List<Result> runs = ranked.stream()
                    .map(spec -> group.find(spec, workload))
                    .flatMap(Optional::stream)
                    .filter(Result::ok)
                    .toList();
            Verdict verdict = Verdict.of(runs);
            if (!verdict.paired()) {
                continue;
            }
            List<Figure.Bar> bars = new ArrayList<>();
            List<Figure.Tic> tics = new ArrayList<>();
            List<Result> order = new ArrayList<>(verdict.ranking().order());
            Result leader = order.remove(0);
            order.sort(Comparator.comparingDouble(r -> verdict.againstLeader(r).median()));
            order.add(0, leader);
            for (int i = 0; i < order.size(); i++) {
                Result r = order.get(i);
                double value = 1;
                double error = Double.NaN;
                if (i > 0) {
                    PairedRatio ratio = verdict.againstLeader(r);
                    value = ratio.median();
                    error = ratio.hasInterval()
                            ? Math.max(ratio.median() - ratio.low(), ratio.high() - ratio.median())
                            : Double.NaN;
                }
                bars.add(new Figure.Bar(
                        i, 0.4, value, error, specs.rgb(r.store()), specs.fill(r.store()), "", specs.label(r.store())));
                tics.add(new Figure.Tic(specs.label(r.store()), i));
            }
            panels.add(new Figure.Panel(
                    workload, "", Figure.Axis.fit("time ÷ the fastest's, paired", bars), bars, tics, true));
        }
        return panels.isEmpty() ? Optional.empty() : Optional.of(new Figure(stem, title, panels, List.of()));
    }

    /** Time per pass against a swept parameter: one panel per workload, a cluster of bars per value. */
    Figure sweepTime(String stem, String title, Group group, String param, List<String> specList) {
        Unit unit = Unit.time(group.results().stream()
                .filter(r -> specList.contains(r.store()))
                .toList());
        List<String> values = group.values(param);
        double width = 0.8 / specList.size();
        List<Figure.Panel> panels = new ArrayList<>();
        for (String workload : group.workloads()) {
            List<Figure.Bar> bars = new ArrayList<>();
            for (int c = 0; c < values.size(); c++) {
                for (int e = 0; e < specList.size(); e++) {
                    String spec = specList.get(e);
                    double x = c + (e - (specList.size() - 1) / 2.0) * width;
                    bars.add(timeBar(group.find(spec, workload, param, values.get(c)), spec, x, width * 0.45, unit));
                }
            }
            panels.add(new Figure.Panel(
                    workload, axisName(param), Figure.Axis.fit(unit.name(), bars), bars, clusterTics(values), false));
        }
        return new Figure(stem, title, panels, legend(specList, false));
    }

    /** Storage after close: the flat array first, then one bar per spec. */
    Figure storage(String stem, String title, Group group, List<String> specList) {
        List<Optional<Result>> runs = specList.stream()
                .map(spec -> group.storageRun(spec, null, null))
                .toList();
        double flat = runs.stream()
                .flatMap(Optional::stream)
                .mapToDouble(Group::flatBytes)
                .findFirst()
                .orElse(
                        group.results().isEmpty()
                                ? Double.NaN
                                : Group.flatBytes(group.results().get(0)));
        Unit unit = Unit.bytes(runs.stream()
                .flatMap(Optional::stream)
                .mapToDouble(r -> r.metric(Metric.STORAGE_AFTER_CLOSE))
                .max()
                .orElse(flat));
        List<Figure.Bar> bars = new ArrayList<>();
        List<Figure.Tic> tics = new ArrayList<>();
        bars.add(new Figure.Bar(
                0, 0.4, flat / unit.divisor(), Double.NaN, Specs.FLAT_ARRAY, Figure.Fill.SOLID, "", "Flat array"));
        tics.add(new Figure.Tic("Flat array", 0));
        for (int i = 0; i < specList.size(); i++) {
            String spec = specList.get(i);
            bars.add(storageBar(runs.get(i), spec, i + 1, 0.4, unit));
            tics.add(new Figure.Tic(specs.label(spec), i + 1));
        }
        Figure.Panel panel = new Figure.Panel(
                "storage after close", "", Figure.Axis.fit("storage, " + unit.name(), bars), bars, tics, true);
        return new Figure(stem, title, List.of(panel), List.of());
    }

    /** Storage after close against a swept parameter: per value, the flat array and one bar per spec. */
    Figure sweepStorage(String stem, String title, Group group, String param, List<String> specList) {
        List<String> values = group.values(param);
        double max = group.results().stream()
                .mapToDouble(r -> r.metric(Metric.STORAGE_AFTER_CLOSE))
                .filter(v -> !Double.isNaN(v))
                .max()
                .orElse(1);
        Unit unit = Unit.bytes(max);
        int slots = specList.size() + 1;
        double width = 0.8 / slots;
        List<Figure.Bar> bars = new ArrayList<>();
        for (int c = 0; c < values.size(); c++) {
            String value = values.get(c);
            double flat = group.results().stream()
                    .filter(r -> r.key().param(param).equals(value))
                    .mapToDouble(Group::flatBytes)
                    .findFirst()
                    .orElse(Double.NaN);
            bars.add(new Figure.Bar(
                    c - (slots - 1) / 2.0 * width,
                    width * 0.45,
                    flat / unit.divisor(),
                    Double.NaN,
                    Specs.FLAT_ARRAY,
                    Figure.Fill.SOLID,
                    "",
                    "Flat array"));
            for (int e = 0; e < specList.size(); e++) {
                String spec = specList.get(e);
                double x = c + (e + 1 - (slots - 1) / 2.0) * width;
                bars.add(storageBar(group.storageRun(spec, param, value), spec, x, width * 0.45, unit));
            }
        }
        Figure.Panel panel = new Figure.Panel(
                "storage after close",
                axisName(param),
                Figure.Axis.fit("storage, " + unit.name(), bars),
                bars,
                clusterTics(values),
                false);
        return new Figure(stem, title, List.of(panel), legend(specList, true));
    }

    /**
     * dirWalk's storage table as a chart (the Ozone reference's on-disk size per encoding): per
     * encoding, the flat array of the tree's keys and values and one bar per engine, one colour
     * per engine as everywhere.
     */
    Figure storageByEncoding(String stem, String title, Group group, List<String> specList) {
        return sweepStorage(stem, title, group, "encoding", specList);
    }

    /**
     * dirWalk's throughput: a panel of walks/s and one of lookups/s ({@link DirWalkKind#rate}),
     * JMH's error as the whisker. One encoding: a bar per spec; several: per encoding a cluster of
     * one bar per spec, one colour per engine.
     */
    Figure walks(String stem, String title, Group group, List<String> specList) {
        List<String> encodings = group.values("encoding");
        boolean clusters = encodings.size() > 1;
        double width = clusters ? 0.8 / specList.size() : 0.8;
        List<Figure.Panel> panels = new ArrayList<>();
        for (boolean lookups : new boolean[] {false, true}) {
            String what = lookups ? "lookups/s" : "walks/s";
            Unit unit = Unit.rate(
                    group.results().stream()
                            .filter(Result::ok)
                            .mapToDouble(r -> DirWalkKind.rate(r, lookups))
                            .max()
                            .orElse(1),
                    what);
            List<Figure.Bar> bars = new ArrayList<>();
            List<Figure.Tic> tics = new ArrayList<>();
            for (int c = 0; c < encodings.size(); c++) {
                for (int e = 0; e < specList.size(); e++) {
                    String spec = specList.get(e);
                    double x = clusters ? c + (e - (specList.size() - 1) / 2.0) * width : e;
                    Optional<Result> run = group.find(spec, "dirWalk", "encoding", encodings.get(c));
                    double value = run.filter(Result::ok)
                            .map(r -> DirWalkKind.rate(r, lookups))
                            .orElse(Double.NaN);
                    double error = run.filter(Result::ok)
                            .map(r -> DirWalkKind.rate(r, lookups) * r.errorMs() / r.ms())
                            .orElse(Double.NaN);
                    bars.add(new Figure.Bar(
                            x,
                            width * 0.45,
                            value / unit.divisor(),
                            error / unit.divisor(),
                            specs.rgb(spec),
                            specs.fill(spec),
                            run.map(r -> r.ok() ? "" : r.status().word()).orElse("not run"),
                            specs.label(spec)));
                    if (!clusters) {
                        tics.add(new Figure.Tic(specs.label(spec), x));
                    }
                }
            }
            String panelTitle = lookups ? "lookups/s (walks/s x lookups per walk)" : "walks/s";
            panels.add(new Figure.Panel(
                    panelTitle,
                    clusters ? axisName("encoding") : "",
                    Figure.Axis.fit(unit.name(), bars),
                    bars,
                    clusters ? clusterTics(encodings) : tics,
                    !clusters));
        }
        return new Figure(stem, title, panels, clusters ? legend(specList, false) : List.of());
    }

    /**
     * Crash and power-cut tests ({@code workload} crash or powercut): the median reopen time, one bar
     * per spec and sync setting (sync=true hatched).
     */
    Figure crashReopen(String stem, String title, Group group, List<String> specList, String workload, String after) {
        List<Figure.Bar> bars = new ArrayList<>();
        List<Figure.Tic> tics = new ArrayList<>();
        for (String spec : specList) {
            for (String sync : group.values("sync")) {
                Optional<Result> run = group.find(spec, workload, "sync", sync);
                if (run.isEmpty() || run.get().status() == Result.Status.SKIPPED) {
                    continue;
                }
                double value = run.get().metric(Metric.CRASH_REOPEN_MEDIAN);
                String label = specs.label(spec) + ("true".equals(sync) ? " sync" : "");
                bars.add(new Figure.Bar(
                        bars.size(),
                        0.4,
                        value,
                        Double.NaN,
                        specs.rgb(spec),
                        "true".equals(sync) ? Figure.Fill.VARIANT : Figure.Fill.SOLID,
                        Double.isNaN(value) ? run.get().status().word() : "",
                        label));
                tics.add(new Figure.Tic(label, tics.size()));
            }
        }
        Figure.Panel panel = new Figure.Panel(
                "reopen after " + after + " (median)", "", Figure.Axis.fit("ms", bars), bars, tics, true);
        return new Figure(stem, title, List.of(panel), List.of());
    }

    private Figure.Bar timeBar(Optional<Result> run, String spec, double x, double half, Unit unit) {
        String note = run.map(r -> r.ok() ? "" : r.status().word()).orElse("not run");
        double value = run.filter(Result::ok).map(r -> r.ms() / unit.divisor()).orElse(Double.NaN);
        double error =
                run.filter(Result::ok).map(r -> r.errorMs() / unit.divisor()).orElse(Double.NaN);
        // a score over JVMs (JVMs added where they disagreed) spans its fastest to its slowest JVM, which is seldom
        // symmetric around the median JVM: the whisker is that span, not the median ± the wider side
        double[] span = run.filter(r -> r.ok() && r.overJvms())
                .map(Result::jvmRange)
                .orElse(new double[] {Double.NaN, Double.NaN});
        return new Figure.Bar(
                x,
                half,
                value,
                error,
                specs.rgb(spec),
                specs.fill(spec),
                note,
                specs.label(spec),
                span[0] / unit.divisor(),
                span[1] / unit.divisor());
    }

    private Figure.Bar storageBar(Optional<Result> run, String spec, double x, double half, Unit unit) {
        double value = run.map(r -> r.metric(Metric.STORAGE_AFTER_CLOSE) / unit.divisor())
                .orElse(Double.NaN);
        return new Figure.Bar(
                x,
                half,
                value,
                Double.NaN,
                specs.rgb(spec),
                specs.fill(spec),
                run.isPresent() ? "" : "no data",
                specs.label(spec));
    }

    private static List<Figure.Tic> clusterTics(List<String> values) {
        List<Figure.Tic> tics = new ArrayList<>();
        for (int c = 0; c < values.size(); c++) {
            double n = Numbers.parse(values.get(c));
            tics.add(new Figure.Tic(Double.isNaN(n) ? values.get(c) : Numbers.count(n), c)); // encodings are names
        }
        return tics;
    }

    private List<Figure.Legend> legend(List<String> specList, boolean withFlatArray) {
        List<Figure.Legend> legend = new ArrayList<>();
        if (withFlatArray) {
            legend.add(new Figure.Legend("Flat array", Specs.FLAT_ARRAY));
        }
        specList.forEach(spec -> legend.add(new Figure.Legend(specs.label(spec), specs.rgb(spec))));
        return legend;
    }

    /** The unit of an axis: its name and what raw values (ms, bytes) are divided by. */
    record Unit(String name, double divisor) {

        static final Unit MS = new Unit("ms/pass", 1);

        /** Seconds when even the fastest pass takes a second or more, else milliseconds. */
        static Unit time(List<Result> results) {
            double min = results.stream()
                    .filter(Result::ok)
                    .mapToDouble(Result::ms)
                    .min()
                    .orElse(0);
            return min >= 1000 ? new Unit("s/pass", 1000) : MS;
        }

        /** A rate ({@code name}: walks/s, lookups/s) in thousands or millions when its largest value is. */
        static Unit rate(double max, String name) {
            if (max >= 1e7) {
                return new Unit("million " + name, 1e6);
            }
            return max >= 1e4 ? new Unit("thousand " + name, 1e3) : new Unit(name, 1);
        }

        static Unit bytes(double max) {
            if (max >= 1e10) {
                return new Unit("GB", 1e9);
            }
            return max >= 1e6 ? new Unit("MB", 1e6) : new Unit("kB", 1e3);
        }
    }
}
