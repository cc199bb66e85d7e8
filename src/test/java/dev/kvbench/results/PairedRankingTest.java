package dev.kvbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PairedRankingTest {

    /** Turns 1..n: {@code ms} times a host factor that swings by ±25% from one rotation to the next. */
    private static Map<Integer, Double> turns(double ms, int n, double ownNoise) {
        Map<Integer, Double> turns = new LinkedHashMap<>();
        for (int r = 1; r <= n; r++) {
            double host = r % 2 == 0 ? 1.25 : 0.75;
            double own = 1 + ownNoise * Math.sin(r * 1.7);
            turns.put(r, ms * host * own);
        }
        return turns;
    }

    @Test
    void theRatioIsTheMedianOfPairedTurnsWithTheOrderStatisticsInterval() {
        Map<Integer, Double> a = new LinkedHashMap<>();
        Map<Integer, Double> b = new LinkedHashMap<>();
        for (int r = 1; r <= 11; r++) {
            a.put(r, 1.0 * r);
            b.put(r, 2.0 * r * (1 + 0.01 * (r - 6)));
        }
        PairedRatio ratio = PairedRatio.of(a, b);
        assertEquals(11, ratio.pairs());
        assertEquals(2.0, ratio.median(), 1e-9);
        assertEquals(2 * 0.95, ratio.low(), 1e-9); // 11 pairs: the extremes
        assertEquals(2 * 1.05, ratio.high(), 1e-9);
        assertTrue(ratio.baseFaster());
        assertEquals("2.00× (1.90-2.10×)", ratio.text());
        assertTrue(ratio.inverse().otherFaster());
    }

    @Test
    void tenPairsGiveNoIntervalAndDecideNothing() {
        PairedRatio ratio = PairedRatio.of(turns(1, 10, 0), turns(3, 10, 0));
        assertFalse(ratio.hasInterval());
        assertFalse(ratio.decided());
        assertEquals("3.00× (no interval: 10 pairs)", ratio.text());
    }

    @Test
    void aHostThatSwingsByHalfStillOrdersEnginesTenPercentApart() {
        Map<String, Map<Integer, Double>> engines =
                Map.of("a", turns(1.0, 25, 0.02), "b", turns(1.1, 25, 0.02), "c", turns(1.1, 25, 0.02));
        PairedRanking<String> ranking = PairedRanking.of(List.of("c", "b", "a"), engines::get, e -> 1);
        assertEquals("a", ranking.leader());
        assertEquals(PairedRanking.Kind.WINNER, ranking.kind());
        // b and c are the same engine: their neighbouring pair is a tie within ±3%, decided
        assertTrue(
                ranking.undecidedNeighbours().isEmpty(),
                ranking.undecidedNeighbours().toString());
    }

    @Test
    void aCloseWidePairIsUndecidedAndNamedForMoreTurns() {
        Map<String, Map<Integer, Double>> engines =
                Map.of("a", turns(1.0, 12, 0.15), "b", turns(1.02, 12, 0.0), "c", turns(3.0, 12, 0.0));
        PairedRanking<String> ranking = PairedRanking.of(List.of("a", "b", "c"), engines::get, e -> 1);
        assertEquals(PairedRanking.Kind.UNDECIDED, ranking.kind());
        assertEquals(1, ranking.undecidedNeighbours().size());
        assertTrue(ranking.undecidedNeighbours().get(0).containsAll(List.of("a", "b")));
        assertEquals("c", ranking.order().get(2));
    }
}
