package dev.kvbench.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.workload.FaultyStore;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run phase in turns ({@link YcsbWorkload#turns}), as an interleaved run takes it, on real engines. */
class YcsbTurnsTest {

    @TempDir
    Path dir;

    private static WorkloadProperties workloadE(int threads) {
        return Presets.resolve(
                "workloade",
                Map.of(
                        "recordcount",
                        "400",
                        "threadcount",
                        String.valueOf(threads),
                        "fieldcount",
                        "2",
                        "fieldlength",
                        "40",
                        "maxscanlength",
                        "20",
                        "interleave",
                        "true"));
    }

    private static WorkloadProperties workloadA(int threads) {
        return Presets.resolve(
                "workloada",
                Map.of(
                        "recordcount",
                        "400",
                        "threadcount",
                        String.valueOf(threads),
                        "fieldcount",
                        "2",
                        "fieldlength",
                        "40",
                        "interleave",
                        "true"));
    }

    /**
     * The counts by operation type of {@code turns} measured turns of {@code ops} on the heap store, after warm-up
     * turns of {@code warmups} operations and then the catch-up to turns of {@code level}.
     */
    private Map<Op, Long> afterWarmUps(
            String name, WorkloadProperties properties, List<Long> warmups, List<Long> level, int turns, long ops)
            throws InterruptedException {
        YcsbWorkload workload = new YcsbWorkload(properties, "heap");
        try (Store store = Stores.open("heap", dir.resolve(name), YcsbWorkload.shape(properties))) {
            workload.load(store, () -> {});
            try (YcsbWorkload.RunTurns run = workload.turns(store, () -> {})) {
                for (long warmup : warmups) {
                    run.warmupTurn(warmup);
                }
                run.align(level);
                assertEquals(level.stream().mapToLong(Long::longValue).sum(), run.issued(), name);
                for (int i = 0; i < turns; i++) {
                    run.measuredTurn(ops);
                }
                return run.outcome().counts();
            }
        }
    }

    @Test
    void anEngineWhoseWarmUpTurnWasCutShortCatchesUpAndThenRunsTheSameOperations() throws InterruptedException {
        // a stall of the host gave one engine a warm-up turn of its own size, 7 operations where the others took 301;
        // with two threads, where each thread's stream stands must not depend on how the turns were cut either
        List<Long> common = List.of(100L, 301L, 301L);
        for (WorkloadProperties properties : List.of(workloadE(1), workloadA(2))) {
            String threads = String.valueOf(properties.threadCount());
            Map<Op, Long> level = afterWarmUps("level" + threads, properties, common, common, 5, 301);
            assertEquals(
                    5 * 301L, level.values().stream().mapToLong(Long::longValue).sum(), level.toString());
            List<List<Long>> cuts = List.of(List.of(100L, 7L, 301L), List.of(100L, 7L, 7L, 301L), List.of(3L, 5L, 9L));
            for (List<Long> cut : cuts) {
                String name = "behind" + threads + "-" + cut.size() + "-" + cut.get(0);
                assertEquals(
                        level, afterWarmUps(name, properties, cut, common, 5, 301), threads + " thread(s), " + cut);
            }
        }
    }

    /** The counts by operation type of {@code turns} measured turns of {@code ops} after one warm-up turn. */
    private Map<Op, Long> runTurns(String engine, WorkloadProperties properties, int turns, long ops)
            throws InterruptedException {
        YcsbWorkload workload = new YcsbWorkload(properties, engine);
        try (Store store =
                Stores.open(engine, dir.resolve(engine + properties.threadCount()), YcsbWorkload.shape(properties))) {
            workload.load(store, () -> {});
            PhaseOutcome outcome;
            try (YcsbWorkload.RunTurns run = workload.turns(store, () -> {})) {
                run.warmupTurn(ops);
                for (int i = 0; i < turns; i++) {
                    assertTrue(run.measuredTurn(ops) > 0);
                }
                assertEquals(turns, run.turnsTaken());
                outcome = run.outcome();
            }
            assertEquals(turns * ops, outcome.operations(), "the warm-up turn is left out of the counts");
            for (Op op : outcome.counts().keySet()) {
                assertEquals(outcome.counts().get(op), outcome.service().get(op).count(), op + " on " + engine);
            }
            assertEquals(workload.inserted(), workload.verifyAll(store), engine);
            return outcome.counts();
        }
    }

    @Test
    void everyEngineRunsTheSameOperationsTurnByTurn() throws InterruptedException {
        // one client thread: its stream alone decides every operation and key, inserts and scans included
        WorkloadProperties e = workloadE(1);
        Map<Op, Long> lmdb = runTurns("lmdb", e, 5, 300);
        assertTrue(lmdb.get(Op.SCAN) > 1000 && lmdb.get(Op.INSERT) > 10, lmdb.toString());
        assertEquals(lmdb, runTurns("rocksdb", e, 5, 300));
        assertEquals(lmdb, runTurns("heap", e, 5, 300));
    }

    @Test
    void twoClientThreadsRunTheSameOperationsWhereNoneInserts() throws InterruptedException {
        // with inserts, which key a thread draws depends on how far the other thread's inserts got, as in YCSB
        WorkloadProperties a = workloadA(2);
        Map<Op, Long> lmdb = runTurns("lmdb", a, 4, 501);
        assertTrue(lmdb.get(Op.READ) > 500 && lmdb.get(Op.UPDATE) > 500, lmdb.toString());
        assertEquals(lmdb, runTurns("mvstore", a, 4, 501));
        assertEquals(lmdb, runTurns("array", a, 4, 501));
    }

    @Test
    void aTurnHoldsItsInsertsToTheRoomTheRunKeeps() {
        WorkloadProperties inserts = Presets.resolve("workloadd", Map.of("recordcount", "100", "interleave", "true"));
        WorkloadProperties reads = Presets.resolve("workloadc", Map.of("recordcount", "100", "interleave", "true"));
        YcsbWorkload withInserts = new YcsbWorkload(inserts, "heap");
        YcsbWorkload readOnly = new YcsbWorkload(reads, "heap");
        try (Store a = Stores.open("heap", dir.resolve("d"), YcsbWorkload.shape(inserts));
                Store b = Stores.open("heap", dir.resolve("c"), YcsbWorkload.shape(reads));
                YcsbWorkload.RunTurns d = withInserts.turns(a, () -> {});
                YcsbWorkload.RunTurns c = readOnly.turns(b, () -> {})) {
            // 5% inserts: a turn's inserts at most a 128th of the million key numbers kept for them
            assertEquals((long) (YcsbWorkload.TURN_INSERTS / 0.05), d.mostOperations());
            assertEquals(Long.MAX_VALUE, c.mostOperations());
        }
        assertEquals(
                100 + YcsbWorkload.TURNS_INSERT_ROOM,
                YcsbWorkload.shape(inserts).entries());
    }

    @Test
    void aWrongAnswerInATurnIsThrownFromTheTurn() throws InterruptedException {
        WorkloadProperties properties = workloadE(2);
        YcsbWorkload workload = new YcsbWorkload(properties, "heap");
        try (Store real = Stores.open("heap", dir.resolve("h"), YcsbWorkload.shape(properties))) {
            workload.load(real, () -> {});
            Store faulty = new FaultyStore(real, FaultyStore.Fault.SKIP, 50);
            try (YcsbWorkload.RunTurns run = workload.turns(faulty, () -> {})) {
                assertThrows(VerificationException.class, () -> run.measuredTurn(1000));
            }
        }
    }

    @Test
    void interleavedTurnsRefuseAPacedOrTimedRun() {
        for (Map.Entry<String, String> pacing :
                Map.of("target", "1000", "maxexecutiontime", "10").entrySet()) {
            Map<String, String> given = new LinkedHashMap<>(Map.of("interleave", "true"));
            given.put(pacing.getKey(), pacing.getValue());
            WorkloadFileException refused =
                    assertThrows(WorkloadFileException.class, () -> WorkloadProperties.of(given));
            assertTrue(
                    refused.getMessage().contains("interleave=true with " + pacing.getKey() + "=")
                            && refused.getMessage().contains("use interleave=false"),
                    refused.getMessage());
        }
    }

    @Test
    void inTurnsTheOperationCountIsNotInForce() {
        WorkloadProperties turns = WorkloadProperties.of(Map.of("interleave", "true", "operationcount", "0"));
        assertTrue(turns.inTurns());
        assertTrue(
                !turns.inForce().containsKey("operationcount"), turns.inForce().toString());
        assertEquals("true", turns.inForce().get("interleave"));
        assertThrows(WorkloadFileException.class, () -> WorkloadProperties.of(Map.of("operationcount", "0")));
    }
}
