package dev.kvbench.report.section;

import dev.kvbench.report.folder.TestRun;

/**
 * What a test of one kind draws and writes below its heading and facts: its charts, tables and sentences, from the
 * test's results. Every kind, by the name {@code out-N.meta} gives it, is a constant of {@link ChartKind}.
 */
interface ReportKind {

    /** Writes the test's results (it has some). */
    void write(TestRun test);

    /** Whether the test's facts give its entry count; dirWalk's data is its tree, named in each data set's heading. */
    default boolean countsEntries() {
        return true;
    }
}
