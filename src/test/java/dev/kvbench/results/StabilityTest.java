package dev.kvbench.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The one threshold for ranking and naming a drift, and the drift line written and read back. */
class StabilityTest {

    @Test
    void aDriftIsNamedOnlyBeyondTheStabilityThresholdEitherWay() {
        assertEquals(0.10, Stability.ERROR);
        assertTrue(Stability.drifted(100, 111));
        assertTrue(Stability.drifted(100, 89));
        assertFalse(Stability.drifted(100, 109));
        assertFalse(Stability.drifted(100, 91));
    }

    @Test
    void theDriftLineReadsBackAsWrittenAndNothingElseReadsAsOne() {
        String line = Stability.driftLine(1.49e6, 3.45e6);
        assertEquals(
                "    drift: 1.490 ms/op in the first third of the turns, 3.450 in the last (+132%), each turn divided"
                        + " by its host factor",
                line);
        assertArrayEquals(new double[] {1.49, 3.45}, Stability.parseDriftLine(line), 1e-12);
        assertArrayEquals(
                new double[] {2.5e-5, 1.2e4}, Stability.parseDriftLine(Stability.driftLine(25, 1.2e10)), 1e-12);
        assertNull(Stability.parseDriftLine("    turns (ms/op, in order): 2.053 1.920 1.822"));
        assertNull(
                Stability.parseDriftLine("drift: 1.49 ms/op in the first third of the turns, 3.45 in the last"),
                "not indented under an engine");
    }
}
