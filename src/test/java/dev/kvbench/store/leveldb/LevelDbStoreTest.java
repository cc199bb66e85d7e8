package dev.kvbench.store.leveldb;

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
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the conformance suite does not reach in the LevelDB adapter: above all its cursor, which
 * tracks where leveldbjni's move-and-return iterator stands.
 */
class LevelDbStoreTest {

    @TempDir
    Path dir;

    @Test
    void cursorChangesDirectionAnywhere() {
        try (Store store = Stores.open("leveldb", dir, new Shape(10, 4, 4, false))) {
            try (Writer writer = store.writer(false)) {
                for (int i = 1; i <= 5; i++) {
                    writer.put(key(i), key(i * 10));
                }
                writer.commit();
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertTrue(cursor.seek(key(3)));
                assertTrue(cursor.prev());
                assertEquals(2, number(cursor.key()));
                assertTrue(cursor.next());
                assertTrue(cursor.next());
                assertEquals(4, number(cursor.key()));
                assertTrue(cursor.prev());
                assertTrue(cursor.prev());
                assertEquals(2, number(cursor.key()));
                assertEquals(20, number(cursor.value()));

                assertTrue(cursor.seek(key(4)));
                assertTrue(cursor.next(), "onto the last entry: the native iterator is now past the end");
                assertTrue(cursor.prev());
                assertEquals(4, number(cursor.key()));

                assertTrue(cursor.last());
                assertFalse(cursor.next());
                assertFalse(cursor.prev(), "after a failed move the cursor stays off the entries");
                assertThrows(IllegalStateException.class, cursor::key);
                assertTrue(cursor.last());
                assertTrue(cursor.prev());
                assertTrue(cursor.next());
                assertEquals(5, number(cursor.key()));

                assertTrue(cursor.first());
                assertFalse(cursor.prev());
                assertTrue(cursor.first(), "a failed step back leaves the cursor usable");
                assertEquals(1, number(cursor.key()));
            }
        }
    }

    @Test
    void readsAcrossManyFlushedTables() {
        int n = 20_000;
        try (Store store = Stores.open("leveldb:writeBufferMb=1", dir, new Shape(n, 4, 200, false))) {
            try (Writer writer = store.writer(false)) {
                for (int i = 0; i < n; i++) {
                    int k = (i * 7919) % n;
                    writer.put(key(k), value(k, 200));
                    if (i % 1000 == 999) {
                        writer.commit();
                    }
                }
                writer.commit();
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                int count = 0;
                for (boolean more = cursor.first(); more; more = cursor.next()) {
                    assertEquals(count++, number(cursor.key()));
                }
                assertEquals(n, count);
                for (boolean more = cursor.last(); more; more = cursor.prev()) {
                    assertEquals(--count, number(cursor.key()));
                }
                assertEquals(0, count);
                for (int i = 0; i < n; i += 97) {
                    assertArrayEquals(bytes(value(i, 200)), bytes(reader.get(key(i))));
                }
            }
        }
    }

    @Test
    void keysAndValuesOfManyLengthsAndBackingsRoundTrip() {
        try (Store store = Stores.open("leveldb", dir, new Shape(10, 8, 8, false))) {
            byte[] whole = {1, 2, 3};
            UnsafeBuffer inside = new UnsafeBuffer(new byte[] {9, 9, 4, 5, 6, 9}, 2, 3);
            try (Writer writer = store.writer(false)) {
                writer.put(new UnsafeBuffer(whole), value(1, 5_000));
                writer.put(inside, value(2, 7_000));
                writer.put(key(3), value(3, 700));
                writer.commit();
            }
            try (Reader reader = store.reader()) {
                assertArrayEquals(bytes(value(1, 5_000)), bytes(reader.get(new UnsafeBuffer(new byte[] {1, 2, 3}))));
                assertArrayEquals(bytes(value(2, 7_000)), bytes(reader.get(new UnsafeBuffer(new byte[] {4, 5, 6}))));
                assertArrayEquals(bytes(value(3, 700)), bytes(reader.get(key(3))));
            }
        }
    }

    @Test
    void rejectsSettingsLevelDbCannotRun() {
        Shape shape = new Shape(10, 4, 4, false);
        assertThrows(IllegalArgumentException.class, () -> Stores.open("leveldb:cacheMb=-1", dir, shape));
        assertThrows(IllegalArgumentException.class, () -> Stores.open("leveldb:writeBufferMb=4096", dir, shape));
    }

    private static DirectBuffer key(int i) {
        ByteBuffer direct = ByteBuffer.allocateDirect(4).putInt(0, i);
        return new UnsafeBuffer(direct);
    }

    private static DirectBuffer value(int seed, int length) {
        UnsafeBuffer value = new UnsafeBuffer(ByteBuffer.allocateDirect(length));
        for (int i = 0; i < length; i++) {
            value.putByte(i, (byte) (seed * 31 + i));
        }
        return value;
    }

    private static int number(DirectBuffer buffer) {
        return buffer.getInt(0, java.nio.ByteOrder.BIG_ENDIAN);
    }

    private static byte[] bytes(DirectBuffer buffer) {
        byte[] out = new byte[buffer.capacity()];
        buffer.getBytes(0, out);
        return out;
    }
}
