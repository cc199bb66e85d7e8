package dev.kvbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a YCSB workload, from the raw files of a real tiny run ({@code fixtures/ycsb-results}:
 * {@code ./run.sh workload workloada -p recordcount=2000 -p operationcount=2000 -p
 * store=lmdb,rocksdb,chronicle}, one thread, on a loaded machine). The expected figures are read by
 * hand from the side file.
 */
class YcsbReportTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/ycsb-results");

    @TempDir
    static Path dir;

    static String readme;

    @BeforeAll
    static void generate() throws IOException {
        readme = Fixtures.report(FIXTURE, dir);
    }

    @Test
    void theAnswerNamesTheFastestEngineWithItsMarginLatencyAndTheSmallestStore() {
        // run.opsPerSec: chronicle 21752.0, lmdb 12874.5, rocksdb 8720.9; READ p99: lmdb 77631 ns, chronicle 309759 ns;
        // run.storageBytes: chronicle 2985984, the smallest
        assertTrue(readme.contains("**Which engine for this workload:** Chronicle: 21,752 ops/s in the run phase, 1.7× the"
                + " next, LMDB DB (12,875 ops/s). Chronicle's READ p99 is 310 µs; the lowest, LMDB DB's, is 77.6 µs. Smallest"
                + " store after the run: Chronicle (2.99 MB)."), readme);
    }

    @Test
    void theTableHasEachPhaseEachOperationTypeAndStorageAfterEachPhase() {
        assertTrue(readme.contains("| Engine | load ops/s | run ops/s | READ ops/s | READ p50 / p99 / p99.9 µs | UPDATE ops/s"
                + " | UPDATE p50 / p99 / p99.9 µs | storage after load | storage after run | records verified |"), readme);
        assertTrue(readme.contains("| LMDB DB | 4,335 | 12,875 | 6,495 | 13.6 / 77.6 / 19,202 |"), readme);
        assertTrue(readme.contains("### Workload workloada"), readme);
        assertTrue(readme.contains("Properties in force") && readme.contains("requestdistribution=zipfian"), readme);
    }

    @Test
    void throughputHasALoadAndARunPanelAndLatencyAChartPerOperationType() throws IOException {
        assertTrue(readme.contains("](1-all.png)"), readme);
        String bars = Files.readString(dir.resolve("1-all.gp"));
        assertTrue(bars.contains("load phase") && bars.contains("run phase"), bars);
        for (String op : new String[] {"read", "update"}) {
            String script = Files.readString(dir.resolve("1-all-" + op + "-service.gp"));
            assertTrue(script.contains("set logscale y"), "latency on a log scale");
            String data = Files.readString(dir.resolve("1-all-" + op + "-service.dat"));
            assertEquals(3, data.lines().filter(line -> line.startsWith("# series ")).count(), data);
        }
        assertTrue(readme.contains("Latency is service time"), "the report says which latency it shows");
    }
}
