package dev.kvbench.report.folder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A test's scores over its rounds, and the one rule that turns them into a score and an interval.
 *
 * <p>Files: round 1 of test N is {@code out-N.csv}, {@code out-N.side.jsonl}, {@code out-N.txt};
 * a later round R is {@code out-N.rR.*}, or {@code out-N.rR-J.*} when the round was run as several
 * JMH commands (the extra rounds of the runs whose interval was still wide, one command per group
 * of engines).
 *
 * <p>The rule: one round gives JMH's score and 99.9% error. Several give the median of the rounds'
 * scores, with an interval from the rounds: the largest distance from the median to the slowest or
 * fastest round (to the second slowest and second fastest from five rounds on, so that one
 * outlying round does not set it), and never narrower than the median of the rounds' own JMH
 * errors.
 */
public final class RoundScores {

    private static final Pattern STEM = Pattern.compile("out-(\\d+)(?:\\.r(\\d+)(?:-(\\d+))?)?");

    private RoundScores() {}

    /** The stems of test {@code n}'s rounds in {@code dir}: {@code out-N}, then {@code out-N.r2}, {@code out-N.r3-1}..., by round. */
    public static List<String> stems(Path dir, int n) {
        List<String> stems = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.map(f -> f.getFileName().toString())
                    .filter(f -> f.endsWith(".csv"))
                    .map(f -> f.substring(0, f.length() - ".csv".length()))
                    .filter(stem -> {
                        Matcher m = STEM.matcher(stem);
                        return m.matches() && Integer.parseInt(m.group(1)) == n;
                    })
                    .forEach(stems::add);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        stems.sort(Comparator.comparingInt(RoundScores::round).thenComparingInt(RoundScores::part));
        return stems;
    }

    /** The round of a stem: 1 for {@code out-N}, R for {@code out-N.rR} and {@code out-N.rR-J}. */
    public static int round(String stem) {
        Matcher m = STEM.matcher(stem);
        return m.matches() && m.group(2) != null ? Integer.parseInt(m.group(2)) : 1;
    }

    private static int part(String stem) {
        Matcher m = STEM.matcher(stem);
        return m.matches() && m.group(3) != null ? Integer.parseInt(m.group(3)) : 0;
    }

    /** Every round's JMH score per run of test {@code n} in {@code dir}, in round order. */
    static Map<RunKey, List<JmhCsv.Score>> read(Path dir, int n) throws IOException {
        Map<RunKey, List<JmhCsv.Score>> byKey = new LinkedHashMap<>();
        for (String stem : stems(dir, n)) {
            for (JmhCsv.Score score : JmhCsv.read(dir.resolve(stem + ".csv"))) {
                byKey.computeIfAbsent(score.key(), k -> new ArrayList<>()).add(score);
            }
        }
        return byKey;
    }

    /** A run's score and error in milliseconds, from its rounds' scores: {@code {ms, errorMs}}. */
    static double[] interval(List<JmhCsv.Score> rounds) {
        double[] ms = rounds.stream()
                .mapToDouble(s -> TestRun.toMs(s.score(), s.unit()))
                .toArray();
        double[] errors = rounds.stream()
                .mapToDouble(s -> TestRun.errorToMs(s.score(), s.error(), s.unit()))
                .filter(e -> !Double.isNaN(e))
                .toArray();
        if (ms.length == 1) {
            return new double[] {ms[0], errors.length == 1 ? errors[0] : Double.NaN};
        }
        return new double[] {median(ms), spread(ms, errors)};
    }

    /** The interval's half-width over several rounds' scores (see the class comment). */
    public static double spread(double[] scores, double[] errors) {
        double[] sorted = scores.clone();
        Arrays.sort(sorted);
        double median = median(sorted);
        int trim = sorted.length >= 5 ? 1 : 0;
        double spread = Math.max(median - sorted[trim], sorted[sorted.length - 1 - trim] - median);
        return errors.length == 0 ? spread : Math.max(spread, median(errors));
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /**
     * The runs of test {@code n} in {@code dir} whose interval is wider than {@code target} of their score
     * (or unknown), as benchmark → store specs: the runs that need another round.
     */
    public static Map<String, Set<String>> wide(Path dir, int n, double target) {
        Map<String, Set<String>> wide = new LinkedHashMap<>();
        try {
            read(dir, n).forEach((key, rounds) -> {
                double[] interval = interval(rounds);
                boolean scored = !Double.isNaN(interval[0]) && interval[0] > 0;
                if (scored
                        && !(interval[1] <= target * interval[0])
                        && !key.store().isEmpty()) {
                    wide.computeIfAbsent(key.benchmark(), b -> new LinkedHashSet<>())
                            .add(key.store());
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the rounds of test " + n + " in " + dir, e);
        }
        return wide;
    }
}
