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
 * {@code latest}): {@link #rank(double, long)} then follows YCSB 0.17.0's
 * {@code ZipfianGenerator.nextLong(itemcount)}, quirks included.
 *
 * <p>Not thread-safe: each client thread has its own, drawing from its own random source.
 */
public final class Zipfian {

    private static final long EXACT_TERMS = 1_000_000L;

    private final double theta;
    private final double zeta2;
    private final double alpha;
    /** The item count eta's numerator keeps, whatever the count grows to: the one it was made for. */
    private final long etaItems;

    private long items;
    /** The item count {@link #zetaN} sums over: the largest so far. */
    private long zetaItems;

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
        this.etaItems = items;
        this.items = items;
        this.zetaItems = items;
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
        return Math.min(formula(u), items - 1);
    }

    /**
     * A rank over {@code itemCount} items, as YCSB's {@code nextLong(itemcount)}, which its
     * {@code latest} calls with the insert counter. When the count grows past the one zeta sums
     * over, zeta is extended to it and eta recomputed from the new zeta, but eta's numerator
     * {@code 1 - (2/n)^(1-theta)} keeps {@code n} the count the generator was made for (YCSB's
     * final {@code items} field): so the ranks spread a little wider than a fresh generator's for
     * the new count (with 5% inserts over 100,000 records and 2,000,000 operations, the newest 10
     * keys get 20.9% of the reads, not 23.5%). A smaller count changes neither (YCSB recomputes
     * only when told it may shrink, which its latest never is); the formula then takes the count
     * given. No clamp, as YCSB's: the caller redraws a rank beyond its keys.
     */
    public long rank(double u, long itemCount) {
        if (itemCount > zetaItems) {
            grow(itemCount);
        }
        items = itemCount;
        return formula(u);
    }

    /** Gray's formula: ranks 0 and 1 exactly, the rest by the inverse of the continuous approximation. */
    private long formula(double u) {
        double uz = u * zetaN;
        if (uz < 1) {
            return 0;
        }
        if (uz < zeta2) {
            return 1;
        }
        return (long) (items * Math.pow(eta * u - eta + 1, alpha));
    }

    /** Extends zeta to {@code newItems} terms (adding them when few, else anew) and recomputes eta. */
    private void grow(long newItems) {
        if (newItems - zetaItems <= 10_000) {
            double sum = zetaN;
            for (long i = zetaItems + 1; i <= newItems; i++) {
                sum += 1 / Math.pow(i, theta);
            }
            zetaN = sum;
        } else {
            zetaN = zeta(newItems, theta);
        }
        zetaItems = newItems;
        eta = eta();
    }

    private double eta() {
        if (etaItems < 2) { // YCSB's eta for one item turns negative as the count grows (ranks past it): none here
            return 0;
        }
        return (1 - Math.pow(2.0 / etaItems, 1 - theta)) / (1 - zeta2 / zetaN);
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
