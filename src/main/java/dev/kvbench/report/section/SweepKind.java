package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import java.util.ArrayList;
import java.util.List;

/** Tests 2 and 3: time and storage against the swept parameter (value size, batch size). */
final class SweepKind extends DataSetKind {

    SweepKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md, charts);
    }

    @Override
    void write(TestRun test, Group group, String stem, List<String> specList) {
        String param = test.sweep();
        Figures.Unit unit = Figures.Unit.time(group.results());
        String axis = Figures.axisName(param);
        charts.add(figures.sweepTime(stem, "Time per pass by " + axis + ": " + group.title(), group, param, specList));
        List<String> sentences = new ArrayList<>();
        for (String workload : group.workloads()) {
            sentences.addAll(findings.sweepBest(group, workload, param, specs.competitors(specList), unit));
        }
        md.bullets(sentences);
        for (String workload : group.workloads()) {
            md.paragraph("Time per pass, " + workload + " (" + unit.name() + "; ± JMH error), by " + axis + ":");
            table(tables.sweepTime(group, workload, param, specList, unit));
        }
        charts.add(figures.sweepStorage(
                stem + "-storage", "Storage after close by " + axis + ": " + group.title(), group, param, specList));
        md.paragraph("Storage after close in bytes (overhead against the flat array), by " + axis + ":");
        table(tables.sweepStorage(group, param, specList));
        if (param.equals("valSize")) {
            steps(group, specList);
        }
        costs(group, specList);
    }

    private void steps(Group group, List<String> specList) {
        List<Tables.Step> steps = tables.steps(group, specList);
        if (steps.isEmpty()) {
            return;
        }
        md.paragraph("Storage change when values grow by one byte (page boundaries):");
        table(tables.steps(steps, specList));
        md.paragraph(findings.largestStep(steps));
    }
}
