package dev.kvbench.report.section;

import dev.kvbench.report.chart.Figure;
import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.report.folder.VariantChange;
import dev.kvbench.report.folder.VariantPair;
import dev.kvbench.results.PairedRatio;
import dev.kvbench.results.VariantLine;
import dev.kvbench.store.StoreSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A test's variants, each against its base ({@link VariantPair}): "is the upgrade faster?" answered per workload from
 * the two specs' turns in the same rotations ({@link VariantChange}), as a table and a chart of the ratios; and, where
 * a variant could not run (a version without a method the adapter calls, an engine that fails under
 * {@code unsafe=deny}), which of them ran. At a glance sums the verdicts up per pair ({@link #glance}).
 */
final class TestVariants {

    static final String HEADING = "Variants";

    private final ResultsFolder folder;
    private final Specs specs;
    private final Markdown md;
    /** Null where only the sentences are wanted (At a glance): no chart is drawn then. */
    private final ReportCharts charts;

    TestVariants(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        this.folder = folder;
        this.specs = specs;
        this.md = md;
        this.charts = charts;
    }

    /**
     * One workload of one data set, B's run against A's.
     *
     * @param row the workload as a row of the table names it ("readSeq", "YCSB workloada", or with the data set
     *            before it where the test has several)
     * @param a   A's run, null where A has none
     * @param b   B's run, null where B has none
     */
    record Comparison(VariantPair pair, String row, Result a, Result b) {

        /** The verdict; null where either run has no turns to pair (not run, skipped, failed, not interleaved). */
        VariantChange change() {
            return a != null && b != null && a.paired() && b.paired() ? VariantChange.of(a, b) : null;
        }
    }

    /** Every pair's comparisons in {@code test}, pair by pair, each pair's rows in the order of the test's groups. */
    static List<Comparison> comparisons(TestRun test) {
        List<VariantPair> pairs = VariantPair.of(test.results.stream()
                .map(Result::store)
                .filter(s -> !s.isEmpty())
                .distinct()
                .toList());
        List<Group> groups = Group.of(test.results, Set.of());
        List<Comparison> comparisons = new ArrayList<>();
        for (VariantPair pair : pairs) {
            for (Group group : groups) {
                for (String workload : group.workloads()) {
                    Optional<Result> a = group.find(pair.a(), workload);
                    Optional<Result> b = group.find(pair.b(), workload);
                    if (a.isEmpty() && b.isEmpty()) {
                        continue;
                    }
                    String name = workloadName(a.or(() -> b).orElseThrow());
                    comparisons.add(new Comparison(
                            pair,
                            groups.size() > 1 ? group.title() + ": " + name : name,
                            a.orElse(null),
                            b.orElse(null)));
                }
            }
        }
        return comparisons;
    }

    /** "readSeq"; a YCSB run by its workload file, "YCSB workloada". */
    static String workloadName(Result r) {
        if (r.workload().equals("ycsb") && !r.key().param("workload").isEmpty()) {
            return "YCSB " + Path.of(r.key().param("workload")).getFileName();
        }
        return r.workload();
    }

    void write(TestRun test) {
        List<Comparison> comparisons = comparisons(test);
        boolean notRun = test.results.stream().anyMatch(r -> Specs.isVariant(r.store()) && !r.ok());
        if (comparisons.isEmpty() && !notRun) {
            return;
        }
        md.heading(3, HEADING);
        if (!comparisons.isEmpty()) {
            verdicts(test, comparisons);
        }
        if (notRun) {
            whichRan(test);
        }
    }

    private void verdicts(TestRun test, List<Comparison> comparisons) {
        if (comparisons.stream().noneMatch(c -> c.change() != null)) {
            md.paragraph("No variant here has turns to pair with its base's (the test was not interleaved, or one of "
                    + "the two did not run), so none is compared: a comparison divides the two specs' turns in the same"
                    + " rotations.");
            return;
        }
        String time = ChartKind.of(test) == ChartKind.YCSB ? "time per operation in the run phase" : "time per pass";
        md.paragraph("Each variant B against its base A (the same engine and options in the run's own library and JVM,"
                + " or, where the run has none, its first variant in the run's store order): B's " + time + " ÷ A's in"
                + " every rotation both took a turn in, seconds apart, so that a slow phase of the host divides out; a"
                + " cell gives the median of those ratios and the verdict at 99.9%. *Faster by x%*: the whole interval"
                + " lies below 1, and B takes x% less time than A (x = 1 − the ratio; the interval in the same terms);"
                + " *slower by x%*: it lies above 1, and B takes x% more time (x = the ratio − 1); *no difference larger"
                + " than ±" + VariantChange.percent(PairedRatio.TIE_WIDTH) + "%*: it holds 1 and lies within that;"
                + " *undecided*: it holds 1 and is wider (the interval given as a ratio).");
        Map<VariantPair, Map<String, Comparison>> byPair = new LinkedHashMap<>();
        List<String> rows = new ArrayList<>();
        for (Comparison c : comparisons) {
            byPair.computeIfAbsent(c.pair(), p -> new LinkedHashMap<>()).put(c.row(), c);
            if (!rows.contains(c.row())) {
                rows.add(c.row());
            }
        }
        List<String> header = new ArrayList<>(List.of("Workload"));
        byPair.keySet().forEach(pair -> header.add(name(pair)));
        List<List<String>> table = new ArrayList<>();
        for (String row : rows) {
            List<String> cells = new ArrayList<>(List.of(row));
            byPair.values().forEach(cs -> cells.add(cs.containsKey(row) ? cell(cs.get(row)) : "—"));
            table.add(cells);
        }
        md.table(header, table);
        if (charts != null) {
            charts.add(chart(test, byPair, rows));
        }
    }

    /** "0.88×, faster by 12% (8-15%)", or why there is no verdict: "not compared: RocksDB 10.10.1.1 skipped". */
    private String cell(Comparison c) {
        VariantChange change = c.change();
        if (change != null) {
            return change.ratio().medianText() + ", " + change.text();
        }
        return "not compared: " + missing(c);
    }

    /** Why a comparison has no verdict: "RocksDB 10.10.1.1 skipped", "LMDB DB not run", "no turns to pair". */
    private String missing(Comparison c) {
        for (String spec : List.of(c.pair().b(), c.pair().a())) {
            Result r = spec.equals(c.pair().b()) ? c.b() : c.a();
            if (r == null) {
                return specs.label(spec) + " not run";
            }
            if (!r.ok()) {
                return specs.label(spec) + " " + r.status().word();
            }
        }
        return "no turns to pair";
    }

    /** One panel per pair, a bar per workload: B's time ÷ A's, its interval, from a line at 1. */
    private Figure chart(TestRun test, Map<VariantPair, Map<String, Comparison>> byPair, List<String> rows) {
        List<Figure.Panel> panels = new ArrayList<>();
        byPair.forEach((pair, cells) -> {
            if (cells.values().stream().allMatch(c -> c.change() == null)) {
                return; // nothing to draw: the table says why
            }
            List<Figure.Bar> bars = new ArrayList<>();
            List<Figure.Tic> tics = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                Comparison c = cells.get(rows.get(i));
                VariantChange change = c == null ? null : c.change();
                PairedRatio ratio = change == null ? null : change.ratio();
                String note = ratio != null
                        ? ""
                        : c == null
                                ? "not run"
                                : c.b() != null && !c.b().ok()
                                        ? c.b().status().word()
                                        : c.a() != null && !c.a().ok()
                                                ? "base " + c.a().status().word()
                                                : "not compared";
                bars.add(new Figure.Bar(
                        i,
                        0.4,
                        ratio == null ? Double.NaN : ratio.median(),
                        Double.NaN,
                        specs.rgb(pair.b()),
                        specs.fill(pair.b()),
                        note,
                        rows.get(i),
                        ratio == null ? Double.NaN : ratio.low(),
                        ratio == null ? Double.NaN : ratio.high()));
                tics.add(new Figure.Tic(rows.get(i), i));
            }
            panels.add(new Figure.Panel(
                    name(pair),
                    "",
                    Figure.Axis.ratio("B's time ÷ A's, paired (below 1: B faster)", bars),
                    bars,
                    tics,
                    true));
        });
        return new Figure(
                test.number + "-variants",
                "Variants against their base, time ÷ the base's with its 99.9% interval: "
                        + HeaderSection.testHeading(test),
                panels,
                List.of());
    }

    /** Per store of the test's variant groups: the workloads it ran, and those skipped or failed with the reason. */
    private void whichRan(TestRun test) {
        List<String> stores = test.results.stream()
                .map(Result::store)
                .filter(s -> !s.isEmpty())
                .distinct()
                .sorted(specs.order())
                .toList();
        Set<StoreSpec> varied = new HashSet<>();
        stores.stream()
                .filter(Specs::isVariant)
                .forEach(s -> varied.add(Specs.parse(s).base()));
        List<String> allWorkloads =
                test.results.stream().map(TestVariants::workloadName).distinct().toList();
        List<List<String>> rows = new ArrayList<>();
        for (String store : stores) {
            if (!varied.contains(Specs.parse(store).base())) {
                continue;
            }
            List<Result> runs =
                    test.results.stream().filter(r -> r.store().equals(store)).toList();
            List<String> ran = runs.stream()
                    .filter(Result::ok)
                    .map(TestVariants::workloadName)
                    .distinct()
                    .toList();
            List<String> skipped = new ArrayList<>();
            List<String> failed = new ArrayList<>();
            for (FailuresSection.NotRun entry : FailuresSection.NotRun.of(runs, specs)) {
                List<String> names = entry.runs().stream()
                        .map(TestVariants::workloadName)
                        .distinct()
                        .toList();
                String text = workloads(names, allWorkloads) + (entry.reason().isEmpty() ? "" : ": " + entry.reason());
                (entry.status() == Result.Status.SKIPPED ? skipped : failed).add(text);
            }
            rows.add(List.of(
                    specs.label(store),
                    Markdown.code(store),
                    ran.isEmpty() ? "—" : workloads(ran, allWorkloads),
                    skipped.isEmpty() ? "—" : String.join("; ", skipped),
                    failed.isEmpty() ? "—" : String.join("; ", failed)));
        }
        md.paragraph(
                "**Which variants ran**: some variant of this test did not run. A variant is skipped where it cannot"
                        + " run (a library version without a method the adapter calls, an engine that fails where `sun.misc.Unsafe`"
                        + " is denied), and has failed where its JVM died; every run without a score is also listed under"
                        + " [Failed and skipped runs](#" + Markdown.anchor("Failed and skipped runs")
                        + "), with the last lines"
                        + " of a JVM that died.");
        md.table(List.of("Engine", "Spec", "Ran", "Skipped", "Failed"), rows);
    }

    /** "all 6 workloads" where {@code names} are every workload of the test, else the names. */
    private static String workloads(List<String> names, List<String> all) {
        return names.size() > 1 && names.size() == all.size() && names.containsAll(all)
                ? "all " + names.size() + " workloads"
                : String.join(", ", names);
    }

    /** "RocksDB 10.10.1.1 against RocksDB 11.8.1", "LMDB DB (JDK 25) against LMDB DB (JDK 17)". */
    String name(VariantPair pair) {
        return specs.label(pair.b()) + " against " + baseName(pair);
    }

    /**
     * A's label; where B is another library version and A the run's own, with that version, as the JVM that ran A
     * said ({@code # Variant:} line) or else env.txt: "RocksDB 11.8.1".
     */
    private String baseName(VariantPair pair) {
        String label = specs.label(pair.a());
        StoreSpec a = Specs.parse(pair.a());
        if (!Specs.parse(pair.b()).variant().containsKey(StoreSpec.VERSION)
                || a.variant().containsKey(StoreSpec.VERSION)) {
            return label;
        }
        String library = folder.tests.stream()
                .flatMap(t -> t.log.variants().stream())
                .filter(line -> line.store().equals(pair.a()))
                .map(line -> line.facts().getOrDefault(VariantLine.LIBRARY, ""))
                .filter(v -> !v.isBlank())
                .findFirst()
                .orElse(folder.env.getOrDefault("engine." + a.engine() + ".version", ""));
        int paren = library.indexOf(" (");
        library = (paren < 0 ? library : library.substring(0, paren)).trim();
        return library.isEmpty() ? label : label + " " + library;
    }

    /**
     * At a glance, one sentence per pair over every test of the run: "RocksDB 10.10.1.1 against RocksDB 11.8.1: faster
     * on 2 of 6 workloads, slower on 1, no difference on 2, undecided on 1."; then each variant that ran nowhere, with
     * why, in place of its pair's sentence. Empty for a run without variants.
     */
    static List<String> glance(ResultsFolder folder, Specs specs) {
        TestVariants section = new TestVariants(folder, specs, null, null);
        Map<VariantPair, List<Comparison>> byPair = new LinkedHashMap<>();
        for (TestRun test : folder.tests) {
            comparisons(test)
                    .forEach(c -> byPair.computeIfAbsent(c.pair(), p -> new ArrayList<>())
                            .add(c));
        }
        Map<String, Result> neverRan = new LinkedHashMap<>();
        for (TestRun test : folder.tests) {
            test.results.stream()
                    .filter(r -> Specs.isVariant(r.store()) && !r.ok())
                    .forEach(r -> neverRan.putIfAbsent(r.store(), r));
        }
        folder.tests.forEach(test -> test.results.stream().filter(Result::ok).forEach(r -> neverRan.remove(r.store())));
        List<String> sentences = new ArrayList<>();
        byPair.forEach((pair, comparisons) -> {
            if (!neverRan.containsKey(pair.b())) { // one that ran nowhere is said once, below, with why
                sentences.add(section.name(pair) + ": " + counts(comparisons) + ".");
            }
        });
        neverRan.forEach((store, r) ->
                sentences.add(specs.label(store) + " did not run: " + r.status().word()
                        + (r.reason() == null || r.reason().isBlank() ? "" : " (" + r.reason() + ")") + "."));
        return sentences;
    }

    /** "faster on 2 of 6 workloads, slower on 1, no difference on 2, undecided on 1, not compared on 1". */
    private static String counts(List<Comparison> comparisons) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String word : List.of("faster", "slower", "no difference", "undecided", "not compared")) {
            counts.put(word, 0);
        }
        for (Comparison c : comparisons) {
            VariantChange change = c.change();
            String word = change == null
                    ? "not compared"
                    : switch (change.kind()) {
                        case FASTER -> "faster";
                        case SLOWER -> "slower";
                        case NO_DIFFERENCE -> "no difference";
                        case UNDECIDED -> "undecided";
                    };
            counts.merge(word, 1, Integer::sum);
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((word, n) -> {
            if (n > 0) {
                parts.add(word + " on " + n
                        + (parts.isEmpty()
                                ? " of " + comparisons.size() + (comparisons.size() == 1 ? " workload" : " workloads")
                                : ""));
            }
        });
        return String.join(", ", parts);
    }
}
