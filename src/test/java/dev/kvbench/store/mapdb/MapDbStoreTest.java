package dev.kvbench.store.mapdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Random;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the conformance suite does not reach in the MapDB adapter. */
class MapDbStoreTest {

    private static final Shape SMALL = new Shape(100, 4, 8, false);

    @TempDir
    Path dir;

    @Test
    void cursorChangesDirectionAnywhere() {
        try (Store store = Stores.open("mapdb", dir, SMALL)) {
            writeKeys(store, 1, 3);
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertTrue(cursor.seek(key(2)));
                assertTrue(cursor.prev());
                assertEquals(1, number(cursor.key()));
                assertFalse(cursor.prev());
                assertTrue(cursor.first());
                assertTrue(cursor.next());
                assertTrue(cursor.next());
                assertEquals(3, number(cursor.key()));
                assertFalse(cursor.next());
                assertTrue(cursor.last());
                assertTrue(cursor.prev());
                assertEquals(2, number(cursor.key()));
                assertTrue(cursor.next());
                assertEquals(3, number(cursor.value()));
                assertTrue(cursor.prev());
                assertEquals(2, number(cursor.value()));
            }
        }
    }

    @Test
    void cursorTurnsBackAcrossLeaves() {
        int n = 2_000;
        try (Store store = Stores.open("mapdb", dir, new Shape(n, 4, 8, false))) {
            writeKeys(store, 0, n - 1);
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertTrue(cursor.seek(key(1_000)));
                for (int i = 999; i >= 500; i--) {
                    assertTrue(cursor.prev());
                    assertEquals(i, number(cursor.key()));
                }
                for (int i = 501; i < n; i++) {
                    assertTrue(cursor.next());
                    assertEquals(i, number(cursor.key()));
                }
                assertFalse(cursor.next());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mapdb:valuesOutsideNodes=false", "mapdb:valuesOutsideNodes=true", "mapdb"})
    void everyValueLayoutKeepsEmptyAndLargeValues(String spec) {
        byte[] big = random(20_000, 3);
        try (Store store = Stores.open(spec, dir, new Shape(100, 4, 2_000, false))) {
            try (Writer writer = store.writer(false)) {
                writer.put(key(1), heap(new byte[0]));
                writer.put(key(2), heap(big));
                writer.commit();
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertEquals(0, reader.get(key(1)).capacity());
                assertArrayEquals(big, bytes(reader.get(key(2))));
                assertTrue(cursor.first());
                assertEquals(0, cursor.value().capacity());
                assertTrue(cursor.next());
                assertArrayEquals(big, bytes(cursor.value()));
            }
        }
    }

    @Test
    void aReopenedMapKeepsTheValueLayoutItWasCreatedWith() {
        try (Store store = Stores.open("mapdb:valuesOutsideNodes=false", dir, SMALL)) {
            writeKeys(store, 1, 10);
        }
        try (Store store = Stores.open("mapdb:valuesOutsideNodes=true", dir, SMALL);
                Reader reader = store.reader()) {
            assertEquals(7, number(reader.get(key(7))));
        }
    }

    @Test
    void getTakesKeysOfAnyLength() {
        try (Store store = Stores.open("mapdb", dir, SMALL)) {
            try (Writer writer = store.writer(false)) {
                writer.put(heap(new byte[] {1}), key(1));
                writer.put(heap(new byte[] {1, 2, 3, 4, 5, 6}), key(6));
                writer.commit();
            }
            try (Reader reader = store.reader()) {
                assertEquals(1, number(reader.get(heap(new byte[] {1}))));
                assertEquals(6, number(reader.get(heap(new byte[] {1, 2, 3, 4, 5, 6}))));
                assertEquals(1, number(reader.get(heap(new byte[] {1}))));
            }
        }
    }

    @Test
    void rejectsAnUnknownValueLayout() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> Stores.open("mapdb:valuesOutsideNodes=sometimes", dir, SMALL));
        assertTrue(e.getMessage().contains("valuesOutsideNodes"), e.getMessage());
    }

    private static void writeKeys(Store store, int from, int to) {
        try (Writer writer = store.writer(false)) {
            for (int i = from; i <= to; i++) {
                writer.put(key(i), key(i));
            }
            writer.commit();
        }
    }

    private static DirectBuffer key(int i) {
        return heap(ByteBuffer.allocate(4).putInt(i).array());
    }

    private static int number(DirectBuffer buffer) {
        return buffer.getInt(0, java.nio.ByteOrder.BIG_ENDIAN);
    }

    private static byte[] random(int length, long seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static DirectBuffer heap(byte[] bytes) {
        return new UnsafeBuffer(bytes);
    }

    private static byte[] bytes(DirectBuffer buffer) {
        byte[] out = new byte[buffer.capacity()];
        buffer.getBytes(0, out);
        return out;
    }
}
