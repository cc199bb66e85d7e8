package dev.kvbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.kvbench.results.Stability;

/**
 * What the report needs from a JMH text log ({@code out-N.txt}): the run settings JMH printed
 * ({@code # Warmup: ...}), the number of forks, whether the run completed, and the first line of
 * each failure, keyed by run.
 */
final class JmhLog {

    /** The line JMH prints once every benchmark has run. */
    static final String COMPLETE = "# Run complete.";

    /** An engine's line in an interleaved block: "  lmdb   1.851 ±    0.189 ms/op (10.2%), 29 turns, ...". */
    private static final Pattern ENGINE = Pattern.compile("^  (\\S+)\\s+\\S+ ±\\s+\\S+ ms/op");
    private static final List<String> SETTINGS = List.of("JMH version", "VM version", "VM invoker", "VM options",
            "Blackhole mode", "Warmup", "Measurement", "Host factors", "JVMs", "Timeout", "Threads", "Benchmark mode");

    private final Map<String, String> settings = new LinkedHashMap<>();
    private final Map<RunKey, String> failures = new LinkedHashMap<>();
    /** Per interleaved benchmark and store: the medians of the first and last third of its turns, ms. */
    private final Map<String, Map<String, double[]>> drifts = new LinkedHashMap<>();
    private int forks;
    private boolean complete;

    private JmhLog() {
    }

    static JmhLog read(Path file) throws IOException {
        JmhLog log = new JmhLog();
        if (Files.exists(file)) {
            log.parse(Files.readAllLines(file, StandardCharsets.UTF_8));
        }
        return log;
    }

    private void parse(List<String> lines) {
        String benchmark = null;
        String engine = null;
        Map<String, String> params = Map.of();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher matcher;
            double[] drift;
            if ((matcher = ENGINE.matcher(line)).find()) {
                engine = matcher.group(1);
            } else if ((drift = Stability.parseDriftLine(line)) != null && benchmark != null && engine != null) {
                drifts.computeIfAbsent(benchmarkName(benchmark), b -> new LinkedHashMap<>()).put(engine, drift);
            } else if (line.startsWith(COMPLETE)) {
                complete = true;
            } else if (line.startsWith("# Benchmark: ")) {
                benchmark = line.substring("# Benchmark: ".length()).trim();
                engine = null;
                params = Map.of();
            } else if (line.startsWith("# Parameters: ")) {
                params = parameters(line.substring("# Parameters: ".length()).trim());
            } else if (line.startsWith("# Fork: ")) {
                int of = line.indexOf(" of ");
                if (of > 0) {
                    forks = Math.max(forks, Integer.parseInt(line.substring(of + 4).trim()));
                }
            } else if (line.contains("<failure>") && benchmark != null) {
                failures.putIfAbsent(new RunKey(benchmark, params), firstTextAfter(lines, i));
            } else if (line.startsWith("# ")) {
                setting(line.substring(2));
            }
        }
    }

    private void setting(String line) {
        int colon = line.indexOf(':');
        if (colon > 0 && SETTINGS.contains(line.substring(0, colon))) {
            settings.putIfAbsent(line.substring(0, colon), line.substring(colon + 1).trim());
        }
    }

    /** "(num = 10, store = lmdb)" as a map. */
    private static Map<String, String> parameters(String text) {
        Map<String, String> params = new LinkedHashMap<>();
        String inner = text.startsWith("(") && text.endsWith(")") ? text.substring(1, text.length() - 1) : text;
        for (String pair : inner.split(", ")) {
            int eq = pair.indexOf(" = ");
            if (eq > 0) {
                params.put(pair.substring(0, eq).trim(), pair.substring(eq + 3).trim());
            }
        }
        return params;
    }

    private static String firstTextAfter(List<String> lines, int index) {
        for (int i = index + 1; i < lines.size() && i < index + 20; i++) {
            String text = lines.get(i).trim();
            if (!text.isEmpty()) {
                return text;
            }
        }
        return "failed (see the JMH log)";
    }

    /** This log with the failures of {@code later} (a later round's log of the same test) added. */
    JmhLog withFailuresOf(JmhLog later) {
        later.failures.forEach(failures::putIfAbsent);
        return this;
    }

    /**
     * The medians (ms) of the first and last third of {@code store}'s turns of interleaved {@code benchmark}, each
     * turn divided by its host factor, where the log says they drifted apart; null where it does not.
     */
    double[] drift(String benchmark, String store) {
        return drifts.getOrDefault(benchmark, Map.of()).get(store);
    }

    /** "dev.kvbench.bench.ReadSeqBenchmark.readSeq", without the interleaver's "(29 measured rotations ...)". */
    private static String benchmarkName(String header) {
        int space = header.indexOf(' ');
        return space < 0 ? header : header.substring(0, space);
    }

    /** JMH's own settings lines by name ("Warmup", "Measurement", "VM options", ...). */
    Map<String, String> settings() {
        return settings;
    }

    /** The largest "Fork: k of N", or 0 when the log shows none (e.g. -f 0). */
    int forks() {
        return forks;
    }

    boolean complete() {
        return complete;
    }

    /** The first line printed after {@code <failure>}, per failed run. */
    Map<RunKey, String> failures() {
        return failures;
    }
}
