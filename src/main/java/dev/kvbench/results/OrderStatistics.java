package dev.kvbench.results;

/**
 * Medians and their distribution-free confidence intervals from order statistics: one engine's turns
 * (the interleaver's score and its error) and the ratios of two engines' paired turns ({@link PairedRatio})
 * use the same rule, so a number and a ranking are judged alike.
 */
public final class OrderStatistics {

    /** The confidence of every interval, as JMH's error column states it. */
    public static final double CONFIDENCE = 0.999;

    private OrderStatistics() {}

    /** The median of {@code sorted}, NaN when it is empty. */
    public static double median(double[] sorted) {
        int n = sorted.length;
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The {@code q} quantile of {@code sorted} (0 to 1), interpolated linearly between neighbouring samples. */
    public static double quantile(double[] sorted, double q) {
        double at = q * (sorted.length - 1);
        int below = (int) Math.floor(at);
        int above = Math.min(sorted.length - 1, below + 1);
        return sorted[below] + (at - below) * (sorted[above] - sorted[below]);
    }

    /**
     * The largest rank k (1-based) such that the interval from the k-th smallest to the k-th largest of
     * {@code n} samples covers the median with at least {@link #CONFIDENCE}: P(Binomial(n, 1/2) &lt; k) on
     * each side at most (1 − confidence) / 2; 0 when no such k exists (fewer than 11 samples).
     */
    public static int lowerRank(int n) {
        return lowerRank(n, CONFIDENCE);
    }

    /** {@link #lowerRank(int)} at {@code confidence} (0 to 1) instead of {@link #CONFIDENCE}. */
    public static int lowerRank(int n, double confidence) {
        double tail = (1 - confidence) / 2;
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

    /** The fewest samples that give a {@link #CONFIDENCE} interval of the median. */
    public static int fewestForInterval() {
        int n = 1;
        while (lowerRank(n) < 1) {
            n++;
        }
        return n;
    }
}
