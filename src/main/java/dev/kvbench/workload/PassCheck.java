package dev.kvbench.workload;

import dev.kvbench.store.KeyFold;
import java.util.function.LongFunction;

/**
 * What a correct store gives back for one pass of a workload, as its family declares it from the data set
 * ({@code trial.WorkloadFamily#expect}), with the words {@link Verifier} says a wrong pass in.
 *
 * @param count      the entries the pass must see or find
 * @param counted    what is counted, for the message: {@code " (entries iterated)"}
 * @param valueBytes the sum of the lengths of the values it must read
 * @param fold       the fold it must compute over what it saw (its order, its content); null when it computes none
 */
public record PassCheck(long count, String counted, long valueBytes, Fold fold) {

    /**
     * A family's own check of a fold over its keys: {@code folded} says what the fold is of, for the message: {@code
     * "the first half's keys in ascending order"}.
     */
    public PassCheck(long count, String counted, long valueBytes, long checksum, String folded) {
        this(
                count,
                counted,
                valueBytes,
                new Fold(
                        checksum,
                        fold -> folded + " (fold " + KeyFold.hex(fold) + ")",
                        fold -> "other entries or another order (fold " + KeyFold.hex(fold) + ")",
                        KeyFold::hex,
                        null));
    }

    /** A check of the count and the value bytes of a pass over {@code expected}, without a fold. */
    public static PassCheck of(Expected expected, String counted) {
        return new PassCheck(expected.count(), counted, expected.valueBytes(), null);
    }

    /** The pass's fold as the side file records it; null when none is. */
    public String recorded(long checksum) {
        return fold == null ? null : fold.recorded().apply(checksum);
    }

    /**
     * The fold a pass must compute and how it is said.
     *
     * @param value    the fold a correct store gives
     * @param expected what the message says was expected, given {@link #value}
     * @param found    what the message says was found, given the pass's fold
     * @param recorded the pass's fold as the side file records it (null: not recorded)
     * @param order    for a fold of the keys in cursor order, whether ascending: a wrong one is explained by an untimed
     *                 second pass ({@link Verifier#explain}); null for any other fold
     */
    public record Fold(
            long value,
            LongFunction<String> expected,
            LongFunction<String> found,
            LongFunction<String> recorded,
            Boolean order) {}
}
