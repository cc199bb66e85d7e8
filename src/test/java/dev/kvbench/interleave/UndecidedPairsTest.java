package dev.kvbench.interleave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.PairedRatio;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which engines take the extra rotations: those of the neighbouring pairs whose order more turns can still decide. */
class UndecidedPairsTest {

    /** {@code n} turns of {@code ms} on a host that swings ±20% between rotations, times {@code own(r)}. */
    private static Map<Integer, Double> turns(double ms, int n, java.util.function.IntToDoubleFunction own) {
        Map<Integer, Double> turns = new LinkedHashMap<>();
        for (int r = 1; r <= n; r++) {
            turns.put(r, ms * (r % 3 == 0 ? 1.2 : r % 3 == 1 ? 0.8 : 1.0) * own.applyAsDouble(r));
        }
        return turns;
    }

    @Test
    void onlyTheEnginesOfAnUndecidedPairTakeMoreTurns() {
        // a and b 4% apart with 3% noise of their own: 12 pairs leave it open; c is far behind both
        Map<String, Map<Integer, Double>> engines = Map.of(
                "a", turns(1.00, 12, r -> 1 + 0.03 * Math.sin(r)),
                "b", turns(1.04, 12, r -> 1 + 0.03 * Math.cos(r)),
                "c", turns(3.00, 12, r -> 1));
        List<String> next = UndecidedPairs.engines(List.of("a", "b", "c"), engines::get, e -> 1, 84);
        assertEquals(List.of("a", "b"), next);
        assertEquals(List.of(), UndecidedPairs.engines(List.of("a", "c"), engines::get, e -> 1, 84));
    }

    @Test
    void theLeaderAndAnEngineItIsUndecidedAgainstTakeMoreTurnsThoughTheOneBetweenIsDecided() {
        // a is 1.5x faster than b, tightly; c, 1.8x a, swings from 0.55x to 1.5x of that, so 12 pairs leave it
        // undecided against a, and more can decide it; only a's own pair with c brings a more turns
        double[] swing = {0.55, 1.5, 0.6, 1.45, 0.58, 1.4, 0.62, 1.5, 0.56, 1.35, 0.6, 1.45};
        Map<String, Map<Integer, Double>> engines = Map.of(
                "a", turns(1.00, 12, r -> 1),
                "b", turns(1.50, 12, r -> 1 + 0.01 * Math.sin(r)),
                "c", turns(1.80, 12, r -> swing[r - 1]));
        dev.kvbench.results.PairedRanking<String> ranking = dev.kvbench.results.PairedRanking.of(
                List.of("a", "b", "c"), engines::get, e -> e.equals("a") ? 1 : e.equals("b") ? 1.5 : 1.8);
        assertTrue(ranking.ratio("a", "b").decided(), ranking.ratio("a", "b").text());
        assertFalse(
                ranking.againstLeader("c").baseFaster(),
                ranking.againstLeader("c").text());
        assertTrue(
                ranking.undecidedPairs().contains(List.of("a", "c")),
                ranking.undecidedPairs().toString());
        assertTrue(UndecidedPairs.engines(List.of("a", "b", "c"), engines::get, e -> 1, 84)
                .contains("a"));
    }

    @Test
    void twoVariantsOfOneStoreTakeMoreTurnsThoughAnEngineBetweenThemMakesThemNoNeighbours() {
        // rocksdb and its older version 4% apart, noisy; mvstore between them in the ranking, decided against both
        Map<String, Map<Integer, Double>> engines = Map.of(
                "rocksdb", turns(1.00, 12, r -> 1 + 0.03 * Math.sin(r)),
                "mvstore", turns(1.02, 12, r -> 1 + 0.001 * Math.sin(r)),
                "rocksdb:version=10.10.1.1", turns(1.04, 12, r -> 1 + 0.03 * Math.cos(r)),
                "lmdb", turns(3.00, 12, r -> 1));
        List<String> all = List.of("rocksdb", "mvstore", "rocksdb:version=10.10.1.1", "lmdb");
        java.util.function.Function<String, String> base = e -> e.replace(":version=10.10.1.1", "");
        assertEquals(
                List.of("rocksdb", "rocksdb:version=10.10.1.1"),
                UndecidedPairs.variants(all, base, engines::get, e -> 1, 84));
        assertEquals(List.of(), UndecidedPairs.variants(all, base, engines::get, e -> 1, 0), "no rotation left");
        assertEquals(
                List.of(),
                UndecidedPairs.variants(List.of("rocksdb", "mvstore", "lmdb"), base, engines::get, e -> 1, 84),
                "no variants, no pair");
    }

    @Test
    void oneOutlierDoesNotMakeAPairLookHopeless() {
        // 12 pairs 5% apart, tight but for one 2x outlier, which sets the small sample's interval (the extremes)
        Map<Integer, Double> a = turns(1.0, 12, r -> 1);
        Map<Integer, Double> b = turns(1.05, 12, r -> r == 7 ? 0.5 : 1 + 0.01 * Math.sin(r));
        PairedRatio ratio = PairedRatio.of(a, b);
        assertTrue(ratio.low() < 0.6, ratio.text());
        assertTrue(UndecidedPairs.decidable(ratio, 20), "its spread says a few more pairs decide it: " + ratio.text());
    }

    @Test
    void aPairTooCloseForTheTurnsLeftIsLeftAlone() {
        // 0.5% apart with 15% noise: ±3% would take thousands of pairs
        Map<Integer, Double> a = turns(1.0, 12, r -> 1 + 0.15 * Math.sin(r * 1.3));
        Map<Integer, Double> b = turns(1.005, 12, r -> 1 + 0.15 * Math.cos(r * 0.7));
        PairedRatio ratio = PairedRatio.of(a, b);
        assertFalse(ratio.decided(), ratio.text());
        assertFalse(UndecidedPairs.decidable(ratio, 20), ratio.text());
        assertFalse(UndecidedPairs.decidable(ratio, 0), "no turns left: nothing to decide with");
    }
}
