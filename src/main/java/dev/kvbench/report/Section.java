package dev.kvbench.report;

/** A part of the report: written from the results folder, with the engines' labels, into the report's Markdown. */
abstract class Section {

    final ResultsFolder folder;
    final Specs specs;
    final Markdown md;

    Section(ResultsFolder folder, Specs specs, Markdown md) {
        this.folder = folder;
        this.specs = specs;
        this.md = md;
    }
}
