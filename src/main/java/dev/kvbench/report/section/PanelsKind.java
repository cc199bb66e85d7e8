package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import java.util.ArrayList;
import java.util.List;

/** Bars per engine, a panel per workload: time per pass, the ranking from paired turns, storage and hidden costs. */
final class PanelsKind extends DataSetKind {

    PanelsKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md, charts);
    }

    @Override
    void write(TestRun test, Group group, String stem, List<String> specList) {
        charts.add(figures.time(stem, "Time per pass: " + group.title(), group, specList));
        Figures.Unit unit = Figures.Unit.time(group.results());
        if (test.ranked()) {
            figures.relative(
                            stem + "-relative",
                            "Time relative to the fastest, from paired turns: " + group.title(),
                            group,
                            specList.stream()
                                    .filter(spec -> !specs.reference(spec))
                                    .toList())
                    .ifPresent(charts::add);
            List<String> sentences = new ArrayList<>();
            for (String workload : group.workloads()) {
                sentences.add(findings.ranking(workload, competitors(runs(group, workload)), unit));
                String limits = findings.limits(workload, references(runs(group, workload)), unit);
                if (!limits.isEmpty()) {
                    sentences.add(limits);
                }
            }
            md.bullets(sentences);
        } else {
            md.paragraph(
                    "This test checks that every run works; its data set is too small to rank engines, so no ranking is drawn from it.");
        }
        timeTable(group, specList, unit);
        storageAndCosts(group, stem, specList);
    }
}
