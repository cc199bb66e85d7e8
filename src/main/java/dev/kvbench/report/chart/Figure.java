package dev.kvbench.report.chart;

import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * One chart: a row (or grid) of panels of bars, rendered by gnuplot from {@code STEM.dat} and
 * {@code STEM.gp} into {@code STEM.png}.
 */
public record Figure(String stem, String title, List<Panel> panels, List<Legend> legend) {

    /** One panel: its bars, the tick labels under them, and its y axis. */
    public record Panel(String title, String xLabel, Axis axis, List<Bar> bars, List<Tic> tics, boolean rotateTics) {}

    /**
     * One bar: centre x and half width, value and JMH error (NaN: none) in the axis unit, its
     * colour, its {@link Fill}, the text printed on it, and a note ("skipped", "failed") printed
     * instead when there is no value; an interval that is not value ± error (a paired ratio's)
     * gives its own ends, {@code low} and {@code high} (NaN: value ± error).
     */
    public record Bar(
            double x,
            double half,
            double value,
            double error,
            int rgb,
            Fill fill,
            String note,
            String label,
            double low,
            double high) {

        /** A bar whose whisker is value ± error. */
        public Bar(double x, double half, double value, double error, int rgb, Fill fill, String note, String label) {
            this(x, half, value, error, rgb, fill, note, label, Double.NaN, Double.NaN);
        }

        String text() {
            return Numbers.sig3(value);
        }

        /**
         * The error whisker as drawn on {@code axis}: from value − error to value + error (or the
         * interval's own ends), cut at the panel's edges, and which ends get a cap (an end that was
         * cut gets none).
         */
        public Whisker whisker(Axis axis) {
            boolean ends = !Double.isNaN(this.low) && !Double.isNaN(this.high);
            if (Double.isNaN(value) || (!ends && (Double.isNaN(error) || error <= 0))) {
                return new Whisker(Double.NaN, Double.NaN, Whisker.BOTH_CAPS);
            }
            double low = ends ? this.low : value - error;
            double high = ends ? this.high : value + error;
            boolean lowCut = low < axis.min() || (axis.log() && low <= 0);
            boolean highCut = high > axis.max();
            int style = lowCut && highCut
                    ? Whisker.NO_CAP
                    : lowCut ? Whisker.HIGH_CAP : highCut ? Whisker.LOW_CAP : Whisker.BOTH_CAPS;
            return new Whisker(lowCut ? axis.min() : low, highCut ? axis.max() : high, style);
        }
    }

    /**
     * How a bar is filled, column 7 of a chart's data (its ordinal): solid for an engine's defaults
     * (and for another library or JVM, which {@code Specs.rgb} shades instead), hatched with white
     * for a spec with engine options, hatched with dark lines for a limit
     * row (an {@link dev.kvbench.store.Engine#isReference() reference}: array, heap, null), which
     * is a yardstick, not a competitor.
     */
    public enum Fill {
        SOLID,
        VARIANT,
        REFERENCE
    }

    /** An error whisker's ends and its gnuplot arrow style (see figure.gp). */
    public record Whisker(double low, double high, int style) {
        static final int BOTH_CAPS = 1;
        public static final int LOW_CAP = 2;
        static final int HIGH_CAP = 3;
        public static final int NO_CAP = 4;
    }

    public record Tic(String label, double x) {}

    public record Legend(String label, int rgb) {}

    /**
     * A y axis fitted to the values it shows (not to their error whiskers, which may be cut at the
     * top: a few single-shot samples give JMH intervals many times the value): logarithmic when the
     * values span more than 10×, with room above the tallest bar for its printed value; the label
     * names the unit and says "log scale".
     */
    public record Axis(String unit, boolean log, double min, double max, double origin) {

        /** An axis whose bars start at 0, or at the bottom of a log axis. */
        public Axis(String unit, boolean log, double min, double max) {
            this(unit, log, min, max, Double.NaN);
        }

        /**
         * An axis of ratios: bars grow from 1 (up where B takes longer, down where it takes less), which a line
         * marks across the panel, and the range holds 1, every bar and every interval, with a margin.
         */
        public static Axis ratio(String unit, List<Bar> bars) {
            double low = 1;
            double high = 1;
            for (Bar bar : bars) {
                for (double v : new double[] {bar.value(), bar.low(), bar.high()}) {
                    if (!Double.isNaN(v) && v > 0 && Double.isFinite(v)) {
                        low = Math.min(low, v);
                        high = Math.max(high, v);
                    }
                }
            }
            double pad = Math.max(0.02, (high - low) * 0.15);
            return new Axis(unit, false, Math.max(0, low - pad), high + pad, 1);
        }

        /** Whether bars start at an origin of their own, marked by a line across the panel ({@link #ratio}). */
        boolean hasOrigin() {
            return !Double.isNaN(origin);
        }

        public static Axis fit(String unit, List<Bar> bars) {
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

        /** Where bars start: the origin, 0, or the bottom of a log axis. */
        double base() {
            return hasOrigin() ? origin : log ? min : 0;
        }

        /** The height at which a note is printed in an empty slot. */
        double noteY() {
            return hasOrigin() ? origin : log ? min * Math.pow(max / min, 0.03) : min + (max - min) * 0.03;
        }
    }
}
