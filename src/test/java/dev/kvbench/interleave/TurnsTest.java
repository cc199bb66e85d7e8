package dev.kvbench.interleave;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
    void aJvmStillWarmingUpIsScoredAndPairedOnItsSteadyTurnsOnly() {
        // two JVMs, rotation r's turn of JVM k under 2r + k; JVM 2's first three turns 8x slower
        Turns turns = new Turns(2);
        for (int r = 0; r < 12; r++) {
            long jitter = (r % 3) * 100_000L;
            turns.add(2 * r, new long[] {10_000_000L + jitter});
            turns.add(2 * r + 1, new long[] {(r < 3 ? 80_000_000L : 10_000_000L) + jitter});
        }
        assertEquals(24, turns.count());
        assertEquals(21, turns.steadyByRotation().size());
        assertTrue(!turns.steadyByRotation().containsKey(1)
                && turns.steadyByRotation().containsKey(7));
        assertEquals(10_100_000, turns.score(), 1);
        assertEquals(
                java.util.List.of("JVM 2: warm-up: 3 of 12 turns left out (80.1, then 10.1 ms/op)"),
                turns.steady().notFlat("ms/op"));
    }

    @Test
    void aFewSlowTurnsMoveNeitherTheMedianNorTheInterval() {
        Turns steady = new Turns();
        Turns hit = new Turns();
        for (int i = 0; i < 20; i++) {
            long pass = 100L + i; // 100..119 ns
            steady.add(new long[] {pass});
            hit.add(new long[] {i < 2 ? pass * 3 : pass}); // a slow phase of the host in two turns
        }
        assertEquals(109.5, steady.median());
        assertEquals(steady.median(), hit.median(), 2.0);
        // ranks 3 and 18 of 20: 102 and 117, so the half-width is 117 - 109.5 on the wider side
        assertEquals(7.5, steady.error(), 1e-9);
        assertTrue(hit.error() <= 8.5, "two slow turns of twenty stay outside the interval: " + hit.error());
    }

    @Test
    void aDriftComparesTheFirstAndLastThirdOfTheTurnsWithTheHostFactorDividedOut() {
        Turns turns = new Turns();
        for (int i = 0; i < 5; i++) {
            turns.add(new long[] {100});
        }
        assertEquals(null, turns.drift(), "five turns are too few to compare thirds");
        Turns drifting = new Turns();
        long[] times = {100, 104, 98, 101, 150, 210, 200, 205, 190};
        for (long time : times) {
            drifting.add(new long[] {time});
        }
        // thirds of nine: 100 104 98 (median 100) and 200 205 190 (median 200)
        assertArrayEquals(new double[] {100, 200}, drifting.drift(), 1e-9);
        drifting.factor(8, 2.0); // the last turn's rotation ran at half speed: 190 counts as 95
        assertArrayEquals(new double[] {100, 200}, drifting.drift(), 1e-9);
        drifting.factor(7, 2.0); // 205 counts as 102.5: the last third is now 95, 102.5, 200
        assertArrayEquals(new double[] {100, 102.5}, drifting.drift(), 1e-9);
    }
}
