package dev.kvbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.TrialRecord.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The side file: where it is, and that every record is one line of JSON that reads back as written. */
class SideFileTest {

    @TempDir
    Path dir;

    @Test
    void theSideFileSitsBesideTheResultFileWithTheSameStem() {
        assertEquals(
                dir.resolve("out-4.side.jsonl"),
                SideFile.besideResult(dir.resolve("out-4.csv").toString()));
        assertEquals(Path.of("kvbench-side.jsonl").toAbsolutePath(), SideFile.besideResult(null));
    }

    @Test
    void anInterruptedThreadStillAppendsItsRecordAndKeepsItsInterrupt() throws IOException {
        // JMH interrupts a benchmark thread at its iteration timeout; the trial's failure must still be recorded
        SideFile side = new SideFile(dir.resolve("out.side.jsonl"));
        Thread.currentThread().interrupt();
        try {
            side.append(TrialRecord.failed(
                    "dev.kvbench.bench.ReadKeyBenchmark.readKey",
                    Map.of("store", "mvstore"),
                    "readKey on mvstore failed: interrupted",
                    Map.of()));
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
        List<TrialRecord> records = side.read();
        assertEquals(1, records.size());
        assertEquals("readKey on mvstore failed: interrupted", records.get(0).reason());
    }

    @Test
    void eachRecordIsOneLineOfJsonThatReadsBack() throws IOException {
        SideFile side = new SideFile(dir.resolve("out.side.jsonl"));
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put(Metric.STORAGE_AFTER_CLOSE, 171_601_920L);
        metrics.put(Metric.CPU_BACKGROUND, 12.5);
        metrics.put(Metric.VERIFY_CHECKSUM, null);
        TrialRecord failed = TrialRecord.failed(
                "dev.kvbench.bench.ReadKeyBenchmark.readKey",
                Map.of("store", "lmdb:sync=true+metaSync=true"),
                "a \"quoted\"\tline\\",
                metrics);
        TrialRecord skipped = TrialRecord.skipped(
                "dev.kvbench.bench.ReadSeqBenchmark.readSeq",
                Map.of("store", "chronicle"),
                "chronicle has no ordered cursor");
        side.append(failed);
        side.append(skipped);
        List<String> lines = Files.readAllLines(side.path());
        assertEquals(2, lines.size());
        assertEquals(List.of(failed, skipped), side.read());
        assertEquals("readSeq", side.read().get(1).workload());

        Map<?, ?> json = (Map<?, ?>) Json.parse(lines.get(0));
        assertEquals(
                List.of("benchmark", "workload", "params", "status", "reason", "metrics"), List.copyOf(json.keySet()));
        assertEquals("failed", json.get("status"));
        assertEquals("readKey", json.get("workload"));
    }

    @Test
    void onlyTheLinesAppendedAfterAnOffsetAreReadFromIt() throws IOException {
        SideFile side = new SideFile(dir.resolve("out.side.jsonl"));
        side.append(TrialRecord.skipped("a.B.write", Map.of(), "before"));
        long size = Files.size(side.path());
        side.append(TrialRecord.failed("a.B.write", Map.of(), "after", Map.of()));
        assertEquals(
                List.of("after"),
                side.readFrom(size).stream().map(TrialRecord::reason).toList());
        assertEquals(List.of(), new SideFile(dir.resolve("none.side.jsonl")).read());
    }

    @Test
    void readsPublishedLinesAndNamesTheBadLine() throws IOException {
        Path file = dir.resolve("out-1.side.jsonl");
        Files.writeString(
                file,
                "{\"benchmark\":\"dev.kvbench.bench.Write.write\",\"workload\":\"write\",\"params\":{\"store\":\"lmdb\",\"num\":\"10\"},"
                        + "\"status\":\"ok\",\"reason\":null,\"metrics\":{\"storage.afterCloseBytes\":4096,\"verify.checksum\":\"ab\"}}\n\n");
        List<TrialRecord> records = new SideFile(file).read();
        assertEquals(1, records.size());
        TrialRecord record = records.get(0);
        assertTrue(record.ok());
        assertNull(record.reason());
        assertEquals(Map.of("store", "lmdb", "num", "10"), record.params());
        assertEquals(Map.of(Metric.STORAGE_AFTER_CLOSE, 4096.0), record.numericMetrics(), "numbers only");
        assertEquals("ab", record.metrics().get(Metric.VERIFY_CHECKSUM));

        Files.writeString(file, "{}\n{\"benchmark\":\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SideFile(file).read());
        assertTrue(e.getMessage().contains("line 1"), e.getMessage());
    }

    @Test
    void olderLinesWithoutWorkloadOrStatusAndWithNumericParamsStillRead() {
        TrialRecord record = TrialRecord.parse("{\"benchmark\":\"dev.kvbench.bench.ReadKeyBenchmark.readKey\","
                + "\"params\":{\"num\":100000,\"store\":\"lmdb\"},\"metrics\":{}}");
        assertEquals("readKey", record.workload());
        assertEquals(Status.OK, record.status());
        assertEquals("100000", record.params().get("num"));
    }

    @Test
    void anUnknownStatusIsAnErrorThatListsTheValidOnes() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> TrialRecord.parse("{\"benchmark\":\"a.B.write\",\"status\":\"maybe\"}"));
        assertEquals("unknown status 'maybe'; valid: ok, failed, skipped", e.getMessage());
    }

    @Test
    void theWorkloadIsTheBenchmarkMethodName() {
        assertEquals("readKey", TrialRecord.workloadOf("dev.kvbench.bench.ReadKeyBenchmark.readKey"));
        assertEquals("write", TrialRecord.workloadOf("write"));
    }

    @Test
    void everyMetricIsAPeakACpuTimeOrAFigureAndNoneIsBoth() {
        for (String name : Metric.ALL) {
            assertTrue(!(Metric.isPeak(name) && Metric.isCpuTime(name)), name);
        }
        assertTrue(Metric.isPeak(Metric.FD_PEAK) && Metric.isPeak(Metric.RSS_PEAK) && Metric.isPeak(Metric.HEAP_PEAK));
        assertTrue(Metric.isCpuTime(Metric.CPU_BACKGROUND) && !Metric.isCpuTime(Metric.STORAGE_AFTER_CLOSE));
    }
}
