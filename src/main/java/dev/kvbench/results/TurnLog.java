package dev.kvbench.results;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

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
    /**
     * Under an engine's rotations, when it ran in more JVMs than the run's first ones: the JVM (1-based) of each turn;
     * without it, a turn's JVM is its key's remainder ({@link SteadyTurns#of(Map, Map, int)}).
     */
    public static final String JVMS = "    in JVMs: ";
    /**
     * Under an engine's turns, one line per JVM whose turns were not flat: its class and the turns its score left out
     * ({@link SteadyTurns#notFlat}); the report finds the same from the turns themselves.
     */
    public static final String STEADY = "    steady state: ";
    /**
     * After a YCSB rotation's order: the operations each engine's turn ran, {@code w3: lmdb 201-400, heap 201-400}
     * (1-based, first to last, of the run phase's one sequence; a {@code w} marks a warm-up rotation).
     */
    public static final String OPERATIONS = "  operations of rotation ";
    /** After a block's engines: the canary after each measured rotation, ms. */
    public static final String CANARY = "  canary per rotation (ms): ";
    /** After a block's engines: the steal over each measured rotation, %. */
    public static final String STEAL = "  steal per rotation (%): ";

    private TurnLog() {}

    /**
     * An engine's turns by the measured rotation each ran in ({@code times[k]} in {@code rotations[k]}), in rotation
     * order: what a paired ratio pairs with another engine's. Several JVMs of one engine in a rotation ({@code -f}) give
     * their mean.
     */
    public static Map<Integer, Double> byRotation(double[] times, int[] rotations) {
        Map<Integer, double[]> sums = new TreeMap<>();
        for (int k = 0; k < times.length; k++) {
            double[] sum = sums.computeIfAbsent(rotations[k], r -> new double[2]);
            sum[0] += times[k];
            sum[1]++;
        }
        Map<Integer, Double> byRotation = new LinkedHashMap<>();
        sums.forEach((rotation, sum) -> byRotation.put(rotation, sum[0] / sum[1]));
        return byRotation;
    }
}
