package dev.kvbench.direct;

import dev.kvbench.results.Metric;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The harness's own cost, measured in pairs: a direct-API baseline alternates passes through the
 * engine's own API and through the {@code Store} path on the same store in the same JVM (direct
 * then Store, then Store then direct, so neither always runs second), and each consecutive pair
 * gives one ratio. Both halves of a pair share the JIT state, the heap, the store's pages and the
 * machine's moment, so the ratio is free of the fork-to-fork differences (code layout, memory
 * placement) that two separate benchmarks in two JVMs add to it.
 *
 * <p>The ratio is the geometric mean of the pairs' ratios (Store ÷ direct), so a pass slowed by
 * the machine weighs the same whichever path it hit; its error is the 99.9% half-width of that
 * mean on the log scale, turned back into a ratio (the upper side, the wider one).
 */
final class HarnessPairs {

    /** 99.9% two-sided normal quantile, as JMH's score error. */
    private static final double Z_999 = 3.29;

    private long invocations;
    private long directNanos = -1;
    private long storeNanos = -1;
    private int pairs;
    private double directSum;
    private double storeSum;
    private double logSum;
    private double logSquares;

    /** Whether the next pass goes through the Store path: D S S D D S S D... */
    boolean storeTurn() {
        return (((invocations + 1) >> 1) & 1) == 1;
    }

    /** Records the pass just run (the turn {@link #storeTurn()} gave) when {@code measured}; moves the turn on. */
    void ran(long nanos, boolean measured) {
        boolean store = storeTurn();
        invocations++;
        if (!measured) {
            return;
        }
        if (store) {
            storeNanos = nanos;
        } else {
            directNanos = nanos;
        }
        if (storeNanos >= 0 && directNanos >= 0) {
            pairs++;
            directSum += directNanos;
            storeSum += storeNanos;
            double log = Math.log((double) storeNanos / directNanos);
            logSum += log;
            logSquares += log * log;
            storeNanos = -1;
            directNanos = -1;
        }
    }

    /**
     * Drops a half pair when measurement starts: a pair never spans a warmup and a measured
     * iteration. Measured iterations may share a pair: a pass of 110 ms in 200 ms iterations
     * would otherwise never complete one.
     */
    void iterationStarts() {
        storeNanos = -1;
        directNanos = -1;
    }

    int pairs() {
        return pairs;
    }

    /** The side-file figures; empty without a measured pair. */
    Map<String, Object> metrics() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (pairs == 0) {
            return m;
        }
        double direct = directSum / pairs / 1e6;
        double store = storeSum / pairs / 1e6;
        double meanLog = logSum / pairs;
        double ratio = Math.exp(meanLog);
        m.put(Metric.HARNESS_DIRECT, round(direct));
        m.put(Metric.HARNESS_STORE, round(store));
        m.put(Metric.HARNESS_RATIO, round(ratio));
        if (pairs > 1) {
            double variance = Math.max(0, (logSquares - pairs * meanLog * meanLog) / (pairs - 1));
            m.put(Metric.HARNESS_RATIO_ERROR, round(ratio * Math.expm1(Z_999 * Math.sqrt(variance / pairs))));
        }
        m.put(Metric.HARNESS_PAIRS, pairs);
        m.put(Metric.HARNESS_DIRECT_KEYS, 1);
        return m;
    }

    private static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}
