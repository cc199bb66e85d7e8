package dev.kvbench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Side-file measurements of one run, combined over its forks: peaks (open files, memory) take
 * the maximum, CPU times the mean, and sizes (storage, counts) the median.
 */
final class Metrics {

    static final String FLAT = "flatBytes";
    static final String STORAGE_AFTER = "storage.afterCloseBytes";
    static final String STORAGE_BEFORE = "storage.beforeCloseBytes";
    static final String STORAGE_FILES = "storage.files";
    static final String STORAGE_COMPACT = "storage.compactCopyBytes";
    static final String CPU_MEASURED = "cpu.measuredMs";
    static final String CPU_BACKGROUND = "cpu.backgroundMs";
    static final String FD_PEAK = "fd.peak";
    static final String RSS_PEAK = "mem.rssPeakBytes";
    static final String HEAP_PEAK = "mem.heapPeakBytes";

    private Metrics() {
    }

    static Map<String, Double> aggregate(List<SideFile.Trial> trials) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (SideFile.Trial trial : trials) {
            trial.metrics().forEach((name, value) -> values.computeIfAbsent(name, k -> new ArrayList<>()).add(value));
        }
        Map<String, Double> combined = new LinkedHashMap<>();
        values.forEach((name, list) -> combined.put(name, combine(name, list)));
        return combined;
    }

    private static double combine(String name, List<Double> values) {
        if (name.startsWith("fd.") || name.startsWith("mem.")) {
            return Collections.max(values);
        }
        if (name.startsWith("cpu.")) {
            return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int mid = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(mid) : (sorted.get(mid - 1) + sorted.get(mid)) / 2;
    }
}
