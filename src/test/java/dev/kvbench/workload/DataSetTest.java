package dev.kvbench.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;
import net.openhft.hashing.LongHashFunction;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DataSetTest {

    @Test
    void sameSpecGivesTheSameBytesEveryTime() {
        DataSpec spec = new DataSpec(2_000, false, false, 37, true);
        try (DataSet a = DataSet.generate(spec);
                DataSet b = DataSet.generate(spec);
                DataSet.Entries ea = a.entries();
                DataSet.Entries eb = b.entries()) {
            for (int i = 0; i < spec.num(); i++) {
                assertArrayEquals(bytes(ea.key(i)), bytes(eb.key(i)), "key " + i);
                assertArrayEquals(bytes(ea.value(i)), bytes(eb.value(i)), "value " + i);
            }
            assertEquals(a.expected(), b.expected());
        }
    }

    @Test
    void sequentialKeysAreZeroToNumInOrder() {
        try (DataSet data = DataSet.generate(new DataSpec(1_000, true, true, 8, false));
                DataSet.Entries entries = data.entries()) {
            for (int i = 0; i < 1_000; i++) {
                assertEquals(i, entries.key(i).getInt(0, ByteOrder.BIG_ENDIAN));
            }
        }
    }

    @ParameterizedTest(name = "sequential={0}")
    @ValueSource(booleans = {true, false})
    void anIntKeyIsTheBigEndianIntOfItsKeyBytes(boolean sequential) {
        try (DataSet data = DataSet.generate(new DataSpec(5_000, true, sequential, 8, false));
                DataSet.Entries entries = data.entries()) {
            for (int i = 0; i < 5_000; i++) {
                assertEquals(entries.key(i).getInt(0, ByteOrder.BIG_ENDIAN), entries.intKey(i), "entry " + i);
                assertEquals(data.keyInt(i), entries.intKey(i), "entry " + i);
            }
        }
    }

    @Test
    void stringKeysHoldTheSameIntegersAsDecimals() {
        try (DataSet data = DataSet.generate(new DataSpec(500, false, false, 8, false));
                DataSet.Entries entries = data.entries()) {
            for (int i = 0; i < 500; i++) {
                DirectBuffer key = entries.key(i);
                assertEquals(16, key.capacity());
                assertEquals(String.format("%016d", data.keyInt(i)), key.getStringWithoutLengthAscii(0, 16));
            }
        }
    }

    @Test
    void aNonRandomValueIsItsKeyThenZeros() {
        try (DataSet data = DataSet.generate(new DataSpec(100, false, false, 10, false));
                DataSet.Entries entries = data.entries()) {
            DirectBuffer value = entries.value(42);
            assertEquals(10, value.capacity());
            assertEquals(data.keyInt(42), value.getInt(0, ByteOrder.BIG_ENDIAN));
            for (int i = 4; i < 10; i++) {
                assertEquals(0, value.getByte(i));
            }
        }
    }

    @Test
    void aViewGivesTheSameKeysAndValuesWhateverItWasAskedFirst() {
        try (DataSet data = DataSet.generate(new DataSpec(100, true, false, 10, false));
                DataSet.Entries fresh = data.entries()) {
            DataSet.Entries view = data.entries();
            // int keys only first (a read pass), then byte keys and values (their buffers made at first use)
            assertEquals(data.keyInt(7), view.intKey(7));
            assertArrayEquals(bytes(fresh.key(7)), bytes(view.key(7)));
            assertArrayEquals(bytes(fresh.value(7)), bytes(view.value(7)));
            assertArrayEquals(bytes(fresh.value(8)), bytes(view.value(8)));
            view.close();
            view.close(); // a second close frees nothing twice
        }
    }

    @Test
    void randomValuesAreSlicesOfOneSeededBlock() {
        try (DataSet data = DataSet.generate(new DataSpec(100, true, true, 64, true));
                DataSet.Entries entries = data.entries()) {
            byte[] first = bytes(entries.value(0));
            byte[] second = bytes(entries.value(1));
            assertEquals(64, first.length);
            assertTrue(!java.util.Arrays.equals(first, second), "two values are the same bytes");
        }
    }

    /** The expected results, recomputed the slow and obvious way: a sorted map of copied bytes. */
    @ParameterizedTest
    @CsvSource({"true,true,false", "true,false,false", "false,false,true", "false,true,true"})
    void expectedResultsAreThoseOfTheSortedData(boolean intKey, boolean sequential, boolean valRandom) {
        DataSpec spec = new DataSpec(3_000, intKey, sequential, 20, valRandom);
        try (DataSet data = DataSet.generate(spec);
                DataSet.Entries entries = data.entries()) {
            TreeMap<byte[], byte[]> sorted = new TreeMap<>(java.util.Arrays::compareUnsigned);
            for (int i = 0; i < spec.num(); i++) {
                sorted.put(bytes(entries.key(i)), bytes(entries.value(i)));
            }
            assertEquals(spec.num(), sorted.size(), "keys are not distinct");
            CRC32 crc = new CRC32();
            long xxh = 0;
            LongHashFunction xx = LongHashFunction.xx();
            for (Map.Entry<byte[], byte[]> entry : sorted.entrySet()) {
                crc.update(entry.getKey());
                crc.update(entry.getValue());
                xxh = 31 * xxh + xx.hashBytes(entry.getKey());
                xxh = 31 * xxh + xx.hashBytes(entry.getValue());
            }
            Expected expected = data.expected();
            assertEquals(spec.num(), expected.count());
            assertEquals(spec.num() * 20L, expected.valueBytes());
            assertEquals(crc.getValue(), expected.crc32());
            assertEquals(xxh, expected.xxh64());
        }
    }

    @Test
    void badSpecsAreRefusedWithOneLine() {
        assertEquals(
                "num=0: num must be a whole number above 0",
                assertThrows(IllegalArgumentException.class, () -> new DataSpec(0, true, true, 100, false))
                        .getMessage());
        assertEquals(
                "valSize must be >= 4 (a value holds at least its key as an int), was 3",
                assertThrows(IllegalArgumentException.class, () -> new DataSpec(10, true, true, 3, false))
                        .getMessage());
        assertTrue(
                assertThrows(IllegalArgumentException.class, () -> new DataSpec(200_000_000, false, true, 100, false))
                        .getMessage()
                        .contains("too large"));
    }

    static byte[] bytes(DirectBuffer buffer) {
        byte[] bytes = new byte[buffer.capacity()];
        buffer.getBytes(0, bytes);
        return bytes;
    }
}
