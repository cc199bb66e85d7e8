package dev.kvbench.interleave;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YCSB block's turn sizes through its rotations: the probes, the sizes derived again after each warm-up rotation
 * ({@link YcsbTurnSize#turnOps}), and before the first measured rotation a catch-up for the engines that took a turn
 * of their own size in a warm-up rotation but take the common size now, so that every engine's measured turns run
 * the same operations.
 */
final class YcsbTurnPlan {

    /** Sends one engine its catch-up turn; false when losing that engine stops the run. */
    interface Catchup {
        boolean align(EngineJvm server, String asked) throws InterruptedException;
    }

    private final long turnMillis;
    private final int warmupRotations;
    private final PrintStream log;
    private final Map<EngineJvm, Long> probes = new LinkedHashMap<>();
    private Map<EngineJvm, Long> ops = new LinkedHashMap<>();
    /** The common turn size of each warm-up rotation so far. */
    private final List<Long> commonOps = new ArrayList<>();

    YcsbTurnPlan(long turnMillis, int warmupRotations, PrintStream log) {
        this.turnMillis = turnMillis;
        this.warmupRotations = warmupRotations;
        this.log = log;
    }

    /** {@code server}'s turn size now: the probes' until the probes are over. */
    long ops(EngineJvm server) {
        return ops.getOrDefault(server, YcsbTurnSize.PROBE_OPS);
    }

    /** A warm-up turn's time per operation, ns: what the next sizes are derived from. */
    void probed(EngineJvm server, long nanosPerOp) {
        probes.put(server, nanosPerOp);
    }

    /**
     * Before rotation {@code r}: the sizes derived again (said once they are final), the common one noted for each
     * warm-up rotation, and before the first measured one the catch-up of {@code active}'s engines on the common size
     * through {@code catchup}. False when a lost JVM stops the run.
     */
    boolean beforeRotation(int r, List<EngineJvm> active, Catchup catchup) throws InterruptedException {
        if (r >= YcsbTurnSize.PROBES && r <= warmupRotations) {
            ops = YcsbTurnSize.turnOps(probes, turnMillis);
        }
        if (r < warmupRotations) {
            commonOps.add(
                    r < YcsbTurnSize.PROBES || ops.isEmpty() ? YcsbTurnSize.PROBE_OPS : Collections.max(ops.values()));
            return true;
        }
        if (r > warmupRotations || ops.isEmpty()) {
            return true;
        }
        log.println("  turns of operations: "
                + String.join(
                        ", ",
                        ops.entrySet().stream()
                                .map(e -> e.getKey().label + " " + e.getValue())
                                .toList())
                + " (the median engine's rate in the last warm-up turn times " + turnMillis + " ms, the same for"
                + " every engine but one whose turn would last over " + YcsbTurnSize.SLOWEST_TURNS
                + " times that: its own rate times " + YcsbTurnSize.SLOWEST_TURNS * turnMillis + " ms)");
        Long common = Collections.max(ops.values());
        String asked = String.join(",", commonOps.stream().map(String::valueOf).toList());
        for (EngineJvm server : List.copyOf(active)) {
            if (common.equals(ops.get(server)) && !catchup.align(server, asked)) {
                return false;
            }
        }
        return true;
    }
}
