package dev.kvbench.report.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

class VerdictTest {

    private static Result run(String store, double ms, double error) {
        return new Result(
                new RunKey("dev.kvbench.bench.WriteBenchmark.write", Map.of("store", store)),
                ms,
                error,
                Result.Status.OK,
                null,
                Map.of());
    }

    /** The noisy-host case: the slowest writer is the only stable one; it must not be named the fastest. */
    @Test
    void theOnlyStableEngineIsNoWinnerWhenFewerThanHalfAreStable() {
        Result fs = run("fs", 1791, 20);
        Result lmdb = run("lmdb", 78, 12);
        Result rocksdb = run("rocksdb", 173, 38);
        Verdict verdict = Verdict.of(List.of(fs, lmdb, rocksdb));
        assertEquals(Verdict.Kind.NONE, verdict.kind());
        assertEquals("no stable winner (1 of 3 stable)", verdict.noWinner());
        assertSame(fs, verdict.best());
    }

    @Test
    void anUnstableEngineThatCouldBeFasterBlocksTheWinner() {
        Result a = run("a", 10, 0.5);
        Result b = run("b", 11, 0.5);
        Result c = run("c", 12, 3); // unstable (25%), reaches down to 9
        Verdict verdict = Verdict.of(List.of(a, b, c));
        assertEquals(Verdict.Kind.NONE, verdict.kind());
        assertEquals(List.of(c), verdict.rivals());
    }

    @Test
    void anUnstableEngineThatCannotBeFasterLeavesTheWinner() {
        Result a = run("a", 10, 0.5);
        Result b = run("b", 20, 1);
        Result c = run("c", 40, 10); // unstable, but at least 30
        Verdict verdict = Verdict.of(List.of(c, b, a));
        assertEquals(Verdict.Kind.WINNER, verdict.kind());
        assertSame(a, verdict.best());
    }

    @Test
    void overlappingStableEnginesTie() {
        Result a = run("a", 10, 0.6);
        Result b = run("b", 11, 0.6);
        Result c = run("c", 30, 1);
        Verdict verdict = Verdict.of(List.of(a, b, c));
        assertEquals(Verdict.Kind.TIE, verdict.kind());
        assertEquals(List.of(b), verdict.rivals());
    }

    @Test
    void aScoreWithoutAnErrorCouldBeAnything() {
        Result a = run("a", 10, 0.5);
        Result b = run("b", 20, 1);
        Result c = run("c", 50, Double.NaN);
        assertEquals(Verdict.Kind.NONE, Verdict.of(List.of(a, b, c)).kind());
    }

    @Test
    void noStableEngineMeansNoWinner() {
        Verdict verdict = Verdict.of(List.of(run("a", 10, 5), run("b", 20, 8)));
        assertEquals(Verdict.Kind.NONE, verdict.kind());
        assertEquals("no stable winner (0 of 2 stable)", verdict.noWinner());
    }

    /**
     * An engine's 40 turns in 4 JVMs (key k in JVM k mod 4), at {@code ms} of its JVM within about 1%; with
     * {@code added} its JVMs are named as JVMs added for it, scored over them as the folder reader scores them.
     */
    private static Result jvmRun(String store, IntToDoubleFunction ms, boolean added, boolean groups) {
        double[] jitter = {0.01, -0.012, 0.004, -0.006, 0.009, 0, -0.003};
        Map<Integer, Double> turns = new TreeMap<>();
        Map<Integer, Integer> jvms = new TreeMap<>();
        for (int key = 1; key <= 40; key++) {
            turns.put(key, ms.applyAsDouble(key % 4) * (1 + jitter[key % jitter.length]));
            jvms.put(key, key % 4);
        }
        Map<String, Double> metrics = new HashMap<>();
        if (added) {
            metrics.put(Result.JVMS, 4.0);
            if (groups) {
                metrics.put(Result.JVM_GROUPS, 1.0);
            }
        }
        return new Result(
                new RunKey("dev.kvbench.bench.ReadSeqBenchmark.readSeq", Map.of("store", store)),
                3.0,
                0.4,
                Result.Status.OK,
                null,
                metrics,
                turns,
                added ? jvms : Map.of());
    }

    /** MVStore's JVMs at 2.6 and 3.4 ms, two of each, LMDB's all at 3.0: each JVM pair has one faster, half each way. */
    @Test
    void aPairUndecidedWhoseJvmsSplitDependsOnTheJvmAndIsDecided() {
        IntToDoubleFunction bimodal = jvm -> jvm % 2 == 0 ? 2.6 : 3.4;
        Result mvstore = jvmRun("mvstore", bimodal, true, true);
        Result lmdb = jvmRun("lmdb", jvm -> 3.0, true, false);
        Verdict verdict = Verdict.of(List.of(mvstore, lmdb));
        assertTrue(verdict.paired());
        assertTrue(verdict.decided());
        assertTrue(verdict.dependsOnJvm());
        Result rival = verdict.rivals().get(0);
        assertTrue(verdict.dependsOnJvm(rival));
        String text = verdict.tieText("LEAD", r -> "RIVAL with its ratio", r -> "RIVAL");
        assertEquals("depends on the JVM: LEAD faster in 2 of 4 JVM pairs, RIVAL in 2", text);

        // the same turns, no JVMs added (or none of them in two groups): undecided, as before
        Verdict first =
                Verdict.of(List.of(jvmRun("mvstore", bimodal, false, false), jvmRun("lmdb", j -> 3.0, false, false)));
        assertFalse(first.decided());
        assertFalse(first.dependsOnJvm());
        assertTrue(first.tieText("LEAD", r -> "RIVAL 1.0×").startsWith("undecided: LEAD or RIVAL 1.0×"));
        Verdict oneGroup = Verdict.of(List.of(jvmRun("mvstore", bimodal, true, false), lmdb));
        assertFalse(oneGroup.decided(), "JVMs added, but neither engine's in two groups");
    }
}
