package dev.kvbench.store.chronicle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the conformance suite does not reach in the Chronicle Map adapter. */
class ChronicleStoreTest {

    @TempDir
    Path dir;

    @Test
    void aStoreSizedForAFewSmallEntriesStillTakesA16KibValueAndALongKey() {
        byte[] longKey = random(100, 1);
        byte[] bigValue = random(16 * 1024, 2);
        try (Store store = Stores.open("chronicle", dir, new Shape(10, 4, 8, false))) {
            try (Writer writer = store.writer(false)) {
                writer.put(heap(longKey), heap(bigValue));
                writer.commit();
            }
            try (Reader reader = store.reader()) {
                assertArrayEquals(bigValue, bytes(reader.get(offHeap(longKey))));
            }
        }
    }

    @Test
    void aStoreSizedForFewEntriesHoldsAThousand() {
        try (Store store = Stores.open("chronicle", dir, new Shape(10, 4, 8, false))) {
            try (Writer writer = store.writer(false)) {
                for (int i = 0; i < 1_000; i++) {
                    writer.put(key(i), key(i));
                }
            }
            try (Reader reader = store.reader()) {
                for (int i = 0; i < 1_000; i++) {
                    assertEquals(i, reader.get(key(i)).getInt(0, java.nio.ByteOrder.BIG_ENDIAN));
                }
            }
        }
    }

    @Test
    void aValueReadStaysIntactWhileTheWriterOverwritesIt() {
        byte[] first = new byte[100];
        byte[] second = new byte[100];
        Arrays.fill(first, (byte) 1);
        Arrays.fill(second, (byte) 2);
        try (Store store = Stores.open("chronicle", dir, new Shape(100, 4, 100, false));
                Writer writer = store.writer(false);
                Reader reader = store.reader()) {
            writer.put(key(1), heap(first));
            DirectBuffer value = reader.get(key(1));
            writer.put(key(1), heap(second));
            assertArrayEquals(first, bytes(value), "the reader's copy, not the mapped entry");
            assertArrayEquals(second, bytes(reader.get(key(1))));
        }
    }

    @Test
    void aPutIsVisibleToReadersBeforeCommit() {
        try (Store store = Stores.open("chronicle", dir, new Shape(100, 4, 8, false));
                Writer writer = store.writer(false);
                Reader reader = store.reader()) {
            writer.put(key(1), key(10));
            assertEquals(10, reader.get(key(1)).getInt(0, java.nio.ByteOrder.BIG_ENDIAN));
        }
    }

    @Test
    void constantSizesWhereTheDataSetHasThemTakeLessFileThanAverageSizes() throws Exception {
        Shape fixed = new Shape(20_000, 4, 100, false, true, true);
        long constant = writeAndMeasure("chronicle", fixed, dir.resolve("constant"));
        long average = writeAndMeasure("chronicle:constantSizes=false", fixed, dir.resolve("average"));
        long flat = fixed.flatBytes();
        assertTrue(constant < average, "constant " + constant + " bytes, average " + average);
        // Fixed-size entries carry no size fields: about the flat array plus the hash index.
        assertTrue(constant < flat * 1.25, "constant sizes: " + constant + " bytes for " + flat + " flat");
    }

    @Test
    void aValueOfAnotherSizeIsRefusedWhenSizesAreConstant() {
        try (Store store = Stores.open("chronicle", dir, new Shape(100, 4, 8, false, true, true));
                Writer writer = store.writer(false)) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> writer.put(key(1), heap(new byte[9])));
            assertTrue(e.getMessage().contains("constant value size 8 bytes"), e.getMessage());
            assertTrue(e.getMessage().contains("constantSizes=false"), e.getMessage());
        }
    }

    private static long writeAndMeasure(String spec, Shape shape, Path folder) throws Exception {
        java.nio.file.Files.createDirectories(folder);
        byte[] value = random(shape.valSize(), 3);
        try (Store store = Stores.open(spec, folder, shape);
                Writer writer = store.writer(false)) {
            for (int i = 0; i < shape.entries(); i++) {
                writer.put(key(i), heap(value));
            }
            writer.commit();
        }
        return dev.kvbench.measure.Storage.allocatedBytes(folder);
    }

    private static DirectBuffer key(int i) {
        return offHeap(ByteBuffer.allocate(4).putInt(i).array());
    }

    private static byte[] random(int length, long seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static DirectBuffer heap(byte[] bytes) {
        return new UnsafeBuffer(bytes.clone());
    }

    private static DirectBuffer offHeap(byte[] bytes) {
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length);
        direct.put(bytes).flip();
        return new UnsafeBuffer(direct);
    }

    private static byte[] bytes(DirectBuffer buffer) {
        byte[] out = new byte[buffer.capacity()];
        buffer.getBytes(0, out);
        return out;
    }
}
