package dev.kvbench.interleave;

import java.util.Arrays;

/**
 * The turns of one engine in an interleaved run, and what they add up to: each turn's mean pass time
 * is one sample (passes within a turn share the host's state, turns do not), the score is the median of
 * the turns, and its error the half-width of a distribution-free 99.9% confidence interval of that median
 * (the order statistics a binomial count of turns below the median allows: 11 turns give the extremes,
 * 20 turns the 3rd and 18th of them), taken on the wider side. A slow phase of the host that lands on a
 * few turns moves neither the median nor the interval; one that lands on most turns of one engine shows
 * as a wide interval, never as a fast or slow engine.
 */
public final class Turns {

    /** The confidence of the interval, as JMH's error column states it. */
    static final double CONFIDENCE = 0.999;

    private double[] means = new double[16];
    private long passes;
    private int count;

    /** Adds one turn of {@code nanos.length} passes, each its own time in nanoseconds. */
    public void add(long[] nanos) {
        if (nanos.length == 0) {
            throw new IllegalArgumentException("a turn has at least one pass");
        }
        long sum = 0;
        for (long n : nanos) {
            sum += n;
        }
        if (count == means.length) {
            means = Arrays.copyOf(means, count * 2);
        }
        means[count++] = (double) sum / nanos.length;
        passes += nanos.length;
    }

    public int count() {
        return count;
    }

    public long passes() {
        return passes;
    }

    /** The median of the turns' mean pass times, ns; NaN with no turn. */
    public double median() {
        if (count == 0) {
            return Double.NaN;
        }
        double[] sorted = sorted();
        int mid = count / 2;
        return count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /**
     * The half-width of the median's 99.9% interval, ns: the larger distance from the median to the
     * interval's ends; NaN when there are too few turns for one (fewer than {@link #fewestForInterval()}).
     */
    public double error() {
        int k = lowerRank(count);
        if (k < 1) {
            return Double.NaN;
        }
        double[] sorted = sorted();
        double median = median();
        return Math.max(median - sorted[k - 1], sorted[count - k] - median);
    }

    /** The relative error, error ÷ median; infinite when there is no interval yet. */
    public double relativeError() {
        double error = error();
        return Double.isNaN(error) ? Double.POSITIVE_INFINITY : error / median();
    }

    /** The fewest turns that give a 99.9% interval of the median. */
    public static int fewestForInterval() {
        int n = 1;
        while (lowerRank(n) < 1) {
            n++;
        }
        return n;
    }

    /**
     * The largest rank k (1-based) such that the interval from the k-th smallest to the k-th largest of
     * {@code n} samples covers the median with at least {@link #CONFIDENCE}: P(Binomial(n, 1/2) &lt; k) on
     * each side at most (1 − confidence) / 2; 0 when no such k exists.
     */
    static int lowerRank(int n) {
        double tail = (1 - CONFIDENCE) / 2;
        double cumulative = 0;
        double term = Math.pow(0.5, n); // P(X = 0)
        int k = 0;
        for (int i = 0; i < n / 2; i++) {
            cumulative += term; // P(X <= i)
            if (cumulative > tail) {
                break;
            }
            k = i + 1;
            term = term * (n - i) / (i + 1);
        }
        return k;
    }

    /** The turns' mean pass times in ms, in the order they ran, as "6.12 6.30 ...". */
    public String text() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append(i == 0 ? "" : " ").append(String.format(java.util.Locale.ROOT, "%.4g", means[i] / 1e6));
        }
        return text.toString();
    }

    private double[] sorted() {
        double[] sorted = Arrays.copyOf(means, count);
        Arrays.sort(sorted);
        return sorted;
    }
}
