package dev.kvbench.trial;

/**
 * A loaded read workload's interleaved turns when each is a fixed number of operations instead of whole passes
 * ({@link WorkloadFamily#fixedTurns}): at 10^7 entries a whole pass takes seconds to minutes, too long for a turn. Turn
 * {@code number} runs the same operations on every engine (what they are depends on the number, never on the engine),
 * and is verified against what the data set's generator says they give back, as a whole pass is.
 */
public interface FixedTurns {

    /** The operations of every turn. */
    long operations();

    /** Runs and verifies turn {@code number}'s operations; their time, ns (their preparation and check left out). */
    long turn(long number);
}
