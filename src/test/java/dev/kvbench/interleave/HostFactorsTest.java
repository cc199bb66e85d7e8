package dev.kvbench.interleave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.SteadyTurns;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostFactorsTest {

    /** {@code engines} trials of base times 100, 200, ... ns over {@code rotations}, each turn times {@code host[r]}. */
    private static List<Turns> block(int engines, double[] host) {
        List<Turns> block = new ArrayList<>();
        for (int e = 0; e < engines; e++) {
            Turns t = new Turns();
            for (int r = 0; r < host.length; r++) {
                t.add(r, new long[] {Math.round(100 * (e + 1) * host[r] * 1000)});
            }
            block.add(t);
        }
        return block;
    }

    private static double[] slowPhase() {
        double[] host = new double[12];
        for (int r = 0; r < host.length; r++) {
            host[r] = r >= 3 && r < 8 ? 1.3 : 1.0; // five rotations of twelve 30% slower
        }
        return host;
    }

    @Test
    void aSlowPhaseOverWholeRotationsIsTakenOutOfEveryEngine() {
        List<Turns> block = block(8, slowPhase());
        double before = block.get(0).relativeError();
        assertTrue(before > 0.25, "five slow rotations of twelve widen the interval as measured: " + before);
        HostFactors.apply(block);
        for (Turns t : block) {
            assertEquals(0, t.relativeError(), 1e-9, "every turn is the engine's own time again");
            assertEquals(t.rawMedian(), t.median(), 1e-6 * t.median(), "the score stays the median as measured");
            assertEquals(5, t.adjusted(), "the five slow rotations are divided by 1.3, the others by 1");
        }
        assertEquals(2.0, block.get(1).median() / block.get(0).median(), 1e-9, "the engines' ratio is kept");
        assertEquals(
                "1.000 1.000 1.000 1.300 1.300 1.300 1.300 1.300 1.000 1.000 1.000 1.000", HostFactors.text(block));
    }

    @Test
    void anEnginesOwnSlowTurnIsNotDividedByItself() {
        double[] flat = new double[12];
        java.util.Arrays.fill(flat, 1.0);
        List<Turns> block = block(7, flat);
        Turns odd = new Turns();
        for (int r = 0; r < 12; r++) {
            odd.add(r, new long[] {r == 5 ? 3_000_000 : 1_000_000});
        }
        block.add(odd);
        HostFactors.apply(block);
        assertEquals(
                0, odd.adjusted(), "the other seven engines were steady in every rotation: no turn of it is scaled");
        assertEquals(3_000_000, sortedMax(odd), 1e-6, "its own slow turn stands");
    }

    private static double sortedMax(Turns t) {
        double max = 0;
        for (int i = 0; i < t.count(); i++) {
            max = Math.max(max, t.mean(i));
        }
        return max;
    }

    @Test
    void aRotationWithFewerThanFiveOtherEnginesStandsAsMeasured() {
        List<Turns> block = block(SteadyTurns.MIN_OTHERS, slowPhase()); // four others per turn
        double[] before = block.stream().mapToDouble(Turns::relativeError).toArray();
        HostFactors.apply(block);
        for (int e = 0; e < block.size(); e++) {
            assertEquals(0, block.get(e).adjusted());
            assertEquals(before[e], block.get(e).relativeError(), 1e-12);
        }
        assertEquals("- - - - - - - - - - - -", HostFactors.text(block));
    }

    @Test
    void theRotationsOnlyTheWideEnginesTookAreLeftAsMeasured() {
        List<Turns> block = block(8, slowPhase());
        // two engines went on for rotations 12..14, slow in all of them
        for (int r = 12; r < 15; r++) {
            block.get(0).add(r, new long[] {130_000});
            block.get(1).add(r, new long[] {260_000});
        }
        HostFactors.apply(block);
        assertEquals(
                5, block.get(0).adjusted(), "the five slow rotations with all eight engines, not the three with two");
        assertEquals(5, block.get(7).adjusted());
    }
}
