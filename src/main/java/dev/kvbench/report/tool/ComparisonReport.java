package dev.kvbench.report.tool;

import dev.kvbench.report.chart.Figure;
import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.HostProfile;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.section.Markdown;
import dev.kvbench.report.tool.Comparison.Pair;
import dev.kvbench.text.Numbers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** {@link Compare}'s README.md and chart: the two runs, their significant differences, and whether a rerun agrees. */
final class ComparisonReport {
    private final CompareOptions options;
    private final ResultsFolder a;
    private final ResultsFolder b;
    private final Comparison comparison;
    private final Specs specs;
    private final Markdown md = new Markdown();
    private final Set<String> varying;
    Figure figure;

    ComparisonReport(CompareOptions options, ResultsFolder a, ResultsFolder b, Comparison comparison, Specs specs) {
        this.options = options;
        this.a = a;
        this.b = b;
        this.comparison = comparison;
        this.specs = specs;
        this.varying = varying(comparison.common());
    }

    /** Parameters beyond the data set's own that differ between the common runs (readers, encoding...). */
    private static Set<String> varying(List<Pair> pairs) {
        Map<String, Set<String>> values = new TreeMap<>();
        pairs.forEach(p -> p.key()
                .params()
                .forEach((k, v) ->
                        values.computeIfAbsent(k, x -> new TreeSet<>()).add(v)));
        Set<String> shown = new LinkedHashSet<>();
        values.forEach((name, set) -> {
            if (set.size() > 1
                    && !List.of("store", "num", "intKey", "sequential", "valSize")
                            .contains(name)) {
                shown.add(name);
            }
        });
        return shown;
    }

    String write() {
        String nameA = name(options.a());
        String nameB = name(options.b());
        double threshold = comparison.threshold();
        md.heading(1, "kvbench comparison: " + nameB + " against " + nameA);
        md.paragraph("Written by `./process.sh --compare " + options.a() + " " + options.b()
                + "` from the raw files of "
                + "both folders. For every run both hold (the same benchmark, engine and parameters): B ÷ A, the time per "
                + "operation of B (" + nameB + ") over that of A (" + nameA
                + "); below 1 B is faster. Its error combines "
                + "both JMH 99.9% errors (relative errors added in quadrature). A difference is listed when the two "
                + "intervals do not overlap and B ÷ A is more than " + percent(threshold) + " from 1; the others are "
                + "within noise or the threshold. Limit rows and direct-API baselines are compared like the engines.");
        environment(nameA, nameB);
        md.heading(2, "Differences");
        if (comparison.common().isEmpty()) {
            md.paragraph("No run of a pass benchmark is in both folders. Their YCSB workloads, whose answer is the run"
                    + " phase's ranking, are compared by their verdicts below, each from its own run's turns paired by"
                    + " rotation; their throughputs are not divided, since two runs' turns are not paired.");
            new Reproducibility(a, b, comparison, specs, md).write();
            return md.toString();
        }
        List<Pair> significant = comparison.significant();
        long faster = significant.stream().filter(p -> p.ratio() < 1).count();
        md.paragraph(Numbers.count(comparison.common().size()) + " runs in both folders, " + comparison.comparable()
                + " with a score in both (the others failed or were skipped in one of them)"
                + (comparison.onlyA() + comparison.onlyB() == 0
                        ? ""
                        : "; " + comparison.onlyA() + " only in A, " + comparison.onlyB() + " only in B")
                + ". "
                + (significant.isEmpty()
                        ? "None differs significantly."
                        : significant.size() + " differ significantly: " + faster + " faster in B, "
                                + (significant.size() - faster) + " slower."));
        if (!significant.isEmpty()) {
            figure = figure(significant, nameA, nameB);
            if (options.png()) {
                md.image("B ÷ A of the significant differences", figure.stem() + ".png");
            } else {
                md.paragraph("The chart's data and script: `" + figure.stem() + ".dat`, `" + figure.stem()
                        + ".gp` (gnuplot is not installed).");
            }
            List<List<String>> rows = new ArrayList<>();
            for (Pair p : significant) {
                rows.add(List.of(
                        dataSet(p),
                        engine(p),
                        p.key().workload(),
                        time(p.a()),
                        time(p.b()),
                        Numbers.sig3(p.ratio()) + " ± " + Numbers.sig2(p.ratioError())));
            }
            md.table(List.of("Data set", "Engine", "Workload", "A (ms/op)", "B (ms/op)", "B ÷ A"), rows);
        }
        new Reproducibility(a, b, comparison, specs, md).write();
        return md.toString();
    }

    private void environment(String nameA, String nameB) {
        md.heading(2, "The two runs");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(
                "Folder", "[" + nameA + "](" + link(options.a()) + ")", "[" + nameB + "](" + link(options.b()) + ")"));
        for (String[] item : new String[][] {
            {"Suite", "suite"},
            {"Started", "started"},
            {"CPU", "cpu.model"},
            {"Load at the start", "load.start"},
            {"JVM", "java.vm"},
            {"Java", "java.version"},
            {"kvbench", "kvbench.version"}
        }) {
            rows.add(List.of(
                    item[0], a.env.getOrDefault(item[1], "not recorded"), b.env.getOrDefault(item[1], "not recorded")));
        }
        rows.add(List.of("Commit", ResultsIndex.commit(a.env), ResultsIndex.commit(b.env)));
        Set<String> keys = new TreeSet<>(a.env.keySet());
        keys.addAll(b.env.keySet());
        for (String key : keys) {
            if (key.startsWith("engine.")
                    && key.endsWith(".version")
                    && !a.env.getOrDefault(key, "").equals(b.env.getOrDefault(key, ""))) {
                String engine = key.substring("engine.".length(), key.length() - ".version".length());
                rows.add(List.of(
                        specs.label(engine) + " version", a.env.getOrDefault(key, "—"), b.env.getOrDefault(key, "—")));
            }
        }
        HostProfile hostA = HostProfile.of(a.env);
        HostProfile hostB = HostProfile.of(b.env);
        rows.add(List.of("Host class", recorded(hostA.classText()), recorded(hostB.classText())));
        rows.add(List.of("Memory latency", recorded(hostA.latencyText()), recorded(hostB.latencyText())));
        rows.add(List.of("TLB miss", recorded(hostA.tlbText()), recorded(hostB.tlbText())));
        md.table(List.of("", "A", "B"), rows);
        md.paragraph(hostSentence(hostA, hostB));
        Experiment runA = Experiment.of(a, specs);
        Experiment runB = Experiment.of(b, specs);
        if (!runA.sameExperiment(runB)) {
            md.paragraph("**B is not a rerun of A**: " + runA.inCommon(runB) + ". The runs both hold are compared "
                    + "below; a ranking that differs may differ by the engines only one run has.");
        }
    }

    private static String recorded(String text) {
        return text.isEmpty() ? "not recorded" : text;
    }

    /**
     * Whether the two runs ran on one class of host: different classes (compared with {@code --any-host}), with the
     * measured property that differs most as the likely cause of a ranking that differs; or a class not recorded.
     */
    private String hostSentence(HostProfile hostA, HostProfile hostB) {
        String cpuA = a.env.getOrDefault("cpu.model", "");
        String cpuB = b.env.getOrDefault("cpu.model", "");
        boolean classesDiffer =
                hostA.known() && hostB.known() && !hostA.hostClass().equals(hostB.hostClass());
        boolean namesDiffer = !cpuA.equals(cpuB);
        if (classesDiffer || namesDiffer) {
            String most = hostA.mostDifferent(hostB);
            return "**The runs come from different hosts** (compared with `--any-host`): A ran on "
                    + (hostA.known() ? hostA.hostClass() : cpuA.isEmpty() ? "a host not recorded" : cpuA) + ", B on "
                    + (hostB.known() ? hostB.hostClass() : cpuB.isEmpty() ? "a host not recorded" : cpuB)
                    + "; their differences are mostly the hosts'. "
                    + (most.isEmpty()
                            ? "Which property of the hosts is why cannot be said: "
                                    + (hostA.latencyText().isEmpty()
                                                    && hostB.latencyText().isEmpty()
                                            ? "neither run"
                                            : "one of the runs")
                                    + " has a memory profile."
                            : "Where a ranking differs, the likeliest cause is the measured property of the hosts that "
                                    + "differs most: " + most + ".");
        }
        if (!hostA.known() || !hostB.known()) {
            String which = !hostA.known() && !hostB.known() ? "either run" : !hostA.known() ? "A" : "B";
            return "The host class (the CPU's vendor, family and model) of " + which + " is unknown: it ran before "
                    + "kvbench recorded it. Both name the CPU " + (cpuA.isEmpty() ? "alike" : cpuA)
                    + ", a name that more than "
                    + "one host class shares (AMD EPYC: Zen 4 and Zen 5), so a ranking that differs may be the hosts'.";
        }
        if (hostA.otherState(hostB)) {
            return "Both ran on one host class, " + hostA.hostClass() + ", but not in one state: "
                    + hostA.mostDifferent(hostB) + ", measured before each run. An engine's time in a memory-bound"
                    + " pass (a cursor's, a random read's) can move between the runs by as much, beyond either run's"
                    + " interval; its ranking moves less, since each ratio pairs turns that shared one run's host.";
        }
        return "Both ran on one host class, " + hostA.hostClass() + ".";
    }

    /** A link from the comparison's folder to a run's report. */
    private String link(Path run) {
        Path target = run.toAbsolutePath().normalize().resolve("README.md");
        try {
            return options.out().toAbsolutePath().normalize().relativize(target).toString();
        } catch (IllegalArgumentException e) {
            return target.toString();
        }
    }

    private static String name(Path dir) {
        return dir.toAbsolutePath().normalize().getFileName().toString();
    }

    private String dataSet(Pair p) {
        List<String> parts = new ArrayList<>(List.of(Group.describe(p.key())));
        varying.stream()
                .filter(n -> !p.key().param(n).isEmpty())
                .forEach(n -> parts.add(n + " " + p.key().param(n)));
        return "Test " + p.testB() + ": " + String.join(", ", parts);
    }

    private String engine(Pair p) {
        return specs.label(p.key().store()) + (p.direct() ? " (direct API)" : "");
    }

    /** "1.51 ± 0.021", marked "(unstable)" when its error is over 10% of it, as the report marks it. */
    private static String time(Result r) {
        return Numbers.sig3(r.ms())
                + (Double.isNaN(r.errorMs()) ? "" : " ± " + Numbers.sig2(r.errorMs()))
                + (r.stable() ? "" : " (unstable)");
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f%%", share * 100);
    }

    /** One panel per workload, a bar per engine and data set: B ÷ A with its combined error. */
    private Figure figure(List<Pair> significant, String nameA, String nameB) {
        Map<String, List<Pair>> byWorkload = new LinkedHashMap<>();
        List<String> order = new ArrayList<>(Group.WORKLOADS);
        significant.stream()
                .map(p -> p.key().workload())
                .filter(w -> !order.contains(w))
                .distinct()
                .forEach(order::add);
        for (String workload : order) {
            significant.stream()
                    .filter(p -> p.key().workload().equals(workload))
                    .sorted(Comparator.comparing((Pair p) -> p.key().store(), specs.order())
                            .thenComparing(this::dataSet))
                    .forEach(p -> byWorkload
                            .computeIfAbsent(workload, k -> new ArrayList<>())
                            .add(p));
        }
        List<Figure.Panel> panels = new ArrayList<>();
        byWorkload.forEach((workload, pairs) -> {
            List<Figure.Bar> bars = new ArrayList<>();
            List<Figure.Tic> tics = new ArrayList<>();
            for (int i = 0; i < pairs.size(); i++) {
                Pair p = pairs.get(i);
                String label = engine(p) + ", test " + p.testB();
                bars.add(new Figure.Bar(
                        i,
                        0.4,
                        p.ratio(),
                        p.ratioError(),
                        specs.rgb(p.key().store()),
                        specs.fill(p.key().store()),
                        "",
                        label));
                tics.add(new Figure.Tic(label, i));
            }
            panels.add(new Figure.Panel(
                    workload, "", Figure.Axis.fit("B ÷ A (below 1: B faster)", bars), bars, tics, true));
        });
        return new Figure(
                "compare",
                nameB + " ÷ " + nameA + ": significant differences in time per operation",
                panels,
                List.of());
    }
}
