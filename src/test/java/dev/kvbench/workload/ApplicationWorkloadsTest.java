package dev.kvbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** readWhileWriting and prefixScan on a real engine: what they report, and that wrong data fails them. */
class ApplicationWorkloadsTest {

    @TempDir
    Path dir;

    @Test
    void readWhileWritingFindsEveryKeyAndReportsTheWritersRateBesideItsTarget() {
        DataSpec spec = new DataSpec(2_000, true, false, 100, false);
        try (DataSet data = DataSet.generate(spec);
                Store store = Stores.open("lmdb", dir, spec.shape())) {
            Write.run(store, data, 1_000);
            ConcurrentRun.Outcome outcome = ReadWhileWriting.run(
                    store, data, new Concurrent(2, true, 2_000, 1, true), "lmdb", ApplicationWorkloadsTest::nothing);
            assertTrue(outcome.ops() > 0, "lookups were made");
            assertEquals(outcome.ops(), outcome.items(), "a lookup sees one entry");
            assertEquals(outcome.ops(), outcome.latency().count(), "every lookup's latency recorded");
            assertTrue(outcome.writes() > 0, "the writer wrote");
            assertTrue(
                    outcome.writesPerSec() < 2_000 * 1.2, "the writer keeps to its target: " + outcome.writesPerSec());
            assertTrue(
                    outcome.latency().at(50) <= outcome.latency().at(99.9)
                            && outcome.latency().at(99.9) <= outcome.latency().at(100),
                    "percentiles in order");
        }
    }

    @Test
    void withoutLatencyRecordingNoHistogramIsKept() {
        DataSpec spec = new DataSpec(500, true, true, 16, false);
        try (DataSet data = DataSet.generate(spec);
                Store store = Stores.open("lmdb", dir, spec.shape())) {
            Write.run(store, data, 500);
            ConcurrentRun.Outcome outcome = ReadWhileWriting.run(
                    store, data, new Concurrent(1, false, 0, 1, false), "lmdb", ApplicationWorkloadsTest::nothing);
            assertTrue(outcome.ops() > 0);
            assertNull(outcome.latency());
            assertEquals(0, outcome.writes(), "no writer");
        }
    }

    @Test
    void aMissingKeyFailsReadWhileWriting() {
        DataSpec spec = new DataSpec(200, true, false, 16, false);
        try (DataSet data = DataSet.generate(spec);
                Store store = new FaultyStore(Stores.open("lmdb", dir, spec.shape()), FaultyStore.Fault.DROP, 17)) {
            Write.run(store, data, 200);
            VerificationException e = assertThrows(
                    VerificationException.class,
                    () -> ReadWhileWriting.run(
                            store,
                            data,
                            new Concurrent(2, false, 0, 1, true),
                            "lmdb",
                            ApplicationWorkloadsTest::nothing));
            assertEquals(Workload.READ_WHILE_WRITING, e.workload());
            assertTrue(e.getMessage().contains("key #17 missing"), e.getMessage());
        }
    }

    @Test
    void everyPrefixScanReturnsExactlyItsKeysInSuffixOrder() {
        PrefixData data = new PrefixData(95, 10, 100);
        assertEquals(10, data.prefixes());
        assertEquals(5, data.keysUnder(9), "the last prefix holds the rest");
        try (Store store = Stores.open("lmdb", dir, data.shape());
                PrefixData.View view = data.view()) {
            data.load(store, 30);
            try (Reader reader = store.reader()) {
                long keys = 0;
                for (int p = 0; p < data.prefixes(); p++) {
                    keys += PrefixScan.scan(reader, view, p, data.keysUnder(p), "lmdb");
                }
                assertEquals(95, keys);
            }
            ConcurrentRun.Outcome outcome = PrefixScan.run(
                    store, data, new Concurrent(2, true, 1_000, 1, true), "lmdb", ApplicationWorkloadsTest::nothing);
            assertTrue(outcome.ops() > 0 && outcome.items() >= 5 * outcome.ops(), "scans of 5 or 10 keys");
        }
    }

    @Test
    void aPrefixMissingAKeyFailsItsScan() {
        PrefixData data = new PrefixData(40, 10, 16);
        try (Store store = new FaultyStore(Stores.open("lmdb", dir, data.shape()), FaultyStore.Fault.DROP, 23);
                PrefixData.View view = data.view()) {
            data.load(store, 40);
            try (Reader reader = store.reader()) {
                assertEquals(10, PrefixScan.scan(reader, view, 1, 10, "lmdb"));
                VerificationException e =
                        assertThrows(VerificationException.class, () -> PrefixScan.scan(reader, view, 2, 10, "lmdb"));
                assertEquals(Workload.PREFIX_SCAN, e.workload());
                assertTrue(e.getMessage().contains("prefix #2"), e.getMessage());
            }
        }
    }

    @Test
    void aConcurrentRunRefusesBadShapes() {
        assertEquals(
                "readers must be >= 1, was 0",
                assertThrows(IllegalArgumentException.class, () -> new Concurrent(0, true, 1, 1, true))
                        .getMessage());
        assertEquals(
                "writesPerSec must be >= 0 (0 = as fast as it can), was -5",
                assertThrows(IllegalArgumentException.class, () -> new Concurrent(1, true, -5, 1, true))
                        .getMessage());
        assertEquals(
                "duration must be >= 1 (seconds), was 0",
                assertThrows(IllegalArgumentException.class, () -> new Concurrent(1, true, 1, 0, true))
                        .getMessage());
        assertEquals(
                "keysPerPrefix must be >= 1, was 0",
                assertThrows(IllegalArgumentException.class, () -> new PrefixData(10, 0, 100))
                        .getMessage());
    }

    private static void nothing() {}
}
