package dev.kvbench.amp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.kvbench.cli.Main;
import dev.kvbench.measure.DiskWrites;
import dev.kvbench.measure.Machine;
import dev.kvbench.results.Metric;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.trial.WorkFolder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The amplification test for real, on tiny data in a folder on a disk (the test's temporary folder; skipped
 * where that is in memory): LMDB with durable commits writes at least its data for the load and for the
 * overwrites, and its file is larger than the keys and values it holds; the store is verified afterwards; an
 * engine without a sync option is skipped for sync=true, with the reason.
 */
class AmpBenchmarkTest {

    private static final int NUM = 2000;

    @TempDir
    Path dir;

    @BeforeEach
    void setUp() {
        assumeFalse(DiskWrites.inMemory(Machine.fileSystem(dir)), "the temporary folder is in memory, not on a disk");
        System.setProperty("jmh.ignoreLock", "true");
        System.setProperty(WorkFolder.PROPERTY, dir.resolve("work").toString());
    }

    @AfterEach
    void restore() {
        System.clearProperty(WorkFolder.PROPERTY);
        System.clearProperty(SideFile.PROPERTY);
    }

    @Test
    void lmdbWithSyncWritesAtLeastItsDataAndHoldsMoreThanItOnDisk() throws IOException {
        List<TrialRecord> lines = run("lmdb,chronicle", "true");
        assertEquals(2, lines.size(), lines.toString());
        TrialRecord lmdb = lines.stream()
                .filter(r -> r.params().get("store").equals("lmdb"))
                .findFirst()
                .orElseThrow();
        assertEquals(TrialRecord.Status.OK, lmdb.status(), String.valueOf(lmdb.reason()));
        Map<String, Object> m = lmdb.metrics();
        long user = NUM * 104L;
        assertEquals(user, number(m, Metric.AMP_USER_BYTES));
        assertEquals(10L * user, number(m, Metric.amp("overwrite", "userBytes")));
        for (String phase : Metric.AMP_PHASES) {
            long written = number(m, Metric.amp(phase, "processWriteBytes"))
                    - number(m, Metric.amp(phase, "cancelledWriteBytes"));
            assertTrue(
                    written >= number(m, Metric.amp(phase, "userBytes")),
                    phase + ": a store that syncs every commit writes at least what it was given: " + m);
            assertTrue(number(m, Metric.amp(phase, "storageBytes")) > user, phase + ": " + m);
        }
        assertEquals(NUM, number(m, Metric.VERIFY_FOUND), "every entry read back after the overwrites");
        TrialRecord chronicle = lines.stream()
                .filter(r -> r.params().get("store").equals("chronicle"))
                .findFirst()
                .orElseThrow();
        assertEquals(TrialRecord.Status.SKIPPED, chronicle.status());
        assertEquals("chronicle has no sync option", chronicle.reason());
    }

    @Test
    void sqlitesOverwritesAreWrittenSinceEachChangesItsKeysBytes() throws IOException {
        // SQLite writes nothing for a row put again with the value it holds: overwrites that put each key's own value
        // again wrote 0.0007 bytes per byte put, less than its database file, which every overwrite phase rewrites
        TrialRecord sqlite = run("sqlite", "false").get(0);
        assertEquals(TrialRecord.Status.OK, sqlite.status(), String.valueOf(sqlite.reason()));
        Map<String, Object> m = sqlite.metrics();
        long written = number(m, Metric.amp("overwrite", "processWriteBytes"))
                - number(m, Metric.amp("overwrite", "cancelledWriteBytes"));
        assertTrue(
                written >= number(m, Metric.amp("overwrite", "storageBytes")) / 2,
                "the overwrites wrote the file over: " + m);
        assertEquals(1L, number(m, Metric.AMP_OVERWRITE_CHANGES));
        assertEquals(
                NUM, number(m, Metric.VERIFY_FOUND), "every entry read back, with its own value, after the overwrites");
    }

    /** The amplification test of {@code stores} with {@code sync} on {@value #NUM} entries, commits of 100: its side-file lines. */
    private List<TrialRecord> run(String stores, String sync) throws IOException {
        int exit = Main.run(
                "-f",
                "1",
                "-foe",
                "false",
                "-p",
                "store=" + stores,
                "-p",
                "sync=" + sync,
                "-p",
                "num=" + NUM,
                "-p",
                "batchSize=100",
                "-p",
                "sequential=false",
                "-rf",
                "csv",
                "-rff",
                dir.resolve("out.csv").toString(),
                "AmpBenchmark");
        assertEquals(Main.OK, exit);
        return new SideFile(dir.resolve("out.side.jsonl")).read();
    }

    private static long number(Map<String, Object> metrics, String name) {
        Object value = metrics.get(name);
        assertTrue(value instanceof Number, name + " is a number: " + metrics);
        return ((Number) value).longValue();
    }
}
