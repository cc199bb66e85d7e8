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
 * The crash test's part of a report, from a real {@code ./run.sh crash -p reps=2 -p num=5000
 * -p store=lmdb,rocksdb,chronicle} folder, edited to hold a finding (RocksDB with sync=true lost 3
 * acknowledged entries) and a run whose JVM crashed (its last lines in the side file).
 */
class CrashReportTest {

    @TempDir
    static Path dir;

    static String readme;

    @BeforeAll
    static void generate() throws IOException {
        readme = Fixtures.report(Path.of("src/test/resources/fixtures/crash"), dir, false);
    }

    @Test
    void theTableHasARowPerEngineAndSyncSettingAndSaysWhichEngineHasNoSync() {
        assertTrue(readme.contains("| LMDB DB | true | 2 | 2 of 2 | 1,700 | 0 (0) | 0 | — | 490 (490) |"), readme);
        assertTrue(readme.contains("| RocksDB | true | 2 | 2 of 2 | 1,700 | **3 (3)** | 0 | — |"), readme);
        assertTrue(readme.contains("| RocksDB | false | 2 | 2 of 2 | 1,700 | 0 (0) | 0 | — |"), readme);
        assertTrue(
                readme.contains(
                        "| Chronicle | true | — | — | — | — | — | — | not run: chronicle has no sync option (run once, without) |"),
                readme);
    }

    @Test
    void aLossWithSyncIsAFindingInBold() {
        assertTrue(
                readme.contains(
                        "**FINDING: RocksDB with sync=true lost 3 acknowledged entries** after 2 kills, with its "
                                + "commits meant to be durable. Its documentation: WriteOptions.sync=true: the write is flushed from the "
                                + "operating system's buffer cache before it is considered complete"),
                readme);
        assertTrue(
                readme.contains(
                        "No acknowledged entry lost, none corrupt, every reopen worked: LMDB DB with sync=true, "
                                + "LMDB DB with sync=false, RocksDB with sync=false, Chronicle with sync=false."),
                readme);
    }

    @Test
    void theReportSaysAProcessKillOnTmpfsIsWhatWasTested() {
        assertTrue(
                readme.contains("What is tested is a kill of the writing process (SIGKILL), not of the machine"),
                readme);
        assertTrue(readme.contains("The work folder was on tmpfs, where there is no disk"), readme);
    }

    @Test
    void theReopenTimesAreCharted() throws IOException {
        String dat = Files.readString(dir.resolve("1-int-rnd-v100.dat"), StandardCharsets.UTF_8);
        assertTrue(dat.contains("490"), dat);
        assertTrue(readme.contains("Chart data: `1-int-rnd-v100.dat`"), readme);
    }

    @Test
    void aRunWhoseJvmDiedIsListedWithItsCauseAndLastLines() {
        assertTrue(readme.contains("the JVM crashed: SIGSEGV in native code"), readme);
        assertTrue(
                readme.contains("the last lines of its JVM, which died:\n\n```\n"
                        + "# A fatal error has been detected by the Java Runtime Environment:\n"
                        + "#  SIGSEGV (0xb) at pc=0x1, pid=1, tid=2\n```"),
                readme);
    }
}
