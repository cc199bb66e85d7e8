package dev.kvbench.report.folder;

import dev.kvbench.results.JvmPairs;
import dev.kvbench.results.PairedRanking;
import dev.kvbench.results.PairedRatio;
import dev.kvbench.results.Stability;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Who is fastest among the engines of one workload and data set, called only where the numbers
 * carry it: the one rule behind the At a glance table and every ranking sentence.
 *
 * <p>Where every engine was interleaved (its turns by rotation are in the log), the verdict comes from
 * paired comparisons ({@link PairedRanking}): each engine's turn over the leader's in the same rotation,
 * the median of those ratios and its 99.9% interval. The leader is the winner where every other engine's
 * ratio lies above 1; {@link Kind#TIE} where some hold 1, {@link #decided()} when each of those lies within
 * ±3%. How precise each absolute number is (stable, drifted) is shown beside it and gates nothing there. An
 * engine none of whose JVMs reached a steady state is not ranked; where its turns reached below the leader's score it
 * could be the fastest, and the verdict is {@link Kind#NONE} with it among the best candidates. A rival tied with the
 * leader undecided, where JVMs were added for both and one's JVMs fall in two groups, is answered JVM pair by JVM pair
 * ({@link #dependsOnJvm(Result)}): "depends on the JVM", with how many JVM pairs have each one faster, is an answer and
 * the verdict is decided, since more turns or more JVMs would not make one engine the faster.
 *
 * <p>Otherwise (runs in JMH forks or rounds, no turns to pair) the intervals of the scores decide:
 * <ul>
 * <li>{@link Kind#NONE}, "no stable winner (N of M stable)": fewer than half of the engines that
 * have a score are stable (error at most {@link Stability#ERROR} of the score), or an unstable
 * engine's interval reaches below the fastest stable engine's upper bound (it could be faster),
 * or no engine is stable. The best candidates are named: the fastest stable one and the unstable
 * ones that could beat it.
 * <li>{@link Kind#TIE}: the fastest stable engine's interval overlaps another stable engine's.
 * <li>{@link Kind#WINNER}: the fastest stable engine's interval lies below every other engine's,
 * stable or not.
 * </ul>
 * An interval is score ± error; a score without an error could be anything, so it always
 * overlaps.
 *
 * @param kind       which of the three
 * @param best       the fastest stable engine's run (null when none is stable)
 * @param rivals     for a tie, the stable runs within the best one's interval; for no winner, the
 *                   other best candidates (the unstable runs that could be faster, else the next
 *                   fastest runs); for a winner, empty
 * @param stable     how many of the runs are stable
 * @param total      how many runs have a score
 */
public record Verdict(
        Kind kind, Result best, List<Result> rivals, int stable, int total, PairedRanking<Result> ranking) {

    public enum Kind {
        WINNER,
        TIE,
        NONE
    }

    Verdict(Kind kind, Result best, List<Result> rivals, int stable, int total) {
        this(kind, best, rivals, stable, total, null);
    }

    /**
     * The verdict over {@code runs} (limit rows already left out); runs without a score, and runs whose turns reached
     * no steady state in any JVM, are not counted.
     */
    public static Verdict of(List<Result> runs) {
        List<Result> scored = runs.stream()
                .filter(r -> r.ok() && r.steadyState())
                .sorted(Comparator.comparingDouble(Result::ms))
                .toList();
        int stableCount = (int) scored.stream().filter(Result::stable).count();
        if (scored.size() >= 2 && scored.stream().allMatch(Result::paired)) {
            PairedRanking<Result> ranking = PairedRanking.of(scored, Result::turns, Result::ms);
            Kind kind = ranking.kind() == PairedRanking.Kind.WINNER ? Kind.WINNER : Kind.TIE;
            // an engine without a steady state whose turns reached below the leader's score could be the fastest:
            // no winner is named over it
            List<Result> unsteady = runs.stream()
                    .filter(r -> r.ok()
                            && !r.steadyState()
                            && r.turnRange()[0] < ranking.leader().ms())
                    .toList();
            if (!unsteady.isEmpty()) {
                List<Result> rivals = new ArrayList<>(unsteady);
                return new Verdict(Kind.NONE, ranking.leader(), rivals, stableCount, scored.size() + rivals.size());
            }
            return new Verdict(kind, ranking.leader(), ranking.tied(), stableCount, scored.size(), ranking);
        }
        List<Result> stable = scored.stream().filter(Result::stable).toList();
        if (stable.isEmpty()) {
            return new Verdict(Kind.NONE, null, scored.stream().limit(2).toList(), 0, scored.size());
        }
        Result best = stable.get(0);
        double upper = best.ms() + best.errorMs();
        List<Result> couldBeFaster = new ArrayList<>();
        List<Result> tied = new ArrayList<>();
        for (Result r : scored) {
            if (r == best || lower(r) > upper) {
                continue;
            }
            (r.stable() ? tied : couldBeFaster).add(r);
        }
        if (2 * stable.size() < scored.size()) {
            List<Result> others = couldBeFaster.isEmpty()
                    ? scored.stream().filter(r -> r != best).limit(1).toList()
                    : couldBeFaster;
            return new Verdict(Kind.NONE, best, others, stable.size(), scored.size());
        }
        if (!couldBeFaster.isEmpty()) {
            return new Verdict(Kind.NONE, best, couldBeFaster, stable.size(), scored.size());
        }
        if (!tied.isEmpty()) {
            return new Verdict(Kind.TIE, best, tied, stable.size(), scored.size());
        }
        return new Verdict(Kind.WINNER, best, List.of(), stable.size(), scored.size());
    }

    /** Whether the verdict comes from paired turns. */
    public boolean paired() {
        return ranking != null;
    }

    /**
     * Whether the verdict answers who is fastest: a winner, or (paired) a tie within ±3%, or rivals tied with the leader
     * otherwise only where the pair depends on the JVM ({@link #dependsOnJvm(Result)}).
     */
    public boolean decided() {
        if (!paired()) {
            return kind == Kind.WINNER;
        }
        return ranking.decided()
                || (!rivals.isEmpty()
                        && rivals.stream().allMatch(r -> againstLeader(r).narrowTie() || dependsOnJvm(r)));
    }

    /** Whether the verdict is decided only because a pair in it depends on the JVM. */
    public boolean dependsOnJvm() {
        return paired() && !ranking.decided() && decided();
    }

    /**
     * Whether {@code rival}, tied with the leader and not within ±3%, depends on the JVM: JVMs were added for both
     * (their JVMs disagreed), the JVMs of one of them fall in two groups, and the JVM pairs split, some with the leader
     * faster and some with the rival ({@link JvmPairs#split}).
     */
    public boolean dependsOnJvm(Result rival) {
        if (!paired()
                || !rivals.contains(rival)
                || againstLeader(rival).narrowTie()
                || best.jvms().isEmpty()
                || rival.jvms().isEmpty()
                || !(best.jvmGroups() || rival.jvmGroups())) {
            return false;
        }
        return JvmPairs.split(byJvm(rival));
    }

    /** The leader's ratio to {@code rival} JVM pair by JVM pair ({@link JvmPairs#byJvm}). */
    public Map<Integer, PairedRatio> byJvm(Result rival) {
        Map<Integer, Integer> jvmOf = new HashMap<>(rival.jvms());
        jvmOf.putAll(best.jvms());
        return JvmPairs.byJvm(best.turns(), rival.turns(), jvmOf);
    }

    /** How much slower {@code other} is than the leader, paired by rotation; null for a verdict without turns. */
    public PairedRatio againstLeader(Result other) {
        return paired() ? ranking.againstLeader(other) : null;
    }

    /**
     * A paired tie in words, "LEAD ties with RIVAL, RIVAL" when decided, else "undecided: LEAD or RIVAL, RIVAL":
     * {@code lead} is how the leader is named, {@code rival} how each tied engine is (with its ratio to the leader).
     */
    public String tieText(String lead, Function<Result, String> rival) {
        return tieText(lead, rival, rival);
    }

    /**
     * {@link #tieText(String, Function)}, where a rival that depends on the JVM is named by {@code name} in "depends on
     * the JVM: LEAD faster in 3 of 6 JVM pairs, RIVAL in 3", after the rivals within ±3%.
     */
    public String tieText(String lead, Function<Result, String> rival, Function<Result, String> name) {
        if (!decided()) {
            return "undecided: " + lead + " or "
                    + String.join(", ", rivals.stream().map(rival).toList());
        }
        List<String> narrow =
                rivals.stream().filter(r -> !dependsOnJvm(r)).map(rival).toList();
        List<String> parts = new ArrayList<>();
        if (!narrow.isEmpty()) {
            parts.add(lead + " ties with " + String.join(", ", narrow));
        }
        rivals.stream()
                .filter(this::dependsOnJvm)
                .forEach(r -> parts.add(JvmPairs.dependsText(byJvm(r), lead, name.apply(r))));
        return String.join("; ", parts);
    }

    /** The low end of a run's interval; a run with no error could be anything. */
    private static double lower(Result r) {
        return Double.isNaN(r.errorMs()) ? Double.NEGATIVE_INFINITY : r.ms() - r.errorMs();
    }

    /** "no stable winner (5 of 13 stable)". */
    public String noWinner() {
        return "no stable winner (" + stable + " of " + total + " stable)";
    }
}
