package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The power-cut test's part of a report, from a real {@code ./run.sh powercut -p
 * store=lmdb,rocksdb,xodus -p reps=2 -p num=2000} folder (2026-11-24, on cutfs).
 */
class PowerCutReportTest {

    @TempDir
    static Path dir;

    static String readme;

    @BeforeAll
    static void generate() throws IOException {
        readme = Fixtures.report(Path.of("src/test/resources/fixtures/powercut"), dir, false);
    }

    @Test
    void theTableHasTheCrashTestsColumnsWithTornEntriesApart() {
        assertTrue(
                readme.contains(
                        "| Engine | sync | Repetitions | Store opened | Acknowledged entries | Acknowledged lost "
                                + "(worst repetition) | Corrupt acknowledged | Torn unacknowledged | Reopen ms, median (max) |"),
                readme);
        assertTrue(readme.contains("| LMDB DB | true | 2 | 2 of 2 | 2,400 | **200 (100)** | 0 | 0 |"), readme);
        assertTrue(readme.contains("| RocksDB | true | 2 | 2 of 2 | 2,400 | 0 (0) | 0 | 0 |"), readme);
    }

    @Test
    void aLossWithSyncIsAFindingWithTheEnginesPromiseAndALossWithoutIsAFigure() {
        assertTrue(
                readme.contains(
                        "**FINDING: LMDB DB with sync=true lost 200 acknowledged entries** after 2 cuts, with its "
                                + "commits meant to be durable. Its documentation: MDB_NOMETASYNC: \"maintains database integrity, but a system "
                                + "crash may undo the last committed transaction\" (lmdb.h)."),
                readme);
        assertTrue(
                readme.contains(
                        "RocksDB with sync=false lost 2,400 acknowledged entries (no sync: allowed, and worth knowing)."),
                readme);
        assertTrue(
                readme.contains(
                        "No acknowledged entry lost, none corrupt, every reopen worked: RocksDB with sync=true, "
                                + "Xodus with sync=true."),
                readme);
    }

    @Test
    void theReportSaysWhatACutLosesAndChartsTheReopenTimes() throws IOException {
        assertTrue(
                readme.contains(
                        "The store was on cutfs, a FUSE file system that keeps what was written but not yet synced"),
                readme);
        assertTrue(readme.contains("Chart data: `1-int-rnd-v100.dat`"), readme);
        assertTrue(Files.readString(dir.resolve("1-int-rnd-v100.dat"), StandardCharsets.UTF_8)
                .contains("reopen after a power cut (median)"));
    }
}
