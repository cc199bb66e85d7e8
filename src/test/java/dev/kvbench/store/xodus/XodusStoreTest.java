package dev.kvbench.store.xodus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.store.Writer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the Xodus adapter does beyond the conformance suite. */
class XodusStoreTest {

    private static final Shape SHAPE = new Shape(1_000, 4, 8, false);

    @TempDir
    Path dir;

    /** Xodus keeps the key and value objects of a put until commit: the adapter must copy. */
    @Test
    void callerMayReuseItsBuffersAfterPut() {
        try (Store store = Stores.open("xodus", dir, SHAPE)) {
            UnsafeBuffer key = new UnsafeBuffer(new byte[4]);
            UnsafeBuffer value = new UnsafeBuffer(new byte[8]);
            try (Writer writer = store.writer(false)) {
                for (int i = 0; i < 100; i++) {
                    key.putInt(0, i, ByteOrder.BIG_ENDIAN);
                    value.putInt(0, i, ByteOrder.BIG_ENDIAN);
                    writer.put(key, value);
                }
                writer.commit();
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                int count = 0;
                for (boolean more = cursor.first(); more; more = cursor.next()) {
                    assertEquals(count, cursor.key().getInt(0, ByteOrder.BIG_ENDIAN));
                    assertEquals(count, cursor.value().getInt(0, ByteOrder.BIG_ENDIAN));
                    count++;
                }
                assertEquals(100, count);
            }
        }
    }

    @Test
    void cursorTurnsAroundAndStartsOverAtFirst() {
        try (Store store = Stores.open("xodus", dir, SHAPE)) {
            try (Writer writer = store.writer(false)) {
                for (int i = 0; i < 100; i++) {
                    writer.put(key(i), key(i));
                }
                writer.commit();
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertTrue(cursor.seek(key(10)));
                assertTrue(cursor.next());
                assertEquals(11, keyOf(cursor));
                assertTrue(cursor.prev());
                assertTrue(cursor.prev());
                assertEquals(9, keyOf(cursor));
                assertTrue(cursor.last());
                assertEquals(99, keyOf(cursor));
                assertTrue(cursor.first());
                assertEquals(0, keyOf(cursor));
                assertFalse(cursor.prev(), "nothing before the first entry");
            }
        }
    }

    /** The sequential hint uses putRight, which refuses a key that is not the greatest. */
    @Test
    void sequentialHintFailsLoudlyOnAKeyOutOfOrder() {
        try (Store store = Stores.open("xodus", dir, SHAPE)) {
            try (Writer writer = store.writer(true)) {
                writer.put(key(5), key(5));
                assertThrows(IllegalArgumentException.class, () -> writer.put(key(4), key(4)));
            }
        }
    }

    private static DirectBuffer key(int i) {
        UnsafeBuffer key = new UnsafeBuffer(new byte[4]);
        key.putInt(0, i, ByteOrder.BIG_ENDIAN);
        return key;
    }

    private static int keyOf(Cursor cursor) {
        return cursor.key().getInt(0, ByteOrder.BIG_ENDIAN);
    }

    @Test
    void theVersionConstantIsTheVersionOfTheXodusJar() {
        // On the test class path Xodus's own manifest is readable; in the uber-jar only the constant is.
        assertEquals(
                LibraryVersion.ofManifest(jetbrains.exodus.env.Environments.class)
                        .orElseThrow(),
                XodusEngine.VERSION);
    }

    /** {@code cachePageKb} sets what a cache miss reads: the environment takes it, and the store works with it. */
    @Test
    void theCachePageIsTheOptionsAndABadOneIsOneLine() {
        try (Store store = Stores.open("xodus:cachePageKb=4", dir.resolve("small"), SHAPE)) {
            assertEquals(4096, ((XodusStore) store).cachePageBytes());
            UnsafeBuffer key = new UnsafeBuffer(new byte[4]);
            UnsafeBuffer value = new UnsafeBuffer(new byte[8]);
            try (Writer w = store.writer(false)) {
                for (int i = 0; i < 1_000; i++) {
                    key.putInt(0, i, ByteOrder.BIG_ENDIAN);
                    value.putLong(0, i * 7L);
                    w.put(key, value);
                }
                w.commit();
            }
            try (Reader r = store.reader()) {
                key.putInt(0, 999, ByteOrder.BIG_ENDIAN);
                assertEquals(999 * 7L, r.get(key).getLong(0));
            }
        }
        try (Store store = Stores.open("xodus", dir.resolve("default"), SHAPE)) {
            assertEquals(64 * 1024, ((XodusStore) store).cachePageBytes(), "Xodus's own default");
        }
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> Stores.open("xodus:cachePageKb=12", dir.resolve("bad"), SHAPE));
        assertTrue(e.getMessage().contains("cachePageKb=12 must be a power of two"), e.getMessage());
    }
}
