package dev.kvbench.direct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.Metric;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pairing of direct and Store passes that measures the harness's own cost. */
class HarnessPairsTest {

    @Test
    void turnsAlternateSoThatNeitherPathAlwaysRunsSecond() {
        HarnessPairs pairs = new HarnessPairs();
        List<String> turns = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            turns.add(pairs.storeTurn() ? "S" : "D");
            pairs.ran(1, true);
        }
        assertEquals(List.of("D", "S", "S", "D", "D", "S", "S", "D"), turns);
        assertEquals(4, pairs.pairs());
    }

    @Test
    void theRatioIsTheGeometricMeanOfThePairsRatios() {
        HarnessPairs pairs = new HarnessPairs();
        // Pairs (direct, store): (100, 110) then (store, direct): (220, 200): both ratios 1.1.
        pairs.ran(100_000_000, true);
        pairs.ran(110_000_000, true);
        pairs.ran(220_000_000, true);
        pairs.ran(200_000_000, true);
        Map<String, Object> m = pairs.metrics();
        assertEquals(1.1, (double) m.get(Metric.HARNESS_RATIO), 1e-9);
        assertEquals(0.0, (double) m.get(Metric.HARNESS_RATIO_ERROR), 1e-9);
        assertEquals(150.0, (double) m.get(Metric.HARNESS_DIRECT), 1e-9);
        assertEquals(165.0, (double) m.get(Metric.HARNESS_STORE), 1e-9);
        assertEquals(2, m.get(Metric.HARNESS_PAIRS));
    }

    @Test
    void warmupPassesAndHalfPairsAcrossIterationsAreNotCounted() {
        HarnessPairs pairs = new HarnessPairs();
        pairs.ran(5, false); // warmup: direct
        pairs.ran(7, false); // warmup: store
        pairs.iterationStarts(); // measurement starts: the warmup's half pair, if any, is dropped
        pairs.ran(100, true); // store
        pairs.iterationStarts(); // as a caller would not between two measured iterations: dropped here
        pairs.ran(100, true); // direct
        pairs.ran(100, true); // direct: pairs with nothing yet
        pairs.ran(120, true); // store
        assertEquals(1, pairs.pairs());
        assertTrue(pairs.metrics().containsKey(Metric.HARNESS_RATIO));
        assertFalse(pairs.metrics().containsKey(Metric.HARNESS_RATIO_ERROR), "one pair has no error");
    }

    @Test
    void noMeasuredPairMeansNoFigures() {
        assertTrue(new HarnessPairs().metrics().isEmpty());
    }
}
