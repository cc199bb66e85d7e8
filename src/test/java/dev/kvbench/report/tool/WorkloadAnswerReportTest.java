package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code ./run.sh workload workloada} answers in one run: the raw files of a real run of YCSB's own workloada
 * (1,000 records) on every engine, one client thread, interleaved, on a quiet 2-core host ({@code
 * fixtures/ycsb-workloada}, published as {@code results/20261128-workload}). Its turns decide a winner; the
 * report must name it with its margin, as the paired rule reads those turns.
 */
class WorkloadAnswerReportTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/ycsb-workloada");

    @TempDir
    static Path dir;

    static String readme;

    @BeforeAll
    static void generate() throws IOException {
        readme = Fixtures.report(FIXTURE, dir, false);
    }

    @Test
    void ycsbsOwnWorkloadaOnEveryEngineNamesAWinnerWithItsMarginInOneRun() {
        assertTrue(readme.contains("1 of 1 workloads are decided."), readme);
        assertTrue(
                readme.contains("| Test 1: YCSB workload workloada | Chronicle (1,589,825 (± unbounded) ops/s), 1.97×"
                        + " faster than LMDB DB (487,329 ± 545,728 ops/s) (1.30-3.99×) |"),
                readme);
        assertTrue(readme.contains("every other engine's 99.9% interval lies above 1"), readme);
    }

    @Test
    void itsTableGivesWhatEachEngineCostsInCpuBesideWhatTheClientSaw() {
        assertTrue(readme.contains("| run ops per CPU-second |"), readme);
        assertTrue(readme.contains("each JVM answered a turn only once it was quiet"), readme);
    }
}
