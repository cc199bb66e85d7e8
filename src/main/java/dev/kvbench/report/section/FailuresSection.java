package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The runs that gave no score (failed, skipped, died, with the last lines of a JVM that died), then the raw files. */
final class FailuresSection extends Section {

    FailuresSection(ResultsFolder folder, Specs specs, Markdown md) {
        super(folder, specs, md);
    }

    @Override
    void write() {
        failures();
        rawFiles();
    }

    /** Runs that did not give a score, one row per test, engine, status and reason (workloads and data sets listed). */
    private void failures() {
        md.heading(2, "Failed and skipped runs");
        List<List<String>> rows = new ArrayList<>();
        for (TestRun test : folder.tests) {
            for (NotRun entry : NotRun.of(test.results, specs)) {
                rows.add(List.of(
                        Integer.toString(test.number),
                        specs.label(entry.store()),
                        String.join(", ", entry.workloads()),
                        entry.data(),
                        entry.status().word(),
                        entry.reason()));
            }
        }
        List<String> missing = folder.tests.stream()
                .filter(t -> !t.hasResults())
                .map(t -> "Test " + t.number + " (" + t.title() + ") has no results yet.")
                .toList();
        if (rows.isEmpty() && missing.isEmpty()) {
            md.paragraph("None: every run in this folder passed its checks.");
            return;
        }
        md.bullets(missing);
        if (!rows.isEmpty()) {
            md.table(List.of("Test", "Engine", "Workloads", "Data", "Status", "Reason"), rows);
        }
        for (TestRun test : folder.tests) {
            test.tails.forEach((key, lines) -> {
                md.paragraph("Test " + test.number + ", " + specs.label(key.store()) + " (" + Markdown.code(key.store())
                        + "), " + key.workload() + ", " + Group.describe(key)
                        + ": the last lines of its JVM, which died:");
                md.block(lines);
            });
        }
    }

    /**
     * The runs of one store that gave no score for one reason: what this section lists per row, and what the variants'
     * table of a test says about each variant that did not run.
     */
    record NotRun(String store, Result.Status status, String reason, List<Result> runs) {

        /** The runs of {@code results} without a score, by store in the report's order, then status and reason. */
        static List<NotRun> of(List<Result> results, Specs specs) {
            Map<List<String>, List<Result>> byReason = new LinkedHashMap<>();
            results.stream()
                    .filter(r -> !r.ok())
                    .sorted(Comparator.comparing(Result::store, specs.order()))
                    .forEach(r -> byReason.computeIfAbsent(
                                    List.of(r.store(), r.status().name(), r.reason() == null ? "" : r.reason()),
                                    k -> new ArrayList<>())
                            .add(r));
            List<NotRun> entries = new ArrayList<>();
            byReason.forEach((key, runs) -> entries.add(
                    new NotRun(key.get(0), Result.Status.valueOf(key.get(1)), key.get(2), List.copyOf(runs))));
            return entries;
        }

        List<String> workloads() {
            return FailuresSection.workloads(runs);
        }

        /** The data set, or how many there were: "1,000 int keys, sequential, 100 B values", "3 data sets". */
        String data() {
            List<String> data =
                    runs.stream().map(r -> Group.describe(r.key())).distinct().toList();
            return data.size() == 1 ? data.get(0) : data.size() + " data sets";
        }
    }

    /** The workloads of {@code runs}: the 2016 six in their order, then the others as they come. */
    static List<String> workloads(List<Result> runs) {
        List<String> workloads = Group.WORKLOADS.stream()
                .filter(w -> runs.stream().anyMatch(r -> r.workload().equals(w)))
                .collect(Collectors.toCollection(ArrayList::new));
        runs.stream()
                .map(Result::workload)
                .distinct()
                .filter(w -> !workloads.contains(w))
                .forEach(workloads::add);
        return workloads;
    }

    private void rawFiles() {
        md.heading(2, "Raw files");
        md.paragraph("Per test N: `out-N.csv` (JMH results), `out-N.txt` (JMH log), `out-N.side.jsonl` (storage, CPU, "
                + "open files and memory per trial), `out-N.meta` (what the test is and how it was sized). Per chart: "
                + "`.dat` (its numbers), `.gp` (its gnuplot script) and `.png`.");
    }
}
