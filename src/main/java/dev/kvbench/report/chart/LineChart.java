package dev.kvbench.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * A chart of lines, one per engine in its colour, rendered by gnuplot from {@code STEM.dat}
 * and {@code STEM.gp} (the template {@code lines.gp}) into {@code STEM.png}: throughput against
 * reader threads, latency against percentile.
 *
 * @param tics   the x axis: a label at each x (reader counts, percentile names)
 * @param series one line per spec, points in x order; a missing point is NaN
 */
public record LineChart(
        String stem,
        String title,
        String xLabel,
        String yUnit,
        boolean log,
        List<Figure.Tic> tics,
        List<Series> series) {

    /** One line: its engine's colour, dashed for a non-default spec (as variants' bars are hatched). */
    public record Series(String label, int rgb, boolean dashed, List<double[]> points) {}

    /** A log y axis when the values span more than 10×, as the bar charts do. */
    public static boolean logFits(List<Series> series) {
        List<Double> values = new ArrayList<>();
        for (Series s : series) {
            for (double[] p : s.points()) {
                if (!Double.isNaN(p[1]) && p[1] > 0) {
                    values.add(p[1]);
                }
            }
        }
        if (values.isEmpty()) {
            return false;
        }
        return values.stream().max(Double::compare).orElseThrow()
                        / values.stream().min(Double::compare).orElseThrow()
                > 10;
    }

    String yLabel() {
        return log ? yUnit + ", log scale" : yUnit;
    }
}
