package dev.kvbench.workload.ycsb;

/**
 * The zipfian generator YCSB uses: Gray et al.'s method ("Quickly generating billion-record
 * synthetic databases", SIGMOD 1994), which turns one uniform number into a rank in
 * {@code [0, items)} by a closed formula: rank 0 and 1 exactly (probabilities {@code 1/zeta(n)}
 * and {@code 0.5^theta/zeta(n)}), the rest by the inverse of the continuous approximation. It is
 * kept rather than an exact Zipf sampler (Commons RNG's rejection-inversion one) because YCSB's
 * numbers come from this one, and because it serves YCSB's item space of 10^10, beyond an int.
 *
 * <p>{@code zeta(n, theta)} is summed exactly up to 10^6 terms, and beyond by the Euler-Maclaurin
 * formula (integral plus end corrections), exact to ~1e-12 relative: it gives YCSB's constant
 * 26.46902820178302 for 10^10 items and theta 0.99. The item count may grow (YCSB's
 * {@code latest}): zeta is then extended by the new terms when few, or recomputed.
 *
 * <p>Not thread-safe: each client thread has its own, drawing from its own random source.
 */
public final class Zipfian {

    private static final long EXACT_TERMS = 1_000_000L;

    private final double theta;
    private final double zeta2;
    private final double alpha;
    private long items;
    private double zetaN;
    private double eta;

    public Zipfian(long items, double theta) {
        if (items < 1) {
            throw new IllegalArgumentException("items must be >= 1, was " + items);
        }
        if (!(theta > 0 && theta < 1)) {
            throw new IllegalArgumentException("zipfianconstant must be > 0 and < 1, was " + theta);
        }
        this.theta = theta;
        this.zeta2 = 1 + Math.pow(0.5, theta);
        this.alpha = 1 / (1 - theta);
        this.items = items;
        this.zetaN = zeta(items, theta);
        this.eta = eta();
    }

    public long items() {
        return items;
    }

    public double theta() {
        return theta;
    }

    public double zetaN() {
        return zetaN;
    }

    /** A rank in {@code [0, items)} for the uniform number {@code u} in {@code [0, 1)}. */
    public long rank(double u) {
        double uz = u * zetaN;
        if (uz < 1) {
            return 0;
        }
        if (uz < zeta2) {
            return 1;
        }
        long rank = (long) (items * Math.pow(eta * u - eta + 1, alpha));
        return Math.min(rank, items - 1);
    }

    /** As {@link #rank(double)} over {@code newItems} items, growing (or shrinking) the item count first. */
    public long rank(double u, long newItems) {
        if (newItems != items) {
            resize(newItems);
        }
        return rank(u);
    }

    private void resize(long newItems) {
        if (newItems > items && newItems - items <= 10_000) {
            double sum = zetaN;
            for (long i = items + 1; i <= newItems; i++) {
                sum += 1 / Math.pow(i, theta);
            }
            zetaN = sum;
        } else {
            zetaN = zeta(newItems, theta);
        }
        items = newItems;
        eta = eta();
    }

    private double eta() {
        if (items < 2) {
            return 0;
        }
        return (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2 / zetaN);
    }

    /**
     * The probability that {@link #rank(double)} gives {@code rank} when {@code u} is uniform: the
     * length of the interval of {@code u} that maps to it (for the goodness-of-fit tests).
     */
    public double probability(long rank) {
        if (rank == 0) {
            return Math.min(1, 1 / zetaN);
        }
        if (rank == 1) {
            return Math.min(1, zeta2 / zetaN) - Math.min(1, 1 / zetaN);
        }
        double low = Math.max(uFor(rank), zeta2 / zetaN);
        double high = rank == items - 1 ? 1 : Math.min(1, uFor(rank + 1));
        return Math.max(0, high - low);
    }

    /** The smallest u whose formula gives {@code rank} or more. */
    private double uFor(long rank) {
        return (Math.pow((double) rank / items, 1 / alpha) - 1 + eta) / eta;
    }

    /** {@code sum over i in 1..n of 1/i^theta}. */
    public static double zeta(long n, double theta) {
        long exact = Math.min(n, EXACT_TERMS);
        double sum = 0;
        for (long i = exact; i >= 1; i--) { // smallest terms first, for accuracy
            sum += 1 / Math.pow(i, theta);
        }
        if (n == exact) {
            return sum;
        }
        // Euler-Maclaurin for the terms exact+1 .. n: f(x) = x^-theta
        double a = exact;
        double b = n;
        double integral = (Math.pow(b, 1 - theta) - Math.pow(a, 1 - theta)) / (1 - theta);
        double ends = (Math.pow(b, -theta) - Math.pow(a, -theta)) / 2; // + f(b)/2 - f(a)/2 (f(a) is already summed)
        double first = theta / 12 * (Math.pow(a, -theta - 1) - Math.pow(b, -theta - 1));
        double third = -theta * (theta + 1) * (theta + 2) / 720 * (Math.pow(a, -theta - 3) - Math.pow(b, -theta - 3));
        return sum + integral + ends + first + third;
    }
}
