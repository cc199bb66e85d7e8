package dev.kvbench.workload.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.FaultyStore;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** YCSB's core workloads A-F, loaded, run and verified on real engines. */
class YcsbWorkloadTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "lmdb",
                "rocksdb",
                "mvstore",
                "heap",
                "null",
                "chronicle",
                "sqlite",
                "xodus",
                "leveldb",
                "mapdb",
                "bdbje",
                "fs",
                "array",
                "leveldb-java",
                "lmdbjni",
                "lmdb-lwjgl"
            })
    void runsEveryCoreWorkloadVerified(String engine) {
        for (String preset : Presets.NAMES) {
            for (int threads : new int[] {1, 2}) {
                Map<String, String> overrides = new HashMap<>(Map.of(
                        "recordcount",
                        "300",
                        "operationcount",
                        "600",
                        "threadcount",
                        String.valueOf(threads),
                        "fieldcount",
                        "2",
                        "fieldlength",
                        "40",
                        "maxscanlength",
                        "20"));
                WorkloadProperties properties = Presets.resolve(preset, overrides);
                YcsbWorkload workload = new YcsbWorkload(properties, engine);
                Path folder = dir.resolve(engine + "-" + preset + "-" + threads);
                try (Store store = Stores.open(engine, folder, YcsbWorkload.shape(properties))) {
                    if (workload.cannotRun(store) != null) {
                        assertTrue(properties.scans() && !store.has(Capability.ORDERED), preset + " on " + engine);
                        continue;
                    }
                    PhaseOutcome load = workload.load(store, () -> {});
                    assertEquals(300, load.operations());
                    assertEquals(300L, load.counts().get(Op.INSERT));
                    PhaseOutcome run = workload.run(store, () -> {});
                    assertEquals(600, run.operations(), preset);
                    for (Op op : run.counts().keySet()) {
                        assertTrue(properties.proportion(op) > 0, op + " in " + preset);
                        assertEquals(run.counts().get(op), run.service().get(op).count());
                    }
                    long expected = store.has(Capability.DISCARDS) ? 0 : workload.inserted();
                    assertEquals(expected, workload.verifyAll(store), preset + " on " + engine);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"lmdb", "rocksdb"})
    void deletesBatchesTargetsAndBinaryKeysRunVerified(String engine) {
        Map<String, String> overrides = new HashMap<>(Map.of(
                "recordcount",
                "500",
                "operationcount",
                "2000",
                "readproportion",
                "0.4",
                "updateproportion",
                "0.2",
                "insertproportion",
                "0.1",
                "scanproportion",
                "0.1",
                "deleteproportion",
                "0.2",
                "keyformat",
                "binary",
                "keysize",
                "24"));
        overrides.putAll(Map.of("valuelength", "300", "valuelengthdistribution", "uniform"));
        for (Map<String, String> extra : List.of(
                Map.of("batchsize", "10"),
                Map.of("threadcount", "2", "target", "20000", "requestdistribution", "latest"))) {
            Map<String, String> all = new HashMap<>(overrides);
            all.putAll(extra);
            WorkloadProperties properties = WorkloadProperties.of(all);
            YcsbWorkload workload = new YcsbWorkload(properties, engine);
            try (Store store =
                    Stores.open(engine, dir.resolve(engine + extra.size()), YcsbWorkload.shape(properties))) {
                workload.load(store, () -> {});
                PhaseOutcome run = workload.run(store, () -> {});
                assertEquals(2000, run.operations());
                if (properties.target() > 0) {
                    assertEquals(run.counts().keySet(), run.intended().keySet());
                    Op op = Op.READ;
                    assertTrue(run.intended().get(op).at(50)
                            >= run.service().get(op).at(50) / 2);
                }
                workload.verifyAll(store);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"lmdb"})
    void anUpdateOfOneFieldReadsAndChecksTheRecordAsYcsbsBindingsDoAndAWholeOneWritesBlindly(String engine) {
        for (String writeAll : new String[] {"false", "true"}) {
            WorkloadProperties properties = WorkloadProperties.of(Map.of(
                    "recordcount",
                    "50",
                    "operationcount",
                    "100",
                    "readproportion",
                    "0",
                    "updateproportion",
                    "1",
                    "writeallfields",
                    writeAll));
            YcsbWorkload workload = new YcsbWorkload(properties, engine);
            try (Store store = Stores.open(engine, dir.resolve("update-" + writeAll), YcsbWorkload.shape(properties))) {
                workload.load(store, () -> {});
                putKey8sRecordUnderKey7(store, properties);
                if (writeAll.equals("false")) {
                    VerificationException e = assertThrows(VerificationException.class, () -> {
                        for (int i = 0; i < 20; i++) {
                            workload.run(store, () -> {});
                        }
                    });
                    assertTrue(e.getMessage().contains("record of key #8"), e.getMessage());
                } else {
                    for (int i = 0; i < 20; i++) {
                        assertEquals(
                                100L, workload.run(store, () -> {}).counts().get(Op.UPDATE));
                    }
                    assertEquals(50, workload.verifyAll(store), "key 7 written over, blindly");
                }
            }
        }
    }

    /** Another key's record, #8's, written under key #7 of {@code store}; the records of {@code properties}. */
    private static Records putKey8sRecordUnderKey7(Store store, WorkloadProperties properties) {
        Records records = new Records(properties);
        try (Writer writer = store.writer(false)) {
            writer.put(records.key(7), records.value(8, 1));
            writer.commit();
        }
        return records;
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap"})
    void aStaleOrWrongValueFailsTheTrial(String engine) {
        WorkloadProperties properties = WorkloadProperties.of(Map.of(
                "recordcount",
                "50",
                "operationcount",
                "100",
                "readproportion",
                "1",
                "updateproportion",
                "0",
                "requestdistribution",
                "uniform"));
        YcsbWorkload workload = new YcsbWorkload(properties, engine);
        try (Store store = Stores.open(engine, dir.resolve("wrong"), YcsbWorkload.shape(properties))) {
            workload.load(store, () -> {});
            Records records = putKey8sRecordUnderKey7(store, properties);
            VerificationException e = assertThrows(VerificationException.class, () -> {
                for (int i = 0; i < 20; i++) {
                    workload.run(store, () -> {});
                }
            });
            assertTrue(e.getMessage().contains("record of key #8"), e.getMessage());
            assertThrows(VerificationException.class, () -> workload.verifyAll(store));
            try (Reader reader = store.reader()) {
                DirectBuffer value = reader.get(records.key(3));
                assertNotNull(value);
                assertNull(records.problem(3, value));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"rocksdb"})
    void scansReturnKeysInOrder(String engine) {
        WorkloadProperties properties = WorkloadProperties.of(Map.of(
                "recordcount",
                "200",
                "operationcount",
                "10",
                "readproportion",
                "0",
                "updateproportion",
                "0",
                "scanproportion",
                "1",
                "maxscanlength",
                "50"));
        YcsbWorkload workload = new YcsbWorkload(properties, engine);
        try (Store store = Stores.open(engine, dir.resolve("scan"), YcsbWorkload.shape(properties))) {
            workload.load(store, () -> {});
            workload.run(store, () -> {});
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                int n = 0;
                for (boolean on = cursor.first(); on; on = cursor.next()) {
                    n++;
                }
                assertEquals(200, n);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "array"})
    void aScanThatSkipsAnEntryFailsTheTrialNamingTheKey(String engine) {
        for (String threads : new String[] {"1", "2"}) {
            WorkloadProperties properties = Presets.resolve(
                    "workloade",
                    Map.of(
                            "recordcount",
                            "2000",
                            "operationcount",
                            "2000",
                            "threadcount",
                            threads,
                            "fieldcount",
                            "2",
                            "fieldlength",
                            "40"));
            YcsbWorkload workload = new YcsbWorkload(properties, engine);
            try (FaultyStore store = new FaultyStore(
                    Stores.open(engine, dir.resolve("skip" + threads), YcsbWorkload.shape(properties)),
                    FaultyStore.Fault.SKIP,
                    500)) {
                workload.load(store, () -> {});
                VerificationException e = assertThrows(
                        VerificationException.class, () -> workload.run(store, () -> {}), threads + " thread(s)");
                assertTrue(
                        store.skipped().stream().anyMatch(key -> e.getMessage().contains("to return " + key + ",")),
                        e.getMessage() + " names none of the keys skipped, " + store.skipped());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "array", "lmdb", "rocksdb"})
    void scansFindEveryRecordWhileAnotherThreadInsertsUpdatesAndDeletes(String engine) {
        for (String order : new String[] {"hashed", "ordered"}) {
            Map<String, String> overrides = new HashMap<>(Map.of(
                    "recordcount",
                    "1000",
                    "operationcount",
                    "6000",
                    "threadcount",
                    "2",
                    "scanproportion",
                    "0.7",
                    "insertproportion",
                    "0.1",
                    "updateproportion",
                    "0.1",
                    "deleteproportion",
                    "0.1",
                    "insertorder",
                    order,
                    "requestdistribution",
                    "latest"));
            overrides.putAll(Map.of("fieldcount", "2", "fieldlength", "40"));
            WorkloadProperties properties = Presets.resolve("workloade", overrides);
            YcsbWorkload workload = new YcsbWorkload(properties, engine);
            try (Store store =
                    Stores.open(engine, dir.resolve("concurrent-" + order), YcsbWorkload.shape(properties))) {
                workload.load(store, () -> {});
                PhaseOutcome run = workload.run(store, () -> {});
                assertEquals(6000, run.operations());
                assertTrue(
                        run.counts().get(Op.INSERT) > 400 && run.counts().get(Op.DELETE) > 400,
                        run.counts().toString());
                workload.verifyAll(store);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"lmdb", "mvstore", "array"})
    void aBulkLoadCommitsInBatchesByOneThreadThenTheRunUsesEveryThread(String engine) {
        WorkloadProperties properties = WorkloadProperties.of(Map.of(
                "recordcount",
                "1000",
                "operationcount",
                "400",
                "threadcount",
                "2",
                "loadbatchsize",
                "300",
                "readproportion",
                "0.5",
                "updateproportion",
                "0.5",
                "requestdistribution",
                "zipfian"));
        YcsbWorkload workload = new YcsbWorkload(properties, engine);
        try (Store store = Stores.open(engine, dir.resolve("bulk"), YcsbWorkload.shape(properties))) {
            PhaseOutcome load = workload.load(store, () -> {});
            assertEquals(1, load.threads());
            assertTrue(load.writes().contains("committing every 300"), load.writes());
            PhaseOutcome run = workload.run(store, () -> {});
            assertEquals(2, run.threads());
            assertEquals(400, run.operations());
            assertEquals(1000, workload.verifyAll(store));
        }
    }
}
