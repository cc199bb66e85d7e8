package dev.kvbench.report.section;

import dev.kvbench.report.chart.Figure;
import dev.kvbench.report.chart.LineChart;
import java.util.ArrayList;
import java.util.List;

/**
 * The charts the report shows, in the order it shows them: bar charts ({@link Figure}) and line charts,
 * each as its image, or, without gnuplot, as where its data is.
 */
final class ReportCharts {

    private final Markdown md;
    private final boolean charts;
    private final List<Figure> written = new ArrayList<>();
    private final List<LineChart> lines = new ArrayList<>();

    /** @param charts whether PNGs will exist; without gnuplot the report says so instead of linking them */
    ReportCharts(Markdown md, boolean charts) {
        this.md = md;
        this.charts = charts;
    }

    void add(LineChart chart) {
        lines.add(chart);
        show(chart.title(), chart.stem());
    }

    void add(Figure figure) {
        written.add(figure);
        show(figure.title(), figure.stem());
    }

    /** The chart's image, or where its data is when there is no gnuplot to draw it. */
    private void show(String title, String stem) {
        if (charts) {
            md.image(title, stem + ".png");
        } else {
            md.paragraph("Chart data: `" + stem + ".dat` (render with `gnuplot " + stem + ".gp`).");
        }
    }

    List<Figure> figures() {
        return written;
    }

    /** The line charts (reader threads, latency percentiles) the report refers to. */
    List<LineChart> lineCharts() {
        return lines;
    }
}
