package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.text.Numbers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of the app suite, from the raw files of a real tiny run ({@code fixtures/app-results}:
 * LMDB, RocksDB with its prefix options, Chronicle; 1,000 entries, 1-second runs). Its dirWalk
 * tests 4-6 come from a second tiny run of the suite on the same machine (LMDB and RocksDB, a tree
 * of fanout 3 and depth 3, LONG and PROTO, ten 100 ms iterations on a loaded machine: every score
 * unstable; the command is in their .meta). The expected figures are read by hand from the side
 * files and CSVs.
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
        assertTrue(
                test.contains("| LMDB DB | `lmdb` | 2,099,958 | 2,160,980 of 2,160,980 found | 0.162 | 0.317 |"), test);
        assertTrue(test.contains("| LMDB DB | 10,000 | 9,572 | 0.96 |"), test);
        assertTrue(test.contains("](1-int-rnd-v100-latency.png)"), "the latency chart is shown");
    }

    @Test
    void theLatencyChartHasALinePerEngineFromP50ToMax() throws IOException {
        String data = Files.readString(dir.resolve("1-int-rnd-v100-latency.dat"));
        assertEquals(
                3, data.lines().filter(line -> line.startsWith("# series ")).count(), data);
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
        assertTrue(
                alone.contains("`rocksdb:prefixBytes=12+prefixBloom=true`: prefix extractor on (12 bytes), "
                        + "memtable prefix bloom on."),
                alone);
        assertTrue(Files.isRegularFile(dir.resolve("2-prefix-v100-writertrue-latency.dat")));
    }

    @Test
    void readKeyThreadsDrawsReadsPerSecondAgainstThreads() throws IOException {
        String test = ReportTest.section(readme, "## Test 3", "## Test 4");
        assertTrue(test.contains("| Engine | 1 thread | 2 threads | 4 threads | 8 threads |"), test);
        // LMDB, 1 reader: 1,000 reads in 0.184403 ms (out-3.csv)
        assertTrue(test.contains("| LMDB DB | " + Numbers.sig3(1000 * 1000 / 0.184403)), test);
        String data = Files.readString(dir.resolve("3-int-rnd-v100.dat"));
        assertEquals(
                3, data.lines().filter(line -> line.startsWith("# series ")).count(), data);
        String script = Files.readString(dir.resolve("3-int-rnd-v100.gp"));
        assertTrue(script.contains("dt 2"), "the RocksDB variant is dashed");
        assertTrue(script.contains("\"8\" 8"), script);
    }

    @Test
    void readKeyThreadsSaysWhichThreadCountsOutnumberTheCores() {
        String test = ReportTest.section(readme, "## Test 3", "## Test 4");
        assertTrue(
                test.contains(
                        "This machine has 2 cores (env.txt), fewer than the 4 and 8 reader threads of those runs: "
                                + "threads beyond the cores share them"),
                test);
    }

    @Test
    void dirWalkShowsWalksAndLookupsPerSecondPerEngineAndEncodingMarkingUnstableScores() {
        String test = ReportTest.section(readme, "## Test 4", "## Test 5");
        assertTrue(test.contains("### a tree of fanout 3, depth 3 (39 directories)"), test);
        assertTrue(test.contains("| Engine | LONG walks/s | LONG lookups/s | PROTO walks/s | PROTO lookups/s |"), test);
        // out-4.csv, lmdb LONG: 268188.057040 ± 201189.850619 walks/s; 4 lookups per walk (out-4.side.jsonl)
        assertTrue(
                test.contains("| LMDB DB | 268,188 ± 200,000 (unstable) | 1,072,752 ± 800,000 (unstable) | "
                        + "124,370 ± 110,000 (unstable) | 497,481 ± 430,000 (unstable) |"),
                test);
        assertFalse(test.contains("ms/pass"), "walks/s, not time per pass");
        assertFalse(test.contains("fewer than"), "1 thread on 2 cores: nothing shares a core");
    }

    @Test
    void dirWalkChartHasAWalksPanelAndALookupsPanelWithAClusterPerEncoding() throws IOException {
        String data = Files.readString(dir.resolve("4-tree3x3.dat"));
        assertTrue(data.contains("# panel 0: walks/s (thousand walks/s)"), data);
        assertTrue(data.contains("# panel 1: lookups/s (walks/s x lookups per walk) (thousand lookups/s)"), data);
        assertTrue(data.contains(" 268.188 201.19 "), "LMDB's LONG walks/s in thousands, with its error: " + data);
        String script = Files.readString(dir.resolve("4-tree3x3.gp"));
        assertTrue(script.contains("\"LONG\" 0") && script.contains("\"PROTO\" 1"), script);
        assertTrue(script.contains("title \"RocksDB\""), "a legend names the engines: " + script);
    }

    @Test
    void dirWalkStorageIsChartedAndTabledPerEncodingAgainstTheFlatArray() throws IOException {
        String test = ReportTest.section(readme, "## Test 4", "## Test 5");
        assertTrue(test.contains("](4-tree3x3-storage.png)"), test);
        // out-4.side.jsonl: flatBytes 1287 (LONG) and 5265 (PROTO); lmdb 28,672 and 36,864 bytes after close
        assertTrue(test.contains("| value encoding | (Flat Array) | LMDB DB | RocksDB |"), test);
        assertTrue(test.contains("| LONG | 1,287 | 28,672 (2127.82%) | 122,880 (9447.79%) |"), test);
        assertTrue(test.contains("| PROTO | 5,265 | 36,864 (600.17%) | 126,976 (2311.70%) |"), test);
        String data = Files.readString(dir.resolve("4-tree3x3-storage.dat"));
        assertEquals(
                6,
                data.lines()
                        .filter(line -> !line.startsWith("#") && !line.isBlank())
                        .count(),
                "per encoding the flat array and two engines: " + data);
    }

    @Test
    void dirWalkTablesTheBytesAllocatedPerWalk() {
        String test = ReportTest.section(readme, "## Test 4", "## Test 5");
        // out-4.side.jsonl alloc.bytesPerWalk: lmdb 1226 (LONG), 3466 (PROTO); rocksdb 616, 2876
        assertTrue(test.contains("| Engine | LONG bytes/walk | PROTO bytes/walk |"), test);
        assertTrue(test.contains("| LMDB DB | 1,226 | 3,466 |"), test);
        assertTrue(test.contains("| RocksDB | 616 | 2,876 |"), test);
    }

    @Test
    void dirWalkAtTwoThreadsIsSetAgainstTheFirstOneThreadRun() {
        String test = ReportTest.section(readme, "## Test 6", "## Failed and skipped runs");
        assertTrue(test.contains("Walks per second (all 2 walking threads together)"), test);
        // out-6.csv lmdb LONG 217854.282324 against out-4.csv 268188.057040: 0.81
        assertTrue(
                test.contains(
                        "| LMDB DB | LONG | 268,188 ± 200,000 (unstable) | 217,854 ± 190,000 (unstable) | 0.81× (unstable) |"),
                test);
        assertFalse(test.contains("fewer than"), "2 threads on 2 cores");
        assertFalse(
                ReportTest.section(readme, "## Test 4", "## Test 6").contains("against 1 thread"),
                "1-thread tests have no such table");
    }

    @Test
    void withFewerCoresThanThreadsTheDirWalkTestSaysTheThreadsShareThem(@TempDir Path oneCore) throws IOException {
        String report = reportWith(oneCore, "env.txt", "cpu.cores: 2", "cpu.cores: 1");
        assertTrue(
                ReportTest.section(report, "## Test 6", "## Failed and skipped runs")
                        .contains(
                                "This machine has 1 core (env.txt), fewer than this test's 2 walking threads: threads beyond the cores share them"),
                report);
        assertFalse(ReportTest.section(report, "## Test 4", "## Test 5").contains("fewer than"), "1 thread");
        assertTrue(
                ReportTest.section(report, "## Test 3", "## Test 4")
                        .contains("fewer than the 2, 4 and 8 reader threads"),
                report);
    }

    @Test
    void aDirWalkTestFromBeforeItsOwnChartGetsTheSameSection(@TempDir Path older) throws IOException {
        String report = reportWith(older, "out-4.meta", "chart=dirWalk\n", "chart=panels\n");
        String test = ReportTest.section(
                reportWith(older, "out-4.meta", "sweep=encoding\n", "sweep=\n"), "## Test 4", "## Test 5");
        assertTrue(report.contains("| LMDB DB | 268,188 ± 200,000 (unstable) |"), report);
        assertTrue(test.contains("| LMDB DB | 268,188 ± 200,000 (unstable) | 1,072,752 ± 800,000 (unstable) |"), test);
        assertFalse(test.contains("ms/pass"), test);
    }

    /** The report of a copy of the fixture in {@code dir} (copied once) with {@code from} replaced by {@code to} in {@code file}; no charts. */
    private static String reportWith(Path dir, String file, String from, String to) throws IOException {
        if (!Files.exists(dir.resolve("env.txt"))) {
            Fixtures.copy(FIXTURE, dir);
        }
        Path path = dir.resolve(file);
        String text = Files.readString(path);
        assertTrue(text.contains(from), file + " has no '" + from + "'");
        Files.writeString(path, text.replace(from, to));
        Report.write(dir, Path.of("gnuplot"), false);
        return Files.readString(dir.resolve("README.md"), StandardCharsets.UTF_8);
    }
}
