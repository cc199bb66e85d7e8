package dev.kvbench.workload.kv;

import dev.kvbench.results.Metric;
import dev.kvbench.trial.FixedTurns;
import dev.kvbench.trial.Settle;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.PassCheck;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import org.openjdk.jmh.annotations.Mode;

/**
 * A 2016 read pass interleaved in turns of {@value #NAME} operations instead of whole passes ({@link TurnOps}: which
 * operations), opt-in: without the parameter, or with 0, a turn is whole passes as before. At 10^7 entries a whole pass
 * takes seconds to minutes, too long for a turn; a turn of a fixed number of operations, the same on every engine, is as
 * short as the user makes it, as YCSB's turns are. A turn's time is the time of its operations, ns (the log's and the
 * CSV's "ms/op" is then milliseconds per turn, as it is per whole pass otherwise; the side file records the turn's
 * operations, {@link Metric#KV_TURN_OPS}, to divide by). No warm passes come before a turn: its operations are timed
 * once, as YCSB's are; the engine settles first on turns numbered below 0, which no measured turn takes.
 *
 * <p>A write keeps whole passes: each of its turns writes the data set into an empty store, and a turn of N inserts
 * would either need keys beyond the data set's (no longer the 2016 data set, nor checkable against it) or a store that
 * grows from turn to turn (each engine's store then differs by how many turns it took, extra turns included).
 */
final class KvTurns implements FixedTurns {

    /** The parameter. */
    static final String NAME = "turnOps";

    /** Keeps what each turn returns reachable, so that no turn can be optimised away. */
    static volatile Object sink;

    private final Trial trial;
    private final TurnOps ops;

    private KvTurns(Trial trial, TurnOps ops) {
        this.trial = trial;
        this.ops = ops;
    }

    /** {@code trial}'s turns as {@code params} ask for them: null without {@value #NAME}, or with 0 (whole passes). */
    static KvTurns of(Trial trial, Map<String, String> params) {
        String value = params.get(NAME);
        int turnOps = value == null ? 0 : parse(value, trial.data().num());
        if (turnOps == 0) {
            return null;
        }
        KvTurns turns = new KvTurns(trial, new TurnOps(trial.data(), trial.workload(), turnOps));
        trial.record(Map.of(Metric.KV_TURN_OPS, turnOps));
        long[] settling = {0};
        trial.settle(Settle.forMode(Mode.SampleTime), () -> turns.turn(--settling[0]));
        return turns;
    }

    @Override
    public long operations() {
        return ops.ops();
    }

    @Override
    public long turn(long number) {
        Trial.Operation operation = ops.operation(number);
        PassCheck wanted = ops.expect(number, trial.store());
        long start = System.nanoTime();
        sink = trial.pass(operation, wanted);
        return System.nanoTime() - start;
    }

    /** The log's line on turns of {@value #NAME} operations; null without them (whole passes). */
    static String text(Map<String, String> params) {
        String value = params.get(NAME);
        if (value == null || value.trim().replace("_", "").equals("0")) {
            return null;
        }
        return "# Turns: " + NAME + " = " + value.trim() + " operations per turn, the same on every engine, timed as"
                + " one and checked (ms/op is ms per turn; -r does not apply)";
    }

    /** What {@value #NAME} accepts with a data set of {@code num} entries, for the messages. */
    static String allowed(int num) {
        return NAME + " must be a whole number from 0 (whole passes) to num=" + num
                + " (a turn's cursor range lies in the data set)";
    }

    /** {@code value} of {@value #NAME} checked against a data set of {@code num} entries. */
    static int parse(String value, int num) {
        try {
            int turnOps = Integer.parseInt(value.trim().replace("_", ""));
            if (turnOps >= 0 && turnOps <= num) {
                return turnOps;
            }
        } catch (NumberFormatException e) {
            // the line below
        }
        throw new IllegalArgumentException("-p " + NAME + "=" + value.trim() + ": " + allowed(num));
    }

    /** Every value of {@value #NAME} in {@code optional} checked against the smallest of the {@code nums} given. */
    static void check(Map<String, List<String>> optional, List<String> nums) {
        for (Entry<String, List<String>> given : optional.entrySet()) {
            if (!given.getKey().equals(NAME)) {
                continue;
            }
            int smallest = nums.stream()
                    .mapToInt(num -> Integer.parseInt(num.trim().replace("_", "")))
                    .min()
                    .orElse(Integer.MAX_VALUE);
            given.getValue().forEach(value -> parse(value, smallest));
        }
    }
}
