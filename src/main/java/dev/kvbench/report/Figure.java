package dev.kvbench.report;

import java.util.ArrayList;
import java.util.List;

import dev.kvbench.text.Numbers;

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
     * colour, its {@link Fill}, the text printed on it, and a note ("skipped", "failed") printed
     * instead when there is no value.
     */
    record Bar(double x, double half, double value, double error, int rgb, Fill fill, String note, String label) {

        String text() {
            return Numbers.sig3(value);
        }

        /**
         * The error whisker as drawn on {@code axis}: from value − error to value + error, cut at
         * the panel's edges, and which ends get a cap (an end that was cut gets none).
         */
        Whisker whisker(Axis axis) {
            if (Double.isNaN(value) || Double.isNaN(error) || error <= 0) {
                return new Whisker(Double.NaN, Double.NaN, Whisker.BOTH_CAPS);
            }
            double low = value - error;
            double high = value + error;
            boolean lowCut = low < axis.min() || (axis.log() && low <= 0);
            boolean highCut = high > axis.max();
            int style = lowCut && highCut ? Whisker.NO_CAP : lowCut ? Whisker.HIGH_CAP : highCut ? Whisker.LOW_CAP : Whisker.BOTH_CAPS;
            return new Whisker(lowCut ? axis.min() : low, highCut ? axis.max() : high, style);
        }
    }

    /**
     * How a bar is filled, column 7 of a chart's data (its ordinal): solid for an engine's defaults,
     * hatched with white for a variant (a spec with options), hatched with dark lines for a limit
     * row (an {@link dev.kvbench.store.Engine#isReference() reference}: array, heap, null), which
     * is a yardstick, not a competitor.
     */
    enum Fill { SOLID, VARIANT, REFERENCE }

    /** An error whisker's ends and its gnuplot arrow style (see figure.gp). */
    record Whisker(double low, double high, int style) {
        static final int BOTH_CAPS = 1;
        static final int LOW_CAP = 2;
        static final int HIGH_CAP = 3;
        static final int NO_CAP = 4;
    }

    record Tic(String label, double x) {
    }

    record Legend(String label, int rgb) {
    }

    /**
     * A y axis fitted to the values it shows (not to their error whiskers, which may be cut at the
     * top: a few single-shot samples give JMH intervals many times the value): logarithmic when the
     * values span more than 10×, with room above the tallest bar for its printed value; the label
     * names the unit and says "log scale".
     */
    record Axis(String unit, boolean log, double min, double max) {

        static Axis fit(String unit, List<Bar> bars) {
            List<Double> values = new ArrayList<>();
            for (Bar bar : bars) {
                if (!Double.isNaN(bar.value()) && bar.value() > 0) {
                    values.add(bar.value());
                }
            }
            if (values.isEmpty()) {
                return new Axis(unit, false, 0, 1);
            }
            double low = values.stream().min(Double::compare).orElseThrow();
            double high = values.stream().max(Double::compare).orElseThrow();
            if (high / low > 10) {
                // The bottom sits below the smallest value, so that even its bar has a height.
                return new Axis(unit, true, Math.pow(10, Math.floor(Math.log10(low / 1.5))), high * 3);
            }
            return new Axis(unit, false, 0, high * 1.25);
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
