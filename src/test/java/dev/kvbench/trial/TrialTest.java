package dev.kvbench.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.Json;
import dev.kvbench.results.Metric;
import dev.kvbench.store.Capability;
import dev.kvbench.store.ForwardingStore;
import dev.kvbench.store.Store;
import dev.kvbench.workload.FaultyStore;
import dev.kvbench.workload.ReadKey;
import dev.kvbench.workload.ReadSeq;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.Write;
import java.io.IOException;
import java.nio.file.Files;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A trial as the JMH states drive it, without JMH: what it measures, writes and cleans up. */
class TrialTest {

    static final List<String> CONTRACT_METRICS = List.of(
            Metric.FLAT_BYTES,
            Metric.STORAGE_BEFORE_CLOSE,
            Metric.STORAGE_AFTER_CLOSE,
            Metric.STORAGE_FILES,
            Metric.CPU_PROCESS,
            Metric.CPU_MEASURED,
            Metric.CPU_JVM,
            Metric.CPU_BACKGROUND,
            Metric.FD_PEAK,
            Metric.RSS_PEAK,
            Metric.HEAP_PEAK,
            Metric.VERIFY_EXPECTED,
            Metric.VERIFY_FOUND,
            Metric.VERIFY_CHECKSUM);

    @RegisterExtension
    final TrialFiles files = new TrialFiles();

    private static Map<String, String> params(String store, String num) {
        Map<String, String> params = BenchParamsTest.defaults();
        params.put("store", store);
        params.put("num", num);
        return params;
    }

    /** A readKey trial on lmdb whose store was loaded through a writer that dropped its sixth put. */
    private static Trial loadedWithoutItsSixthKey() {
        Trial.decorator = store -> new FaultyStore(store, FaultyStore.Fault.DROP, 5);
        Trial trial = Trial.begin("dev.kvbench.bench.ReadKeyBenchmark.readKey", params("lmdb", "1000"));
        trial.openLoaded();
        return trial;
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> lines() throws IOException {
        return Files.readAllLines(files.side()).stream()
                .map(line -> (Map<String, Object>) Json.parse(line))
                .toList();
    }

    private void assertNoTrialFolderLeft() throws IOException {
        try (var left = Files.list(files.workFolder())) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    void aReadTrialWritesOneOkLineWithEveryMeasurement() throws IOException {
        Trial trial = Trial.begin("dev.kvbench.bench.ReadSeqBenchmark.readSeq", params("lmdb", "2000"));
        trial.openLoaded();
        trial.pass((store, data) -> ReadSeq.run(store));
        trial.pass((store, data) -> ReadSeq.run(store));
        trial.end();

        Map<String, Object> line = lines().get(0);
        assertEquals("dev.kvbench.bench.ReadSeqBenchmark.readSeq", line.get("benchmark"));
        assertEquals("readSeq", line.get("workload"));
        assertEquals("ok", line.get("status"));
        assertNull(line.get("reason"));
        assertEquals(
                List.of("store", "num", "intKey", "sequential", "valSize", "valRandom", "batchSize", "sync"),
                List.copyOf(((Map<?, ?>) line.get("params")).keySet()));
        Map<?, ?> metrics = (Map<?, ?>) line.get("metrics");
        for (String key : CONTRACT_METRICS) {
            assertTrue(metrics.containsKey(key), "missing " + key + " in " + metrics);
        }
        assertTrue(metrics.containsKey(Metric.STORAGE_COMPACT_COPY), "LMDB's compacting copy");
        assertEquals(208_000L, metrics.get(Metric.FLAT_BYTES));
        assertEquals(2000L, metrics.get(Metric.VERIFY_FOUND));
        assertTrue((Long) metrics.get(Metric.STORAGE_AFTER_CLOSE) >= 208_000L);
        assertEquals(2L, metrics.get(Metric.STORAGE_FILES));
        assertNoTrialFolderLeft();
    }

    @Test
    void aWriteTrialVerifiesEachPassByReadingItBack() throws IOException {
        Trial trial = Trial.begin("dev.kvbench.bench.WriteBenchmark.write", params("lmdb", "1500"));
        for (int invocation = 0; invocation < 2; invocation++) {
            trial.openEmpty();
            trial.pass((store, data) -> Write.run(store, data, trial.batchSize()));
            trial.verifyWriteAndClose();
        }
        trial.end();
        Map<?, ?> metrics = (Map<?, ?>) lines().get(0).get("metrics");
        assertEquals(1500L, metrics.get(Metric.VERIFY_FOUND));
        assertNull(metrics.get(Metric.VERIFY_CHECKSUM));
        assertTrue(metrics.containsKey(Metric.STORAGE_AFTER_CLOSE));
        assertNoTrialFolderLeft();
    }

    @Test
    void settlingRunsVerifiedPassesAndRecordsThem() throws IOException {
        Trial read = Trial.begin("dev.kvbench.bench.ReadSeqBenchmark.readSeq", params("heap", "2000"));
        read.openLoaded();
        Trial.Operation seq = read.storePass();
        read.settle(new Settle(50, 2_000), Settle.of(Settle.NOTHING, () -> read.pass(seq), Settle.NOTHING));
        read.pass(seq);
        read.end();
        Trial write = Trial.begin("dev.kvbench.bench.WriteBenchmark.write", params("lmdb", "1500"));
        Trial.Operation put = write.storePass();
        write.settle(
                new Settle(0, 2_000), Settle.of(write::openEmpty, () -> write.pass(put), write::verifyWriteAndClose));
        write.end();
        for (Map<String, Object> line : lines()) {
            Map<?, ?> metrics = (Map<?, ?>) line.get("metrics");
            assertEquals("ok", line.get("status"));
            assertTrue(((Number) metrics.get(Metric.SETTLE_PASSES)).intValue() >= 3, metrics.toString());
            assertTrue(((Number) metrics.get(Metric.SETTLE_MS)).doubleValue() > 0, metrics.toString());
            assertTrue(
                    metrics.containsKey(Metric.SETTLED) && metrics.containsKey(Metric.SETTLE_LAST_MS),
                    metrics.toString());
        }
        Map<?, ?> written = (Map<?, ?>) lines().get(1).get("metrics");
        assertEquals(1500L, written.get(Metric.VERIFY_FOUND), "every settling write read back");
        assertTrue(written.containsKey(Metric.STORAGE_AFTER_CLOSE));
        assertNoTrialFolderLeft();
    }

    @Test
    void aSettlingPassThatFindsWrongDataFailsTheTrial() throws IOException {
        Trial trial = loadedWithoutItsSixthKey();
        Trial.Operation get = trial.storePass();
        assertThrows(
                VerificationException.class,
                () -> trial.settle(
                        new Settle(0, 2_000), Settle.of(Settle.NOTHING, () -> trial.pass(get), Settle.NOTHING)));
        assertEquals("failed", lines().get(0).get("status"));
        assertNoTrialFolderLeft();
    }

    @Test
    void aRuleThatIsOffRunsNoPass() throws IOException {
        Trial trial = Trial.begin("dev.kvbench.bench.ReadKeyBenchmark.readKey", params("heap", "1000"));
        trial.openLoaded();
        trial.settle(new Settle(0, 0), () -> {
            throw new AssertionError("no pass when settling is off");
        });
        trial.end();
        assertFalse(((Map<?, ?>) lines().get(0).get("metrics")).containsKey(Metric.SETTLE_PASSES));
    }

    @Test
    void theNullStoreIsVerifiedAsFindingNothing() throws IOException {
        Trial write = Trial.begin("dev.kvbench.bench.WriteBenchmark.write", params("null", "1000"));
        write.openEmpty();
        write.pass((store, data) -> Write.run(store, data, write.batchSize()));
        write.verifyWriteAndClose();
        write.end();
        Trial read = Trial.begin("dev.kvbench.bench.ReadKeyBenchmark.readKey", params("null", "1000"));
        read.openLoaded();
        read.pass(ReadKey::run);
        read.end();
        for (Map<String, Object> line : lines()) {
            assertEquals("ok", line.get("status"), line.toString());
            Map<?, ?> metrics = (Map<?, ?>) line.get("metrics");
            assertEquals(0L, metrics.get(Metric.VERIFY_EXPECTED));
            assertEquals(0L, metrics.get(Metric.VERIFY_FOUND));
            assertEquals(0L, metrics.get(Metric.STORAGE_FILES));
        }
        assertNoTrialFolderLeft();
    }

    @Test
    void aStoreThatKeepsNothingFailsWhenItsReadsFindSomething() throws IOException {
        Trial.decorator = ClaimsToKeepNothing::new;
        Trial trial = Trial.begin("dev.kvbench.bench.ReadKeyBenchmark.readKey", params("heap", "1000"));
        trial.openLoaded();
        VerificationException e = assertThrows(VerificationException.class, () -> trial.pass(ReadKey::run));
        assertEquals("readKey on heap: expected 0 found 1000 (keys found)", e.getMessage());
        assertNoTrialFolderLeft();
    }

    @Test
    void aWrongStoreFailsTheTrialWithEngineWorkloadExpectedAndFound() throws IOException {
        Trial trial = loadedWithoutItsSixthKey();
        VerificationException e = assertThrows(VerificationException.class, () -> trial.pass(ReadKey::run));
        assertEquals("readKey on lmdb: expected 1000 found 999 (keys found)", e.getMessage());
        Map<String, Object> line = lines().get(0);
        assertEquals("failed", line.get("status"));
        assertEquals(e.getMessage(), line.get("reason"));
        assertNoTrialFolderLeft();
    }

    @Test
    void aTrialTheFileSystemCannotHoldIsRefusedBeforeAnythingIsWritten() throws IOException {
        Map<String, String> huge = params("lmdb", "500000000");
        huge.put("valSize", "2000000000");
        BenchmarkFailure e = assertThrows(
                BenchmarkFailure.class, () -> Trial.begin("dev.kvbench.bench.ReadKeyBenchmark.readKey", huge));
        assertTrue(e.getMessage().startsWith("readKey on lmdb: not enough space for readKey on"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertEquals("failed", lines().get(0).get("status"));
        assertNoTrialFolderLeft();
    }

    @Test
    void badParametersFailBeforeTheTrialStartsWithOneLine() throws IOException {
        Map<String, String> bad = params("lmdb", "0");
        BenchmarkFailure e = assertThrows(
                BenchmarkFailure.class, () -> Trial.begin("dev.kvbench.bench.ReadKeyBenchmark.readKey", bad));
        assertEquals("readKey on lmdb: num=0: num must be a whole number above 0", e.getMessage());
        assertEquals(e.getMessage(), lines().get(0).get("reason"));
    }

    /** A real store that wrongly declares {@link Capability#DISCARDS}: its reads find what it kept. */
    private static final class ClaimsToKeepNothing extends ForwardingStore {

        ClaimsToKeepNothing(Store store) {
            super(store);
        }

        @Override
        public Set<Capability> capabilities() {
            return EnumSet.of(Capability.DISCARDS);
        }
    }
}
