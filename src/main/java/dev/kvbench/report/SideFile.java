package dev.kvbench.report;

import dev.kvbench.measure.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a side file ({@code out-N.side.jsonl}): one JSON object per trial, with the run's
 * parameters, its status ("ok", "skipped", "failed"), a one-line reason, and its measurements.
 */
final class SideFile {

    /** One trial (one fork of one run). Numeric metrics only; absent metrics are absent. */
    record Trial(RunKey key, String status, String reason, Map<String, Double> metrics) {

        boolean ok() {
            return "ok".equals(status);
        }
    }

    private SideFile() {
    }

    static List<Trial> read(Path file) throws IOException {
        List<Trial> trials = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty()) {
                continue;
            }
            try {
                trials.add(trial(line));
            } catch (IllegalArgumentException | ClassCastException e) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return trials;
    }

    @SuppressWarnings("unchecked")
    private static Trial trial(String line) {
        Map<String, Object> json = (Map<String, Object>) Json.parse(line);
        String benchmark = (String) json.get("benchmark");
        if (benchmark == null) {
            throw new IllegalArgumentException("no \"benchmark\"");
        }
        Map<String, String> params = new LinkedHashMap<>();
        Object rawParams = json.get("params");
        if (rawParams instanceof Map<?, ?> map) {
            map.forEach((k, v) -> params.put(String.valueOf(k), v == null ? "" : text(v)));
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        Object rawMetrics = json.get("metrics");
        if (rawMetrics instanceof Map<?, ?> map) {
            map.forEach((k, v) -> {
                if (v instanceof Number n) {
                    metrics.put(String.valueOf(k), n.doubleValue());
                }
            });
        }
        Object status = json.get("status");
        Object reason = json.get("reason");
        return new Trial(new RunKey(benchmark, params), status == null ? "ok" : status.toString(),
                reason == null ? null : reason.toString(), metrics);
    }

    /** A parameter value as JMH prints it: numbers written as JSON numbers lose no digits here. */
    private static String text(Object value) {
        if (value instanceof Double d && d == Math.rint(d) && !d.isInfinite()) {
            return Long.toString(d.longValue());
        }
        return value.toString();
    }
}
