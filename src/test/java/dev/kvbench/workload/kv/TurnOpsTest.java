package dev.kvbench.workload.kv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.DataSpec;
import dev.kvbench.workload.FaultyStore;
import dev.kvbench.workload.Pass;
import dev.kvbench.workload.PassCheck;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.Verifier;
import dev.kvbench.workload.Workload;
import dev.kvbench.workload.Write;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 2016 read pass in turns of a fixed number of operations: every engine's turn of one number runs the same operations
 * and gives back what the generator says, on real engines; a wrong store fails its turn; a range always fits.
 */
class TurnOpsTest {

    /** A random data set, so that sorted order and write order differ; string keys for the cursors' seeks. */
    private static final DataSpec DATA = new DataSpec(900, false, false, 40, true);

    private static final List<Workload> READS =
            List.of(Workload.READ_KEY, Workload.READ_SEQ, Workload.READ_REV, Workload.READ_CRC, Workload.READ_XXH64);

    @TempDir
    Path dir;

    @Test
    void twoEnginesGivenOneTurnNumberRunTheSameOperationsAndBothAreChecked() {
        for (Workload workload : READS) {
            Pass heap = turn("heap", workload, 7);
            Pass mvstore = turn("mvstore", workload, 7);
            assertEquals(heap, mvstore, workload.toString());
            assertEquals(50, heap.count(), workload.toString());
            assertEquals(50L * DATA.valSize(), heap.valueBytes(), workload.toString());
        }
        // each engine in a JVM of its own generates its own data set: the same turn number gives the same keys there
        try (DataSet one = DataSet.generate(DATA);
                DataSet other = DataSet.generate(DATA)) {
            TurnOps gets = new TurnOps(one, Workload.READ_KEY, 50);
            assertArrayEquals(gets.keyIndexes(7), new TurnOps(other, Workload.READ_KEY, 50).keyIndexes(7));
            assertTrue(!Arrays.equals(gets.keyIndexes(7), gets.keyIndexes(8)), "another turn, other keys");
            TurnOps range = new TurnOps(one, Workload.READ_SEQ, 50);
            assertEquals(range.start(7), new TurnOps(other, Workload.READ_SEQ, 50).start(7));
        }
        // another turn's range is another range: its fold differs
        assertNotEquals(
                turn("heap", Workload.READ_SEQ, 7).checksum(),
                turn("heap", Workload.READ_SEQ, 8).checksum());
    }

    @Test
    void aRangeNeverRunsOffTheEndOfTheDataSet() {
        try (DataSet data = DataSet.generate(DATA)) {
            TurnOps all = new TurnOps(data, Workload.READ_REV, DATA.num());
            for (long number = 0; number < 50; number++) {
                assertEquals(0, all.start(number));
            }
            TurnOps most = new TurnOps(data, Workload.READ_CRC, DATA.num() - 3);
            for (long number = 0; number < 200; number++) {
                assertTrue(most.start(number) <= 3, "start " + most.start(number));
            }
            // a range over the whole data set is checked against what a whole pass is
            assertEquals(data.expected(), data.expectedOf(data.sortedKeys(), 0, DATA.num()));
        }
    }

    @Test
    void aStoreThatLostAnEntryFailsItsTurnLoudly() {
        try (DataSet data = DataSet.generate(DATA);
                Store store = new FaultyStore(
                        Stores.open("heap", dir.resolve("faulty"), DATA.shape()), FaultyStore.Fault.DROP, 10)) {
            Write.run(store, data, 100);
            // whole-data-set turns: the lost entry is in every one of them
            for (Workload workload : READS) {
                TurnOps ops = new TurnOps(data, workload, DATA.num());
                // readKey's gets draw with repeats: a turn whose keys include the lost one (the 10th written)
                long number = workload == Workload.READ_KEY ? withKeys(ops, 9, 10) : 3;
                PassCheck wanted = ops.expect(number, store);
                Pass pass = ops.operation(number).run(store, data);
                VerificationException wrong = assertThrows(
                        VerificationException.class, () -> Verifier.verify("heap", workload, wanted, pass));
                assertTrue(wrong.getMessage().contains(String.valueOf(DATA.num())), wrong.getMessage());
            }
        }
    }

    @Test
    void aTurnLargerThanTheDataSetOrBelowOneIsRefusedWithItsLine() {
        try (DataSet data = DataSet.generate(DATA)) {
            IllegalArgumentException large = assertThrows(
                    IllegalArgumentException.class, () -> new TurnOps(data, Workload.READ_SEQ, DATA.num() + 1));
            assertEquals(
                    "turnOps=901: turnOps must be a whole number from 0 (whole passes) to num=900 (a turn's cursor"
                            + " range lies in the data set)",
                    large.getMessage());
        }
        assertEquals(
                "-p turnOps=-5: turnOps must be a whole number from 0 (whole passes) to num=900 (a turn's cursor"
                        + " range lies in the data set)",
                assertThrows(IllegalArgumentException.class, () -> KvTurns.parse("-5", 900))
                        .getMessage());
        assertEquals(
                "-p turnOps=1k: turnOps must be a whole number from 0 (whole passes) to num=900 (a turn's cursor"
                        + " range lies in the data set)",
                assertThrows(IllegalArgumentException.class, () -> KvTurns.parse("1k", 900))
                        .getMessage());
        assertEquals(1_000, KvTurns.parse("1_000", 1_000));
        assertEquals(0, KvTurns.parse("0", 10));
    }

    /** The first turn number whose gets include the keys written {@code first} and {@code second}. */
    private static long withKeys(TurnOps ops, int first, int second) {
        for (long number = 0; ; number++) {
            int[] keys = ops.keyIndexes(number);
            if (Arrays.stream(keys).anyMatch(i -> i == first)
                    && Arrays.stream(keys).anyMatch(i -> i == second)) {
                return number;
            }
        }
    }

    /** Turn {@code number} of {@code workload} in turns of 50 operations on a loaded {@code engine}, verified. */
    private Pass turn(String engine, Workload workload, long number) {
        try (DataSet data = DataSet.generate(DATA);
                Store store = Stores.open(engine, dir.resolve(engine + workload + number), DATA.shape())) {
            Write.run(store, data, 100);
            TurnOps ops = new TurnOps(data, workload, 50);
            return Verifier.verify(
                    engine,
                    workload,
                    ops.expect(number, store),
                    ops.operation(number).run(store, data));
        }
    }
}
