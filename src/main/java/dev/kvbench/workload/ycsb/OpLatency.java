package dev.kvbench.workload.ycsb;

import java.util.LinkedHashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;

/**
 * The latency of one operation type in nanoseconds (HdrHistogram, 3 significant digits, growing
 * as needed): one per thread and operation type, merged at the end of a phase. {@link #PERCENTILES}
 * are the ones YCSB users read: p50, p95, p99, p99.9 and the maximum.
 */
public final class OpLatency {

    public static final double[] PERCENTILES = {50, 95, 99, 99.9, 100};

    private final Histogram histogram = new Histogram(3);

    void record(long nanos) {
        histogram.recordValue(Math.max(0, nanos));
    }

    void add(OpLatency other) {
        histogram.add(other.histogram);
    }

    public long count() {
        return histogram.getTotalCount();
    }

    public double meanNanos() {
        return histogram.getMean();
    }

    /** Nanoseconds at {@code percentile} (100: the maximum). */
    public long at(double percentile) {
        return percentile >= 100 ? histogram.getMaxValue() : histogram.getValueAtPercentile(percentile);
    }

    /** {@code p50} ... {@code p99.9}, {@code max}, in nanoseconds. */
    public Map<String, Long> percentiles() {
        Map<String, Long> named = new LinkedHashMap<>();
        for (double p : PERCENTILES) {
            named.put(name(p), at(p));
        }
        return named;
    }

    public static String name(double percentile) {
        if (percentile >= 100) {
            return "max";
        }
        return percentile == Math.rint(percentile) ? "p" + (long) percentile : "p" + percentile;
    }
}
