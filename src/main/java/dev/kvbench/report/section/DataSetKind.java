package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.text.Numbers;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A kind that writes a test data set by data set, each under its own heading, then the test's variants against
 * their bases ({@link TestVariants}); and the tables and sentences several kinds write alike: time per pass, storage
 * and hidden costs.
 */
abstract class DataSetKind implements ReportKind {

    final ResultsFolder folder;
    final Specs specs;
    final Markdown md;
    final ReportCharts charts;
    final Figures figures;
    final Findings findings;
    final Tables tables;
    private final TestVariants variants;
    /** Each store's JVM as the run's memory plan counted it ({@link #plannedMemory}), of the test being written. */
    private Map<String, Long> planned = Map.of();

    DataSetKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        this.folder = folder;
        this.specs = specs;
        this.md = md;
        this.charts = charts;
        this.figures = new Figures(specs);
        this.findings = new Findings(specs);
        this.tables = new Tables(specs);
        this.variants = new TestVariants(folder, specs, md, charts);
    }

    @Override
    public final void write(TestRun test) {
        planned = plannedMemory(test.meta);
        for (Group group : Group.of(test.results, withinDataSet(test))) {
            md.heading(3, heading(group));
            write(test, group, test.number + "-" + group.slug(), group.specs(specs));
        }
        variants.write(test); // over all its data sets
    }

    /**
     * Each store's JVM as the memory plan of a test counted it, from its meta file ({@code memory.plan.N=BYTES HEAP
     * SPEC}, written by the suite): the spec and the bytes; empty for a test without a plan.
     */
    static Map<String, Long> plannedMemory(Map<String, String> meta) {
        Map<String, Long> planned = new LinkedHashMap<>();
        for (int n = 1; meta.containsKey("memory.plan." + n); n++) {
            String[] fields = meta.get("memory.plan." + n).trim().split(" ", 3);
            if (fields.length == 3) {
                planned.put(fields[2], (long) Numbers.parse(fields[0]));
            }
        }
        return planned;
    }

    /** One data set of the test; {@code stem} names its charts' files, {@code specList} is its specs in the report's order. */
    abstract void write(TestRun test, Group group, String stem, List<String> specList);

    /** The parameters whose values one data set holds side by side, rather than each in a data set of its own: the swept one. */
    Set<String> withinDataSet(TestRun test) {
        return test.sweep().isEmpty() ? Set.of() : Set.of(test.sweep());
    }

    String heading(Group group) {
        return group.title();
    }

    /** The machine's cores from env.txt; 0 when unknown (a kind says when threads exceed them). */
    int cores() {
        return (int) Math.max(0, Numbers.parse(folder.env.getOrDefault("cpu.cores", "0")));
    }

    List<Result> runs(Group group, String workload) {
        return group.results().stream()
                .filter(r -> r.workload().equals(workload))
                .toList();
    }

    /** The runs of engines, which findings rank; the limit rows are left out. */
    List<Result> competitors(List<Result> runs) {
        return runs.stream().filter(r -> !specs.reference(r.store())).toList();
    }

    /** The runs of the limit rows (array, heap, null), reported beside the ranking, never in it. */
    List<Result> references(List<Result> runs) {
        return runs.stream().filter(r -> specs.reference(r.store())).toList();
    }

    void timeTable(Group group, List<String> specList, Figures.Unit unit) {
        md.paragraph("Time per pass (" + unit.name() + "; ± JMH 99.9% error):");
        table(tables.time(group, specList, unit));
    }

    void storageAndCosts(Group group, String stem, List<String> specList) {
        charts.add(figures.storage(stem + "-storage", "Storage after close: " + group.title(), group, specList));
        storageTable(group, specList);
        costs(group, specList);
    }

    private void storageTable(Group group, List<String> specList) {
        List<Tables.StorageRow> storage = tables.storageRows(group, specList);
        if (storage.isEmpty()) {
            md.paragraph("No engine reported its storage for this data set.");
            return;
        }
        table(tables.storage(group, storage));
        md.paragraph(findings.storage(tables.storageRows(group, specs.competitors(specList))));
        StorageReference.load().compare(group, storage).ifPresent(comparison -> {
            md.paragraph("Against the 2016 LmdbJava report's storage table for this kind of data set (overhead, since "
                    + "entry counts differ), with the reason for every difference beyond "
                    + (int) StorageReference.EXPLAIN_POINTS + " percentage point:");
            table(comparison);
        });
    }

    void costs(Group group, List<String> specList) {
        Tables.Table costs = tables.costs(group, specList, planned);
        if (costs.isEmpty()) {
            md.paragraph("No side-file measurements (CPU, open files, memory) for these runs.");
            return;
        }
        md.paragraph("Hidden costs per trial (maximum over the workloads unless named):");
        table(costs);
        if (!planned.isEmpty()) {
            md.paragraph(
                    "Planned: what the run's memory plan counted for each JVM before anything ran, for the test's"
                            + " largest data set: its heap (the -Xmx it was given), the JVM's memory besides the heap, the engine's"
                            + " caches outside the heap and the harness's data. Peak RSS also counts the pages of the store's"
                            + " files an engine maps into memory (LMDB, Chronicle Map, MapDB), which the plan counts with the files.");
        }
        md.bullets(findings.costs(competitors(group.results())));
    }

    void table(Tables.Table table) {
        md.table(table.header(), table.rows());
    }
}
