package dev.kvbench.report;

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
final class Metrics {

    /** The lowest and highest Store ÷ direct ratio of a baseline's forks, when it ran more than one. */
    static final String RATIO_MIN = Metric.HARNESS_RATIO + ".forkMin";
    static final String RATIO_MAX = Metric.HARNESS_RATIO + ".forkMax";

    private Metrics() {
    }

    static Map<String, Double> aggregate(List<TrialRecord> trials) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (TrialRecord trial : trials) {
            trial.numericMetrics().forEach((name, value) -> values.computeIfAbsent(name, k -> new ArrayList<>()).add(value));
        }
        Map<String, Double> combined = new LinkedHashMap<>();
        values.forEach((name, list) -> combined.put(name, combine(name, list)));
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
    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int mid = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(mid) : (sorted.get(mid - 1) + sorted.get(mid)) / 2;
    }
}
