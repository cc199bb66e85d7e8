package dev.kvbench.results;

/**
 * The lines of an interleaved run's log ({@code out-N.txt}) that the report reads back to pair engines' turns by
 * rotation and to show the host under them: the interleaver writes them, the report parses them, and their
 * prefixes live here once.
 */
public final class TurnLog {

    /** Under an engine's line: its turns' times as measured, ms, in the order they ran. */
    public static final String TURNS = "    turns (ms/op, in order): ";
    /** Under an engine's turns: the measured rotation (1-based) each turn ran in. */
    public static final String ROTATIONS = "    in rotations: ";
    /** After a block's engines: the canary after each measured rotation, ms. */
    public static final String CANARY = "  canary per rotation (ms): ";
    /** After a block's engines: the steal over each measured rotation, %. */
    public static final String STEAL = "  steal per rotation (%): ";

    private TurnLog() {
    }
}
