package dev.kvbench.report.section;

import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.results.JvmPairs;
import dev.kvbench.results.Stability;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The method's bullet on interleaved tests, said from what the tests' logs record in their settings lines, so that it
 * names only the steps those runs took (shared JVMs, warm passes, host factors, extra turns for undecided pairs,
 * companions, a time cap) and never one the interleaver skipped.
 */
final class InterleavedMethod {

    /**
     * The time cap in an interleaved log's Measurement line: "the extra rotations have taken half as long as the warmup
     * and fewest ones", or "... the fewest ones" in a run without warm-up rotations.
     */
    private static final Pattern CAP =
            Pattern.compile("extra rotations have taken (.+?) the (warmup and fewest|fewest)");

    private final List<TestRun> tests;
    private final boolean factors;
    private final boolean shared;
    private final boolean companions;
    private final String cap;
    private final boolean hopeless;
    private final boolean cappedAtInterval;
    private final boolean warm;
    private final boolean pairs;
    /** Whether the tests' logs say the interleaver added JVMs where an undecided pair's JVMs differed. */
    private final boolean moreJvms;

    InterleavedMethod(List<TestRun> tests) {
        this.tests = tests;
        this.factors = tests.stream().anyMatch(t -> t.log.settings().containsKey("Host factors"));
        this.shared = tests.stream().anyMatch(t -> t.log.settings().containsKey("JVMs"));
        this.companions = tests.stream()
                .anyMatch(t -> t.log.settings().getOrDefault("Measurement", "").contains("companions"));
        this.cap = tests.stream()
                .map(t -> CAP.matcher(t.log.settings().getOrDefault("Measurement", "")))
                .filter(Matcher::find)
                .map(m -> m.group(1) + " the " + m.group(2))
                .findFirst()
                .orElse("");
        this.hopeless = tests.stream()
                .anyMatch(t -> t.log.settings().getOrDefault("Measurement", "").contains("leaving out those"));
        this.cappedAtInterval = tests.stream()
                .anyMatch(t -> t.log.settings()
                        .getOrDefault("Measurement", "")
                        .contains("turns a 99.9% interval of its median needs"));
        this.warm = tests.stream()
                .anyMatch(t -> t.log.settings().getOrDefault("Measurement", "").contains("untimed"));
        this.pairs = tests.stream()
                .anyMatch(t -> t.log.settings().getOrDefault("Measurement", "").contains("neighbouring pairs"));
        this.moreJvms = tests.stream().anyMatch(t -> t.log.settings().containsKey("More JVMs"));
    }

    /** The bullet, ending with how many of the tests' {@code count} engine numbers {@code reached} the target. */
    String text(long reached, int count) {
        return setup() + scoring() + extraRotations() + ". " + moreJvmsText()
                + "Here " + reached + " of " + count + " engine numbers of these tests reached ±"
                + Math.round(100 * MeasurementSection.TARGET) + "%"
                + (pairs ? " (a number's own precision; it gates no ranking)" : "")
                + ".";
    }

    /** The tests, their JVMs, and the shuffled rotations of turns with what was done to each turn. */
    private String setup() {
        return "Interleaved (test" + (tests.size() == 1 ? " " : "s ")
                + String.join(
                        ", ", tests.stream().map(t -> String.valueOf(t.number)).toList()) + "): "
                + (shared
                        ? "every engine ran in a JVM of its own per test, which loaded its store once for all of the "
                                + "test's read workloads and ran them one after another on it (each trial's side-file line names the "
                                + "workload that loaded its store, store.loadedBy), with a new JVM for the write; each workload was settled "
                                + "in every JVM before any engine was measured on it; then"
                        : "every engine's trial ran in a JVM of its own, loaded and settled before any engine was measured; then")
                + " the engines took turns of passes (each turn as long as the "
                + "settings line of the test says, one pass at the least) in rotations whose order was shuffled each time, so "
                + "that a slow phase of the host lands on every engine alike. "
                + (warm
                        ? "Each turn began with untimed, verified passes for a quarter of its length (none for an engine "
                                + "whose pass is longer than a turn): after another engine's turn, an engine's first passes run slower while "
                                + "the caches refill, and in a turn of few passes they would weigh more than in a turn of many. "
                        : "")
                + (factors
                        ? "Each turn was divided by its rotation's host factor: the median, over the other engines that ran "
                                + "in that rotation (at least 5; with fewer the turn stands as measured), of their turn ÷ their own median "
                                + "turn, so that what a slow phase did to the whole rotation is taken out of it. "
                        : "");
    }

    /** How a score and its interval come from the turns, and the paired comparisons where there are any. */
    private String scoring() {
        return "A score is the median of an engine's turns; its ± is the wider side of the median's distribution-free "
                + "99.9% interval (order statistics of the turns, 11 turns at the least). "
                + (!tests.stream().anyMatch(t -> t.results.stream().anyMatch(Result::paired))
                        ? ""
                        : "Rankings, winners, ties and margins come from paired comparisons: in each rotation where two engines "
                                + "both took a turn, one's turn ÷ the other's, seconds apart, so a slow phase of the host divides out; the "
                                + "median of those ratios and its 99.9% interval (the same order statistics) decide. ");
    }

    /**
     * The JVMs added where a pair's engines differed between their JVMs, for logs that say the interleaver may add
     * them (older logs do not, and their reports stay as they were).
     */
    private String moreJvmsText() {
        return moreJvms
                ? "Where a pair was still undecided and one of its engines' JVMs differed (each JVM's steady turns "
                        + "apart from the other's), more turns in the same JVMs could not decide it, since every ratio "
                        + "holds which JVM ran: the run started more JVMs of both engines instead, as many as the run's "
                        + "JVMs per engine at a time up to " + JvmPairs.MOST_JVMS
                        + " per engine, loaded and settled as the "
                        + "first, and ran rotations of just those, each engine's JVM j paired with the other's JVM j, "
                        + "until the pair was decided or the added JVMs had taken the time cap's share of the time the "
                        + "block took to start its JVMs and run the fewest rotations (the test's log names each pair, "
                        + "its JVMs' medians and the share of the variance between JVMs). Such an engine's answer is "
                        + "the median over its JVMs with their range, and its two groups where they fall so; a pair "
                        + "still undecided is answered JVM by JVM, with the k of n JVM pairs in which each was faster. "
                : "";
    }

    /** Which engines took turns after the fewest rotations, and until when. */
    private String extraRotations() {
        return (pairs
                        ? "After the fewest rotations only the engines of the neighbouring pairs of that ranking whose order "
                                + "was not decided (their interval holding 1 and wider than ±3%) took more, the two of a pair taking the "
                                + "first turn by turns, leaving out a pair that the rotations left would not decide at the rate an interval "
                                + "narrows (the square root of its pairs); an engine with fewer turns than an interval needs took them"
                        : "After the fewest rotations only the engines still wider than ±"
                                + Math.round(100 * MeasurementSection.TARGET) + "% took "
                                + "more, up to three times as many")
                + (companions
                        ? " (while they were fewer than 6, the quickest of the others ran beside them, so that their "
                                + "turns still had a host factor)"
                        : "")
                + (hopeless
                        ? "; an engine whose interval could not get under ±" + Math.round(100 * Stability.ERROR)
                                + "% by then, at the rate an interval narrows (the square root of its turns), left the extra rotations "
                                + "with the turns it had (the test's log names them)"
                        : "")
                + (!cap.isEmpty()
                        ? ", and only until those extra rotations had taken " + cap + " ones "
                                + (pairs
                                        ? "(a time cap: a close pair needs hundreds of turns to be told apart"
                                        : "(a time cap: an engine "
                                                + "that never reaches the target, such as a limit row's GC-bound write, would otherwise hold every "
                                                + "benchmark to its three times")
                                + (cappedAtInterval
                                        ? "; it stopped no test before every engine still taking turns had the 11 an interval "
                                                + "needs"
                                        : "")
                                + ")"
                        : "");
    }
}
