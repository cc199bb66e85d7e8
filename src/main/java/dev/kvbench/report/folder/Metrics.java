package dev.kvbench.report.folder;

import dev.kvbench.results.Metric;
import dev.kvbench.results.TrialRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Side-file measurements of one run, combined over its forks: peaks (open files, memory) take
 * the maximum, CPU times the mean, and sizes (storage, counts) the median (see {@link Metric}).
 */
public final class Metrics {

    /** The lowest and highest Store ÷ direct ratio of a baseline's forks, when it ran more than one. */
    public static final String RATIO_MIN = Metric.HARNESS_RATIO + ".forkMin";

    public static final String RATIO_MAX = Metric.HARNESS_RATIO + ".forkMax";

    /**
     * The ± of a YCSB throughput ({@code ycsb.run.opsPerSec}...) measured in several rounds: the trials' values spread
     * around their median by {@link RoundScores}'s rule, as a JMH score's rounds are; absent for one trial (no interval).
     */
    public static String spread(String metric) {
        return metric + ".spread";
    }

    private Metrics() {}

    static Map<String, Double> aggregate(List<TrialRecord> trials) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (TrialRecord trial : trials) {
            trial.numericMetrics()
                    .forEach((name, value) ->
                            values.computeIfAbsent(name, k -> new ArrayList<>()).add(value));
        }
        Map<String, Double> combined = new LinkedHashMap<>();
        values.forEach((name, list) -> combined.put(name, combine(name, list)));
        values.forEach((name, list) -> {
            if (name.startsWith(Metric.YCSB_PREFIX) && name.endsWith(".opsPerSec") && list.size() > 1) {
                combined.put(
                        spread(name),
                        RoundScores.spread(
                                list.stream().mapToDouble(Double::doubleValue).toArray(), new double[0]));
            }
        });
        List<Double> ratios = values.get(Metric.HARNESS_RATIO);
        if (ratios != null && ratios.size() > 1) {
            // The median hides how far one fork can land from another: the report shows the range too.
            combined.put(RATIO_MIN, Collections.min(ratios));
            combined.put(RATIO_MAX, Collections.max(ratios));
        }
        return combined;
    }

    private static double combine(String name, List<Double> values) {
        if (Metric.isPeak(name)) {
            return Collections.max(values);
        }
        if (name.equals(Metric.SETTLED)) {
            return Collections.min(values); // a run settled when every fork did
        }
        if (Metric.isCpuTime(name)) {
            return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        }
        return median(values);
    }

    /** The median of {@code values} (the mean of the middle two for an even count), NaN for none. */
    public static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int mid = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(mid) : (sorted.get(mid - 1) + sorted.get(mid)) / 2;
    }
}
