package dev.kvbench.store.rocksdb;

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

/** What the conformance suite does not reach in the RocksDB adapter. */
class RocksDbStoreTest {

    private static final Shape SMALL_ENTRIES = new Shape(100, 4, 8, false);

    @TempDir
    Path dir;

    @Test
    void entriesLargerThanTheShapeGrowTheReusedBuffers() {
        byte[] longKey = random(300, 1);
        byte[] bigValue = random(20_000, 2);
        try (Store store = Stores.open("rocksdb", dir, SMALL_ENTRIES)) {
            try (Writer writer = store.writer(false)) {
                writer.put(offHeap(longKey), offHeap(bigValue));
                writer.commit();
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertArrayEquals(bigValue, bytes(reader.get(offHeap(longKey))));
                assertTrue(cursor.first());
                assertArrayEquals(longKey, bytes(cursor.key()));
                assertArrayEquals(bigValue, bytes(cursor.value()));
            }
        }
    }

    @Test
    void withoutTheWalDataStillSurvivesACleanClose() {
        try (Store store = Stores.open("rocksdb:disableWal=true", dir, SMALL_ENTRIES);
                Writer writer = store.writer(false)) {
            writer.put(key(1), key(10));
            writer.commit();
        }
        try (Store store = Stores.open("rocksdb", dir, SMALL_ENTRIES);
                Reader reader = store.reader()) {
            assertEquals(10, reader.get(key(1)).getInt(0, java.nio.ByteOrder.BIG_ENDIAN));
        }
    }

    @Test
    void cursorChangesDirectionAndStaysOffTheEndsAfterAFailedMove() {
        try (Store store = Stores.open("rocksdb", dir, SMALL_ENTRIES)) {
            try (Writer writer = store.writer(false)) {
                for (int i = 1; i <= 3; i++) {
                    writer.put(key(i), key(i));
                }
                writer.commit();
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertTrue(cursor.seek(key(2)));
                assertTrue(cursor.prev());
                assertEquals(1, number(cursor.key()));
                assertTrue(cursor.next());
                assertTrue(cursor.next());
                assertEquals(3, number(cursor.key()));
                assertFalse(cursor.next());
                assertFalse(cursor.prev(), "after a failed move the cursor stays off the entries");
                assertThrows(IllegalStateException.class, cursor::key);
                assertTrue(cursor.last());
                assertEquals(3, number(cursor.value()));
            }
        }
    }

    @Test
    void rejectsSettingsRocksDbCannotRun() {
        assertThrows(IllegalArgumentException.class, () -> Stores.open("rocksdb:blockCacheMb=-1", dir, SMALL_ENTRIES));
        assertThrows(
                IllegalArgumentException.class, () -> Stores.open("rocksdb:maxBackgroundJobs=0", dir, SMALL_ENTRIES));
        assertThrows(
                IllegalArgumentException.class,
                () -> Stores.open("rocksdb:sync=true,disableWal=true", dir, SMALL_ENTRIES));
    }

    private static DirectBuffer key(int i) {
        return offHeap(ByteBuffer.allocate(4).putInt(i).array());
    }

    private static int number(DirectBuffer buffer) {
        return buffer.getInt(0, java.nio.ByteOrder.BIG_ENDIAN);
    }

    private static byte[] random(int length, long seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
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
