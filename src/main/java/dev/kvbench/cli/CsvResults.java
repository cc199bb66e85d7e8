package dev.kvbench.cli;

import dev.kvbench.interleave.Interleaver;
import dev.kvbench.interleave.Turns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * The result file of a run that mixes interleaved blocks with JMH runs ({@code -interleave} with benchmarks
 * that only JMH runs, such as the direct-API pairs), in JMH's CSV format ({@code -rf csv}): one row per
 * primary result, the interleaved rows with mode {@code turns}, their score each engine's median over its
 * turns and their error the half-width of that median's 99.9% interval ({@link Turns}).
 */
final class CsvResults {

    /** One row: a primary result. */
    record Line(
            String benchmark,
            String mode,
            long samples,
            double score,
            double error,
            String unit,
            Map<String, String> params) {

        static Line of(Interleaver.Row row) {
            Turns t = row.turns();
            return new Line(
                    row.benchmark(), "turns", t.count(), t.score() / 1e6, t.scoreError() / 1e6, "ms/op", row.params());
        }

        static Line of(RunResult run) {
            BenchmarkParams params = run.getParams();
            Map<String, String> values = new LinkedHashMap<>();
            for (String key : params.getParamsKeys()) {
                values.put(key, params.getParam(key));
            }
            Result<?> primary = run.getPrimaryResult();
            return new Line(
                    params.getBenchmark(),
                    params.getMode().shortLabel(),
                    primary.getSampleCount(),
                    primary.getScore(),
                    primary.getScoreError(),
                    primary.getScoreUnit(),
                    values);
        }
    }

    private CsvResults() {}

    static void write(Path file, List<Line> lines) {
        TreeSet<String> names = new TreeSet<>();
        lines.forEach(line -> names.addAll(line.params().keySet()));
        StringBuilder csv = new StringBuilder(
                "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\",\"Score Error (99.9%)\",\"Unit\"");
        for (String name : names) {
            csv.append(",\"Param: ").append(name).append('"');
        }
        csv.append("\r\n");
        for (Line line : lines) {
            csv.append('"')
                    .append(line.benchmark())
                    .append("\",\"")
                    .append(line.mode())
                    .append("\",1,")
                    .append(line.samples())
                    .append(',')
                    .append(String.format(Locale.ROOT, "%.6f,%.6f", line.score(), line.error()))
                    .append(",\"")
                    .append(line.unit())
                    .append('"');
            for (String name : names) {
                csv.append(',').append(field(line.params().getOrDefault(name, "")));
            }
            csv.append("\r\n");
        }
        try {
            Files.writeString(file, csv, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static String field(String value) {
        return value.contains(",") || value.contains("\"") ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }
}
