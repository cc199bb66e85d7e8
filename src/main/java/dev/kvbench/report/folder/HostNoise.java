package dev.kvbench.report.folder;

import dev.kvbench.results.OrderStatistics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** What an interleaved log's turns and per-rotation samples say about the host: its turn-to-turn spread, pooled samples. */
public final class HostNoise {

    /** The fewest turns of an engine whose spread counts. */
    private static final int FEWEST = 8;

    private HostNoise() {}

    /**
     * Per engine and benchmark, the interquartile range of its turns over their median; the median of those over all
     * of them; NaN when no engine has {@link #FEWEST} turns.
     */
    public static double turnSpread(Map<String, Map<String, Map<Integer, Double>>> turns) {
        List<Double> spreads = new ArrayList<>();
        turns.values()
                .forEach(byEngine -> byEngine.values().forEach(byRotation -> {
                    double[] sorted = byRotation.values().stream()
                            .mapToDouble(Double::doubleValue)
                            .sorted()
                            .toArray();
                    if (sorted.length >= FEWEST) {
                        double q1 = OrderStatistics.quantile(sorted, 0.25);
                        double q3 = OrderStatistics.quantile(sorted, 0.75);
                        spreads.add((q3 - q1) / OrderStatistics.median(sorted));
                    }
                }));
        return median(spreads.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Every benchmark's samples in one array, NaN left out. */
    public static double[] pooled(Map<String, double[]> byBenchmark) {
        return byBenchmark.values().stream()
                .flatMapToDouble(Arrays::stream)
                .filter(v -> !Double.isNaN(v))
                .toArray();
    }

    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return OrderStatistics.median(sorted);
    }

    public static double mean(double[] values) {
        return values.length == 0 ? Double.NaN : Arrays.stream(values).average().orElse(Double.NaN);
    }

    public static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    public static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }
}
