package dev.kvbench.interleave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Each engine's score over its turns: the median, and the distribution-free interval of it. */
class TurnsTest {

    @Test
    void theIntervalNeedsElevenTurnsAndWidensItsRanksAsTurnsGrow() {
        assertEquals(0, Turns.lowerRank(10)); // P(all 10 on one side) = 2 x 1/1024 > 0.1%
        assertEquals(1, Turns.lowerRank(11)); // the extremes: 2 x 1/2048 < 0.1%
        assertEquals(3, Turns.lowerRank(20)); // P(X <= 2) = 211/2^20 = 0.0002, P(X <= 3) = 0.0013
        assertEquals(11, Turns.fewestForInterval());
    }

    @Test
    void aTurnIsTheMeanOfItsPassesAndTheScoreTheMedianOfTurns() {
        Turns turns = new Turns();
        turns.add(new long[] {10, 30});
        turns.add(new long[] {50});
        turns.add(new long[] {40});
        assertEquals(3, turns.count());
        assertEquals(4, turns.passes());
        assertEquals(40.0, turns.median());
        assertTrue(Double.isNaN(turns.error()), "three turns give no 99.9% interval");
        assertEquals(Double.POSITIVE_INFINITY, turns.relativeError());
    }

    @Test
    void aFewSlowTurnsMoveNeitherTheMedianNorTheInterval() {
        Turns steady = new Turns();
        Turns hit = new Turns();
        for (int i = 0; i < 20; i++) {
            long pass = 100 + i; // 100..119 ns
            steady.add(new long[] {pass});
            hit.add(new long[] {i < 2 ? pass * 3 : pass}); // a slow phase of the host in two turns
        }
        assertEquals(109.5, steady.median());
        assertEquals(steady.median(), hit.median(), 2.0);
        // ranks 3 and 18 of 20: 102 and 117, so the half-width is 117 - 109.5 on the wider side
        assertEquals(7.5, steady.error(), 1e-9);
        assertTrue(hit.error() <= 8.5, "two slow turns of twenty stay outside the interval: " + hit.error());
    }
}
