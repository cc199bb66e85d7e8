package dev.kvbench.interleave;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The size of a YCSB block's turns, from each engine's time per operation in its last warm-up turn. */
class YcsbTurnSizeTest {

    @Test
    void everyEngineTakesTheMedianEnginesTurnButOneFarSlower() {
        Map<String, Long> nanosPerOp = new LinkedHashMap<>();
        nanosPerOp.put("lmdb", 8_000L);
        nanosPerOp.put("rocksdb", 10_000L);
        nanosPerOp.put("heap", 2_000L);
        nanosPerOp.put("xodus", 12_000L);
        nanosPerOp.put("mvstore", 4_000_000L); // 250 ops/s: a 100 ms turn of the median's 10,000 would last 40 s
        Map<String, Long> ops = YcsbTurnSize.turnOps(nanosPerOp, 100);
        assertEquals(10_000L, ops.get("lmdb"), "100 ms at the median engine's 100,000 ops/s");
        assertEquals(10_000L, ops.get("rocksdb"));
        assertEquals(10_000L, ops.get("heap"));
        assertEquals(10_000L, ops.get("xodus"), "1.2 s at most: within ten turns' length, the same operations");
        assertEquals(250L, ops.get("mvstore"), "its own rate for ten times a turn's length: 1 s");
    }

    @Test
    void aTurnIsAtLeastTenAndAtMostAMillionOperations() {
        assertEquals(
                YcsbTurnSize.MIN_OPS,
                YcsbTurnSize.turnOps(Map.of("fs", 500_000_000L), 100).get("fs"));
        assertEquals(
                YcsbTurnSize.MAX_OPS,
                YcsbTurnSize.turnOps(Map.of("null", 10L), 1000).get("null"));
        assertEquals(Map.of(), YcsbTurnSize.turnOps(Map.<String, Long>of(), 100));
    }
}
