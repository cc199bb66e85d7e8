package dev.kvbench.interleave;

import dev.kvbench.results.OrderStatistics;
import dev.kvbench.results.SteadyTurns;
import dev.kvbench.results.TurnLog;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The turns of one engine in an interleaved run, and what they add up to: each turn's mean pass time
 * is one sample (passes within a turn share the host's state, turns do not), the score is the median of
 * the turns, and its error the half-width of a distribution-free 99.9% confidence interval of that median
 * (the order statistics a binomial count of turns below the median allows: 11 turns give the extremes,
 * 20 turns the 3rd and 18th of them), taken on the wider side. A slow phase of the host that lands on a
 * few turns moves neither the median nor the interval; one that lands on most turns of one engine shows
 * as a wide interval, never as a fast or slow engine.
 *
 * <p>A turn also knows the rotation it ran in, and may carry the host's factor in that rotation
 * ({@link HostFactors}): the score and interval are then taken over the turns divided by their factors,
 * and {@link #rawMedian()} is the median before that.
 */
public final class Turns {

    /** The JVMs per engine whose turns these are, told apart by their turns' rotations ({@link Rotations#pairing}). */
    private final int forks;

    private double[] means = new double[16];
    /**
     * The last {@link #steady()} analysis, until a turn or a host factor changes: the rotations ask for it once per
     * engine and pair after every measured rotation, and each asking would partition the turns again.
     */
    private SteadyTurns steady;

    private int[] rotations = new int[16];
    /** The JVM (0-based) each turn ran in: an engine may have more JVMs than {@link #forks} ({@link MoreJvms}). */
    private int[] jvms = new int[16];

    private double[] factors = new double[16];
    private long passes;
    private int count;

    /** The turns of an engine in one JVM. */
    public Turns() {
        this(1);
    }

    /** The turns of an engine in {@code forks} JVMs, JVM k's turn of rotation r under rotation forks × r + k. */
    Turns(int forks) {
        this.forks = Math.max(1, forks);
    }

    /** Adds one turn of {@code nanos.length} passes, each its own time in nanoseconds, as a rotation of its own. */
    public void add(long[] nanos) {
        add(count, nanos);
    }

    /** Adds one turn, run in measured rotation {@code rotation}, of {@code nanos.length} passes, each its own time in ns. */
    public void add(int rotation, long[] nanos) {
        add(rotation, Math.floorMod(rotation, forks), nanos);
    }

    /** Adds one turn of JVM {@code jvm} (0-based) under pairing key {@code rotation} ({@link Rotations#pairing}). */
    void add(int rotation, int jvm, long[] nanos) {
        if (nanos.length == 0) {
            throw new IllegalArgumentException("a turn has at least one pass");
        }
        long sum = 0;
        for (long n : nanos) {
            sum += n;
        }
        if (count == means.length) {
            means = Arrays.copyOf(means, count * 2);
            rotations = Arrays.copyOf(rotations, count * 2);
            factors = Arrays.copyOf(factors, count * 2);
            jvms = Arrays.copyOf(jvms, count * 2);
        }
        rotations[count] = rotation;
        jvms[count] = jvm;
        factors[count] = 1;
        means[count++] = (double) sum / nanos.length;
        steady = null;
        passes += nanos.length;
    }

    public int count() {
        return count;
    }

    public long passes() {
        return passes;
    }

    /** The median of the turns' mean pass times, each divided by its host factor, ns; NaN with no turn. */
    public double median() {
        return median(sorted());
    }

    /** The median of the turns' mean pass times as measured (no host factor), ns; NaN with no turn. */
    public double rawMedian() {
        double[] raw = Arrays.copyOf(means, count);
        Arrays.sort(raw);
        return median(raw);
    }

    /** The median of {@code sorted}, NaN when it is empty. */
    static double median(double[] sorted) {
        return OrderStatistics.median(sorted);
    }

    /** Turn {@code i}'s mean pass time as measured, ns. */
    double mean(int i) {
        return means[i];
    }

    /** The measured rotation turn {@code i} ran in. */
    int rotation(int i) {
        return rotations[i];
    }

    /** Sets turn {@code i}'s host factor: its time is divided by it for the score (1: as measured). */
    void factor(int i, double factor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("a host factor is a positive number, not " + factor);
        }
        factors[i] = factor;
        steady = null;
    }

    /** How many turns carry a host factor other than 1. */
    int adjusted() {
        int n = 0;
        for (int i = 0; i < count; i++) {
            if (factors[i] != 1) {
                n++;
            }
        }
        return n;
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
        double median = median(sorted);
        return Math.max(median - sorted[k - 1], sorted[count - k] - median);
    }

    /** The fewest turns whose thirds {@link #drift()} compares. */
    static final int FEWEST_FOR_DRIFT = 6;

    /**
     * The median of the first third of the turns and of the last third, in the order they ran, each turn
     * divided by its host factor, ns; null with fewer than {@link #FEWEST_FOR_DRIFT} turns. Far apart, the
     * engine's own time moved during the test (its JVM, its store), which more turns do not narrow.
     */
    public double[] drift() {
        if (count < FEWEST_FOR_DRIFT) {
            return null;
        }
        int third = count / 3;
        double[] first = new double[third];
        double[] last = new double[third];
        for (int i = 0; i < third; i++) {
            first[i] = means[i] / factors[i];
            int j = count - third + i;
            last[i] = means[j] / factors[j];
        }
        Arrays.sort(first);
        Arrays.sort(last);
        return new double[] {median(first), median(last)};
    }

    /** The relative error, error ÷ median; infinite when there is no interval yet. */
    public double relativeError() {
        double error = error();
        return Double.isNaN(error) ? Double.POSITIVE_INFINITY : error / median();
    }

    /** The fewest turns that give a 99.9% interval of the median. */
    public static int fewestForInterval() {
        return OrderStatistics.fewestForInterval();
    }

    static int lowerRank(int n) {
        return OrderStatistics.lowerRank(n);
    }

    /**
     * Each measured rotation's turn as measured (no host factor), ns: what {@link dev.kvbench.results.PairedRatio} pairs
     * with another engine's turn of the same rotation, whose ratio divides the host out by itself.
     */
    public Map<Integer, Double> byRotation() {
        return TurnLog.byRotation(Arrays.copyOf(means, count), Arrays.copyOf(rotations, count));
    }

    /**
     * The turns JVM by JVM, checked for a steady state: keyed by rotation as the log writes them (1-based), each with
     * its host factor, in ms as the log gives them.
     */
    public SteadyTurns steady() {
        if (steady != null) {
            return steady;
        }
        Map<Integer, Double> byKey = new TreeMap<>();
        Map<Integer, Double> factorByKey = new TreeMap<>();
        Map<Integer, Integer> jvmByKey = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            byKey.put(rotations[i] + 1, means[i] / 1e6);
            factorByKey.put(rotations[i] + 1, factors[i]);
            jvmByKey.put(rotations[i] + 1, jvms[i]);
        }
        steady = SteadyTurns.of(byKey, factorByKey, jvmByKey);
        return steady;
    }

    /**
     * The score: the median of the turns of the JVMs' steady states, each divided by its host factor, ns; the median
     * of every turn where every JVM was flat, or where none reached a steady state (a number the report shows only as
     * the range of the turns, with no error).
     */
    public double score() {
        SteadyTurns steady = steady();
        return steady.flat() || !steady.steady() ? median() : steady.median() * 1e6;
    }

    /** The score's error as {@link #error()} gives it, over the turns the score is taken from, ns; NaN without one. */
    public double scoreError() {
        SteadyTurns steady = steady();
        if (!steady.steady()) {
            return Double.NaN;
        }
        return steady.flat() ? error() : steady.error() * 1e6;
    }

    /**
     * The turns of the JVMs' steady states by measured rotation, as measured: what is paired with other engines'
     * turns, so that no ratio holds a turn from before a JVM's steady state.
     */
    public Map<Integer, Double> steadyByRotation() {
        Map<Integer, Double> kept = new TreeMap<>();
        steady().kept().forEach((key, ms) -> kept.put(key - 1, ms * 1e6));
        return kept;
    }

    /** Each turn's JVM (0-based) by its measured rotation, as {@link #steadyByRotation()} keys it. */
    public Map<Integer, Integer> jvmByRotation() {
        Map<Integer, Integer> byRotation = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            byRotation.put(rotations[i], jvms[i]);
        }
        return byRotation;
    }

    /** How many turns {@link #steadyByRotation()} holds. */
    int steadyCount() {
        return steady().kept().size();
    }

    /** The measured rotations of the turns, 1-based, in the order they ran, as "1 2 3 ...": the log's pairing key. */
    public String rotationsText() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append(i == 0 ? "" : " ").append(rotations[i] + 1);
        }
        return text.toString();
    }

    /** The JVM of each turn, 1-based, in the order they ran, as "1 2 1 2 ...": the log's JVM line. */
    public String jvmsText() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append(i == 0 ? "" : " ").append(jvms[i] + 1);
        }
        return text.toString();
    }

    /** Whether any turn ran in a JVM beyond the first {@link #forks}: the log then names each turn's JVM. */
    boolean moreJvms() {
        for (int i = 0; i < count; i++) {
            if (jvms[i] >= forks) {
                return true;
            }
        }
        return false;
    }

    /** The turns' mean pass times in ms, in the order they ran, as "6.12 6.30 ...". */
    public String text() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append(i == 0 ? "" : " ").append(String.format(java.util.Locale.ROOT, "%.4g", means[i] / 1e6));
        }
        return text.toString();
    }

    /** The turns' times divided by their host factors, sorted. */
    private double[] sorted() {
        double[] sorted = new double[count];
        for (int i = 0; i < count; i++) {
            sorted[i] = means[i] / factors[i];
        }
        Arrays.sort(sorted);
        return sorted;
    }
}
