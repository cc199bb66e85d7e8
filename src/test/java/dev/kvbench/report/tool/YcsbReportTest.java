package dev.kvbench.report.tool;

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
    void aWorkloadRunOnceNamesNoWinnerButItsHighestSingleRunsAndTheLowestP99AsAFigure() {
        // run.opsPerSec: chronicle 21752.0, lmdb 12874.5, rocksdb 8720.9; READ p99: lmdb 77631 ns, chronicle 309759 ns;
        // run.storageBytes: chronicle 2985984, the smallest. One run each: no interval, so no winner (the rerun of
        // 20261125-ycsb ordered some workloads' leaders differently)
        assertTrue(
                readme.contains(
                        "**Which engine for this workload:** none is named: each engine ran once, so no throughput"
                                + " has an interval (a rerun can order them differently; KVBENCH_ROUNDS=3 runs every engine in 3 rounds). The"
                                + " highest single runs: Chronicle (21,752 ops/s), LMDB DB (12,875 ops/s) and RocksDB (8,721 ops/s). The lowest"
                                + " READ p99: LMDB DB's, 77.6 µs (a percentile has no interval here: a figure, not a ranking). Smallest store"
                                + " after the run: Chronicle (2.99 MB)."),
                readme);
        assertTrue(
                readme.contains(
                        "| Test 1: YCSB workload workloada | no stable winner (0 of 3 stable): Chronicle (21,752 ops/s),"
                                + " LMDB DB (12,875 ops/s) |"),
                readme);
    }

    @Test
    void inRoundsAWinnerIsNamedOnlyWhereItsIntervalIsAboveEveryOtherEnginesAndATieWhereTheyOverlap()
            throws IOException {
        // two rounds: the median is their mean, the ± half their distance
        String apart = inRounds(
                "apart", new double[] {12874.5, 13000}, new double[] {8720.9, 8800}, new double[] {21752, 22000});
        assertTrue(
                apart.contains(
                        "**Which engine for this workload:** Chronicle: 21,876 ± 124 ops/s in the run phase, 1.7×"
                                + " the next, LMDB DB (12,937 ± 62.8 ops/s); its interval lies above every other engine's."),
                apart);
        assertTrue(apart.contains("| Test 1: YCSB workload workloada | Chronicle (21,876 ± 124 ops/s) |"), apart);
        assertTrue(apart.contains("| LMDB DB | 4,335 ± 0 | 12,937 ± 62.8 |"), apart);

        String overlap = inRounds(
                "overlap", new double[] {20800, 21600}, new double[] {8720.9, 8800}, new double[] {21000, 22000});
        assertTrue(
                overlap.contains(
                        "**Which engine for this workload:** a tie at the top between Chronicle (21,500 ± 500 ops/s)"
                                + " and LMDB DB (21,200 ± 400 ops/s): their intervals overlap in the run phase, so none is called the winner."),
                overlap);
        assertTrue(overlap.contains("| Chronicle (21,500 ± 500 ops/s), tied with LMDB DB |"), overlap);

        // Chronicle's rounds 21,752 and 10,000: ± 5,876 of 15,876, an unstable interval that reaches past LMDB DB's
        String wide = inRounds(
                "wide", new double[] {12874.5, 13000}, new double[] {8720.9, 8800}, new double[] {21752, 10000});
        assertTrue(
                wide.contains("**Which engine for this workload:** no stable winner (2 of 3 stable) in the run phase"),
                wide);
    }

    /** The fixture run in two rounds, each engine's run-phase throughput per round given: {lmdb}, {rocksdb}, {chronicle}. */
    private static String inRounds(String name, double[] lmdb, double[] rocksdb, double[] chronicle)
            throws IOException {
        Path to = dir.resolveSibling(dir.getFileName() + "-" + name);
        Fixtures.copy(FIXTURE, to);
        String side = Files.readString(FIXTURE.resolve("out-1.side.jsonl"));
        for (int round = 0; round < 2; round++) {
            StringBuilder lines = new StringBuilder();
            for (String line : side.split("\n")) {
                double ops = (line.contains("\"store\":\"lmdb\"")
                                ? lmdb
                                : line.contains("\"store\":\"rocksdb\"") ? rocksdb : chronicle)
                        [round];
                lines.append(line.replaceFirst(
                                "\"ycsb\\.run\\.opsPerSec\":[0-9.E+-]+", "\"ycsb.run.opsPerSec\":" + ops))
                        .append('\n');
            }
            Files.writeString(to.resolve(round == 0 ? "out-1.side.jsonl" : "out-1.r2.side.jsonl"), lines.toString());
        }
        Files.copy(FIXTURE.resolve("out-1.csv"), to.resolve("out-1.r2.csv"));
        Files.copy(FIXTURE.resolve("out-1.txt"), to.resolve("out-1.r2.txt"));
        Report.write(to, Path.of("gnuplot"), false);
        return Files.readString(to.resolve("README.md"));
    }

    @Test
    void theTableHasEachPhaseEachOperationTypeAndStorageAfterEachPhase() {
        assertTrue(
                readme.contains(
                        "| Engine | load ops/s | run ops/s | READ ops/s | READ p50 / p99 / p99.9 µs | UPDATE ops/s"
                                + " | UPDATE p50 / p99 / p99.9 µs | storage after load | storage after run | records verified |"),
                readme);
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
            assertEquals(
                    3, data.lines().filter(line -> line.startsWith("# series ")).count(), data);
        }
        assertTrue(readme.contains("Latency is service time"), "the report says which latency it shows");
    }

    /**
     * The same run with RocksDB's rows named MVStore's: its store after the load (78 MB) is many times the others'
     * (4.2 and 3.0 MB), and MVStore gives its reason, so the report says it; the other engines give none.
     */
    @Test
    void aStoreManyTimesTheOthersGetsItsEnginesReasonWhereTheEngineGivesOne(@TempDir Path renamed) throws IOException {
        Path copy = renamed.resolve("fixture");
        Fixtures.copy(FIXTURE, copy);
        try (var files = Files.list(copy)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.writeString(
                        file,
                        Files.readString(file).replace("rocksdb", "mvstore").replace("RocksDB", "MVStore"));
            }
        }
        String text = Fixtures.report(copy, renamed.resolve("report"), false);
        assertTrue(
                text.contains("Why MVStore's store is 78.1 MB after the load, 18.7× the median engine's: MVStore writes"
                        + " each commit's changed pages to a new chunk"),
                text);
        assertTrue(text.contains("h2database issues 2752 and 4083"), text);
        assertTrue(!readme.contains("Why RocksDB's store"), "RocksDB gives no reason of its own: " + readme);
    }
}
