package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import java.util.List;

/**
 * The power-cut test: the crash test's table and findings, on cutfs, where what an engine did not sync is lost; a
 * finding quotes the engine's documented promise.
 */
final class PowerCutKind extends SyncKind {

    PowerCutKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md, charts);
    }

    @Override
    void write(TestRun test, Group group, String stem, List<String> specList) {
        md.paragraph(
                "The store was on cutfs, a FUSE file system that keeps what was written but not yet synced (fsync, "
                        + "fdatasync, msync, O_SYNC/O_DSYNC) apart and drops it at the cut, as a device loses its cache when the power "
                        + "goes; the writer was killed, the power cut, and the store reopened from what had been synced. With sync=false "
                        + "a loss is a figure, not a finding: such settings promise nothing across a power cut. A corrupt entry is an "
                        + "acknowledged one with a wrong value; a torn one was never acknowledged (allowed). "
                        + "JMH's time for this test is the whole test's, not a result.");
        charts.add(figures.crashReopen(
                stem, "Reopen after a power cut: " + group.title(), group, specList, "powercut", "a power cut"));
        table(tables.crash(group, specList, "powercut"));
        md.bullets(new CrashFindings(specs).sentences(group, specList, "powercut", "cut"));
    }
}
