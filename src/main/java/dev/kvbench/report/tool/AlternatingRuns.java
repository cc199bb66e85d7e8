package dev.kvbench.report.tool;

import dev.kvbench.measure.Machine;
import dev.kvbench.report.folder.JmhCsv;
import dev.kvbench.report.folder.Metrics;
import dev.kvbench.report.section.EnvironmentSection;
import dev.kvbench.results.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A side-by-side in rounds: two or more JMH commands (kvbench against LmdbJava's benchmarks, or a
 * build before and after a change) run once per round, in alternating order (forwards in even
 * rounds, backwards in odd ones), each started on an idle machine, and compared round by round.
 * One fork per side cannot settle a few percent on a machine whose forks vary by 5-30% (a shared
 * L3, other tenants); the median of per-round ratios over several rounds can.
 *
 * <pre>
 *   java -cp target/benchmarks.jar dev.kvbench.report.tool.AlternatingRuns OUT ROUNDS NAME=COMMAND NAME=COMMAND...
 * </pre>
 *
 * Each COMMAND runs under {@code bash -c} with {@code -rf csv -rff OUT/NAME-R.csv} appended, its
 * output in {@code OUT/NAME-R.log}. Before each run the machine must be idle: both cores at least
 * 90% idle over 3 s (and, before the first, the 1-minute load under 0.5), waiting up to 10
 * minutes; a run started on a busy machine is marked so. Results match across commands by the
 * benchmark method and the parameters every command reports (e.g. {@code sequential}); kvbench's
 * direct-API baselines are left out of the scores, and their Store/direct pairs (side file) get
 * rows of their own. The summary goes to stdout and {@code OUT/rounds.md}.
 */
public final class AlternatingRuns {

    /** One run's results: a label per matched benchmark, and its score. */
    record Run(Map<String, Double> scores, boolean busy) {}

    private AlternatingRuns() {}

    public static void main(String[] args) throws Exception {
        boolean summarizeOnly = args.length > 0 && args[0].equals("--summarize");
        if (summarizeOnly) {
            args = Arrays.copyOfRange(args, 1, args.length);
        }
        if (args.length < 4 || !args[1].matches("[1-9][0-9]*")) {
            System.err.println(
                    "usage: AlternatingRuns [--summarize] OUT ROUNDS NAME=COMMAND NAME=COMMAND... (ROUNDS a whole number"
                            + " above 0; two or more commands, each a JMH command line without -rf/-rff; --summarize reads the"
                            + " result files of an earlier run in OUT instead of running anything)");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Map<String, String> commands = commands(Arrays.asList(args).subList(2, args.length));
        Files.createDirectories(out);
        Map<String, List<Run>> runs = new LinkedHashMap<>();
        commands.keySet().forEach(name -> runs.put(name, new ArrayList<>()));
        List<String> names = new ArrayList<>(commands.keySet());
        for (int round = 0; round < rounds; round++) {
            List<String> order = new ArrayList<>(names);
            if (round % 2 == 1) {
                Collections.reverse(order);
            }
            for (String name : order) {
                if (summarizeOnly) {
                    runs.get(name).add(read(out.resolve(name + "-" + round + ".csv"), false));
                    continue;
                }
                boolean busy = !Idle.await(round == 0 && name.equals(order.get(0)));
                System.out.printf(
                        Locale.ROOT,
                        "%tT round %d %s%s%n",
                        System.currentTimeMillis(),
                        round,
                        name,
                        busy ? " (machine busy)" : "");
                runs.get(name).add(read(launch(out, name, round, commands.get(name)), busy));
            }
        }
        String summary = summary(runs);
        System.out.print(summary);
        Files.writeString(out.resolve("rounds.md"), summary, StandardCharsets.UTF_8);
    }

    /** NAME=COMMAND arguments by name, in their order; a malformed or repeated name ends the program. */
    private static Map<String, String> commands(List<String> args) {
        Map<String, String> commands = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0
                    || !arg.substring(0, eq).matches("[A-Za-z0-9_.-]+")
                    || commands.containsKey(arg.substring(0, eq))) {
                System.err.println(
                        "AlternatingRuns: '" + arg + "' is not NAME=COMMAND with a new NAME of letters, digits, . _ -");
                System.exit(2);
            }
            commands.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return commands;
    }

    /** Runs a command's round with its results into OUT/NAME-R.csv, its output into OUT/NAME-R.log; the CSV. */
    private static Path launch(Path out, String name, int round, String command)
            throws IOException, InterruptedException {
        Path csv = out.resolve(name + "-" + round + ".csv");
        Process process = new ProcessBuilder("bash", "-c", command + " -rf csv -rff " + csv)
                .redirectErrorStream(true)
                .redirectOutput(out.resolve(name + "-" + round + ".log").toFile())
                .start();
        int code = process.waitFor();
        if (code != 0) {
            System.out.println(
                    "  " + name + " exited with " + code + ": see " + out.resolve(name + "-" + round + ".log"));
        }
        return csv;
    }

    /** A run's scores (none when its CSV is missing), with the Store/direct pairs of its side file. */
    static Run read(Path csv, boolean busy) throws IOException {
        Map<String, Double> scores = new TreeMap<>();
        if (Files.exists(csv)) {
            for (JmhCsv.Score score : JmhCsv.read(csv)) {
                if (!score.key().direct()) {
                    scores.merge(
                            label(score.key().workload(), score.key().params()),
                            score.score(),
                            (a, b) -> Double.NaN); // two benchmarks under one label match nothing
                }
            }
            Path side = csv.resolveSibling(csv.getFileName().toString().replaceFirst("\\.csv$", ".side.jsonl"));
            if (Files.exists(side)) {
                for (String line : Files.readAllLines(side, StandardCharsets.UTF_8)) {
                    Map<?, ?> trial = (Map<?, ?>) Json.parse(line);
                    if (trial.get("metrics") instanceof Map<?, ?> metrics
                            && metrics.get("harness.ratio") instanceof Number ratio) {
                        Map<String, String> params = new TreeMap<>();
                        ((Map<?, ?>) trial.get("params"))
                                .forEach((k, v) -> params.put(String.valueOf(k), String.valueOf(v)));
                        scores.put(label(trial.get("workload") + " Store/direct", params), ratio.doubleValue());
                    }
                }
            }
        }
        return new Run(scores, busy);
    }

    private static String label(String workload, Map<String, String> params) {
        StringBuilder label = new StringBuilder(workload);
        params.forEach((k, v) -> label.append(' ').append(k).append('=').append(v));
        return label.toString();
    }

    /**
     * The Markdown summary: per benchmark, each command's median over the rounds and, for every
     * command after the first, the median of its per-round ratios to the first with their range.
     * Labels are cut to the parameters every command reports, so that they match across commands.
     */
    static String summary(Map<String, List<Run>> runs) {
        Map<String, Set<String>> common = commonParams(runs);
        Map<String, List<Map<String, Double>>> cut = new LinkedHashMap<>();
        runs.forEach((name, list) -> cut.put(
                name, list.stream().map(run -> cut(run.scores(), common)).toList()));
        List<String> names = new ArrayList<>(runs.keySet());
        String first = names.get(0);
        Set<String> labels = new TreeSet<>();
        cut.values().forEach(list -> list.forEach(m -> labels.addAll(m.keySet())));
        StringBuilder md = new StringBuilder("| benchmark |");
        for (String name : names) {
            md.append(' ').append(name).append(" (median) |");
        }
        for (String name : names.subList(1, names.size())) {
            md.append(' ').append(name).append(" / ").append(first).append(" per round: median [min-max] |");
        }
        md.append("\n|---|").append("---|".repeat(2 * names.size() - 1)).append('\n');
        for (String label : labels) {
            md.append("| ").append(label).append(" |");
            for (String name : names) {
                md.append(' ')
                        .append(format(Metrics.median(values(cut.get(name), label))))
                        .append(" |");
            }
            for (String name : names.subList(1, names.size())) {
                md.append(ratioCell(cut.get(name), cut.get(first), label));
            }
            md.append('\n');
        }
        long busy =
                runs.values().stream().flatMap(List::stream).filter(Run::busy).count();
        md.append('\n')
                .append(
                        busy == 0
                                ? "Every run started on an idle machine."
                                : busy + " run(s) started on a busy machine.")
                .append('\n');
        return md.toString();
    }

    /** Per benchmark method, the parameters every command reports for it. */
    private static Map<String, Set<String>> commonParams(Map<String, List<Run>> runs) {
        Map<String, Set<String>> common = new TreeMap<>();
        for (List<Run> list : runs.values()) {
            Map<String, Set<String>> reported = new TreeMap<>();
            list.forEach(run -> run.scores()
                    .keySet()
                    .forEach(label -> reported.computeIfAbsent(workload(label), w -> new HashSet<>())
                            .addAll(paramNames(label))));
            reported.forEach((workload, params) -> common.merge(workload, params, AlternatingRuns::intersect));
        }
        return common;
    }

    /** " 1.012 [0.990-1.030] |": the median and range of a command's per-round ratios to the first command's. */
    private static String ratioCell(List<Map<String, Double>> these, List<Map<String, Double>> base, String label) {
        List<Double> ratios = new ArrayList<>();
        for (int r = 0; r < Math.min(these.size(), base.size()); r++) {
            Double a = these.get(r).get(label);
            Double b = base.get(r).get(label);
            if (a != null && b != null && !a.isNaN() && !b.isNaN() && b > 0) {
                ratios.add(a / b);
            }
        }
        return ratios.isEmpty()
                ? " - |"
                : String.format(
                        Locale.ROOT,
                        " %.3f [%.3f-%.3f] |",
                        Metrics.median(ratios),
                        ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                        ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
    }

    private static List<String> paramNames(String label) {
        List<String> names = new ArrayList<>();
        for (String part : label.split(" ")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                names.add(part.substring(0, eq));
            }
        }
        return names;
    }

    private static Set<String> intersect(Set<String> a, Set<String> b) {
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        return both;
    }

    /** The benchmark method of a label: its first word ({@code readSeq} of {@code readSeq Store/direct ...}). */
    private static String workload(String label) {
        int space = label.indexOf(' ');
        return space < 0 ? label : label.substring(0, space);
    }

    private static Map<String, Double> cut(Map<String, Double> scores, Map<String, Set<String>> common) {
        Map<String, Double> cut = new TreeMap<>();
        scores.forEach((label, score) -> {
            Set<String> keep = common.getOrDefault(workload(label), Set.of());
            StringBuilder kept = new StringBuilder();
            for (String part : label.split(" ")) {
                int eq = part.indexOf('=');
                if (eq < 0 || keep.contains(part.substring(0, eq))) {
                    kept.append(kept.length() == 0 ? "" : " ").append(part);
                }
            }
            cut.merge(kept.toString(), score, (a, b) -> Double.NaN);
        });
        return cut;
    }

    private static List<Double> values(List<Map<String, Double>> runs, String label) {
        return runs.stream()
                .map(m -> m.get(label))
                .filter(v -> v != null && !v.isNaN())
                .toList();
    }

    private static String format(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.4g", value);
    }

    /** Waiting for an idle machine, from the kernel's CPU counters. */
    static final class Idle {
        private static final double IDLE_SHARE = 0.90;
        private static final long MAX_WAIT_MILLIS = 600_000;

        private Idle() {}

        /** True once the machine is idle (and, when {@code quietLoad}, the 1-minute load under 0.5); false after 10 minutes. */
        static boolean await(boolean quietLoad) throws InterruptedException {
            long end = System.currentTimeMillis() + MAX_WAIT_MILLIS;
            while (System.currentTimeMillis() < end) {
                if (quietLoad && Machine.loadAverage() >= EnvironmentSection.QUIET_LOAD) {
                    Thread.sleep(5_000);
                    continue;
                }
                long[] before = cpu();
                Thread.sleep(3_000);
                long[] after = cpu();
                if ((double) (after[1] - before[1]) / Math.max(1, after[0] - before[0]) >= IDLE_SHARE) {
                    return true;
                }
                Thread.sleep(2_000);
            }
            return false;
        }

        /** Total and idle (idle + iowait) jiffies of all CPUs. */
        private static long[] cpu() {
            try {
                String[] fields =
                        Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
                long total = 0;
                for (int i = 1; i < fields.length; i++) {
                    total += Long.parseLong(fields[i]);
                }
                return new long[] {total, Long.parseLong(fields[4]) + Long.parseLong(fields[5])};
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
