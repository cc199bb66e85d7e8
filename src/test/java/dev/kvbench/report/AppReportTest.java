package dev.kvbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of the app suite, from the raw files of a real tiny run ({@code fixtures/app-results}:
 * LMDB, RocksDB with its prefix options, Chronicle; 1,000 entries, 1-second runs). The expected
 * figures are read by hand from its side files and CSV.
 */
class AppReportTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/app-results");

    @TempDir
    static Path dir;

    static String readme;

    @BeforeAll
    static void generate() throws IOException {
        readme = Fixtures.report(FIXTURE, dir);
    }

    @Test
    void readWhileWritingShowsFoundCountsAndTheWritersAchievedRateBesideItsTarget() {
        String test = ReportTest.section(readme, "## Test 1", "## Test 2");
        // out-1.side.jsonl, lmdb: read.opsPerSec 2099958.262, verify.found 2160980, latency.p99Ns 317,
        // write.achievedPerSec 9572.117 for a target of 10000
        assertTrue(test.contains("| LMDB DB | `lmdb` | 2,099,958 | 2,160,980 of 2,160,980 found | 0.162 | 0.317 |"), test);
        assertTrue(test.contains("| LMDB DB | 10,000 | 9,572 | 0.96 |"), test);
        assertTrue(test.contains("](1-int-rnd-v100-latency.png)"), "the latency chart is shown");
    }

    @Test
    void theLatencyChartHasALinePerEngineFromP50ToMax() throws IOException {
        String data = Files.readString(dir.resolve("1-int-rnd-v100-latency.dat"));
        assertEquals(3, data.lines().filter(line -> line.startsWith("# series ")).count(), data);
        assertTrue(data.contains("# series 0: LMDB DB"), data);
        String script = Files.readString(dir.resolve("1-int-rnd-v100-latency.gp"));
        assertTrue(script.contains("set logscale y"), "latency spans orders of magnitude: log scale");
        assertTrue(script.contains("\"p50\" 0") && script.contains("\"max\" 5"), script);
        // LMDB's p99 in the side file: 317 ns
        assertTrue(data.contains("\n2 0.317 "), data);
    }

    @Test
    void prefixScansAreGroupedAloneAndUnderTheWriterWithTheSkippedEngineInBoth() {
        assertTrue(readme.contains("### 1,000 20-byte keys (12-byte prefix), 100 B values, writer false"), readme);
        assertTrue(readme.contains("### 1,000 20-byte keys (12-byte prefix), 100 B values, writer true"), readme);
        assertFalse(readme.contains("values, writer \n"), "no group without a writer value");
        String alone = ReportTest.section(readme, "writer false", "writer true");
        assertTrue(alone.contains("| Chronicle | `chronicle` | skipped: chronicle has no ordered cursor |"), alone);
        assertTrue(alone.contains("`rocksdb:prefixBytes=12+prefixBloom=true`: prefix extractor on (12 bytes), "
                + "memtable prefix bloom on."), alone);
        assertTrue(Files.isRegularFile(dir.resolve("2-prefix-v100-writertrue-latency.dat")));
    }

    @Test
    void readKeyThreadsDrawsReadsPerSecondAgainstThreads() throws IOException {
        String test = ReportTest.section(readme, "## Test 3", "## Failed and skipped runs");
        assertTrue(test.contains("| Engine | 1 thread | 2 threads | 4 threads | 8 threads |"), test);
        // LMDB, 1 reader: 1,000 reads in 0.184403 ms (out-3.csv)
        assertTrue(test.contains("| LMDB DB | " + Numbers.sig3(1000 * 1000 / 0.184403)), test);
        String data = Files.readString(dir.resolve("3-int-rnd-v100.dat"));
        assertEquals(3, data.lines().filter(line -> line.startsWith("# series ")).count(), data);
        String script = Files.readString(dir.resolve("3-int-rnd-v100.gp"));
        assertTrue(script.contains("dt 2"), "the RocksDB variant is dashed");
        assertTrue(script.contains("\"8\" 8"), script);
    }
}
