package dev.kvbench.workload;

import java.util.LinkedHashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;

/**
 * Per-operation latency of one thread into its own HdrHistogram (nanoseconds, 3 significant
 * digits, growing as needed), merged across threads at the end. Off ({@link #OFF}), nothing is
 * recorded and the caller reads no clock: the difference in throughput is what recording costs.
 */
public final class Latency {

    /** The percentiles a run reports, p50 to max (100). */
    public static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 100};

    private final Histogram histogram;

    private Latency(Histogram histogram) {
        this.histogram = histogram;
    }

    /** A recorder for one thread, or null when {@code on} is false. */
    static Latency forThread(boolean on) {
        return on ? new Latency(new Histogram(3)) : null;
    }

    void record(long nanos) {
        histogram.recordValue(Math.max(0, nanos));
    }

    /** The merge of {@code parts} (nulls ignored); null when none recorded. */
    static Latency merge(Iterable<Latency> parts) {
        Histogram all = null;
        for (Latency part : parts) {
            if (part == null) {
                continue;
            }
            if (all == null) {
                all = new Histogram(3);
            }
            all.add(part.histogram);
        }
        return all == null ? null : new Latency(all);
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
        for (double p : PERCENTILES) {
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
