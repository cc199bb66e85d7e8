package dev.kvbench.interleave;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** An engine leaves the extra rotations when even the most rotations could not narrow its interval to a stable one. */
class CannotSettleTest {

    @Test
    void anIntervalNarrowsAtMostByTheSquareRootOfTheTurnsStillToCome() {
        // after 12 of at most 36 rotations an interval can still narrow by sqrt(3), 1.73x: 17.3% is the edge for 10%
        assertTrue(Interleaver.cannotSettle(0.27, 12, 36, 0.10), "a file system's write at ±27% (20261126-quick-3)");
        assertTrue(Interleaver.cannotSettle(0.18, 12, 36, 0.10));
        assertFalse(Interleaver.cannotSettle(0.17, 12, 36, 0.10));
        assertFalse(Interleaver.cannotSettle(0.15, 12, 36, 0.10), "±15% after 12 can still become ±8.7% by 36");
        // later, less narrowing is left
        assertTrue(Interleaver.cannotSettle(0.12, 30, 36, 0.10));
        assertFalse(Interleaver.cannotSettle(0.10, 36, 36, 0.10), "at the most rotations only what is over the line");
        assertTrue(Interleaver.cannotSettle(0.101, 36, 36, 0.10));
    }
}
