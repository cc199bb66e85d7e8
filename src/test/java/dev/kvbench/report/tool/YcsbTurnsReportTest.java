package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a YCSB workload run in interleaved turns, from the raw files of a real tiny run
 * ({@code fixtures/ycsb-turns}: {@code ./run.sh workload workloada -p recordcount=2000 -p threadcount=2 -p
 * store=lmdb,rocksdb,chronicle}, on a machine busy with a test run, so its turns are noisy). The turns in
 * {@code out-1.txt} give the paired ratios; the side file gives each engine's turn size and count.
 */
class YcsbTurnsReportTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/ycsb-turns");
    /**
     * What {@code ./run.sh workload workloada} answers in one run: the raw files of a real run of YCSB's own workloada
     * (1,000 records) on every engine, one client thread, on a quiet 2-core host (published as {@code
     * results/20261128-workload}). Its turns decide a winner.
     */
    static final Path WORKLOADA = Path.of("src/test/resources/fixtures/ycsb-workloada");

    @TempDir
    static Path dir;

    static String readme;

    static String workloada;

    @BeforeAll
    static void generate() throws IOException {
        readme = Fixtures.report(FIXTURE, dir);
        workloada = Fixtures.report(WORKLOADA, dir.resolve("workloada"), false);
    }

    @Test
    void theAnswerComesFromTurnsPairedByRotationAndSaysWhenItIsUndecided() {
        // chronicle's median turn 0.003182 ms per operation (314,268 ops/s), lmdb's 0.004158, rocksdb's 0.005948;
        // paired,
        // lmdb over chronicle 1.42x (0.93-2.02x) holds 1 and is wider than 3%
        assertTrue(
                readme.contains("| Test 1: YCSB workload workloada | undecided: Chronicle (338,639 ± 343,490 ops/s) or"
                        + " LMDB DB (240,500 ± 2,521,931 ops/s) 1.49× (0.98-2.02×), RocksDB (168,124 ± 542,104 ops/s) 2.11×"
                        + " (0.91-5.40×) |"),
                readme);
        assertTrue(
                readme.contains("decided by paired comparison: every engine ran the same operations in short turns"),
                readme);
        assertTrue(readme.contains("0 of 1 workloads are decided."), readme);
        assertTrue(
                readme.contains(" in the run phase, from each rotation's turns paired (the same operations on every"
                        + " engine); their intervals hold 1 and are wider than ±3%."),
                readme);
        assertFalse(readme.contains("each engine ran once"), readme);
    }

    @Test
    void theTableSaysHowBigTheTurnsWereAndHowManyEachEngineTook() {
        assertTrue(
                readme.contains(
                        "the run phase in interleaved turns: its ops/s from the median of its turns' time per"
                                + " operation, ± the 99.9% interval of that median; the rates per operation type over all its measured"
                                + " turns; turns of 19,330 operations, the same on every engine, 13-27 measured turns per engine)"),
                readme);
        assertTrue(readme.contains("HdrHistogram per thread, merged over every measured turn"), readme);
    }

    @Test
    void theMethodIsAYcsbRunsNotThePassBenchmarks() {
        String method = readme.substring(readme.indexOf("## Method"), readme.indexOf("## Test 1"));
        assertTrue(
                method.contains("- Interleaved turns (`interleave=true`): every engine's JVM loaded its store once"),
                method);
        assertTrue(method.contains("no record skipped that existed before it began"), method);
        assertTrue(method.contains("- Latency: service time per operation type"), method);
        assertFalse(method.contains("one full pass over the data set"), method);
    }

    /**
     * YCSB's own workloada on every engine: Chronicle's first two turns were 3-4× its later ones, and one of LMDB's
     * levels was half its others; on their steady turns alone the winner the run once named (Chronicle, 1.97×) has
     * too few pairs left to be decided.
     */
    @Test
    void ycsbsOwnWorkloadaIsUndecidedOnceTheTurnsBeforeTheSteadyStateAreLeftOut() {
        assertTrue(workloada.contains("0 of 1 workloads are decided."), workloada);
        assertTrue(
                workloada.contains("| Test 1: YCSB workload workloada | undecided: Chronicle (1,622,878 (± unbounded)"
                        + " ops/s) or LMDB DB (425,994 ops/s) 3.70× (no interval: 7 pairs)"),
                workloada);
        assertTrue(workloada.contains(", Chronicle JVM 1: warm-up: 2 of 15 turns left out ("), workloada);
    }

    @Test
    void theTableGivesWhatEachEngineCostsInCpuBesideWhatTheClientSaw() {
        assertTrue(workloada.contains("| run ops per CPU-second |"), workloada);
        assertTrue(workloada.contains("each JVM answered a turn only once it was quiet"), workloada);
    }
}
