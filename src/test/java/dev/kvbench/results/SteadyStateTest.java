package dev.kvbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.SteadyState.Kind;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The changepoint analysis of one engine-JVM's turns: each class from turns like those a run gave. */
class SteadyStateTest {

    @Test
    void turnsThatScatterAroundOneLevelAreFlat() {
        // LMDB readCrc, 20261128-quick-5: one JVM's twelve turns
        SteadyState state = SteadyState.of(
                new double[] {6.263, 5.884, 5.873, 6.105, 5.935, 5.906, 5.927, 6.085, 6.208, 6.165, 6.028, 5.909});
        assertEquals(Kind.FLAT, state.kind());
        assertEquals(0, state.steadyFrom());
        assertEquals("flat", state.text("ms/pass"));
    }

    @Test
    void aJvmThatWasStillCompilingIsAWarmupAndItsSlowTurnsAreLeftOut() {
        // Xodus readCrc on Zen 4: 80-90 ms for 9 turns, then 10-13 ms
        SteadyState state = SteadyState.of(new double[] {
            84.1, 81.9, 88.7, 80.2, 90.3, 83.3, 82.0, 85.6, 81.1, 10.9, 12.4, 10.6, 11.8, 10.2, 12.9, 11.0
        });
        assertEquals(Kind.WARMUP, state.kind());
        assertEquals(9, state.steadyFrom());
        assertEquals("warm-up: 9 of 16 turns left out (83.3, then 11.0 ms/pass)", state.text("ms/pass"));
    }

    @Test
    void aJvmThatGotSlowerIsASlowdownMeasuredFromWhereItGotThere() {
        SteadyState state =
                SteadyState.of(new double[] {1.02, 1.00, 0.99, 1.01, 1.00, 1.31, 1.29, 1.33, 1.30, 1.32, 1.28, 1.30});
        assertEquals(Kind.SLOWDOWN, state.kind());
        assertEquals(5, state.steadyFrom());
    }

    @Test
    void aChangeInTheLastTurnsLeavesNoSteadyState() {
        SteadyState state = SteadyState.of(new double[] {5.0, 5.1, 4.9, 5.0, 5.2, 5.0, 4.9, 5.1, 5.0, 5.0, 2.1, 2.0});
        assertEquals(Kind.NONE, state.kind());
        assertTrue(state.text("ms/pass").startsWith("no steady state: 2.00-5.20 ms/pass over 12 turns"));
    }

    @Test
    void anEngineThatAlternatesBetweenTwoSpeedsHasNoSteadyState() {
        // the heap map's readSeq on Zen 4: turns mixing 7-11 ms with 1.2-1.5 ms
        SteadyState state = SteadyState.of(new double[] {7.9, 1.3, 9.8, 1.2, 1.5, 10.6, 7.1, 1.4, 8.8, 1.3, 11.0, 1.2});
        assertEquals(Kind.NONE, state.kind());
    }

    @Test
    void aStepSmallerThanTheStepThresholdIsOneLevel() {
        SteadyState state =
                SteadyState.of(new double[] {1.00, 1.00, 1.01, 1.00, 1.00, 1.00, 1.03, 1.03, 1.03, 1.04, 1.03, 1.03});
        assertEquals(Kind.FLAT, state.kind());
    }

    @Test
    void oneStrayTurnIsNotALevel() {
        SteadyState state = SteadyState.of(new double[] {2.0, 2.1, 1.9, 2.0, 4.4, 2.0, 2.1, 1.9, 2.0, 2.05, 1.95, 2.0});
        assertEquals(Kind.FLAT, state.kind());
    }

    @Test
    void tooFewTurnsAreTakenAsTheyAre() {
        assertEquals(Kind.FLAT, SteadyState.of(new double[] {80, 10, 10, 10}).kind());
    }

    @Test
    void noiseAloneIsAlmostNeverCalledNotFlat() {
        Random random = new Random(20261207);
        for (int length : new int[] {12, 24}) {
            for (double sigma : new double[] {0.01, 0.05, 0.15}) {
                int notFlat = 0;
                for (int trial = 0; trial < 2000; trial++) {
                    double[] turns = new double[length];
                    for (int i = 0; i < length; i++) {
                        turns[i] = Math.exp(sigma * random.nextGaussian());
                    }
                    if (SteadyState.of(turns).kind() != Kind.FLAT) {
                        notFlat++;
                    }
                }
                assertTrue(notFlat <= 60, length + " turns, noise " + sigma + ": " + notFlat + " of 2000 not flat");
            }
        }
    }

    @Test
    void aRealWarmupIsFoundThroughNoise() {
        Random random = new Random(7);
        int found = 0;
        for (int trial = 0; trial < 500; trial++) {
            double[] turns = new double[12];
            for (int i = 0; i < turns.length; i++) {
                turns[i] = (i < 4 ? 1.5 : 1.0) * Math.exp(0.05 * random.nextGaussian());
            }
            SteadyState state = SteadyState.of(turns);
            if (state.kind() == Kind.WARMUP && state.steadyFrom() == 4) {
                found++;
            }
        }
        assertTrue(found >= 450, found + " of 500 warm-ups of 1.5× found at turn 4");
    }
}
