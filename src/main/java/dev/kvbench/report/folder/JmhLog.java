package dev.kvbench.report.folder;

import dev.kvbench.results.Stability;
import dev.kvbench.results.TurnLog;
import dev.kvbench.results.VariantLine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the report needs from a JMH text log ({@code out-N.txt}): the run settings JMH printed
 * ({@code # Warmup: ...}), the number of forks, whether the run completed, and the first line of
 * each failure, keyed by run.
 */
public final class JmhLog {

    /** The line JMH prints once every benchmark has run. */
    static final String COMPLETE = "# Run complete.";

    /**
     * An engine's line in an interleaved block: "  lmdb   1.851 ±    0.189 ms/op (10.2%), 29 turns, ...". The store is
     * everything before the score, so that a variant's flags, which may hold spaces ({@code x:jvmArgs=-Xms2g -Xmx2g}),
     * stay in it.
     */
    private static final Pattern ENGINE = Pattern.compile("^  (\\S.*?)\\s+\\S+ ±\\s+\\S+ ms/op");
    /** A rotation's order: "  rotation w1: lmdb heap" (warmup) or "  rotation 2: heap lmdb". */
    private static final Pattern ROTATION = Pattern.compile("^  rotation (w?)(\\d+): (.*)$");

    private static final List<String> SETTINGS = List.of(
            "JMH version",
            "VM version",
            "VM invoker",
            "VM options",
            "Blackhole mode",
            "Warmup",
            "Measurement",
            "Ranking",
            "Host factors",
            "JVMs",
            "More JVMs",
            "Timeout",
            "Threads",
            "Benchmark mode");

    private final Map<String, String> settings = new LinkedHashMap<>();
    private final Map<RunKey, String> failures = new LinkedHashMap<>();
    /** Per interleaved benchmark and store: the medians of the first and last third of its turns, ms. */
    private final Map<String, Map<String, double[]>> drifts = new LinkedHashMap<>();
    /** Per interleaved benchmark and store: its turns as measured, ms, by measured rotation. */
    private final Map<String, Map<String, Map<Integer, Double>>> turns = new LinkedHashMap<>();
    /** Per interleaved benchmark and store that ran in more JVMs than the first ones: each key's JVM, 0-based. */
    private final Map<String, Map<String, Map<Integer, Integer>>> jvms = new LinkedHashMap<>();
    /** Per interleaved benchmark: the canary after each measured rotation, ms, and the steal over it, %. */
    private final Map<String, double[]> canary = new LinkedHashMap<>();

    private final Map<String, double[]> steal = new LinkedHashMap<>();
    /** The JVM each store of a run with variants ran in, as its preflight JVM said ({@code # Variant:} lines). */
    private final List<VariantLine> variants = new ArrayList<>();

    private int forks;
    private boolean complete;

    private JmhLog() {}

    public static JmhLog read(Path file) throws IOException {
        JmhLog log = new JmhLog();
        if (Files.exists(file)) {
            log.parse(Files.readAllLines(file, StandardCharsets.UTF_8));
        }
        return log;
    }

    /** Where the parser is in the log: the benchmark, its parameters and the interleaved engine its lines belong to. */
    private static final class Position {
        String benchmark;
        String engine;
        Map<String, String> params = Map.of();
        /** The measured rotations' orders printed since the last benchmark header: the next benchmark's. */
        List<List<String>> pending = new ArrayList<>();
        /** The measured rotations' orders of the current benchmark. */
        List<List<String>> rotations = List.of();
        /** The current engine's turns, ms, once its turns line was read. */
        double[] engineTurns;
        /** The current engine's turns' keys, once its rotations line was read. */
        int[] engineKeys;
    }

    private void parse(List<String> lines) {
        Position at = new Position();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (interleaved(line, at)) {
                continue;
            }
            if (line.startsWith(VariantLine.PREFIX)) {
                VariantLine variant = VariantLine.parse(line);
                if (!variants.contains(variant)) {
                    variants.add(variant);
                }
            } else if (line.startsWith(COMPLETE)) {
                complete = true;
            } else if (line.startsWith("# Benchmark: ")) {
                at.benchmark = line.substring("# Benchmark: ".length()).trim();
                at.engine = null;
                at.rotations = at.pending;
                at.pending = new ArrayList<>();
                at.params = Map.of();
            } else if (line.startsWith("# Parameters: ")) {
                at.params = parameters(line.substring("# Parameters: ".length()).trim());
            } else if (line.startsWith("# Fork: ")) {
                int of = line.indexOf(" of ");
                if (of > 0) {
                    forks = Math.max(
                            forks, Integer.parseInt(line.substring(of + 4).trim()));
                }
            } else if (line.contains("<failure>") && at.benchmark != null) {
                failures.putIfAbsent(new RunKey(at.benchmark, at.params), firstTextAfter(lines, i));
            } else if (line.startsWith("# ")) {
                setting(line.substring(2));
            }
        }
    }

    /**
     * Reads a line of an interleaved block: an engine's score, a rotation's order, an engine's turns and their
     * rotations, the canary, the steal, a drift; false for any other line, which the caller reads.
     */
    @SuppressWarnings("AssignmentExpression") // one matcher tried pattern by pattern
    private boolean interleaved(String line, Position at) {
        Matcher matcher;
        double[] drift;
        if ((matcher = ENGINE.matcher(line)).find()) {
            at.engine = matcher.group(1);
            at.engineTurns = null;
            at.engineKeys = null;
        } else if ((matcher = ROTATION.matcher(line)).find()) {
            if (matcher.group(1).isEmpty()) {
                at.pending.add(List.of(matcher.group(3).trim().split(" ")));
            }
        } else if (line.startsWith(TurnLog.TURNS) && at.benchmark != null && at.engine != null) {
            at.engineTurns = numbers(line.substring(TurnLog.TURNS.length()));
            putTurns(
                    at.benchmark,
                    at.engine,
                    at.engineTurns,
                    inferredRotations(at.rotations, at.engine, at.engineTurns.length));
        } else if (line.startsWith(TurnLog.ROTATIONS)
                && at.benchmark != null
                && at.engine != null
                && at.engineTurns != null) {
            double[] numbers = numbers(line.substring(TurnLog.ROTATIONS.length()));
            int[] explicit = new int[numbers.length];
            for (int k = 0; k < numbers.length; k++) {
                explicit[k] = (int) numbers[k];
            }
            putTurns(at.benchmark, at.engine, at.engineTurns, explicit);
            at.engineKeys = explicit;
        } else if (line.startsWith(TurnLog.JVMS) && at.benchmark != null && at.engineKeys != null) {
            putJvms(at.benchmark, at.engine, at.engineKeys, numbers(line.substring(TurnLog.JVMS.length())));
        } else if (line.startsWith(TurnLog.CANARY) && at.benchmark != null) {
            canary.put(benchmarkName(at.benchmark), numbers(line.substring(TurnLog.CANARY.length())));
        } else if (line.startsWith(TurnLog.STEAL) && at.benchmark != null) {
            steal.put(benchmarkName(at.benchmark), numbers(line.substring(TurnLog.STEAL.length())));
        } else if ((drift = Stability.parseDriftLine(line)) != null && at.benchmark != null && at.engine != null) {
            drifts.computeIfAbsent(benchmarkName(at.benchmark), b -> new LinkedHashMap<>())
                    .put(at.engine, drift);
        } else {
            return false;
        }
        return true;
    }

    /**
     * Each turn's measured rotation (1-based) for a log without the interleaver's "in rotations" line: an engine's
     * k-th turn ran in the k-th measured rotation whose order lists it (as "store" or, with several JVMs, "store#2");
     * a JVM lost in its last turn was listed without a turn, so only the first {@code count} count. Null where the
     * rotations list the engine fewer times than it has turns.
     */
    private static int[] inferredRotations(List<List<String>> rotations, String engine, int count) {
        int[] found = new int[count];
        int k = 0;
        for (int r = 0; r < rotations.size() && k < count; r++) {
            for (String label : rotations.get(r)) {
                if (k < count && (label.equals(engine) || label.startsWith(engine + "#"))) {
                    found[k++] = r + 1;
                }
            }
        }
        return k == count ? found : null;
    }

    /** An engine's turns by rotation (the mean of several JVMs' turns in one rotation); none without turns or rotations. */
    private void putTurns(String benchmark, String engine, double[] times, int[] rotations) {
        Map<String, Map<Integer, Double>> byEngine =
                turns.computeIfAbsent(benchmarkName(benchmark), b -> new LinkedHashMap<>());
        if (times.length == 0 || rotations == null || rotations.length != times.length) {
            byEngine.remove(engine);
            return;
        }
        byEngine.put(engine, TurnLog.byRotation(times, rotations));
    }

    /** Each turn's JVM, by its key: {@code jvms[k]} (1-based) of the turn logged under {@code keys[k]}. */
    private void putJvms(String benchmark, String engine, int[] keys, double[] jvmNumbers) {
        if (jvmNumbers.length != keys.length) {
            return;
        }
        Map<Integer, Integer> byKey = new LinkedHashMap<>();
        for (int k = 0; k < keys.length; k++) {
            byKey.put(keys[k], (int) jvmNumbers[k] - 1);
        }
        jvms.computeIfAbsent(benchmarkName(benchmark), b -> new LinkedHashMap<>())
                .put(engine, byKey);
    }

    /** "1.2 3.4 - 5" as numbers, "-" as NaN; none in an empty line (a store that failed before its first turn). */
    private static double[] numbers(String text) {
        if (text.isBlank()) {
            return new double[0];
        }
        String[] parts = text.trim().split("\\s+");
        double[] values = new double[parts.length];
        for (int k = 0; k < parts.length; k++) {
            values[k] = parts[k].equals("-") ? Double.NaN : Double.parseDouble(parts[k]);
        }
        return values;
    }

    private void setting(String line) {
        int colon = line.indexOf(':');
        if (colon > 0 && SETTINGS.contains(line.substring(0, colon))) {
            settings.putIfAbsent(
                    line.substring(0, colon), line.substring(colon + 1).trim());
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

    /**
     * This log with the turns of {@code later}, a later round's log of the same test, whose rotations are numbered
     * after this one's ({@code round} × 100,000): they pair only with turns of their own round.
     */
    JmhLog withTurnsOf(JmhLog later, int round) {
        later.turns.forEach((benchmark, byEngine) -> byEngine.forEach((engine, byRotation) -> {
            Map<Integer, Double> into = turns.computeIfAbsent(benchmark, b -> new LinkedHashMap<>())
                    .computeIfAbsent(engine, e -> new LinkedHashMap<>());
            byRotation.forEach((rotation, ms) -> into.put(round * 100_000 + rotation, ms));
        }));
        return this;
    }

    /**
     * {@code store}'s turns of interleaved {@code benchmark} as measured, ms, by measured rotation; empty where the
     * log has none (not interleaved) or cannot say which rotation a turn ran in.
     */
    public Map<Integer, Double> turns(String benchmark, String store) {
        return turns.getOrDefault(benchmark, Map.of()).getOrDefault(store, Map.of());
    }

    /**
     * The JVM (0-based) of each of a store's turns, by key, where it ran in more JVMs than the run's first ones; null
     * where the log does not name them (a turn's JVM is then its key's remainder).
     */
    public Map<Integer, Integer> jvms(String benchmark, String store) {
        return jvms.getOrDefault(benchmark, Map.of()).get(store);
    }

    /** Every interleaved benchmark's turns: benchmark → store → rotation → ms. */
    public Map<String, Map<String, Map<Integer, Double>>> turns() {
        return turns;
    }

    /** Per interleaved benchmark, the canary after each measured rotation, ms (logs from before it: none). */
    public Map<String, double[]> canary() {
        return canary;
    }

    /** Per interleaved benchmark, the steal over each measured rotation, % (NaN where unknown). */
    public Map<String, double[]> steal() {
        return steal;
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

    /** The {@code # Variant:} lines of the log, once each, in the order they came: the JVM each store ran in. */
    public List<VariantLine> variants() {
        return variants;
    }

    /** JMH's own settings lines by name ("Warmup", "Measurement", "VM options", ...). */
    public Map<String, String> settings() {
        return settings;
    }

    /** The largest "Fork: k of N", or 0 when the log shows none (e.g. -f 0). */
    public int forks() {
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
