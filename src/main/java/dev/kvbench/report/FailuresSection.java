package dev.kvbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The runs that gave no score (failed, skipped, died, with the last lines of a JVM that died), then the raw files. */
final class FailuresSection extends Section {

    FailuresSection(ResultsFolder folder, Specs specs, Markdown md) {
        super(folder, specs, md);
    }

    void write() {
        failures();
        rawFiles();
    }

    /** Runs that did not give a score, one row per test, engine, status and reason (workloads and data sets listed). */
    private void failures() {
        md.heading(2, "Failed and skipped runs");
        List<List<String>> rows = new ArrayList<>();
        for (TestRun test : folder.tests) {
            Map<List<String>, List<Result>> byReason = new LinkedHashMap<>();
            test.results.stream().filter(r -> !r.ok()).sorted(Comparator.comparing(Result::store, specs.order()))
                    .forEach(r -> byReason.computeIfAbsent(List.of(r.store(), r.status().word(),
                            r.reason() == null ? "" : r.reason()), k -> new ArrayList<>()).add(r));
            byReason.forEach((key, runs) -> {
                List<String> workloads = Group.WORKLOADS.stream().filter(w -> runs.stream().anyMatch(r -> r.workload().equals(w)))
                        .collect(java.util.stream.Collectors.toCollection(ArrayList::new));
                runs.stream().map(Result::workload).distinct().filter(w -> !workloads.contains(w)).forEach(workloads::add);
                List<String> data = runs.stream().map(r -> Group.describe(r.key())).distinct().toList();
                rows.add(List.of(Integer.toString(test.number), specs.label(key.get(0)), String.join(", ", workloads),
                        data.size() == 1 ? data.get(0) : data.size() + " data sets", key.get(1), key.get(2)));
            });
        }
        List<String> missing = folder.tests.stream().filter(t -> !t.hasResults())
                .map(t -> "Test " + t.number + " (" + t.title() + ") has no results yet.").toList();
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
                        + "), " + key.workload() + ", " + Group.describe(key) + ": the last lines of its JVM, which died:");
                md.block(lines);
            });
        }
    }

    private void rawFiles() {
        md.heading(2, "Raw files");
        md.paragraph("Per test N: `out-N.csv` (JMH results), `out-N.txt` (JMH log), `out-N.side.jsonl` (storage, CPU, "
                + "open files and memory per trial), `out-N.meta` (what the test is and how it was sized). Per chart: "
                + "`.dat` (its numbers), `.gp` (its gnuplot script) and `.png`.");
    }
}
