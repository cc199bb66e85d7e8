package dev.kvbench.workload;

import dev.kvbench.store.KeyFold;

/**
 * What a correct store gives back for one pass of a family's own workload, as the family declares it from its data
 * set ({@code trial.WorkloadFamily#expect}), with the words {@link Verifier} says a wrong pass in.
 *
 * @param count      the entries the pass must see or find
 * @param counted    what is counted, for the message: {@code " (entries iterated)"}
 * @param valueBytes the sum of the lengths of the values it must read
 * @param checksum   the fold it must compute over what it saw (its order, its content)
 * @param folded     what that fold is of, for the message: {@code "the first half's keys in ascending order"}
 */
public record PassCheck(long count, String counted, long valueBytes, long checksum, String folded) {

    /** {@code fold} in the message's words: what it is of, and its hex form. */
    String says(long fold) {
        return folded + " (fold " + KeyFold.hex(fold) + ")";
    }
}
