package dev.kvbench.workload.readhalf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.Json;
import dev.kvbench.results.Metric;
import dev.kvbench.store.Capability;
import dev.kvbench.trial.Trial;
import dev.kvbench.trial.TrialFiles;
import dev.kvbench.trial.WorkloadFamilies;
import dev.kvbench.workload.FaultyStore;
import dev.kvbench.workload.Pass;
import dev.kvbench.workload.VerificationException;
import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The test-only workload family run as its benchmark's state runs a trial, through the real {@link Trial} lifecycle on
 * real engines: registered by its one line, it is found, parsed, generated, loaded, passed, checked against its own
 * expectation and recorded with no line of the main code naming it.
 */
class ReadHalfTrialTest {

    private static final String BENCHMARK = "dev.kvbench.workload.readhalf.ReadHalfBenchmark.readHalf";

    @RegisterExtension
    final TrialFiles files = new TrialFiles();

    private static Map<String, String> params(String store, String num) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("store", store);
        params.put("num", num);
        return params;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> onlyLine() throws IOException {
        List<String> lines = Files.readAllLines(files.side());
        assertEquals(1, lines.size(), lines.toString());
        return (Map<String, Object>) Json.parse(lines.get(0));
    }

    @Test
    void itsOneRegistrationLineIsWhatTheRegistryFindsItBy() {
        assertSame(ReadHalfFamily.READ_HALF, WorkloadFamilies.workloadOf(BENCHMARK));
        assertTrue(WorkloadFamilies.ofBenchmark(BENCHMARK) instanceof ReadHalfFamily);
        assertEquals(
                "heap has no ordered cursor",
                WorkloadFamilies.of(ReadHalfFamily.READ_HALF).unable(ReadHalfFamily.READ_HALF, "heap", Set.of()));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"array", "lmdb"})
    void aTrialOfItLoadsPassesChecksAndRecordsOneOkLine(String engine) throws IOException {
        Trial trial = Trial.begin(BENCHMARK, params(engine, "700"));
        trial.openLoaded();
        Pass pass = trial.pass(trial.storePass());
        trial.end();

        assertEquals(700, pass.count());
        Map<String, Object> line = onlyLine();
        assertEquals("readHalf", line.get("workload"));
        assertEquals("ok", line.get("status"));
        Map<?, ?> metrics = (Map<?, ?>) line.get("metrics");
        assertEquals(700L, metrics.get(Metric.VERIFY_FOUND));
        assertEquals(700L * (4 + ReadHalfParams.VAL_SIZE), metrics.get(Metric.FLAT_BYTES));
        assertTrue(metrics.containsKey(Metric.STORAGE_AFTER_CLOSE), metrics.toString());
        assertTrue(metrics.containsKey(Metric.CPU_PROCESS), metrics.toString());
    }

    @Test
    void aStoreThatLostAnEntryFailsItsPassAsAnyWorkloadsWould() throws IOException {
        Trial.decorator = store -> new FaultyStore(store, FaultyStore.Fault.DROP, 3);
        Trial trial = Trial.begin(BENCHMARK, params("array", "300"));
        trial.openLoaded();

        VerificationException wrong = assertThrows(VerificationException.class, () -> trial.pass(trial.storePass()));

        assertEquals("readHalf on array: expected 300 found 299 (entries iterated and keys found)", wrong.getMessage());
        Map<String, Object> line = onlyLine();
        assertEquals("failed", line.get("status"));
        assertTrue(String.valueOf(line.get("reason")).startsWith("readHalf on array"), line.toString());
    }

    @Test
    void aWrongParameterIsOneLineBeforeTheTrialStarts() {
        RuntimeException wrong =
                assertThrows(RuntimeException.class, () -> Trial.begin(BENCHMARK, params("array", "none")));
        assertTrue(
                wrong.getMessage().contains("num=none: readHalf needs a whole number of entries of 2 or more"),
                wrong.getMessage());
    }

    @Test
    void itNeedsAnOrderedCursor() {
        assertTrue(ReadHalfFamily.READ_HALF.needs().contains(Capability.ORDERED));
    }
}
