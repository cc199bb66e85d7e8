package dev.kvbench.report.section;

import dev.kvbench.report.chart.Figure;
import dev.kvbench.report.chart.LineChart;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import java.util.List;

/**
 * Writes the README.md of a results folder and collects the charts it shows, section by section ({@link Section}),
 * in the order of {@link #sections}: each test's section draws it as its kind says ({@link ChartKind}). Every number
 * in it comes from the folder's raw files; sentences with numbers or rankings are computed from them.
 */
public final class ReportWriter {

    private final Markdown md = new Markdown();
    private final ReportCharts charts;
    private final List<Section> sections;

    /** @param charts whether PNGs will exist; without gnuplot the report says so instead of linking them */
    public ReportWriter(ResultsFolder folder, boolean charts) {
        Specs specs = folder.specs();
        this.charts = new ReportCharts(md, charts);
        MeasurementSection measurement = new MeasurementSection(folder, specs, md);
        this.sections = List.of(
                new HeaderSection(folder, specs, md, charts, measurement), // title, contents, at a glance
                new EnvironmentSection(folder, specs, md),
                measurement, // the host during the run
                new MethodSection(folder, specs, md, measurement),
                new HarnessCostSection(folder, specs, md),
                new YcsbPeerSection(folder, specs, md), // YCSB's own client beside kvbench's
                new TestSection(folder, specs, md, this.charts),
                new AnchoredSection(folder, specs, md), // engines of a test in groups, ranked through the anchor
                new FailuresSection(folder, specs, md));
    }

    /** The report text; {@link #figures()} then holds every chart it refers to. */
    public String write() {
        sections.forEach(Section::write);
        return md.toString();
    }

    public List<Figure> figures() {
        return charts.figures();
    }

    /** The line charts (reader threads, latency percentiles) the report refers to. */
    public List<LineChart> lineCharts() {
        return charts.lineCharts();
    }
}
