package dev.kvbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Two engines of different groups ranked through the anchor both groups held, from fixtures of turns. */
class AnchoredRatioTest {

    /**
     * Turns of an engine whose time is {@code ms} times each rotation's host factor ({@code host}), with a scatter of
     * its own of ±{@code noise} (seeded): rotation → ms.
     */
    private static Map<Integer, Double> turns(double ms, double[] host, double noise, long seed) {
        Random random = new Random(seed);
        Map<Integer, Double> turns = new LinkedHashMap<>();
        for (int r = 0; r < host.length; r++) {
            turns.put(r + 1, ms * host[r] * (1 + noise * (2 * random.nextDouble() - 1)));
        }
        return turns;
    }

    private static double[] host(int rotations, double level, long seed) {
        Random random = new Random(seed);
        double[] host = new double[rotations];
        for (int r = 0; r < rotations; r++) {
            host[r] = level * (1 + 0.3 * random.nextDouble()); // a noisy host: each rotation up to 30% slower
        }
        return host;
    }

    @Test
    void theRatioAcrossGroupsIsTheQuotientOfEachEnginesRatioToTheAnchor() {
        // group 1: the anchor at 10 ms, A at 20 ms; group 2 ran while the host was 1.5x slower: anchor 15, B 45 ms. A
        // comparison of the scores would say B is 2.25x slower than A; through the anchor it is 1.5x (30 ÷ 20)
        double[] host1 = host(60, 1.0, 1);
        double[] host2 = host(60, 1.5, 2);
        Map<Integer, Double> anchor1 = turns(10, host1, 0.02, 3);
        Map<Integer, Double> a = turns(20, host1, 0.02, 4);
        Map<Integer, Double> anchor2 = turns(10, host2, 0.02, 5);
        Map<Integer, Double> b = turns(30, host2, 0.02, 6);

        AnchoredRatio anchored = AnchoredRatio.of(anchor1, a, anchor2, b);
        PairedRatio ratio = anchored.ratio();
        assertEquals(1.5, ratio.median(), 0.05, "B ÷ A through the anchor");
        assertTrue(ratio.low() < 1.5 && ratio.high() > 1.5, ratio.text());
        assertTrue(ratio.baseFaster(), "A is faster, decided: " + ratio.text());
        assertEquals(anchored.other().median() / anchored.base().median(), ratio.median(), 1e-12);
        assertEquals(anchored.other().low() / anchored.base().high(), ratio.low(), 1e-12);
        assertEquals(anchored.other().high() / anchored.base().low(), ratio.high(), 1e-12);
        assertEquals(60, ratio.pairs());
    }

    @Test
    void theIntervalIsNeverNarrowerThanEitherSideNorThanTheDirectPairs() {
        double[] host1 = host(40, 1.0, 7);
        double[] host2 = host(25, 1.2, 8);
        Map<Integer, Double> anchor1 = turns(10, host1, 0.05, 9);
        Map<Integer, Double> a = turns(12, host1, 0.05, 10);
        Map<Integer, Double> anchor2 = turns(10, host2, 0.01, 11);
        Map<Integer, Double> b = turns(11, host2, 0.01, 12);
        AnchoredRatio anchored = AnchoredRatio.of(anchor1, a, anchor2, b);
        double combined = AnchoredRatio.logHalfWidth(anchored.ratio());
        for (PairedRatio side : new PairedRatio[] {
            anchored.base(), anchored.other(), PairedRatio.of(anchor1, a), PairedRatio.of(anchor2, b)
        }) {
            assertTrue(
                    combined >= AnchoredRatio.logHalfWidth(side) - 1e-12,
                    anchored.ratio().text() + " is narrower than " + side.text());
        }
        // each side at 99.95% is at least as wide as the same pairs at 99.9%
        assertTrue(anchored.base().low() <= PairedRatio.of(anchor1, a).low());
        assertTrue(anchored.base().high() >= PairedRatio.of(anchor1, a).high());
        assertEquals(0.9995, AnchoredRatio.SIDE_CONFIDENCE, 1e-12);
    }

    @Test
    void againstTheAnchorItselfTheAnswerIsTheOtherSideAlone() {
        double[] host2 = host(30, 1.0, 13);
        double[] host1 = host(30, 1.0, 14);
        Map<Integer, Double> anchor1 = turns(10, host1, 0.02, 15);
        Map<Integer, Double> anchor2 = turns(10, host2, 0.02, 16);
        Map<Integer, Double> b = turns(25, host2, 0.02, 17);
        AnchoredRatio anchored = AnchoredRatio.of(anchor1, anchor1, anchor2, b);
        assertEquals(1.0, anchored.base().median());
        assertEquals(1.0, anchored.base().low());
        assertEquals(anchored.other().median(), anchored.ratio().median(), 1e-12);
        assertEquals(anchored.other().low(), anchored.ratio().low(), 1e-12);
    }

    @Test
    void aSideWithTooFewPairsGivesNoInterval() {
        double[] host = host(8, 1.0, 18);
        Map<Integer, Double> anchor = turns(10, host, 0.02, 19);
        Map<Integer, Double> a = turns(20, host, 0.02, 20);
        double[] many = host(60, 1.0, 21);
        AnchoredRatio anchored = AnchoredRatio.of(anchor, a, turns(10, many, 0.02, 22), turns(15, many, 0.02, 23));
        assertFalse(anchored.ratio().hasInterval());
        assertFalse(anchored.ratio().decided());
        assertEquals(8, anchored.ratio().pairs());
        assertEquals(0.75, anchored.ratio().median(), 0.05);
    }
}
