package dev.kvbench.workload.app;

import dev.kvbench.results.Metric;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.OnBenchData;
import dev.kvbench.workload.Concurrent;
import dev.kvbench.workload.ConcurrentRun;
import dev.kvbench.workload.Latency;
import dev.kvbench.workload.PrefixData;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The parameters of the application workloads (readWhileWriting, prefixScan, readKeyThreads),
 * parsed and checked like {@link BenchParams}: one line per mistake, naming the parameter and
 * what it accepts. A benchmark without one of them does not have it; {@code cli.RunPlan} checks every
 * given value before any store is opened. A trial of one of them has the 2016 data set's parameters as well.
 *
 * @param data       the 2016 data set's parameters
 * @param concurrent the concurrent run (readers, writer, rate, duration, latency); null for a benchmark without a
 *                   {@code duration} (readKeyThreads)
 * @param given      the trial's parameters as given, for the one only prefixScan takes
 */
public record AppParams(BenchParams data, Concurrent concurrent, Map<String, String> given) implements OnBenchData {

    /** The parameter names, in the order the CSV and the side file list them after {@link BenchParams#NAMES}. */
    public static final List<String> NAMES =
            List.of("readers", "writesPerSec", "duration", "keysPerPrefix", "writer", "latency");

    /** The value of {@code readers} that means one reader per available core. */
    public static final String CORES = "cores";

    /** Parses a trial's parameters: the data set's, then the concurrent run's when it has a {@code duration}. */
    static AppParams parse(Map<String, String> params) {
        BenchParams data = BenchParams.parse(params);
        return new AppParams(data, params.containsKey("duration") ? concurrent(params) : null, params);
    }

    /**
     * A concurrent run's figures for the trial's line: its shape, read operations (every one verified: found =
     * expected), the entries they saw, the writer's target and achieved rates, and the latency percentiles.
     */
    public Map<String, Object> figures(ConcurrentRun.Outcome outcome) {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put(Metric.VERIFY_EXPECTED, outcome.ops());
        figures.put(Metric.VERIFY_FOUND, outcome.ops());
        figures.put(Metric.VERIFY_CHECKSUM, null);
        figures.put(Metric.READERS, concurrent.readers());
        figures.put(Metric.READ_SECONDS, round3(outcome.readNanos() / 1e9));
        figures.put(Metric.READ_OPS, outcome.ops());
        figures.put(Metric.READ_OPS_PER_SEC, round3(outcome.opsPerSec()));
        figures.put(Metric.READ_ITEMS, outcome.items());
        figures.put(Metric.READ_ITEMS_PER_SEC, round3(outcome.itemsPerSec()));
        if (concurrent.writer()) {
            figures.put(Metric.WRITE_TARGET, concurrent.writesPerSec());
            figures.put(Metric.WRITE_COUNT, outcome.writes());
            figures.put(Metric.WRITE_PER_SEC, round3(outcome.writesPerSec()));
        }
        Latency latency = outcome.latency();
        if (latency != null) {
            latency.percentiles().forEach((name, nanos) -> figures.put(Metric.latency(name), nanos));
        }
        return figures;
    }

    private static double round3(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }

    /** The prefixScan data set of this trial's {@code num}, {@code keysPerPrefix} and {@code valSize}. */
    public PrefixData prefixData() {
        return new PrefixData(
                data.data().num(), keysPerPrefix(given), data.data().valSize());
    }

    /** Checks one value of one of {@link #NAMES}. */
    public static void check(String name, String value) {
        switch (name) {
            case "readers" -> readers(value);
            case "writesPerSec" -> atLeast(name, value, 0, "0 = as fast as it can");
            case "duration" -> atLeast(name, value, 1, "seconds");
            case "keysPerPrefix" -> atLeast(name, value, 1, "keys per 12-byte prefix");
            case "writer", "latency" -> bool(name, value);
            default -> throw new IllegalArgumentException("unknown parameter " + name);
        }
    }

    /** The concurrent run a trial's parameters describe; {@code writer} defaults to on. */
    static Concurrent concurrent(Map<String, String> params) {
        return new Concurrent(
                readers(params.get("readers")),
                !params.containsKey("writer") || bool("writer", params.get("writer")),
                atLeast("writesPerSec", params.get("writesPerSec"), 0, "0 = as fast as it can"),
                atLeast("duration", params.get("duration"), 1, "seconds"),
                !params.containsKey("latency") || bool("latency", params.get("latency")));
    }

    static int keysPerPrefix(Map<String, String> params) {
        return atLeast("keysPerPrefix", params.get("keysPerPrefix"), 1, "keys per 12-byte prefix");
    }

    /** Reader threads: a whole number >= 1, or {@code cores}. */
    public static int readers(String value) {
        if (value != null && value.trim().equalsIgnoreCase(CORES)) {
            return Runtime.getRuntime().availableProcessors();
        }
        return atLeast("readers", value, 1, "reader threads, or " + CORES);
    }

    private static int atLeast(String name, String value, int min, String meaning) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("parameter " + name + " is missing");
        }
        int parsed;
        try {
            parsed = Integer.parseInt(value.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    name + "=" + value + " is not a whole number >= " + min + " (" + meaning + ")");
        }
        if (parsed < min) {
            throw new IllegalArgumentException(name + "=" + value + " must be >= " + min + " (" + meaning + ")");
        }
        return parsed;
    }

    private static boolean bool(String name, String value) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(name + "=" + value + " is not true or false");
        };
    }
}
