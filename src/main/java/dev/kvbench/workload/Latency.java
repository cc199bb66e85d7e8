package dev.kvbench.workload;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Per-operation latency of one thread into its own HdrHistogram (nanoseconds, 3 significant
 * digits, growing as needed), merged across threads at the end, reported at the percentiles it was
 * made with: the concurrent workloads' {@link #PERCENTILES}, or a list of the caller's (YCSB's
 * phases read p50, p95, p99, p99.9 and the maximum). Off (no recorder), nothing is recorded and
 * the caller reads no clock: the difference in throughput is what recording costs.
 */
public final class Latency {

    /** The percentiles a concurrent run reports, p50 to max (100). */
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 100};

    private final Histogram histogram = new Histogram(3);
    private final double[] percentiles;

    private Latency(double[] percentiles) {
        this.percentiles = percentiles;
    }

    /** An empty recorder that reports {@code percentiles} (100 = the maximum), in this order. */
    public static Latency of(double... percentiles) {
        return new Latency(percentiles.clone());
    }

    /** A recorder for one thread of a concurrent run, or null when {@code on} is false. */
    static Latency forThread(boolean on) {
        return on ? new Latency(PERCENTILES) : null;
    }

    public void record(long nanos) {
        histogram.recordValue(Math.max(0, nanos));
    }

    /** Adds what {@code other} recorded to this one. */
    public void add(Latency other) {
        histogram.add(other.histogram);
    }

    /** The merge of {@code parts} (nulls ignored), reporting the first part's percentiles; null when none recorded. */
    static Latency merge(Iterable<Latency> parts) {
        Latency all = null;
        for (Latency part : parts) {
            if (part == null) {
                continue;
            }
            if (all == null) {
                all = new Latency(part.percentiles);
            }
            all.add(part);
        }
        return all;
    }

    public long count() {
        return histogram.getTotalCount();
    }

    /** Nanoseconds at {@code percentile} (100 = the maximum). */
    public long at(double percentile) {
        return percentile >= 100 ? histogram.getMaxValue() : histogram.getValueAtPercentile(percentile);
    }

    /** The reported percentiles by name ({@code p50}, {@code p99.9}, {@code max}), in nanoseconds. */
    public Map<String, Long> percentiles() {
        Map<String, Long> named = new LinkedHashMap<>();
        for (double p : percentiles) {
            named.put(name(p), at(p));
        }
        return named;
    }

    /** {@code p50}, {@code p99.9}, or {@code max} for 100. */
    public static String name(double percentile) {
        if (percentile >= 100) {
            return "max";
        }
        return percentile == Math.rint(percentile) ? "p" + (long) percentile : "p" + percentile;
    }
}
