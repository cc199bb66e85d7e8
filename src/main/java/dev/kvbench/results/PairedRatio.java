package dev.kvbench.results;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * How much slower one engine is than another, from their turns in the same rotations: each rotation where both
 * took a turn gives one ratio (the other's turn ÷ the base's, seconds apart, so a slow phase of the host that
 * lasts the rotation divides out), and the answer is the median of those ratios with its distribution-free
 * 99.9% interval ({@link OrderStatistics}). Above 1: the base is faster; an interval that holds 1 is a tie.
 *
 * @param median the median ratio, other ÷ base; NaN with no common rotation
 * @param low    the interval's low end; NaN with fewer pairs than an interval needs
 * @param high   the interval's high end; NaN likewise
 * @param pairs  the rotations both engines took a turn in
 * @param spread the interquartile range of the ratios' logarithms: how much they scatter, robust to the outliers
 *               that set a small sample's interval (11 pairs: the extremes); NaN with fewer than 4 pairs
 */
public record PairedRatio(double median, double low, double high, int pairs, double spread) {

    /**
     * The half-width, as a share of 1, within which a tie is decided: an interval inside 0.97-1.03 says the two
     * are as fast as each other, and more turns will not tell them apart in a way a user would act on.
     */
    public static final double TIE_WIDTH = 0.03;

    /** {@code other} ÷ {@code base} over the rotations both have (rotation → the turn's time; any unit, the same). */
    public static PairedRatio of(Map<Integer, Double> base, Map<Integer, Double> other) {
        double[] ratios = base.entrySet().stream()
                .filter(e -> other.containsKey(e.getKey()))
                .mapToDouble(e -> other.get(e.getKey()) / e.getValue())
                .filter(r -> r > 0 && Double.isFinite(r))
                .toArray();
        Arrays.sort(ratios);
        int n = ratios.length;
        int k = OrderStatistics.lowerRank(n);
        double median = OrderStatistics.median(ratios);
        double spread = n < 4
                ? Double.NaN
                : Math.log(OrderStatistics.quantile(ratios, 0.75)) - Math.log(OrderStatistics.quantile(ratios, 0.25));
        return k < 1
                ? new PairedRatio(median, Double.NaN, Double.NaN, n, spread)
                : new PairedRatio(median, ratios[k - 1], ratios[n - k], n, spread);
    }

    /**
     * The half-width, in logarithms, that the interval would have with {@code pairs} pairs, from the ratios' spread as
     * the normal approximation of a median's interval gives it (z of 99.9% × 1.2533 σ / √n, σ the spread ÷ 1.349);
     * NaN without a spread. The order statistics of a small sample sit on its outliers; the spread does not.
     */
    public double halfWidthAt(int pairs) {
        double z = 3.2905; // two-sided 99.9%
        return z * 1.2533 * (spread / 1.349) / Math.sqrt(pairs);
    }

    /** Whether there were pairs enough for an interval. */
    public boolean hasInterval() {
        return !Double.isNaN(low);
    }

    /** The base is faster, at 99.9%: the whole interval lies above 1. */
    public boolean baseFaster() {
        return hasInterval() && low > 1;
    }

    /** The other is faster, at 99.9%: the whole interval lies below 1. */
    public boolean otherFaster() {
        return hasInterval() && high < 1;
    }

    /** A tie that is decided: the interval holds 1 and lies within {@link #TIE_WIDTH} of it on both sides. */
    public boolean narrowTie() {
        return hasInterval() && low >= 1 - TIE_WIDTH && high <= 1 + TIE_WIDTH;
    }

    /** Whether the order of the two is known: one is faster, or they tie within {@link #TIE_WIDTH}. */
    public boolean decided() {
        return baseFaster() || otherFaster() || narrowTie();
    }

    /** The same pairs the other way round: base ÷ other. */
    public PairedRatio inverse() {
        return new PairedRatio(1 / median, 1 / high, 1 / low, pairs, spread);
    }

    /**
     * "3.21× (2.42-3.77×)", "3.21× (no interval: 7 pairs)", or "(no steady turns in the same rotations)" where the two
     * have none in common (one engine's steady turns began after the other's last).
     */
    public String text() {
        return pairs == 0 ? "(no steady turns in the same rotations)" : times(median) + " (" + intervalText() + ")";
    }

    /** "3.21×". */
    public String medianText() {
        return times(median);
    }

    /** "2.42-3.77×", or "no interval: 7 pairs". */
    public String intervalText() {
        return hasInterval()
                ? number(low) + "-" + times(high)
                : "no interval: " + pairs + (pairs == 1 ? " pair" : " pairs");
    }

    private static String times(double ratio) {
        return number(ratio) + "×";
    }

    /** Two decimals, or as many more as it takes not to show a bound that excludes 1 as 1.00. */
    private static String number(double ratio) {
        if (ratio >= 9.995) {
            return String.format(Locale.ROOT, "%.1f", ratio);
        }
        String text = String.format(Locale.ROOT, "%.2f", ratio);
        for (int decimals = 3; ratio != 1 && Double.parseDouble(text) == 1 && decimals <= 6; decimals++) {
            text = String.format(Locale.ROOT, "%." + decimals + "f", ratio);
        }
        return text;
    }
}
