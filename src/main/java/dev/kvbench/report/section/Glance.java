package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.report.folder.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The At a glance table's content: for every engine-comparison test and data set, the {@link Verdict}
 * per workload over the engines (limit rows left out). The report draws it; a comparison of two
 * runs counts the cells whose verdicts agree.
 *
 * @param rows      row title ("Test 1: 100,000 int keys, ...") → workload → verdict, in the report's order
 * @param units     row title → the time unit the row's figures are given in
 * @param workloads the workloads of every row, in the order of the table's columns
 */
public record Glance(Map<String, Map<String, Verdict>> rows, Map<String, Figures.Unit> units, List<String> workloads) {

    public static Glance of(ResultsFolder folder, Specs specs) {
        Map<String, Map<String, Verdict>> rows = new LinkedHashMap<>();
        Map<String, Figures.Unit> units = new LinkedHashMap<>();
        List<String> seen = new ArrayList<>();
        for (TestRun test : folder.tests) {
            if (ChartKind.of(test) != ChartKind.PANELS || !test.ranked()) {
                continue;
            }
            for (Group group : Group.of(test.results, Set.of())) {
                Map<String, Verdict> row = new LinkedHashMap<>();
                for (String workload : group.workloads()) {
                    if (!seen.contains(workload)) {
                        seen.add(workload);
                    }
                    Verdict verdict = Verdict.of(group.results().stream()
                            .filter(r -> r.workload().equals(workload) && !specs.reference(r.store()))
                            .toList());
                    if (verdict.total() > 0) {
                        row.put(workload, verdict);
                    }
                }
                String title = "Test " + test.number + ": " + group.title();
                rows.put(title, row);
                units.put(title, Figures.Unit.time(group.results()));
            }
        }
        List<String> ordered =
                new ArrayList<>(Group.WORKLOADS.stream().filter(seen::contains).toList());
        seen.stream().filter(w -> !ordered.contains(w)).forEach(ordered::add);
        return new Glance(rows, units, ordered);
    }

    /**
     * The verdicts of {@code folder}'s YCSB tests, which the At a glance table gives a section of its own: per test
     * title, the run phase's verdict.
     */
    public static Map<String, Verdict> ycsb(ResultsFolder folder, Specs specs) {
        return YcsbKind.verdicts(folder, specs);
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    /** Whether any cell's verdict comes from paired turns (an interleaved run). */
    public boolean paired() {
        return cells().stream().anyMatch(Verdict::paired);
    }

    /** Every cell's verdict, row by row. */
    public List<Verdict> cells() {
        return rows.values().stream().flatMap(row -> row.values().stream()).toList();
    }

    /**
     * "11 of 12 cells are decided (10 winners, 1 tie within ±3%)", with "1 depends on the JVM" where a pair undecided
     * over its turns was answered JVM pair by JVM pair ({@link Verdict#dependsOnJvm()}).
     */
    String decidedText() {
        List<Verdict> cells = cells();
        long winners =
                cells.stream().filter(v -> v.kind() == Verdict.Kind.WINNER).count();
        long decided = cells.stream().filter(Verdict::decided).count();
        long depends = cells.stream().filter(Verdict::dependsOnJvm).count();
        long ties = decided - winners - depends;
        return decided + " of " + cells.size() + " cells are decided (" + winners
                + (winners == 1 ? " winner" : " winners")
                + (ties == 0 ? "" : ", " + ties + (ties == 1 ? " tie" : " ties") + " within ±3%")
                + (depends == 0 ? "" : ", " + depends + (depends == 1 ? " depends" : " depend") + " on the JVM")
                + ")";
    }
}
