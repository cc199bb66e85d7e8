package dev.kvbench.interleave;

import dev.kvbench.results.OrderStatistics;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many operations each engine's turn of a YCSB workload's run phase takes. A YCSB turn is a number of operations,
 * not a time, so that every engine runs the same operations turn by turn; the coordinator sizes them from probe turns
 * before the measured rotations begin.
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
    /** An engine slow enough to take turns of its own size may take as few as this (the array: 10 ops/s). */
    static final long MIN_OPS = 10;
    /** An engine's YCSB turn at most this many times a turn's length ({@link #turnOps}). */
    static final int SLOWEST_TURNS = 10;
    /** A bound on a turn's size; each engine's JVM also holds a turn's inserts to the run's room for them. */
    static final long MAX_OPS = 1_000_000;

    private YcsbTurnSize() {}

    /**
     * Each engine's YCSB turn size from {@code probes}, each engine's time per operation (ns) in a probe turn: the
     * operations {@code millis} take at the median engine's rate, the same for every engine, so that every engine runs
     * the same operations turn by turn; but an engine slower than {@link #SLOWEST_TURNS} times that turn's length
     * takes turns of its own size, that many times {@code millis} at its own rate. Rates differ a hundredfold (MVStore
     * committing each write, against LMDB): one size for all, the slow engine's turns take minutes each, or the fast
     * engines' a few milliseconds. Within {@link #MIN_OPS} and {@link #MAX_OPS}.
     */
    static <T> Map<T, Long> turnOps(Map<T, Long> probes, long millis) {
        Map<T, Long> ops = new LinkedHashMap<>();
        if (probes.isEmpty()) {
            return ops;
        }
        double median = OrderStatistics.median(probes.values().stream()
                .mapToDouble(nanos -> 1e9 / Math.max(1, nanos))
                .sorted()
                .toArray());
        probes.forEach((engine, nanos) -> {
            double own = Math.min(median, SLOWEST_TURNS * 1e9 / Math.max(1, nanos)) * millis / 1000;
            ops.put(engine, Math.max(MIN_OPS, Math.min(MAX_OPS, Math.round(own))));
        });
        return ops;
    }
}
