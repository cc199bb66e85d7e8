package dev.kvbench.report.folder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The rounds of a results folder's {@code host.tsv}, as the suite runner wrote them (one line per
 * round: test, round, part, canary ms, steal %, seconds), and what both the run's summary in
 * {@code env.txt} and the report's host section say of them: the canary's median, fastest and
 * slowest, and the rounds whose canary was slower than the median by more than {@link #SLOW}.
 */
public final class HostRounds {

    public static final String FILE = "host.tsv";
    /** A round whose canary is this much slower than the run's median is named as a slow host phase. */
    public static final double SLOW = 0.10;

    /** One line of {@code host.tsv}. */
    public record Round(int test, int round, int part, double canaryMs, double stealPct, double seconds) {

        /** The round as the report names it: {@code 3}, or {@code 3-2} for the second part of round 3. */
        public String label() {
            return round + (part > 0 ? "-" + part : "");
        }
    }

    private final List<Round> rounds;
    private final double[] canary;
    private final double median;

    private HostRounds(List<Round> rounds) {
        this.rounds = List.copyOf(rounds);
        this.canary = rounds.stream().mapToDouble(Round::canaryMs).toArray();
        this.median = rounds.isEmpty() ? Double.NaN : RoundScores.median(canary);
    }

    /**
     * The rounds of {@code host.tsv} in {@code folder}: none when it is missing or a line does not
     * parse; lines of fewer than six fields and the header are passed over.
     */
    public static HostRounds read(Path folder) {
        Path file = folder.resolve(FILE);
        List<Round> rows = new ArrayList<>();
        if (!Files.exists(file)) {
            return new HostRounds(rows);
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t");
                if (line.isBlank() || f.length < 6 || f[0].equals("test")) {
                    continue;
                }
                double[] row = new double[6];
                for (int i = 0; i < 6; i++) {
                    row[i] = f[i].equals("NaN") ? Double.NaN : Double.parseDouble(f[i]);
                }
                rows.add(new Round((int) row[0], (int) row[1], (int) row[2], row[3], row[4], row[5]));
            }
        } catch (IOException | NumberFormatException e) {
            return new HostRounds(List.of());
        }
        return new HostRounds(rows);
    }

    public boolean isEmpty() {
        return rounds.isEmpty();
    }

    public List<Round> rounds() {
        return rounds;
    }

    /** The canary's median over the rounds, in ms. */
    public double median() {
        return median;
    }

    public double fastest() {
        return Arrays.stream(canary).min().orElse(Double.NaN);
    }

    public double slowest() {
        return Arrays.stream(canary).max().orElse(Double.NaN);
    }

    /** How much slower than the median {@code round}'s canary was, as a share (0.12 = 12% slower). */
    public double overMedian(Round round) {
        return round.canaryMs() / median - 1;
    }

    /** The rounds whose canary was more than {@link #SLOW} slower than the median, in file order. */
    public List<Round> slow() {
        return rounds.stream().filter(r -> overMedian(r) > SLOW).toList();
    }

    /** The largest steal of a round, in %; NaN when no round knows its steal. */
    public double stealMax() {
        return rounds.stream()
                .mapToDouble(Round::stealPct)
                .filter(s -> !Double.isNaN(s))
                .max()
                .orElse(Double.NaN);
    }
}
