package dev.kvbench.report.section;

import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import java.util.Set;

/**
 * A kind whose data sets hold both sync settings side by side, each engine's row with sync and without (the crash,
 * power-cut and amplification tests), where the test sweeps nothing else.
 */
abstract class SyncKind extends DataSetKind {

    SyncKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md, charts);
    }

    @Override
    Set<String> withinDataSet(TestRun test) {
        return test.sweep().isEmpty() ? Set.of("sync") : super.withinDataSet(test);
    }
}
