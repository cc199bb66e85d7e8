package dev.kvbench.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.cli.Main;
import dev.kvbench.results.Metric;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.workload.DataSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash test for real, on tiny data: writer JVMs killed with SIGKILL mid-batch, stores
 * reopened in new JVMs, for LMDB and an LSM engine (RocksDB), two repetitions each.
 */
class CrashExperimentTest {

    private static final CrashArgs DATA = new CrashArgs(new DataSpec(20_000, true, false, 100, false), 100);

    @TempDir
    Path dir;

    @BeforeEach
    void setUp() {
        System.setProperty("jmh.ignoreLock", "true");
        System.setProperty(WorkFolder.PROPERTY, dir.resolve("work").toString());
    }

    @AfterEach
    void restore() {
        System.clearProperty(WorkFolder.PROPERTY);
        System.clearProperty(SideFile.PROPERTY);
        System.clearProperty(CrashExperiment.TIMEOUT_PROPERTY);
    }

    /**
     * A writer that stops acknowledging but neither dies nor ends ({@link SilentWriter}) is killed once the time
     * limit (here 5 s, {@value CrashExperiment#TIMEOUT_PROPERTY}) has passed since its last acknowledgment; the
     * repetition goes on from there (reopen, check) and says why the kill came early.
     */
    @Test
    void aWriterThatFallsSilentIsKilledAfterTheTimeLimitAndItsRepetitionGoesOn() {
        System.setProperty(CrashExperiment.TIMEOUT_PROPERTY, "5");
        CrashArgs data = new CrashArgs(new DataSpec(2_000, true, false, 100, false), 100);
        CrashExperiment experiment =
                new CrashExperiment("lmdb:sync=true", data, dir.resolve("crash"), null, SilentWriter.class);
        long start = System.nanoTime();
        CrashExperiment.Outcome outcome = experiment.run(0); // the kill would come after 12 acknowledgments
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(
                CrashExperiment.SILENT + "5 s after 3 acknowledged commits (its JVM was killed there, alive and"
                        + " silent)",
                outcome.writerSilent());
        assertEquals(SilentWriter.ACKS * 100, outcome.acked());
        assertTrue(outcome.opened(), outcome.toString());
        assertEquals(0, outcome.lost(), outcome.toString());
        assertTrue(seconds >= 5 && seconds < 60, seconds + " s");
        assertTrue(!Files.exists(dir.resolve("crash")), "the test's folder is deleted");
    }

    @Test
    void theTimeLimitIsTwoMinutesAndASecondPer10000EntriesUnlessThePropertySetsIt() {
        CrashExperiment experiment = new CrashExperiment("lmdb", DATA, dir.resolve("crash"), null);
        assertEquals(122, experiment.timeoutSeconds());
        System.setProperty(CrashExperiment.TIMEOUT_PROPERTY, "0");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, experiment::timeoutSeconds);
        assertEquals("-Dkvbench.crash.timeoutSeconds=0 is not a whole number of seconds above 0", e.getMessage());
    }

    @Test
    void lmdbWithSyncLosesNoAcknowledgedEntryWhenItsWriterIsKilled() {
        assertDurable("lmdb:sync=true");
    }

    @Test
    void rocksDbWithSyncLosesNoAcknowledgedEntryWhenItsWriterIsKilled() {
        assertDurable("rocksdb:sync=true");
    }

    private void assertDurable(String spec) {
        CrashExperiment experiment = new CrashExperiment(spec, DATA, dir.resolve("crash"), null);
        for (int rep = 0; rep < 2; rep++) {
            CrashExperiment.Outcome outcome = experiment.run(rep);
            assertTrue(outcome.opened(), spec + " did not open after the kill: " + outcome.notOpened());
            assertTrue(
                    outcome.acked() >= DATA.batchSize()
                            && outcome.acked() < DATA.spec().num(),
                    outcome.toString());
            assertEquals(0, outcome.lost(), spec + ": " + outcome);
            assertEquals(0, outcome.corrupt(), spec + ": " + outcome);
            assertTrue(outcome.reopenMs() > 0, outcome.toString());
        }
        assertTrue(!Files.exists(dir.resolve("crash")), "the test's folder is deleted");
    }

    @Test
    void theCrashBenchmarkWritesOneLinePerStoreAndSyncAndSkipsSyncWhereThereIsNone() throws IOException {
        Path csv = dir.resolve("out.csv");
        int exit = Main.run(
                "-f",
                "1",
                "-foe",
                "false",
                "-p",
                "store=lmdb,leveldb,chronicle",
                "-p",
                "sync=true,false",
                "-p",
                "num=5000",
                "-p",
                "batchSize=100",
                "-p",
                "reps=2",
                "-rf",
                "csv",
                "-rff",
                csv.toString(),
                "CrashBenchmark");
        assertEquals(Main.OK, exit);
        List<TrialRecord> lines = new SideFile(dir.resolve("out.side.jsonl")).read();
        assertEquals(6, lines.size(), lines.toString());
        TrialRecord skipped = lines.stream()
                .filter(r -> r.status() == TrialRecord.Status.SKIPPED)
                .findFirst()
                .orElseThrow();
        assertEquals(
                Map.of("store", "chronicle", "sync", "true"),
                Map.of(
                        "store",
                        skipped.params().get("store"),
                        "sync",
                        skipped.params().get("sync")));
        assertEquals("chronicle has no sync option", skipped.reason());
        for (TrialRecord ok : lines.stream().filter(TrialRecord::ok).toList()) {
            assertEquals(2.0, ok.numericMetrics().get(Metric.CRASH_REPS), ok.toString());
            assertEquals(2.0, ok.numericMetrics().get(Metric.CRASH_OPENED), ok.toString());
            assertTrue(ok.numericMetrics().get(Metric.CRASH_ACKED) >= 200, ok.toString());
            assertTrue(ok.numericMetrics().get(Metric.CRASH_REOPEN_MEDIAN) > 0, ok.toString());
            if ("true".equals(ok.params().get("sync"))) {
                assertEquals(0.0, ok.numericMetrics().get(Metric.CRASH_LOST), ok.toString());
            }
        }
        assertEquals(5, lines.stream().filter(TrialRecord::ok).count(), lines.toString());
    }
}
