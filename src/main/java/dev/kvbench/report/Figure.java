package dev.kvbench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * One chart: a row (or grid) of panels of bars, rendered by gnuplot from {@code STEM.dat} and
 * {@code STEM.gp} into {@code STEM.png}.
 */
record Figure(String stem, String title, List<Panel> panels, List<Legend> legend) {

    /** One panel: its bars, the tick labels under them, and its y axis. */
    record Panel(String title, String xLabel, Axis axis, List<Bar> bars, List<Tic> tics, boolean rotateTics) {
    }

    /**
     * One bar: centre x and half width, value and JMH error (NaN: none) in the axis unit, its
     * colour, whether it is hatched (a non-default spec), the text printed on it, and a note
     * ("skipped", "failed") printed instead when there is no value.
     */
    record Bar(double x, double half, double value, double error, int rgb, boolean hatched, String note, String label) {

        String text() {
            return Numbers.sig3(value);
        }

        /** Where the value is printed: above the error bar when there is one. */
        double textY() {
            return Double.isNaN(error) ? value : value + error;
        }
    }

    record Tic(String label, double x) {
    }

    record Legend(String label, int rgb) {
    }

    /**
     * A y axis fitted to the values it shows: logarithmic when they span more than 10×, with room
     * above the tallest bar for its printed value; the label names the unit and says "log scale".
     */
    record Axis(String unit, boolean log, double min, double max) {

        static Axis fit(String unit, List<Bar> bars) {
            List<Double> lows = new ArrayList<>();
            List<Double> highs = new ArrayList<>();
            for (Bar bar : bars) {
                if (!Double.isNaN(bar.value()) && bar.value() > 0) {
                    lows.add(bar.value());
                    highs.add(bar.textY());
                }
            }
            if (lows.isEmpty()) {
                return new Axis(unit, false, 0, 1);
            }
            double low = lows.stream().min(Double::compare).orElseThrow();
            double high = highs.stream().max(Double::compare).orElseThrow();
            double highValue = bars.stream().mapToDouble(Bar::value).filter(v -> !Double.isNaN(v)).max().orElse(high);
            if (highValue / low > 10) {
                double min = Math.pow(10, Math.floor(Math.log10(low)));
                double max = Math.pow(10, Math.ceil(Math.log10(high * 1.6)));
                return new Axis(unit, true, min, max);
            }
            return new Axis(unit, false, 0, high * 1.2);
        }

        String label() {
            return log ? unit + ", log scale" : unit;
        }

        /** Where bars start: 0, or the bottom of a log axis. */
        double base() {
            return log ? min : 0;
        }

        /** The height at which a note is printed in an empty slot. */
        double noteY() {
            return log ? min * Math.pow(max / min, 0.03) : max * 0.03;
        }
    }
}
