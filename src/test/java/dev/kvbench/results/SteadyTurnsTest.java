package dev.kvbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** An engine's turns JVM by JVM: which turns a score keeps, the host divided out, and JVMs that disagree. */
class SteadyTurnsTest {

    /** Two JVMs' turns as the log keys them: JVM k's turn of rotation r under 2r + k + 1. */
    private static Map<Integer, Double> twoJvms(double[] first, double[] second) {
        Map<Integer, Double> turns = new TreeMap<>();
        for (int r = 0; r < first.length; r++) {
            turns.put(2 * r + 1, first[r]);
            turns.put(2 * r + 2, second[r]);
        }
        return turns;
    }

    private static double[] level(double ms, int n, double... jitter) {
        double[] turns = new double[n];
        for (int i = 0; i < n; i++) {
            turns[i] = ms * (1 + jitter[i % jitter.length]);
        }
        return turns;
    }

    @Test
    void aJvmStillWarmingUpLosesItsSlowTurnsAndTheOtherKeepsAll() {
        double[] warm = level(10, 12, 0.01, -0.02, 0.015, 0, -0.01);
        double[] cold = warm.clone();
        cold[0] = 80;
        cold[1] = 85;
        cold[2] = 82;
        SteadyTurns steady = SteadyTurns.of(twoJvms(warm, cold), Map.of(), 2);
        assertEquals(2, steady.jvms().size());
        assertFalse(steady.flat());
        assertTrue(steady.steady());
        assertEquals(3, steady.leftOut());
        assertFalse(steady.kept().containsKey(2));
        assertFalse(steady.kept().containsKey(6));
        assertTrue(steady.kept().containsKey(8));
        assertTrue(steady.kept().containsKey(1));
        assertEquals(10, steady.median(), 0.2);
        assertEquals(
                List.of("JVM 2: warm-up: 3 of 12 turns left out (82.0, then 10.0 ms/pass)"), steady.notFlat("ms/pass"));
        assertFalse(steady.jvmsDiffer());
    }

    @Test
    void anEngineWithoutASteadyStateInAnyJvmHasNoTurnsToScore() {
        double[] alternating = {7.9, 1.3, 9.8, 1.2, 1.5, 10.6, 7.1, 1.4, 8.8, 1.3, 11.0, 1.2};
        SteadyTurns steady = SteadyTurns.of(twoJvms(alternating, alternating.clone()), Map.of(), 2);
        assertFalse(steady.steady());
        assertTrue(steady.kept().isEmpty());
        assertEquals(24, steady.leftOut());
        assertEquals(1.2, steady.range()[0]);
        assertEquals(11.0, steady.range()[1]);
    }

    @Test
    void jvmsThatRunAtTwoSpeedsAreNamedAsDisagreeing() {
        // MVStore's cursor passes: one JVM 1.60 ms/pass, the other 2.07
        SteadyTurns steady = SteadyTurns.of(
                twoJvms(level(1.60, 12, 0.01, -0.01, 0.02, 0), level(2.07, 12, -0.01, 0.01, 0, 0.02)), Map.of(), 2);
        assertTrue(steady.flat());
        assertTrue(steady.jvmsDiffer());
        assertEquals(1.60, steady.jvmMedians().get(0), 0.02);
        assertEquals(2.07, steady.jvmMedians().get(1), 0.03);
    }

    @Test
    void aSlowPhaseOfTheHostIsDividedOutBeforeTheChangepointsAreLooked() {
        // six engines, one JVM each; the host twice as slow from rotation 7 on, for every engine alike
        Map<String, Map<Integer, Double>> block = new LinkedHashMap<>();
        for (int e = 0; e < 6; e++) {
            Map<Integer, Double> turns = new TreeMap<>();
            for (int r = 1; r <= 12; r++) {
                turns.put(r, (e + 1) * (r >= 7 ? 2.0 : 1.0) * (1 + 0.01 * ((r * (e + 3)) % 3)));
            }
            block.put("engine" + e, turns);
        }
        Map<String, Map<Integer, Double>> factors = SteadyTurns.hostFactors(block);
        SteadyTurns divided = SteadyTurns.of(block.get("engine0"), factors.get("engine0"), 1);
        assertTrue(divided.flat(), divided.notFlat("ms").toString());
        SteadyTurns measured = SteadyTurns.of(block.get("engine0"), Map.of(), 1);
        assertFalse(measured.flat());
    }

    @Test
    void aTurnsJvmGivenByTheLogOutranksItsKeysRemainder() {
        Map<Integer, Double> turns = twoJvms(level(1.6, 12, 0.01, -0.01, 0), level(1.6, 12, 0.02, -0.01, 0));
        Map<Integer, Integer> jvmOf = new TreeMap<>();
        turns.keySet().forEach(key -> jvmOf.put(key, (key - 1) % 2));
        // a third and a fourth JVM, keyed past every rotation of the first two, run at another speed
        for (int r = 0; r < 12; r++) {
            for (int j = 2; j < 4; j++) {
                int key = 100 + 6 * r + j + 1;
                turns.put(key, 2.07 * (1 + 0.01 * (r % 3)));
                jvmOf.put(key, j);
            }
        }
        SteadyTurns steady = SteadyTurns.of(turns, Map.of(), jvmOf);
        assertEquals(4, steady.jvms().size());
        assertEquals(List.of(0, 1, 2, 3), List.copyOf(steady.jvmMedians().keySet()));
        assertEquals(2.07, steady.jvmMedians().get(3), 0.05);
        assertTrue(steady.jvmsDiffer());
        // by the keys' remainder alone the four JVMs would be two, each mixing both speeds
        assertEquals(2, SteadyTurns.of(turns, Map.of(), 2).jvms().size());
    }
}
