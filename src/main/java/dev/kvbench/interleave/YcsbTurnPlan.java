package dev.kvbench.interleave;

import dev.kvbench.results.TurnLog;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.workload.ycsb.Presets;
import dev.kvbench.workload.ycsb.YcsbParams;
import dev.kvbench.workload.ycsb.YcsbWorkload;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A YCSB block's turns through its rotations: one size for every engine in each rotation (the probes', then the one
 * derived again after each warm-up rotation, {@link YcsbTurnSize#turnOps}), and where each engine's stream of
 * operations stands, so that every engine's turn of a rotation runs the same operations. An engine that sat out
 * rotations the others took (the extra ones go to the engines whose order is undecided) catches up, untimed, before
 * its next turn; a limit row too slow for the block's size takes turns of its own, on a stream of its own, from then on.
 * Each rotation's operations, engine by engine, are a line of the log ({@link TurnLog#OPERATIONS}).
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
    /** Each engine's turn size from the last sizing: the block's, or a slow limit row's own. */
    private Map<EngineJvm, Long> sized = new LinkedHashMap<>();
    /** The limit rows that took turns of their own size: their streams are their own from then on. */
    private final Set<EngineJvm> own = new LinkedHashSet<>();
    /** The block's turn size in each rotation so far, held to the run's room for inserts. */
    private final List<Long> rotationOps = new ArrayList<>();
    /** The operations each engine's client threads were given so far: where its stream stands. */
    private final Map<EngineJvm, Long> issued = new LinkedHashMap<>();
    /** The current rotation's turns so far: each engine's first and last operation (1-based). */
    private final Map<EngineJvm, long[]> ranges = new LinkedHashMap<>();

    private List<EngineJvm> expected = List.of();
    private int rotation;
    /** The most operations a turn may have ({@link YcsbWorkload#turnOperationsAtMost}); 0 until known. */
    private long most;

    YcsbTurnPlan(long turnMillis, int warmupRotations, PrintStream log) {
        this.turnMillis = turnMillis;
        this.warmupRotations = warmupRotations;
        this.log = log;
    }

    /** {@code server}'s turn in the current rotation: its size, the operations after those it was given so far. */
    long ops(EngineJvm server) {
        long size = own.contains(server) ? Math.min(sized.get(server), most(server)) : rotationOps.get(rotation);
        long from = issued.getOrDefault(server, 0L);
        issued.put(server, from + size);
        ranges.put(server, new long[] {from + 1, from + size});
        if (ranges.keySet().containsAll(expected)) {
            logRanges();
        }
        return size;
    }

    /** A warm-up turn's time per operation, ns: what the next sizes are derived from. */
    void probed(EngineJvm server, long nanosPerOp) {
        probes.put(server, nanosPerOp);
    }

    /**
     * Before rotation {@code r}: its size (derived again until the measured rotations, and said once it is final), and
     * the catch-up of {@code active}'s engines that are behind the others through {@code catchup}. False when a lost
     * JVM stops the run.
     */
    boolean beforeRotation(int r, List<EngineJvm> active, Catchup catchup) throws InterruptedException {
        logRanges();
        rotation = r;
        if (r >= YcsbTurnSize.PROBES && r <= warmupRotations && !probes.isEmpty()) {
            sized = YcsbTurnSize.turnOps(probes, limitRows(probes.keySet()), turnMillis);
        }
        long common =
                r < YcsbTurnSize.PROBES || sized.isEmpty() ? YcsbTurnSize.PROBE_OPS : Collections.max(sized.values());
        sized.forEach((server, size) -> {
            if (size < common) {
                own.add(server);
            }
        });
        long start = rotationOps.stream().mapToLong(Long::longValue).sum();
        rotationOps.add(active.isEmpty() ? common : Math.min(common, most(active.get(0))));
        if (r == warmupRotations && !sized.isEmpty()) {
            logSizes();
        }
        String asked = rotationOps.subList(0, r).stream().map(String::valueOf).collect(Collectors.joining(","));
        for (EngineJvm server : List.copyOf(active)) {
            if (!own.contains(server) && issued.getOrDefault(server, 0L) < start) {
                if (!catchup.align(server, asked)) {
                    return false;
                }
                issued.put(server, start);
            }
        }
        expected = List.copyOf(active);
        return true;
    }

    /** The line of the turn sizes, once they are final. */
    private void logSizes() {
        log.println("  turns of operations: "
                + String.join(
                        ", ",
                        sized.entrySet().stream()
                                .map(e -> e.getKey().label + " " + e.getValue())
                                .toList())
                + " (one size for every engine: the median engine's rate in the last warm-up turn times " + turnMillis
                + " ms, or fewer so that the slowest ranked engine's turn lasts at most " + YcsbTurnSize.SLOWEST_TURNS
                + " times that; a limit row slower than that takes its own, its rate times "
                + YcsbTurnSize.SLOWEST_TURNS * turnMillis + " ms, on operations of its own)");
    }

    /** The current rotation's line of operations, once, if any turn of it was asked. */
    private void logRanges() {
        if (ranges.isEmpty()) {
            return;
        }
        log.println(TurnLog.OPERATIONS
                + (rotation < warmupRotations ? "w" : "") + (rotation + 1) + ": "
                + ranges.entrySet().stream()
                        .map(e -> e.getKey().label + " " + e.getValue()[0] + "-" + e.getValue()[1])
                        .collect(Collectors.joining(", ")));
        log.flush();
        ranges.clear();
    }

    /** The most operations a turn of {@code server}'s workload may have, read once from its parameters. */
    private long most(EngineJvm server) {
        if (most == 0) {
            most = YcsbWorkload.turnOperationsAtMost(Presets.resolve(
                    server.params.get("workload"),
                    YcsbParams.overrides(server.params.getOrDefault("props", YcsbParams.NONE))));
        }
        return most;
    }

    /** The limit rows among {@code servers}: measured, never ranked, so free to take turns of their own. */
    private static Set<EngineJvm> limitRows(Set<EngineJvm> servers) {
        Set<EngineJvm> limits = new LinkedHashSet<>();
        for (EngineJvm server : servers) {
            try {
                if (Stores.engine(StoreSpec.parse(server.params.get("store")).engine())
                        .isReference()) {
                    limits.add(server);
                }
            } catch (IllegalArgumentException e) {
                // not a store this JVM knows: ranked, as Rotations takes it
            }
        }
        return limits;
    }
}
