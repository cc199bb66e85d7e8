package dev.kvbench.report.tool;

import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.Verdict;
import dev.kvbench.report.section.Glance;
import dev.kvbench.report.section.Markdown;
import dev.kvbench.report.tool.Comparison.Pair;
import dev.kvbench.results.Stability;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A comparison's second question, whether a rerun gives the same answer: the engines' numbers (limit rows and
 * direct-API baselines left out) that are stable in each run, whose intervals overlap and whose ratio is within
 * 10%; and the At a glance cells whose verdicts agree (the same fastest engine, or no stable winner in both). It
 * reads each run's verdicts, not the differences {@link ComparisonReport} lists, so it is a section of its own.
 */
record Reproducibility(ResultsFolder a, ResultsFolder b, Comparison comparison, Specs specs, Markdown md) {

    /**
     * How far apart one engine's numbers in two runs may be and still be called the same (issue 54's target for two
     * consecutive runs of a host class): a JVM measured before its steady state gave 5-8× in the runs that set it.
     */
    static final double RERUN_FACTOR = 1.5;

    void write() {
        List<Pair> engines = comparison.common().stream()
                .filter(p -> p.comparable()
                        && !p.direct()
                        && !specs.reference(p.key().store()))
                .toList();
        Map<String, Verdict> ycsbA = Glance.ycsb(a, specs);
        Map<String, Verdict> ycsbB = Glance.ycsb(b, specs);
        if (engines.isEmpty() && (ycsbA.isEmpty() || ycsbB.isEmpty())) {
            return;
        }
        boolean rerun = Experiment.of(a, specs).sameExperiment(Experiment.of(b, specs));
        // two experiments (other suites or engines) are no rerun of each other: only where they overlap is asked
        md.heading(2, rerun ? "Does a rerun give the same answer" : "Do the two experiments agree where they overlap");
        if (!engines.isEmpty()) {
            numbers(engines);
        }
        verdicts(ycsbA, ycsbB);
    }

    /** How many of the engines' numbers are stable in each run, overlap, and are within 10% of each other. */
    private void numbers(List<Pair> engines) {
        long stableA = engines.stream().filter(p -> p.a().stable()).count();
        long stableB = engines.stream().filter(p -> p.b().stable()).count();
        long stableBoth =
                engines.stream().filter(p -> p.a().stable() && p.b().stable()).count();
        long overlap = engines.stream().filter(Pair::overlap).count();
        long stableBothOverlap = engines.stream()
                .filter(p -> p.a().stable() && p.b().stable() && p.overlap())
                .count();
        long within = engines.stream()
                .filter(p -> Math.abs(p.ratio() - 1) <= Stability.ERROR)
                .count();
        int n = engines.size();
        String error = ComparisonReport.percent(Stability.ERROR);
        md.paragraph("Over the " + n + " engine numbers both runs have (limit rows and direct-API baselines left out): "
                + stableA + " are stable in A and " + stableB + " in B (error at most " + error
                + " of the score), " + stableBoth + " in both; the two intervals overlap for " + overlap + " of " + n
                + " (" + stableBothOverlap + " of the " + stableBoth + " stable in both); B ÷ A is within "
                + error + " of 1 for " + within + " of " + n + ". Intervals that are honest overlap "
                + "between two runs of one machine nearly always; stable numbers whose intervals do not overlap mean "
                + "the runs' errors were smaller than the host's changes between them. " + furthest(engines));
    }

    /** The engine numbers within {@link #RERUN_FACTOR} of each other in the two runs, and the two furthest apart. */
    private String furthest(List<Pair> engines) {
        double limit = Math.log(RERUN_FACTOR);
        long close = engines.stream()
                .filter(p -> Math.abs(Math.log(p.ratio())) <= limit)
                .count();
        Pair far = engines.stream()
                .max(Comparator.comparingDouble(p -> Math.abs(Math.log(p.ratio()))))
                .orElseThrow();
        return "One run's number is within " + RERUN_FACTOR + "× of the other's for " + close + " of "
                + engines.size() + "; the furthest apart: "
                + specs.label(far.key().store()) + " "
                + far.key().workload() + " in test " + far.testB() + ", B ÷ A "
                + String.format(Locale.ROOT, "%.3g", far.ratio()) + ".";
    }

    /**
     * Each At a glance cell both runs have, and each YCSB workload both ranked ({@code ycsbA}, {@code ycsbB}): its two
     * verdicts and whether they agree; nothing when none is common.
     */
    private void verdicts(Map<String, Verdict> ycsbA, Map<String, Verdict> ycsbB) {
        Glance glanceA = Glance.of(a, specs);
        Glance glanceB = Glance.of(b, specs);
        List<List<String>> rows = new ArrayList<>();
        Agreement agreement = new Agreement();
        for (Map.Entry<String, Map<String, Verdict>> row : glanceB.rows().entrySet()) {
            Map<String, Verdict> rowA = glanceA.rows().get(row.getKey());
            if (rowA == null) {
                continue;
            }
            for (Map.Entry<String, Verdict> cell : row.getValue().entrySet()) {
                Verdict va = rowA.get(cell.getKey());
                if (va != null) {
                    Verdict vb = cell.getValue();
                    rows.add(List.of(
                            row.getKey(), cell.getKey(), verdictText(va), verdictText(vb), agreement.add(va, vb)));
                }
            }
        }
        ycsbB.forEach((title, vb) -> {
            Verdict va = ycsbA.get(title);
            if (va != null) {
                rows.add(List.of(title, "run phase", verdictText(va), verdictText(vb), agreement.add(va, vb)));
            }
        });
        if (agreement.cells == 0) {
            return;
        }
        List<Verdict> cellsA = new ArrayList<>(glanceA.cells());
        cellsA.addAll(ycsbA.values());
        List<Verdict> cellsB = new ArrayList<>(glanceB.cells());
        cellsB.addAll(ycsbB.values());
        if (cellsA.stream().anyMatch(Verdict::paired) || cellsB.stream().anyMatch(Verdict::paired)) {
            long decidedA = cellsA.stream().filter(Verdict::decided).count();
            long decidedB = cellsB.stream().filter(Verdict::decided).count();
            boolean depends = cellsA.stream().anyMatch(Verdict::dependsOnJvm)
                    || cellsB.stream().anyMatch(Verdict::dependsOnJvm);
            md.paragraph(
                    "Verdicts from paired turns (each engine's turn over the leader's in the same rotation): A decides "
                            + decidedA + " of its " + cellsA.size() + " cells, B " + decidedB + " of "
                            + cellsB.size()
                            + (depends
                                    ? " (a winner, a tie within ±3%, or a pair that depends on the JVM). Two runs"
                                            + " contradict each other in a cell only where each names as faster, at"
                                            + " 99.9%, an engine the other names as slower; a pair that depends on the"
                                            + " JVM names neither of its two faster, so it contradicts no run that"
                                            + " names either."
                                    : " (a winner, or a tie within ±3%). Two runs contradict each other in a "
                                            + "cell only where each names as faster, at 99.9%, an engine the other"
                                            + " names as slower."));
        }
        md.paragraph(agreement.sentence());
        md.table(List.of("Data set", "Workload", "A", "B", "Agree"), rows);
    }

    /** The At a glance cells counted by how the two runs' verdicts in them relate. */
    private static final class Agreement {
        int cells;
        int agree;
        int sameTie;
        int compatible;
        int conflicting;

        /**
         * Counts one cell; returns its Agree column. A pair that depends on the JVM ({@link Verdict#dependsOnJvm()})
         * names both its engines, either of which the other run may name the fastest without contradicting it; both
         * runs answering so for the same engines agree, whichever of them leads.
         */
        String add(Verdict va, Verdict vb) {
            cells++;
            boolean bothDepend =
                    va.dependsOnJvm() && vb.dependsOnJvm() && named(va).equals(named(vb));
            boolean tie = va.kind() == Verdict.Kind.TIE
                    && vb.kind() == Verdict.Kind.TIE
                    && named(va).equals(named(vb))
                    && !fastest(va).equals(fastest(vb));
            boolean same = tie || fastest(va).equals(fastest(vb));
            boolean near =
                    !same && (named(vb).contains(fastest(va)) || named(va).contains(fastest(vb)));
            agree += same ? 1 : 0;
            sameTie += tie && !bothDepend ? 1 : 0;
            compatible += near ? 1 : 0;
            conflicting += !same && !near && va.kind() != Verdict.Kind.NONE && vb.kind() != Verdict.Kind.NONE ? 1 : 0;
            if (bothDepend) {
                return "yes (both depend on the JVM)";
            }
            return tie ? "yes (the same tie)" : same ? "yes" : near ? "**no**, but not against each other" : "**no**";
        }

        String sentence() {
            return "At a glance: " + agree + " of " + cells + " cells agree (the same fastest engine, the same engines "
                    + "tied, or no stable winner in both"
                    + (sameTie == 0 ? "" : "; " + sameTie + " of them the same tie with " + "another engine first")
                    + ")"
                    + (compatible == 0
                            ? ""
                            : "; in " + compatible + " more, one run's fastest "
                                    + "engine is among the other's tied engines or best candidates, so the runs do not contradict each other")
                    + (conflicting == 0
                            ? ""
                            : "; in " + conflicting + " the two runs name different fastest engines and "
                                    + "neither names the other's among its ties")
                    + ".";
        }
    }

    /**
     * Every engine a verdict names: the fastest, the engines tied with it, or for no stable winner its best
     * candidates.
     */
    private static Set<String> named(Verdict v) {
        Set<String> stores = new TreeSet<>();
        if (v.best() != null) {
            stores.add(v.best().store());
        }
        v.rivals().forEach(r -> stores.add(r.store()));
        return stores;
    }

    /** The engine a verdict names fastest, or "" when it names none. */
    private static String fastest(Verdict v) {
        return v.kind() == Verdict.Kind.NONE ? "" : v.best().store();
    }

    private String verdictText(Verdict v) {
        if (v.paired()) {
            String leader = specs.label(v.best().store());
            return v.kind() == Verdict.Kind.WINNER
                    ? leader + ", " + v.againstLeader(v.ranking().runnerUp()).text() + " over "
                            + specs.label(v.ranking().runnerUp().store())
                    : v.tieText(
                            leader,
                            r -> specs.label(r.store()) + " "
                                    + v.againstLeader(r).text(),
                            r -> specs.label(r.store()));
        }
        return switch (v.kind()) {
            case WINNER -> specs.label(v.best().store());
            case TIE ->
                specs.label(v.best().store()) + ", tied with "
                        + String.join(
                                ", ",
                                v.rivals().stream()
                                        .map(r -> specs.label(r.store()))
                                        .toList());
            case NONE -> v.noWinner();
        };
    }
}
