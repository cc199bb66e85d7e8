package dev.kvbench.report.section;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.folder.JmhLog;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.RunKey;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.Verdict;
import dev.kvbench.results.OrderStatistics;
import dev.kvbench.results.Stability;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's verdicts from interleaved turns paired by rotation, on fixtures of turns: what a noisy host, a true
 * tie, a drifting engine and a rotation without one engine's turn make of At a glance and the ranking sentences.
 */
class PairedVerdictTest {

    private static final String READ_SEQ = "dev.kvbench.bench.ReadSeqBenchmark.readSeq";
    private static final int ROTATIONS = 25;

    /** A host whose speed moves by up to ±30% from rotation to rotation, the same for every engine in a rotation. */
    private static double[] host(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] factor = new double[ROTATIONS];
        for (int r = 0; r < ROTATIONS; r++) {
            factor[r] = 0.7 + 0.6 * random.nextDouble();
        }
        return factor;
    }

    /** An engine of {@code ms} per pass on {@code host}, with ±{@code jitter} of its own in each turn. */
    private static Map<Integer, Double> turns(double ms, double[] host, double jitter, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<Integer, Double> turns = new LinkedHashMap<>();
        for (int r = 0; r < host.length; r++) {
            turns.put(r + 1, ms * host[r] * (1 + jitter * (2 * random.nextDouble() - 1)));
        }
        return turns;
    }

    /** A result as the report builds it: the median of its turns and that median's 99.9% interval, and the turns. */
    private static Result run(String store, Map<Integer, Double> turns) {
        double[] sorted = turns.values().stream()
                .mapToDouble(Double::doubleValue)
                .sorted()
                .toArray();
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        int k = OrderStatistics.lowerRank(n);
        double error = k < 1 ? Double.NaN : Math.max(median - sorted[k - 1], sorted[n - k] - median);
        return new Result(
                new RunKey(READ_SEQ, Map.of("store", store)),
                median,
                error,
                Result.Status.OK,
                null,
                new LinkedHashMap<>(),
                turns,
                Map.of());
    }

    @Test
    void onANoisyHostTheRatiosDecideWhereTheIntervalsOverlap() {
        double[] host = host(1);
        Result lmdb = run("lmdb", turns(2.5, host, 0.03, 2));
        Result mvstore = run("mvstore", turns(3.0, host, 0.03, 3));
        Result xodus = run("xodus", turns(6.0, host, 0.03, 4));
        // each absolute number is imprecise and the two fastest intervals overlap: the old rule names no one
        assertFalse(lmdb.stable() && mvstore.stable(), lmdb.errorMs() + " " + mvstore.errorMs());
        assertTrue(lmdb.ms() + lmdb.errorMs() > mvstore.ms() - mvstore.errorMs());
        Verdict verdict = Verdict.of(List.of(xodus, mvstore, lmdb));
        assertTrue(verdict.paired());
        assertEquals(Verdict.Kind.WINNER, verdict.kind());
        assertSame(lmdb, verdict.best());
        assertTrue(verdict.decided());
        assertTrue(
                verdict.againstLeader(mvstore).low() > 1.1,
                verdict.againstLeader(mvstore).text());
        assertTrue(
                verdict.againstLeader(mvstore).high() < 1.3,
                verdict.againstLeader(mvstore).text());
        String sentence = new Findings(new Specs(Map.of()))
                .ranking("readSeq", List.of(lmdb, mvstore, xodus), Figures.Unit.time(List.of(lmdb)));
        assertTrue(sentence.startsWith("**readSeq**: fastest LMDB DB ("), sentence);
        assertTrue(sentence.contains(" faster than the next, MVStore ("), sentence);
        assertTrue(sentence.contains("paired interval 1.1"), sentence);
        assertTrue(sentence.contains("though their own numbers are imprecise"), sentence);
    }

    @Test
    void aTrueTieIsATieWithItsIntervalAndDecidedOnlyWhenNarrow() {
        double[] host = host(5);
        Result a = run("lmdb", turns(2.0, host, 0.02, 6));
        Result b = run("mvstore", turns(2.0, host, 0.02, 7));
        Verdict narrow = Verdict.of(List.of(a, b));
        assertEquals(Verdict.Kind.TIE, narrow.kind());
        assertTrue(
                narrow.decided(), narrow.againstLeader(narrow.rivals().get(0)).text());
        Result c = run("lmdb", turns(2.0, host, 0.20, 8));
        Result d = run("mvstore", turns(2.0, host, 0.20, 9));
        Verdict wide = Verdict.of(List.of(c, d));
        assertEquals(Verdict.Kind.TIE, wide.kind());
        assertFalse(wide.decided(), wide.againstLeader(wide.rivals().get(0)).text());
        String sentence =
                new Findings(new Specs(Map.of())).ranking("readSeq", List.of(c, d), Figures.Unit.time(List.of(c)));
        assertTrue(sentence.startsWith("**readSeq**: undecided: "), sentence);
        assertTrue(sentence.contains("whose paired intervals hold 1 and are wider than ±3%"), sentence);
    }

    @Test
    void anEngineThatDriftsAcrossAnotherIsNotRankedAgainstItButOneAlwaysSlowerIs() {
        double[] host = host(11);
        Map<Integer, Double> drifting = turns(2.0, host, 0.02, 12);
        // its own time doubles halfway: faster than lmdb at first, slower after
        drifting.replaceAll((rotation, ms) -> rotation > ROTATIONS / 2 ? 2.2 * ms : ms);
        Result mvstore = run("mvstore", drifting);
        Result lmdb = run("lmdb", turns(3.0, host, 0.02, 13));
        Result xodus = run("xodus", turns(9.0, host, 0.02, 14));
        Verdict verdict = Verdict.of(List.of(mvstore, lmdb, xodus));
        assertEquals(Verdict.Kind.TIE, verdict.kind());
        assertFalse(verdict.decided());
        assertTrue(verdict.rivals().stream().noneMatch(r -> r == xodus), "xodus is slower than either all along");
        assertTrue(verdict.ranking().ratio(verdict.best(), xodus).baseFaster());
        assertTrue(Stability.drifted(2.0, 4.4), "the report flags the drift beside the number, as before");
    }

    @Test
    void aRotationWithoutOneEnginesTurnPairsTheOthersAndSkipsIt() {
        double[] host = host(21);
        Map<Integer, Double> lmdbTurns = turns(2.0, host, 0.02, 22);
        Map<Integer, Double> rocksTurns = turns(2.6, host, 0.02, 23);
        lmdbTurns.remove(4);
        rocksTurns.remove(9);
        rocksTurns.put(30, 0.1); // a rotation lmdb never ran in pairs with nothing
        Result lmdb = run("lmdb", lmdbTurns);
        Result rocksdb = run("rocksdb", rocksTurns);
        Verdict verdict = Verdict.of(List.of(rocksdb, lmdb));
        assertSame(lmdb, verdict.best());
        assertEquals(ROTATIONS - 2, verdict.againstLeader(rocksdb).pairs());
        assertEquals(Verdict.Kind.WINNER, verdict.kind());
    }

    @Test
    void runsWithoutTurnsKeepTheIntervalRule() {
        Result a = new Result(new RunKey(READ_SEQ, Map.of("store", "a")), 10, 0.5, Result.Status.OK, null, Map.of());
        Result b = new Result(new RunKey(READ_SEQ, Map.of("store", "b")), 12, 0.5, Result.Status.OK, null, Map.of());
        Verdict verdict = Verdict.of(List.of(a, b));
        assertFalse(verdict.paired());
        assertEquals(Verdict.Kind.WINNER, verdict.kind());
    }

    /**
     * A log written before the interleaver named each turn's rotation: the rotation lines say which engines took a
     * turn in each, and an engine left out of a rotation (extra rotations go to undecided pairs) has no turn there.
     */
    @Test
    void aLogWithoutRotationNumbersIsPairedByItsRotationLines(@TempDir Path dir) throws IOException {
        List<String> lines = new ArrayList<>(List.of(
                "# Run progress: block 1 of 1, readSeq on 2 stores",
                "  rotation w1: lmdb mvstore",
                "  rotation 2: mvstore lmdb",
                "  rotation 3: lmdb mvstore",
                "  rotation 4: lmdb",
                "  rotation 5: mvstore lmdb",
                "# Benchmark: dev.kvbench.bench.ReadSeqBenchmark.readSeq (4 measured rotations at most)",
                "  lmdb                          2.000 ±    0.100 ms/op ( 5.0%), 4 turns, 40 passes",
                "    turns (ms/op, in order): 2.0 2.2 2.4 2.6",
                "  mvstore                       3.000 ±    0.100 ms/op ( 3.3%), 3 turns, 30 passes",
                "    turns (ms/op, in order): 3.0 3.3 3.9",
                "  canary per rotation (ms): 5.10 5.20 5.30 5.40",
                "  steal per rotation (%): 0.00 1.00 2.00 -",
                "# Run complete."));
        Path file = dir.resolve("out-1.txt");
        Files.write(file, lines);
        JmhLog log = JmhLog.read(file);
        assertEquals(Map.of(1, 2.0, 2, 2.2, 3, 2.4, 4, 2.6), log.turns(READ_SEQ, "lmdb"));
        assertEquals(Map.of(1, 3.0, 2, 3.3, 4, 3.9), log.turns(READ_SEQ, "mvstore"));
        assertEquals(4, log.steal().get(READ_SEQ).length);
        assertTrue(Double.isNaN(log.steal().get(READ_SEQ)[3]));
        // the interleaver's own line, where present, says it outright
        lines.add(9, "    in rotations: 1 2 4 5");
        Files.write(file, lines);
        assertEquals(Map.of(1, 2.0, 2, 2.2, 4, 2.4, 5, 2.6), JmhLog.read(file).turns(READ_SEQ, "lmdb"));
    }
}
