package dev.kvbench.report.section;

import dev.kvbench.report.folder.HostNoise;
import dev.kvbench.report.folder.HostRounds;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.results.Stability;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the report says about the measurement itself: how many engine numbers are stable, how the
 * rounds were run and how many runs reached their target, and what the host did during the run
 * (the canary and steal time of {@code host.tsv}).
 */
final class MeasurementSection extends Section {

    /** The interval, as a share of the score, that rounds aim for. */
    static final double TARGET = 0.05;

    static final String HOST_HEADING = "The host during the run";

    private final HostRounds host;

    MeasurementSection(ResultsFolder folder, Specs specs, Markdown md) {
        super(folder, specs, md);
        this.host = HostRounds.read(folder.dir);
    }

    /** The engines' numbers (Store path, limit rows left out) of the ranked tests that have a score. */
    private List<Result> engineNumbers() {
        List<Result> numbers = new ArrayList<>();
        for (TestRun test : folder.tests) {
            if (test.ranked()) {
                test.results.stream()
                        .filter(r -> r.ok() && !specs.reference(r.store()))
                        .forEach(numbers::add);
            }
        }
        return numbers;
    }

    /** "84 of 104 engine numbers are within 10% of their score (61 within 5%)", or "" when there are none. */
    String stability() {
        List<Result> numbers = engineNumbers();
        if (numbers.isEmpty()) {
            return "";
        }
        long within10 = numbers.stream().filter(Result::stable).count();
        long within5 = numbers.stream()
                .filter(r -> !Double.isNaN(r.errorMs()) && r.errorMs() <= TARGET * r.ms())
                .count();
        return within10 + " of " + numbers.size() + " engine numbers are within " + Math.round(100 * Stability.ERROR)
                + "% of their score (" + within5 + " within " + Math.round(100 * TARGET) + "%)" + singleShot(numbers);
    }

    /** "Measurement: 3 iterations, 200 ms each": the count. */
    private static final Pattern ITERATIONS = Pattern.compile("^(\\d+) iterations?");

    /**
     * Of {@code numbers}, those from single-shot tests (a pass of minutes is timed once, and a test takes few):
     * "; 8 of them are single-shot passes, 3 measured per number: ...", or "" when there are none.
     */
    private String singleShot(List<Result> numbers) {
        long count = 0;
        TreeSet<Integer> passes = new TreeSet<>();
        for (TestRun test : folder.tests) {
            if (!test.log.settings().getOrDefault("Benchmark mode", "").startsWith("Single shot")) {
                continue;
            }
            long here = numbers.stream().filter(test.results::contains).count();
            if (here > 0) {
                count += here;
                Matcher m = ITERATIONS.matcher(test.log.settings().getOrDefault("Measurement", ""));
                if (m.find()) {
                    passes.add(Integer.parseInt(m.group(1)));
                }
            }
        }
        if (count == 0) {
            return "";
        }
        String measured = passes.isEmpty()
                ? ""
                : ", " + (passes.size() == 1 ? passes.first() : passes.first() + "-" + passes.last())
                        + " measured per number";
        return "; " + count + " of them are single-shot passes" + measured
                + ": from so few passes JMH's 99.9% interval is seldom"
                + " within " + Math.round(100 * Stability.ERROR)
                + "% (none from one), so read those for their size and slope, not"
                + " their last digit";
    }

    /** The method's bullet on rounds, or "" when every test ran once. */
    String rounds() {
        int most = folder.tests.stream()
                .flatMap(t -> t.results.stream())
                .mapToInt(MeasurementSection::rounds)
                .max()
                .orElse(1);
        if (most <= 1) {
            return "";
        }
        int least = folder.tests.stream()
                .flatMap(t -> t.results.stream())
                .filter(Result::ok)
                .mapToInt(MeasurementSection::rounds)
                .min()
                .orElse(1);
        // every engine's number that ran in rounds, ranked test or not (a YCSB test's throughputs too)
        List<Result> numbers = folder.tests.stream()
                .flatMap(t -> t.results.stream())
                .filter(r -> r.ok() && !specs.reference(r.store()) && rounds(r) > 1)
                .toList();
        long reached = numbers.stream()
                .filter(r -> !Double.isNaN(r.errorMs()) && r.errorMs() <= TARGET * r.ms())
                .count();
        return "Rounds: each test ran in rounds, every engine once per round in an order shuffled per round, so that a "
                + "slow phase of the host spreads over every engine instead of landing on one. A run's score is the median "
                + "of its rounds' JMH scores, and its ± the distance from the median to the farthest round (to the second "
                + "farthest on each side from five rounds on), never less than the median of the rounds' own JMH errors. "
                + "After the suite's least rounds, only the runs still wider than ±" + Math.round(100 * TARGET)
                + "% got "
                + "more rounds, until their test's time cap. Here runs had " + least + " to " + most + " rounds; "
                + reached + " of " + numbers.size() + " engine numbers reached ±" + Math.round(100 * TARGET) + "%.";
    }

    /**
     * The method's bullet on interleaved tests, or "" when none was: how turns, rotations, host factors and the
     * interval work, and how many of those tests' engine numbers reached the target.
     */
    String interleaved() {
        List<TestRun> tests = folder.tests.stream()
                .filter(t -> t.log.settings().getOrDefault("Benchmark mode", "").startsWith("interleaved"))
                .toList();
        if (tests.isEmpty()) {
            return "";
        }
        List<Result> numbers = engineNumbers().stream()
                .filter(r -> tests.stream().anyMatch(t -> t.results.contains(r)))
                .toList();
        long reached = numbers.stream()
                .filter(r -> !Double.isNaN(r.errorMs()) && r.errorMs() <= TARGET * r.ms())
                .count();
        return new InterleavedMethod(tests).text(reached, numbers.size());
    }

    private static int rounds(Result r) {
        double rounds = r.metric(TestRun.ROUNDS);
        return Double.isNaN(rounds) ? 1 : (int) rounds;
    }

    boolean hasHost() {
        return !host.isEmpty();
    }

    /**
     * The canary before every round and the steal over it: a table, the drift (slowest over fastest
     * canary), and the rounds whose canary was more than 10% over the run's median.
     */
    @Override
    void write() {
        if (host.isEmpty()) {
            return;
        }
        md.heading(2, HOST_HEADING);
        double median = host.median();
        double fastest = host.fastest();
        double slowest = host.slowest();
        List<String> slow = new ArrayList<>();
        for (HostRounds.Round r : host.slow()) {
            slow.add("test " + r.test() + " round " + r.label() + " (+" + Math.round(100 * host.overMedian(r)) + "%)");
        }
        List<List<String>> rows = new ArrayList<>();
        for (HostRounds.Round r : host.rounds()) {
            rows.add(List.of(
                    String.valueOf(r.test()),
                    r.label(),
                    String.format(Locale.ROOT, "%.1f", r.canaryMs()),
                    String.format(Locale.ROOT, "%+.0f%%", 100 * host.overMedian(r)),
                    Double.isNaN(r.stealPct()) ? "—" : String.format(Locale.ROOT, "%.2f%%", r.stealPct()),
                    String.format(Locale.ROOT, "%.0f", r.seconds())));
        }
        md.paragraph("Before every round of every test the suite runner timed a fixed canary (a dependent walk through "
                + "a 64 MiB random cycle with a multiply-add per step: memory latency and core speed, the same work "
                + "every time, while no benchmark ran), and over every round it read the CPU time the hypervisor took "
                + "from this machine (steal, `/proc/stat`). Canary: median "
                + String.format(Locale.ROOT, "%.1f", median)
                + " ms, fastest " + String.format(Locale.ROOT, "%.1f", fastest) + ", slowest "
                + String.format(Locale.ROOT, "%.1f", slowest) + ": a drift of "
                + Math.round(100 * (slowest / fastest - 1)) + "% across the run. "
                + (slow.isEmpty()
                        ? "No round's canary was more than 10% over the median."
                        : "Rounds where the host was more than 10% slower than its median: " + String.join(", ", slow)
                                + "; engines measured in them had their other rounds to outvote it."));
        md.table(List.of("Test", "Round", "Canary (ms)", "Against the median", "Steal", "Round (s)"), rows);
        underTheTurns();
    }

    /** A host whose steal or turn-to-turn spread is at least this is called noisy: steal in %, spread as a share. */
    static final double NOISY_STEAL_PCT = 1.0;

    static final double NOISY_SPREAD = 0.10;

    /** A canary per rotation at most this many times its median: the host's speed held (quiet hosts: within 1.1). */
    static final double STEADY_CANARY = 1.5;

    /**
     * The host under the interleaved turns, per test: the canary after every rotation, the steal over each, and the
     * turns' own spread (per engine and workload, the interquartile range of its turns over their median; the median
     * of those), then in plain words whether the host was noisy and what that means for the report's answers.
     */
    private void underTheTurns() {
        List<List<String>> rows = new ArrayList<>();
        double worstSteal = 0;
        double worstSpread = 0;
        double worstCanary = 0;
        for (TestRun test : folder.tests) {
            double spread = HostNoise.turnSpread(test.log.turns());
            if (Double.isNaN(spread)) {
                continue;
            }
            double[] canary = HostNoise.pooled(test.log.canary());
            double[] steal = HostNoise.pooled(test.log.steal());
            double stealMean = HostNoise.mean(steal);
            worstSteal = Math.max(worstSteal, Double.isNaN(stealMean) ? 0 : stealMean);
            worstSpread = Math.max(worstSpread, spread);
            if (canary.length > 0) {
                worstCanary = Math.max(worstCanary, HostNoise.max(canary) / HostNoise.median(canary));
            }
            rows.add(List.of(
                    String.valueOf(test.number),
                    String.valueOf(canary.length == 0 ? "—" : canary.length),
                    canary.length == 0
                            ? "—"
                            : String.format(
                                    Locale.ROOT,
                                    "%.2f (%.2f-%.2f)",
                                    HostNoise.median(canary),
                                    HostNoise.min(canary),
                                    HostNoise.max(canary)),
                    Double.isNaN(stealMean)
                            ? "—"
                            : String.format(Locale.ROOT, "%.2f%% (most %.2f%%)", stealMean, HostNoise.max(steal)),
                    String.format(Locale.ROOT, "%.0f%%", 100 * spread)));
        }
        if (rows.isEmpty()) {
            return;
        }
        md.paragraph("Under the interleaved turns: after every measured rotation the interleaver timed a short canary "
                + "(the same walk, 32,768 steps) and read the steal over the rotation (logs from before this have no "
                + "canary per rotation: —). *Turn spread* is how much an engine's turns differ from one another: per engine "
                + "and workload the interquartile range of its turns over their median, the median of those.");
        md.table(
                List.of(
                        "Test",
                        "Rotations sampled",
                        "Canary per rotation (ms): median (range)",
                        "Steal per rotation: mean",
                        "Turn spread"),
                rows);
        md.paragraph(hostVerdict(worstSteal, worstSpread, worstCanary));
    }

    /**
     * Whether the host was steady, noisy or quiet under the turns, from the worst test's steal, turn spread and
     * canary, and what that means for the absolute times and the rankings.
     */
    private String hostVerdict(double worstSteal, double worstSpread, double worstCanary) {
        double precision = engineNumbers().stream()
                .filter(r -> !Double.isNaN(r.errorMs()))
                .mapToDouble(r -> r.errorMs() / r.ms())
                .sorted()
                .skip(engineNumbers().size() / 2)
                .findFirst()
                .orElse(Double.NaN);
        String figures = String.format(Locale.ROOT, "steal %.1f%%, turns spread %.0f%%", worstSteal, 100 * worstSpread);
        String absolute = Double.isNaN(precision)
                ? ""
                : String.format(
                        Locale.ROOT,
                        "; absolute times are ±%.0f%% (the median " + "engine number's interval)",
                        100 * precision);
        boolean steady = worstCanary > 0 && worstCanary <= STEADY_CANARY && worstSteal < NOISY_STEAL_PCT;
        return steady && worstSpread >= NOISY_SPREAD
                ? String.format(
                                Locale.ROOT,
                                "The host was steady (its canary at most %.0f%% over its median, steal"
                                        + " %.1f%%), yet the turns spread %.0f%%: that is the engines' own variation from turn to turn (garbage"
                                        + " collection, compaction, the JIT, turns of a few milliseconds), which paired comparison does not"
                                        + " divide out",
                                100 * (worstCanary - 1),
                                worstSteal,
                                100 * worstSpread)
                        + absolute + ". More rotations"
                        + " (`-i`) or longer turns (`-r`) narrow it."
                : worstSteal >= NOISY_STEAL_PCT || worstSpread >= NOISY_SPREAD
                        ? "**This host is noisy (" + figures
                                + ")**: rankings are decided by paired comparison, which divides the "
                                + "host's slow phases out of each ratio" + absolute
                                + ". Steal is CPU time the hypervisor gave another "
                                + "tenant; a spread with little steal is the memory system or the CPU's frequency moving under the turns. "
                                + "To narrow the absolute times, run on a dedicated or larger host, or at a quieter hour; to decide close "
                                + "pairs, give the suite more rotations (`-i`)."
                        : "The host was quiet (" + figures + "): rankings are decided by paired comparison" + absolute
                                + ".";
    }
}
