package dev.kvbench.interleave;

import dev.kvbench.results.OrderStatistics;
import dev.kvbench.trial.WorkloadFamilies;
import dev.kvbench.trial.WorkloadFamily;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How many operations a turn of a YCSB workload's run phase takes. A YCSB turn is a number of operations, not a time,
 * so that every engine runs the same operations turn by turn: one size for the block, derived from probe turns before
 * the measured rotations begin.
 */
final class YcsbTurnSize {

    /**
     * A YCSB block's first warm-up rotations: probe turns of {@link #PROBE_OPS} operations, the same on every
     * engine, the first of which also takes the run phase's JIT compilation; the last sizes the turns of the warm-up
     * rotations after them, and each of those the next ones' ({@link #turnOps}). A YCSB turn's time is its time per
     * operation (ns), all client threads together.
     */
    static final int PROBES = 2;
    /**
     * Few, since every engine runs them whatever its speed: the sorted array, which merges its whole array per
     * commit, took 92 ms an update at 300,000 records, and two probes of 1,000 operations cost it three minutes.
     */
    static final long PROBE_OPS = 100;
    /**
     * Warm-up rotations of full turns after the probes, at the least: the probes' few hundred operations leave the
     * run phase's code still compiling (after two warm-up rotations, workload C's first measured turns still took
     * 2-10 times the later ones on LMDB, Chronicle and the heap store, at 200,000 records).
     */
    static final int WARMUPS = 4;
    /** The fewest operations of a turn (the sorted array takes 10 a second). */
    static final long MIN_OPS = 10;
    /** The slowest ranked engine's YCSB turn lasts at most this many times a turn's length ({@link #turnOps}). */
    static final int SLOWEST_TURNS = 10;
    /** A bound on a turn's size; each engine's JVM also holds a turn's inserts to the run's room for them. */
    static final long MAX_OPS = 1_000_000;

    /** Before a YCSB block's warm-up in the log's header, which the report's method quotes. */
    static final String WARMUP_TEXT = "YCSB: ";

    private YcsbTurnSize() {}

    /**
     * The log's warmup for {@code blocks}: {@code others}' for blocks of passes and, after {@link #WARMUP_TEXT}, a YCSB
     * block's, which takes {@link #PROBES} probe rotations and at least {@link #WARMUPS} of full turns
     * ({@code Rotations}).
     */
    static String warmupText(List<Interleaver.Block> blocks, String others, Interleaver.Settings settings) {
        long ycsb = blocks.stream()
                .filter(block -> block.trialsByBenchmark().keySet().stream().anyMatch(YcsbTurnSize::ycsb))
                .count();
        if (ycsb == 0) {
            return others;
        }
        String text = WARMUP_TEXT + PROBES + " probe rotations of " + PROBE_OPS + " operations, then "
                + Math.max(WARMUPS, settings.warmupRotations()) + " rotations of full turns";
        return ycsb == blocks.size() ? text : others + "; " + text;
    }

    private static boolean ycsb(String benchmark) {
        return WorkloadFamilies.turnOf(benchmark) == WorkloadFamily.Turn.OPERATIONS;
    }

    /**
     * Each engine's YCSB turn size from {@code probes}, each engine's time per operation (ns) in a probe turn: one size
     * for every engine, so that every engine runs the same operations turn by turn. It is the operations {@code
     * millis} take at the median engine's rate, or fewer, so that the slowest engine's turn lasts at most {@link
     * #SLOWEST_TURNS} times {@code millis}: rates differ a hundredfold (MVStore committing each write, against LMDB),
     * and the fast engines' turns are then shorter than {@code millis}. Only a limit row of {@code limits} (measured,
     * never ranked) slower than that takes turns of its own size, that many times {@code millis} at its own rate, so
     * that the sorted array's ten operations a second do not make every engine's turn a few microseconds. Within
     * {@link #MIN_OPS} and {@link #MAX_OPS}.
     */
    static <T> Map<T, Long> turnOps(Map<T, Long> probes, Set<T> limits, long millis) {
        Map<T, Long> ops = new LinkedHashMap<>();
        if (probes.isEmpty()) {
            return ops;
        }
        double median = OrderStatistics.median(probes.values().stream()
                .mapToDouble(YcsbTurnSize::rate)
                .sorted()
                .toArray());
        double common = median * millis / 1000;
        for (Map.Entry<T, Long> probe : probes.entrySet()) {
            if (!limits.contains(probe.getKey())) {
                common = Math.min(common, longest(probe.getValue(), millis));
            }
        }
        long size = bounded(common);
        probes.forEach((engine, nanos) ->
                ops.put(engine, limits.contains(engine) ? Math.min(size, bounded(longest(nanos, millis))) : size));
        return ops;
    }

    /** Operations per second at {@code nanos} an operation. */
    private static double rate(long nanos) {
        return 1e9 / Math.max(1, nanos);
    }

    /** The operations of a turn of {@link #SLOWEST_TURNS} times {@code millis} at {@code nanos} an operation. */
    private static double longest(long nanos, long millis) {
        return rate(nanos) * SLOWEST_TURNS * millis / 1000;
    }

    private static long bounded(double ops) {
        return Math.max(MIN_OPS, Math.min(MAX_OPS, Math.round(ops)));
    }
}
