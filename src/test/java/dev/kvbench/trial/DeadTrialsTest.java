package dev.kvbench.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trial whose JVM died gets its failed line from whoever finds its folder, and the folder goes. */
class DeadTrialsTest {

    @TempDir
    Path dir;

    private static long endedProcess() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        return gone.pid();
    }

    @Test
    void aTrialKilledBySigbusIsReportedAsDiskFullAndItsFolderDeleted() throws Exception {
        long pid = endedProcess();
        Path folder = Files.createDirectories(dir.resolve("work/write-lmdb-" + pid + "-1/store"));
        Files.write(folder.resolve("data.mdb"), new byte[4096]);
        DeadTrials.mark(
                folder.getParent(), "dev.kvbench.bench.WriteBenchmark.write", Map.of("store", "lmdb", "num", "1000"));
        Path report = Path.of(DeadTrials.ERROR_FILE.toString().replace("%p", Long.toString(pid)));
        Files.writeString(
                report,
                "#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n"
                        + "#  SIGBUS (0x7) at pc=0x00007efe1dc03224, pid=" + pid + ", tid=16691\n");
        try {
            SideFile side = new SideFile(dir.resolve("side.jsonl"));
            List<String> reasons = DeadTrials.collect(dir.resolve("work"), side);
            assertEquals(1, reasons.size());
            assertTrue(
                    reasons.get(0)
                            .startsWith(
                                    "write on lmdb: disk full: the benchmark JVM was killed by SIGBUS (crash report: "),
                    reasons.get(0));
            TrialRecord record = side.read().get(0);
            assertEquals(TrialRecord.Status.FAILED, record.status());
            assertEquals("1000", record.params().get("num"));
            assertFalse(Files.exists(folder.getParent()), "the dead trial's folder is deleted");
        } finally {
            Files.deleteIfExists(report);
        }
    }

    @Test
    void aTrialWhoseDeathForkWatchReportedGetsNoSecondLineButItsFolderGoes() throws Exception {
        long pid = endedProcess();
        Path folder = Files.createDirectories(dir.resolve("work/write-lmdb-" + pid + "-1"));
        Map<String, String> params = Map.of("store", "lmdb", "num", "1000");
        DeadTrials.mark(folder, "dev.kvbench.bench.WriteBenchmark.write", params);
        SideFile side = new SideFile(dir.resolve("side.jsonl"));
        side.append(TrialRecord.died(
                "dev.kvbench.bench.WriteBenchmark.write",
                BenchParams.inOrder(params),
                "write on lmdb: the JVM crashed: SIGSEGV",
                List.of("# A fatal error")));
        assertEquals(List.of(), DeadTrials.collect(dir.resolve("work"), side));
        assertEquals(1, side.read().size(), "one line per trial: ForkWatch's");
        assertEquals(
                "write on lmdb: the JVM crashed: SIGSEGV", side.read().get(0).reason());
        assertFalse(Files.exists(folder), "the dead trial's folder is deleted");
    }

    @Test
    void aLiveTrialAndOtherFoldersAreLeftAlone() throws Exception {
        Path live = Files.createDirectories(
                dir.resolve("work/write-lmdb-" + ProcessHandle.current().pid() + "-1"));
        DeadTrials.mark(live, "dev.kvbench.bench.WriteBenchmark.write", Map.of("store", "lmdb"));
        Path other = Files.createDirectories(dir.resolve("work/notes"));
        SideFile side = new SideFile(dir.resolve("side.jsonl"));
        assertEquals(List.of(), DeadTrials.collect(dir.resolve("work"), side));
        assertTrue(Files.exists(live) && Files.exists(other));
    }

    @Test
    void staleRunFoldersOfEndedProcessesAreRemovedAtTheNextStart() throws Exception {
        long pid = endedProcess();
        Path stale = Files.createDirectories(dir.resolve("run-" + pid + "/write-rocksdb-" + pid + "-1"));
        Path live = Files.createDirectories(
                dir.resolve("run-" + ProcessHandle.current().pid()));
        assertEquals(List.of("run-" + pid + " (0.0 MiB)"), WorkFolder.removeStale(dir));
        assertFalse(Files.exists(stale.getParent()));
        assertTrue(Files.exists(live));
    }
}
