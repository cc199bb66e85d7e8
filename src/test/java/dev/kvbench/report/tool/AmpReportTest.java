package dev.kvbench.report.tool;

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
 * The amplification test's part of a report, from a real {@code KVBENCH_DISK_DIR=... ./run.sh amp -p num=2000
 * -p store=lmdb,rocksdb,xodus,chronicle,null} folder (2026-11-25, ext4 on a virtual disk; tiny: a check of the
 * arithmetic and the table, not a measurement).
 */
class AmpReportTest {

    @TempDir
    static Path dir;

    static String readme;

    @BeforeAll
    static void generate() throws IOException {
        Fixtures.copy(Path.of("src/test/resources/fixtures/amp"), dir);
        Report.write(dir, Path.of("gnuplot"), false);
        readme = Files.readString(dir.resolve("README.md"), StandardCharsets.UTF_8);
    }

    @Test
    void theTableComputesEachRowFromTheSideFilesBytes() {
        assertTrue(
                readme.contains(
                        "| Engine | sync | User MB | Written MB, load | Write amp, load | Write amp, 10× overwrite | "
                                + "Device counter amp, load / overwrite | Size after load MB | Size after overwrite MB | Space amp, load / overwrite |"),
                readme);
        // lmdb sync=true: (622,592 - 0) / 208,000 = 2.99; (7,073,792 - 0) / 2,080,000 = 3.40; 544,768 and 1,048,576 /
        // 208,000
        assertTrue(
                readme.contains(
                        "| LMDB DB | true | 0.208 | 0.623 | 2.99 | 3.40 | 4.25 / 3.59 | 0.545 | 1.05 | 2.62 / 5.04 |"),
                readme);
    }

    @Test
    void overwritesOfUnchangedValuesAreMarkedForAnEngineThatSkipsThemAndLeftOutOfTheSentences(@TempDir Path other)
            throws IOException {
        // The fixture's Xodus rows as SQLite's (which skips a put of the value a key holds); its side file is from
        // before
        // amp.overwriteChanges, when the overwrites put each key's own value again
        Fixtures.copy(Path.of("src/test/resources/fixtures/amp"), other);
        try (var files = Files.list(other)) {
            for (Path file : files.toList()) {
                Files.writeString(
                        file, Files.readString(file).replace("xodus", "sqlite").replace("Xodus", "SQLite"));
            }
        }
        Report.write(other, Path.of("gnuplot"), false);
        String skipped = Files.readString(other.resolve("README.md"), StandardCharsets.UTF_8);
        assertTrue(
                skipped.contains(
                        "**These overwrites put each key's own value again** (results recorded before 2026-11-26, "
                                + "without `amp.overwriteChanges`), and SQLite writes nothing for a put of the value a key already holds: its "
                                + "overwrite figures measure no overwriting"),
                skipped);
        assertTrue(
                skipped.contains("| SQLite | true | 0.208 | 0.303 | 1.46 | 0.939 (unchanged values: skipped) |"),
                skipped);
        assertTrue(skipped.contains("With sync=true, under the overwrites RocksDB had the fewest"), skipped);
        assertFalse(
                readme.contains("These overwrites put each key's own value again"),
                "no engine that skips them: " + readme);
    }

    @Test
    void anEngineWithoutSyncIsListedAsNotRunWithTheReason() {
        assertTrue(
                readme.contains(
                        "| Chronicle | true | — | — | — | — | — | — | — | not run: chronicle has no sync option |"),
                readme);
    }

    @Test
    void theReportSaysWhatEachCounterMissesAndNamesTheExtremes() {
        assertTrue(readme.contains("It misses the file system's journal and metadata"), readme);
        assertTrue(readme.contains("a change of any byte dirties, counts and writes back the whole folio"), readme);
        assertTrue(readme.contains("but also every other process's writes to that disk during the phase"), readme);
        assertTrue(
                readme.contains(
                        "With sync=true, under the overwrites Xodus had the fewest (0.939 bytes written per byte put), "
                                + "LMDB DB the most (3.40)"),
                readme);
    }
}
