package dev.kvbench.report.section;

import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;

/**
 * A part of the report: written from the results folder, with the engines' labels, into the report's Markdown.
 * {@link ReportWriter} lists the sections in the order the report shows them.
 */
abstract class Section {

    final ResultsFolder folder;
    final Specs specs;
    final Markdown md;

    Section(ResultsFolder folder, Specs specs, Markdown md) {
        this.folder = folder;
        this.specs = specs;
        this.md = md;
    }

    /** Writes this part of the report. */
    abstract void write();
}
