package dev.kvbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.kvbench.results.Stability;

/**
 * Who is fastest among the engines of one workload and data set, called only where the numbers
 * carry it: the one rule behind the At a glance table and every ranking sentence.
 *
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
record Verdict(Kind kind, Result best, List<Result> rivals, int stable, int total) {

    enum Kind { WINNER, TIE, NONE }

    /** The verdict over {@code runs} (limit rows already left out); runs without a score are not counted. */
    static Verdict of(List<Result> runs) {
        List<Result> scored = runs.stream().filter(Result::ok).sorted(Comparator.comparingDouble(Result::ms)).toList();
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
                    ? scored.stream().filter(r -> r != best).limit(1).toList() : couldBeFaster;
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

    /** The low end of a run's interval; a run with no error could be anything. */
    private static double lower(Result r) {
        return Double.isNaN(r.errorMs()) ? Double.NEGATIVE_INFINITY : r.ms() - r.errorMs();
    }

    /** "no stable winner (5 of 13 stable)". */
    String noWinner() {
        return "no stable winner (" + stable + " of " + total + " stable)";
    }
}
