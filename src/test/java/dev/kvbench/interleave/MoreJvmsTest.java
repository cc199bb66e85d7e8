package dev.kvbench.interleave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.JvmPairs;
import dev.kvbench.results.PairedRatio;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A pair that differs between JVMs: JVM-bound while undecided, given more JVMs paired JVM by JVM under keys of their
 * own, and then decided, or, where the engine is bimodal, answered JVM by JVM.
 */
class MoreJvmsTest {

    private static final int FORKS = 2;
    private static final int MOST_ROTATIONS = 36;
    private static final int ROTATIONS = 12;
    private static final double[] JITTER = {0.01, -0.012, 0.004, -0.006, 0.009, 0};

    /** JVM {@code jvm}'s 12 turns at {@code ms}, in the first JVMs' rotations or the added ones'. */
    private static void jvm(Turns turns, int jvm, double ms) {
        for (int r = 0; r < ROTATIONS; r++) {
            int key = jvm < FORKS ? Rotations.pairing(r, jvm, FORKS) : MoreJvms.key(r, jvm, FORKS, MOST_ROTATIONS);
            long nanos = Math.round(ms * 1e6 * (1 + JITTER[(r + jvm) % JITTER.length]));
            turns.add(key, jvm, new long[] {nanos});
        }
    }

    /** MVStore's two JVMs at 1.60 and 2.07 ms, LMDB's at 1.85: undecided, and more turns would not decide it. */
    private static List<Turns> firstJvms() {
        Turns mvstore = new Turns(FORKS);
        Turns lmdb = new Turns(FORKS);
        jvm(mvstore, 0, 1.60);
        jvm(mvstore, 1, 2.07);
        jvm(lmdb, 0, 1.85);
        jvm(lmdb, 1, 1.85);
        return List.of(mvstore, lmdb);
    }

    private static List<List<Turns>> bound(List<Turns> engines) {
        return UndecidedPairs.jvmBound(
                engines,
                Turns::steadyByRotation,
                Turns::score,
                turns -> turns.steady().jvmsDiffer());
    }

    @Test
    void aPairUndecidedBecauseOneEnginesJvmsDifferIsJvmBound() {
        List<Turns> engines = firstJvms();
        assertTrue(engines.get(0).steady().jvmsDiffer());
        assertFalse(engines.get(1).steady().jvmsDiffer());
        assertFalse(
                PairedRatio.of(engines.get(0).steadyByRotation(), engines.get(1).steadyByRotation())
                        .decided());
        assertEquals(1, bound(engines).size());
        // the same two engines with JVMs that agree: undecided or not, not JVM-bound
        Turns even = new Turns(FORKS);
        jvm(even, 0, 1.84);
        jvm(even, 1, 1.86);
        assertEquals(List.of(), bound(List.of(even, engines.get(1))));
    }

    @Test
    void theAddedJvmsKeysPairOnlyTheirOwnIndexAndCollideWithNoFirstOne() {
        Set<Integer> keys = new HashSet<>();
        int n = 0;
        for (int r = 0; r < MOST_ROTATIONS; r++) {
            for (int k = 0; k < FORKS; k++, n++) {
                keys.add(Rotations.pairing(r, k, FORKS));
            }
        }
        for (int m = 0; m < 3 * MOST_ROTATIONS; m++) {
            for (int j = FORKS; j < MoreJvms.MOST; j++, n++) {
                keys.add(MoreJvms.key(m, j, FORKS, MOST_ROTATIONS));
            }
        }
        assertEquals(n, keys.size());
    }

    @Test
    void jvmsAddedWhereTheSlowFirstJvmWasTheOddOneOutDecideThePair() {
        List<Turns> engines = firstJvms();
        for (int j = FORKS; j < MoreJvms.MOST; j++) {
            jvm(engines.get(0), j, 1.60);
            jvm(engines.get(1), j, 1.85);
        }
        PairedRatio ratio =
                PairedRatio.of(engines.get(0).steadyByRotation(), engines.get(1).steadyByRotation());
        assertTrue(ratio.decided(), ratio.text());
        assertTrue(ratio.baseFaster(), ratio.text());
        assertEquals(List.of(), bound(engines));
        assertEquals(6, engines.get(0).steady().jvms().size());
        assertEquals(1.60, engines.get(0).steady().overJvms()[0] / 1, 0.03);
    }

    @Test
    void aBimodalEngineIsAnsweredInItsTwoGroupsAndThePairJvmByJvm() {
        List<Turns> engines = firstJvms();
        for (int j = FORKS; j < MoreJvms.MOST; j++) {
            jvm(engines.get(0), j, j < 4 ? 1.60 : 2.07);
            jvm(engines.get(1), j, 1.85);
        }
        Turns mvstore = engines.get(0);
        assertFalse(PairedRatio.of(mvstore.steadyByRotation(), engines.get(1).steadyByRotation())
                .decided());
        assertEquals("3 of 6 JVMs 1.60 ms/pass, 3 of 6 2.07", mvstore.steady().groupsText("ms/pass"));
        double[] over = mvstore.steady().overJvms();
        assertEquals(1.60, over[1], 0.02);
        assertEquals(2.07, over[2], 0.03);
        Map<Integer, PairedRatio> byJvm =
                JvmPairs.byJvm(mvstore.steadyByRotation(), engines.get(1).steadyByRotation(), mvstore.jvmByRotation());
        assertEquals(6, byJvm.size());
        assertEquals(
                "depends on the JVM: mvstore faster in 3 of 6 JVM pairs, lmdb in 3",
                JvmPairs.dependsText(byJvm, "mvstore", "lmdb"));
        double[] split = mvstore.steady().varianceSplit();
        assertTrue(split[0] > 10 * split[1], split[0] + " against " + split[1]);
        assertEquals(List.of(), engines.get(1).steady().jvmGroups());
    }
}
