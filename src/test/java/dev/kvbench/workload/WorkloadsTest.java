package dev.kvbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Capability;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.workload.kv.KvChecks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every workload against every registered engine on tiny data sets: each pass must verify, so
 * every ordered engine gives the same checksums. {@code -Dkvbench.test.specs=a,b} narrows it.
 */
class WorkloadsTest {

    private static final List<DataSpec> DATA = List.of(
            new DataSpec(700, true, true, 100, false),
            new DataSpec(700, true, false, 100, true),
            new DataSpec(700, false, false, 24, false));

    @TempDir
    Path dir;

    static Stream<Arguments> enginesAndData() {
        List<String> engines = new ArrayList<>(Stores.names());
        String only = System.getProperty("kvbench.test.specs", "");
        if (!only.isBlank()) {
            engines.retainAll(Arrays.asList(only.split(",")));
        }
        List<Arguments> cases = new ArrayList<>();
        for (String engine : engines) {
            for (DataSpec data : DATA) {
                cases.add(Arguments.of(engine, data));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("enginesAndData")
    void everyWorkloadPassesVerification(String spec, DataSpec spec2) {
        try (DataSet data = DataSet.generate(spec2);
                Store store = Stores.open(spec, dir.resolve("store"), spec2.shape())) {
            Expected expected = data.expected();
            // batches of 64 with a partial last batch
            Pass written = Verifier.verify(
                    spec, Workload.WRITE, KvChecks.of(Workload.WRITE, expected), Write.run(store, data, 64));
            assertEquals(spec2.num(), written.count());
            // the null store (Capability.DISCARDS) keeps nothing: every read of it is verified as finding nothing
            Expected reads = expected.readBy(store);
            Verifier.verify(spec, Workload.READ_KEY, KvChecks.of(Workload.READ_KEY, reads), ReadKey.run(store, data));
            if (!store.has(Capability.ORDERED)) {
                return;
            }
            assertEquals(
                    reads.ascendingKeys(),
                    Verifier.verify(spec, Workload.READ_SEQ, KvChecks.of(Workload.READ_SEQ, reads), ReadSeq.run(store))
                            .checksum());
            assertEquals(
                    reads.descendingKeys(),
                    Verifier.verify(spec, Workload.READ_REV, KvChecks.of(Workload.READ_REV, reads), ReadRev.run(store))
                            .checksum());
            assertEquals(
                    reads.crc32(),
                    Verifier.verify(spec, Workload.READ_CRC, KvChecks.of(Workload.READ_CRC, reads), ReadCrc.run(store))
                            .checksum());
            assertEquals(
                    reads.xxh64(),
                    Verifier.verify(
                                    spec,
                                    Workload.READ_XXH64,
                                    KvChecks.of(Workload.READ_XXH64, reads),
                                    ReadXxh64.run(store))
                            .checksum());
        }
    }

    @Test
    void aDroppedEntryFailsReadKeyAndEveryCursorPass() {
        DataSpec spec = new DataSpec(300, true, false, 16, false);
        try (DataSet data = DataSet.generate(spec);
                Store store = new FaultyStore(Stores.open("lmdb", dir, spec.shape()), FaultyStore.Fault.DROP, 17)) {
            Expected expected = data.expected();
            Write.run(store, data, 1000);
            VerificationException e = assertThrows(
                    VerificationException.class,
                    () -> Verifier.verify(
                            "lmdb",
                            Workload.READ_KEY,
                            KvChecks.of(Workload.READ_KEY, expected),
                            ReadKey.run(store, data)));
            assertEquals("readKey on lmdb: expected 300 found 299 (keys found)", e.getMessage());
            assertEquals("lmdb", e.spec());
            assertEquals(Workload.READ_KEY, e.workload());
            assertEquals("300", e.expected());
            Map<Workload, Pass> passes = new LinkedHashMap<>();
            passes.put(Workload.READ_SEQ, ReadSeq.run(store));
            passes.put(Workload.READ_REV, ReadRev.run(store));
            passes.put(Workload.READ_CRC, ReadCrc.run(store));
            passes.put(Workload.READ_XXH64, ReadXxh64.run(store));
            for (Map.Entry<Workload, Pass> each : passes.entrySet()) {
                Workload workload = each.getKey();
                Pass pass = each.getValue();
                VerificationException cursor = assertThrows(
                        VerificationException.class,
                        () -> Verifier.verify("lmdb", workload, KvChecks.of(workload, expected), pass));
                assertEquals(workload + " on lmdb: expected 300 found 299 (entries iterated)", cursor.getMessage());
            }
        }
    }

    @Test
    void twoEntriesOutOfOrderFailReadSeqAndBothChecksums() {
        DataSpec spec = new DataSpec(300, true, true, 16, false);
        try (DataSet data = DataSet.generate(spec);
                Store store = new FaultyStore(Stores.open("lmdb", dir, spec.shape()), FaultyStore.Fault.REORDER, 41)) {
            Expected expected = data.expected();
            Write.run(store, data, 1000);
            Verifier.verify(
                    "lmdb", Workload.READ_KEY, KvChecks.of(Workload.READ_KEY, expected), ReadKey.run(store, data));
            VerificationException order = Verifier.explain(
                    assertThrows(
                            VerificationException.class,
                            () -> Verifier.verify(
                                    "lmdb",
                                    Workload.READ_SEQ,
                                    KvChecks.of(Workload.READ_SEQ, expected),
                                    ReadSeq.run(store))),
                    store);
            assertTrue(
                    order.getMessage()
                            .startsWith("readSeq on lmdb: expected the data set's keys in strictly "
                                    + "ascending order (key fold " + KeyFold.hex(expected.ascendingKeys())
                                    + ") found other keys or another order (key fold "),
                    order.getMessage());
            assertTrue(order.getMessage().endsWith("): key 41 after 42 at entry 43"), order.getMessage());
            assertEquals(
                    expected.descendingKeys(),
                    Verifier.verify(
                                    "lmdb",
                                    Workload.READ_REV,
                                    KvChecks.of(Workload.READ_REV, expected),
                                    ReadRev.run(store))
                            .checksum());
            VerificationException crc = assertThrows(
                    VerificationException.class,
                    () -> Verifier.verify(
                            "lmdb", Workload.READ_CRC, KvChecks.of(Workload.READ_CRC, expected), ReadCrc.run(store)));
            assertTrue(
                    crc.getMessage()
                            .startsWith("readCrc on lmdb: expected CRC32 " + Checksums.crcHex(expected.crc32())
                                    + " found CRC32 "),
                    crc.getMessage());
            VerificationException xxh = assertThrows(
                    VerificationException.class,
                    () -> Verifier.verify(
                            "lmdb",
                            Workload.READ_XXH64,
                            KvChecks.of(Workload.READ_XXH64, expected),
                            ReadXxh64.run(store)));
            assertTrue(xxh.getMessage().startsWith("readXxh64 on lmdb: expected XXH64 "), xxh.getMessage());
        }
    }

    @Test
    void otherKeysInTheRightOrderFailReadSeqAndReadRev() {
        DataSpec written = new DataSpec(300, true, true, 16, false);
        DataSpec promised = new DataSpec(300, true, false, 16, false);
        try (DataSet data = DataSet.generate(written);
                DataSet other = DataSet.generate(promised);
                Store store = Stores.open("lmdb", dir, written.shape())) {
            Write.run(store, data, 1000);
            Expected expected = other.expected();
            for (Workload workload : List.of(Workload.READ_SEQ, Workload.READ_REV)) {
                VerificationException wrong = Verifier.explain(
                        assertThrows(
                                VerificationException.class,
                                () -> Verifier.verify(
                                        "lmdb",
                                        workload,
                                        KvChecks.of(workload, expected),
                                        workload == Workload.READ_SEQ ? ReadSeq.run(store) : ReadRev.run(store))),
                        store);
                assertTrue(
                        wrong.getMessage().endsWith("): the order holds, so a key differs from the data set's"),
                        wrong.getMessage());
            }
        }
    }

    @Test
    void aPartialLastBatchIsCommitted() {
        DataSpec spec = new DataSpec(101, true, true, 8, false);
        try (DataSet data = DataSet.generate(spec);
                Store store = Stores.open("lmdb", dir, spec.shape())) {
            Write.run(store, data, 10);
            assertEquals(101, ReadKey.run(store, data).count());
        }
    }
}
