package dev.kvbench.report.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
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
}
