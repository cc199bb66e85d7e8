package dev.kvbench.interleave;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The size of a YCSB block's turns, from each engine's time per operation in its last warm-up turn. */
class YcsbTurnSizeTest {

    @Test
    void everyEngineTakesOneSizeThatKeepsTheSlowestRankedEnginesTurnWithinTenTurnLengths() {
        Map<String, Long> nanosPerOp = new LinkedHashMap<>();
        nanosPerOp.put("lmdb", 8_000L);
        nanosPerOp.put("rocksdb", 10_000L);
        nanosPerOp.put("heap", 2_000L);
        nanosPerOp.put("xodus", 12_000L);
        nanosPerOp.put("mvstore", 400_000L); // 2,500 ops/s: a 100 ms turn of the median's 10,000 would last 4 s
        Map<String, Long> ops = YcsbTurnSize.turnOps(nanosPerOp, Set.of("heap"), 100);
        for (String engine : nanosPerOp.keySet()) {
            assertEquals(2_500L, ops.get(engine), engine + ": MVStore's rate for ten times a turn's length, 1 s");
        }
    }

    @Test
    void theMedianEnginesTurnWhenEveryEngineKeepsWithinTenTurnLengths() {
        Map<String, Long> ops =
                YcsbTurnSize.turnOps(Map.of("lmdb", 8_000L, "rocksdb", 10_000L, "xodus", 90_000L), Set.of(), 100);
        assertEquals(Map.of("lmdb", 10_000L, "rocksdb", 10_000L, "xodus", 10_000L), ops);
    }

    @Test
    void onlyALimitRowFarSlowerTakesTurnsOfItsOwnSize() {
        Map<String, Long> nanosPerOp = new LinkedHashMap<>();
        nanosPerOp.put("lmdb", 8_000L);
        nanosPerOp.put("rocksdb", 10_000L);
        nanosPerOp.put("array", 100_000_000L); // 10 ops/s
        Map<String, Long> ops = YcsbTurnSize.turnOps(nanosPerOp, Set.of("array"), 100);
        assertEquals(10_000L, ops.get("lmdb"), "100 ms at the median engine's rate");
        assertEquals(10_000L, ops.get("rocksdb"));
        assertEquals(YcsbTurnSize.MIN_OPS, ops.get("array"), "its own rate for ten times a turn's length");
    }

    @Test
    void aTurnIsAtLeastTenAndAtMostAMillionOperations() {
        assertEquals(
                YcsbTurnSize.MIN_OPS,
                YcsbTurnSize.turnOps(Map.of("fs", 500_000_000L), Set.of(), 100).get("fs"));
        assertEquals(
                YcsbTurnSize.MAX_OPS,
                YcsbTurnSize.turnOps(Map.of("null", 10L), Set.of(), 1000).get("null"));
        assertEquals(Map.of(), YcsbTurnSize.turnOps(Map.<String, Long>of(), Set.of(), 100));
    }
}
