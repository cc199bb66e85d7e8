package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import java.util.List;

/**
 * The crash test: per engine and sync setting, what a kill -9 of the writer cost (acknowledged entries lost, corrupt
 * entries, whether the store opened) and how long the reopen took.
 */
final class CrashKind extends SyncKind {

    CrashKind(ResultsFolder folder, Specs specs, Markdown md, ReportCharts charts) {
        super(folder, specs, md, charts);
    }

    @Override
    void write(TestRun test, Group group, String stem, List<String> specList) {
        String fs = test.meta.getOrDefault("work.fs", folder.env.getOrDefault("work.fs", "unknown"));
        md.paragraph(
                "What is tested is a kill of the writing process (SIGKILL), not of the machine: data an engine has "
                        + "handed to the operating system survives it even without a sync. The work folder was on " + fs
                        + ("tmpfs".equals(fs)
                                ? ", where there is no disk: a power cut would lose everything, and a sync cannot "
                                        + "be tested here."
                                : "; a power cut could lose more where the engine did not sync.")
                        + " JMH's time for this test is the whole test's, not a result.");
        charts.add(figures.crashReopen(
                stem, "Reopen after kill -9: " + group.title(), group, specList, "crash", "kill -9"));
        Tables.Table table = tables.crash(group, specList, "crash");
        table(table);
        md.bullets(new CrashFindings(specs).sentences(group, specList, "crash", "kill"));
    }
}
