package dev.kvbench.report.folder;

import dev.kvbench.results.SteadyTurns;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The steady-state rule applied to an interleaved test's runs: each engine-JVM's turns checked for changepoints
 * ({@link SteadyTurns}), and a run scored and paired on the turns after them only. A run whose every JVM was flat
 * keeps the interleaver's score as it is; one with turns left out is scored again on those that remain (the median
 * and its 99.9% interval, as the interleaver scores); one none of whose JVMs reached a steady state keeps no turns to
 * pair, no error, and the range its turns spanned, so it is shown as that range and never ranked.
 */
final class SteadyResults {

    /** How many of a run's turns were left out: before a JVM's steady state, or of a JVM without one. */
    static final String LEFT_OUT = "turns.leftOut";
    /** 1 where no JVM of the run reached a steady state. */
    static final String NO_STEADY_STATE = "turns.noSteadyState";
    /** The lowest and highest turn of a run without a steady state, ms. */
    static final String RANGE_LOW = "turns.rangeLowMs";

    static final String RANGE_HIGH = "turns.rangeHighMs";

    private SteadyResults() {}

    /** Every interleaved benchmark's engines' host factors per paired key, from {@code log}'s turns. */
    static Map<String, Map<String, Map<Integer, Double>>> factors(JmhLog log) {
        Map<String, Map<String, Map<Integer, Double>>> factors = new LinkedHashMap<>();
        log.turns().forEach((benchmark, byStore) -> factors.put(benchmark, SteadyTurns.hostFactors(byStore)));
        return factors;
    }

    /**
     * {@code result} with {@code steady}'s rule applied ({@link #apply(Result, SteadyTurns)}); where the log named its
     * turns' JVMs ({@code jvms}, null where it did not) and they were more than the run's {@code forks}, JVMs were added
     * for it because its JVMs disagreed, and its score is the median over its steady JVMs, each JVM's median of its
     * steady turns, with the fastest and slowest JVM as its interval: as Kalibera and Jones put it, more turns in a JVM
     * narrow only the variance within it, and the engine's time is the JVMs' one. A run without JVMs added is scored as
     * before, so that a published report reprocesses unchanged.
     */
    static Result apply(Result result, SteadyTurns steady, Map<Integer, Integer> jvms, int forks) {
        Result applied = apply(result, steady);
        if (jvms == null
                || jvms.values().stream().distinct().count() <= Math.max(1, forks)
                || !applied.ok()
                || !applied.steadyState()) {
            return applied;
        }
        double[] over = steady.overJvms();
        Map<String, Double> metrics = new LinkedHashMap<>(applied.metrics());
        metrics.put(Result.JVMS, (double) steady.jvmMedians().size());
        metrics.put(Result.JVMS_LOW, over[1]);
        metrics.put(Result.JVMS_HIGH, over[2]);
        if (!steady.jvmGroups().isEmpty()) {
            metrics.put(Result.JVM_GROUPS, 1.0);
        }
        return new Result(
                result.key(),
                over[0],
                Math.max(over[0] - over[1], over[2] - over[0]),
                result.status(),
                result.reason(),
                metrics,
                applied.turns(),
                Map.copyOf(jvms));
    }

    /** {@code result} with {@code steady}'s rule applied: its turns, and its score where turns were left out. */
    static Result apply(Result result, SteadyTurns steady) {
        if (steady.flat() || !result.ok()) {
            return result.withTurns(steady.kept());
        }
        Map<String, Double> metrics = new LinkedHashMap<>(result.metrics());
        metrics.put(LEFT_OUT, (double) steady.leftOut());
        if (!steady.steady()) {
            double[] range = steady.range();
            metrics.put(NO_STEADY_STATE, 1.0);
            metrics.put(RANGE_LOW, range[0]);
            metrics.put(RANGE_HIGH, range[1]);
            return new Result(result.key(), result.ms(), Double.NaN, result.status(), result.reason(), metrics);
        }
        return new Result(
                result.key(),
                steady.median(),
                steady.error(),
                result.status(),
                result.reason(),
                metrics,
                steady.kept(),
                Map.of());
    }
}
