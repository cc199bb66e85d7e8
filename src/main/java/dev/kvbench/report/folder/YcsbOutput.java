package dev.kvbench.report.folder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What YCSB's client printed for one phase ({@code ycsb-N.load.txt}, {@code ycsb-N.run.txt}, written by the
 * ycsb-peer suite): its measurement lines, {@code [SECTION], Metric, value} ({@code [OVERALL], Throughput(ops/sec),
 * 4098.36}, {@code [READ], 99thPercentileLatency(us), 105}, {@code [READ], Return=OK, 1000}), and the suite's own
 * {@code # command:} and {@code # exit:} lines around them. Other lines (the binding's log) are left alone.
 *
 * @param command  the client's command line, or empty
 * @param exit     its exit status, or -1 when the file has none (the client did not finish)
 * @param sections per section ({@code OVERALL}, {@code READ}, {@code READ-MODIFY-WRITE}...), its metrics in order
 */
public record YcsbOutput(String command, int exit, Map<String, Map<String, Double>> sections) {

    /** {@code [READ], 99thPercentileLatency(us), 105}: a section in capitals, a metric, a number. */
    private static final Pattern LINE = Pattern.compile("^\\[([A-Z][A-Z0-9_%-]*)\\], ([^,]+), (-?[0-9.E+-]+|NaN)\\s*$");

    public static YcsbOutput read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    public static YcsbOutput parse(String text) {
        String command = "";
        int exit = -1;
        Map<String, Map<String, Double>> sections = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("# command: ")) {
                command = line.substring("# command: ".length()).trim();
            } else if (line.startsWith("# exit: ")) {
                exit = Integer.parseInt(line.substring("# exit: ".length()).trim());
            } else {
                Matcher m = LINE.matcher(line);
                if (m.matches()) {
                    sections.computeIfAbsent(m.group(1), s -> new LinkedHashMap<>())
                            .put(m.group(2).trim(), Double.parseDouble(m.group(3)));
                }
            }
        }
        return new YcsbOutput(command, exit, sections);
    }

    /**
     * One phase measured in several rounds ({@code ycsb-N.run.txt}, {@code ycsb-N.r2.run.txt}...) as one: every
     * figure the median of the rounds that printed it, but the operations that did not return OK ({@code Return=})
     * the most of any round, and the exit status the first that was not 0, so that no round's failure is hidden.
     */
    public static YcsbOutput median(List<YcsbOutput> rounds) {
        if (rounds.size() == 1) {
            return rounds.get(0);
        }
        Map<String, Map<String, List<Double>>> values = new LinkedHashMap<>();
        for (YcsbOutput round : rounds) {
            round.sections.forEach((section, metrics) ->
                    metrics.forEach((name, value) -> values.computeIfAbsent(section, k -> new LinkedHashMap<>())
                            .computeIfAbsent(name, k -> new ArrayList<>())
                            .add(value)));
        }
        Map<String, Map<String, Double>> sections = new LinkedHashMap<>();
        values.forEach((section, metrics) ->
                metrics.forEach((name, list) -> sections.computeIfAbsent(section, k -> new LinkedHashMap<>())
                        .put(
                                name,
                                name.startsWith("Return=") && !name.equals("Return=OK")
                                        ? Collections.max(list)
                                        : Metrics.median(list))));
        int exit = rounds.stream()
                .mapToInt(YcsbOutput::exit)
                .filter(e -> e != 0)
                .findFirst()
                .orElse(0);
        return new YcsbOutput(rounds.get(0).command, exit, sections);
    }

    /** {@code [OVERALL], Throughput(ops/sec)}, or NaN. */
    public double throughput() {
        return metric("OVERALL", "Throughput(ops/sec)");
    }

    /** {@code [OVERALL], RunTime(ms)}, or NaN. */
    public double runTimeMs() {
        return metric("OVERALL", "RunTime(ms)");
    }

    /** The operations of type {@code op} ({@code READ}, {@code UPDATE}...), or NaN when the phase made none. */
    public double operations(String op) {
        return metric(op, "Operations");
    }

    /**
     * A latency percentile of {@code op} in µs, as YCSB prints it: {@code "50"} is {@code 50thPercentileLatency(us)},
     * {@code "99.9"} is {@code 99.9PercentileLatency(us)}; NaN when not printed (YCSB prints those of
     * {@code hdrhistogram.percentiles}).
     */
    public double latencyMicros(String op, String percentile) {
        return metric(op, ordinal(percentile) + "PercentileLatency(us)");
    }

    /** Operations of {@code op} that returned anything but OK (NOT_FOUND, ERROR...), from its {@code Return=} lines. */
    public long notOk(String op) {
        long n = 0;
        for (Map.Entry<String, Double> e : sections.getOrDefault(op, Map.of()).entrySet()) {
            if (e.getKey().startsWith("Return=") && !e.getKey().equals("Return=OK")) {
                n += Math.round(e.getValue());
            }
        }
        return n;
    }

    /** Whether the client ran {@code binding} ({@code site.ycsb.BasicDB}...), by its command line. */
    public boolean ran(String binding) {
        return (" " + command + " ").contains(" " + binding + " ");
    }

    double metric(String section, String name) {
        Double value = sections.getOrDefault(section, Map.of()).get(name);
        return value == null ? Double.NaN : value;
    }

    /** YCSB's ordinal of a percentile: 50 → 50th, 1 → 1st, 99.9 → 99.9 (a fraction has none). */
    public static String ordinal(String percentile) {
        if (percentile.contains(".")) {
            return percentile;
        }
        int p = Integer.parseInt(percentile);
        String suffix = p % 100 >= 11 && p % 100 <= 13
                ? "th"
                : switch (p % 10) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return p + suffix;
    }
}
