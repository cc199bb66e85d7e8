package dev.kvbench.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one trial (one JMH fork of one benchmark with one parameter combination) left: one line
 * of a side file. docs/results-format.md describes it for readers without kvbench.
 *
 * @param benchmark the JMH benchmark name, e.g. {@code dev.kvbench.bench.ReadKeyBenchmark.readKey}
 * @param workload  the workload, the part of {@code benchmark} after its last dot
 * @param params    every JMH parameter, as the text JMH was given, in the order written
 * @param status    whether it ran and passed, failed, or was skipped
 * @param reason    one line saying why it failed or was skipped; null when ok
 * @param metrics   the measurements, named by {@link Metric}: numbers, a hex string, a boolean or null
 * @param tail      for a trial whose JVM died (a crash, a kill, a timeout): its last lines of output, as
 *                  the host saw them; empty otherwise (and then not written)
 */
public record TrialRecord(
        String benchmark,
        String workload,
        Map<String, String> params,
        Status status,
        String reason,
        Map<String, Object> metrics,
        List<String> tail) {

    /** How a trial ended. */
    public enum Status {
        /** Ran, every pass verified: its metrics (and its JMH score) are results. */
        OK("ok"),
        /** Started and failed (a wrong count or checksum, an engine error, a full disk): no result. */
        FAILED("failed"),
        /** Not run, because the store cannot do the workload (or is not in this build). */
        SKIPPED("skipped");

        private final String word;

        Status(String word) {
            this.word = word;
        }

        /** The word in the file: {@code ok}, {@code failed} or {@code skipped}. */
        public String word() {
            return word;
        }

        /** The status written as {@code word}; a missing one is {@link #OK} (the earliest files had none). */
        public static Status of(String word) {
            if (word == null) {
                return OK;
            }
            for (Status status : values()) {
                if (status.word.equals(word)) {
                    return status;
                }
            }
            throw new IllegalArgumentException("unknown status '" + word + "'; valid: ok, failed, skipped");
        }
    }

    private static final String BENCHMARK = "benchmark";
    private static final String WORKLOAD = "workload";
    private static final String PARAMS = "params";
    private static final String STATUS = "status";
    private static final String REASON = "reason";
    private static final String METRICS = "metrics";
    private static final String TAIL = "tail";

    public TrialRecord {
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(status, "status");
        workload = workload == null ? workloadOf(benchmark) : workload;
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        tail = tail == null ? List.of() : List.copyOf(tail);
    }

    public TrialRecord(
            String benchmark,
            String workload,
            Map<String, String> params,
            Status status,
            String reason,
            Map<String, Object> metrics) {
        this(benchmark, workload, params, status, reason, metrics, List.of());
    }

    /** A trial that ran and passed. */
    public static TrialRecord ok(String benchmark, Map<String, String> params, Map<String, Object> metrics) {
        return new TrialRecord(benchmark, null, params, Status.OK, null, metrics);
    }

    /** A trial that failed, with what it measured before it did. */
    public static TrialRecord failed(
            String benchmark, Map<String, String> params, String reason, Map<String, Object> metrics) {
        return new TrialRecord(benchmark, null, params, Status.FAILED, reason, metrics);
    }

    /**
     * A trial whose JVM died before it could write its own line (a crash, a kill, a timeout),
     * written by the JVM that launched it, with the dead JVM's last lines of output.
     */
    public static TrialRecord died(String benchmark, Map<String, String> params, String reason, List<String> tail) {
        return died(benchmark, params, reason, Map.of(), tail);
    }

    /** As {@link #died(String, Map, String, List)}, with what the launching JVM measured of the dead one. */
    public static TrialRecord died(
            String benchmark,
            Map<String, String> params,
            String reason,
            Map<String, Object> metrics,
            List<String> tail) {
        return new TrialRecord(benchmark, null, params, Status.FAILED, reason, metrics, tail);
    }

    /** A trial that was not run. */
    public static TrialRecord skipped(String benchmark, Map<String, String> params, String reason) {
        return new TrialRecord(benchmark, null, params, Status.SKIPPED, reason, Map.of());
    }

    /**
     * The workload of a JMH benchmark name: the method name, after the last dot
     * ({@code dev.kvbench.bench.ReadKeyBenchmark.readKey} gives {@code readKey}). The one place
     * it is derived.
     */
    public static String workloadOf(String benchmark) {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    public boolean ok() {
        return status == Status.OK;
    }

    /** The numeric metrics as doubles; the others (checksum, flags, nulls) left out. */
    public Map<String, Double> numericMetrics() {
        Map<String, Double> numbers = new LinkedHashMap<>();
        metrics.forEach((name, value) -> {
            if (value instanceof Number n) {
                numbers.put(name, n.doubleValue());
            }
        });
        return numbers;
    }

    /** This record as one line of JSON (no newline). */
    public String toJson() {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put(BENCHMARK, benchmark);
        line.put(WORKLOAD, workload);
        line.put(PARAMS, params);
        line.put(STATUS, status.word());
        line.put(REASON, reason);
        line.put(METRICS, metrics);
        if (!tail.isEmpty()) {
            line.put(TAIL, tail);
        }
        return Json.write(line);
    }

    /**
     * Reads one line written by {@link #toJson}. Lenient where older files were: no
     * {@code workload} is derived from the benchmark, no {@code status} is {@code ok}, a parameter
     * written as a number is read as the text JMH was given.
     *
     * @throws IllegalArgumentException for a line that is not such an object
     */
    public static TrialRecord parse(String line) {
        if (!(Json.parse(line) instanceof Map<?, ?> json)) {
            throw new IllegalArgumentException("not a JSON object");
        }
        if (!(json.get(BENCHMARK) instanceof String benchmark)) {
            throw new IllegalArgumentException("no \"" + BENCHMARK + "\"");
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (json.get(PARAMS) instanceof Map<?, ?> map) {
            map.forEach((name, value) -> params.put(String.valueOf(name), value == null ? "" : text(value)));
        }
        Map<String, Object> metrics = new LinkedHashMap<>();
        if (json.get(METRICS) instanceof Map<?, ?> map) {
            map.forEach((name, value) -> metrics.put(String.valueOf(name), value));
        }
        List<String> tail = new ArrayList<>();
        if (json.get(TAIL) instanceof List<?> lines) {
            lines.forEach(l -> tail.add(String.valueOf(l)));
        }
        Object workload = json.get(WORKLOAD);
        Object status = json.get(STATUS);
        Object reason = json.get(REASON);
        return new TrialRecord(
                benchmark,
                workload == null ? null : workload.toString(),
                params,
                Status.of(status == null ? null : status.toString()),
                reason == null ? null : reason.toString(),
                metrics,
                tail);
    }

    /** A parameter value as JMH was given it: a whole number written as a JSON number keeps no ".0". */
    private static String text(Object value) {
        if (value instanceof Double d && d == Math.rint(d) && !d.isInfinite()) {
            return Long.toString(d.longValue());
        }
        return value.toString();
    }
}
