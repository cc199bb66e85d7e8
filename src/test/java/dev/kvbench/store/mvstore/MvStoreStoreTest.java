package dev.kvbench.store.mvstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Cursor;
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

/** What the MVStore adapter does beyond the conformance suite: its own cursor and snapshots. */
class MvStoreStoreTest {

    private static final int N = 2_000;
    /** 2 MB of values: more than a 1 MiB cache holds, so pages are evicted and read back. */
    private static final int VALUE_SIZE = 1_000;

    private static final Shape SHAPE = new Shape(N, 4, VALUE_SIZE, false);

    @TempDir
    Path dir;

    @Test
    void cursorTurnsAroundAtAnyEntry() {
        try (Store store = Stores.open("mvstore", dir, SHAPE)) {
            writeAll(store, 0);
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertTrue(cursor.seek(key(10)));
                assertTrue(cursor.next());
                assertEquals(11, keyOf(cursor));
                assertTrue(cursor.prev());
                assertEquals(10, keyOf(cursor));
                assertTrue(cursor.prev());
                assertEquals(9, keyOf(cursor));
                assertTrue(cursor.next());
                assertEquals(10, keyOf(cursor));
                assertTrue(cursor.last());
                assertFalse(cursor.next(), "nothing after the last entry");
                assertTrue(cursor.first());
                assertFalse(cursor.prev(), "nothing before the first entry");
            }
        }
    }

    @Test
    void readerKeepsItsSnapshotThroughManyCommitsWithATinyCache() {
        try (Store store = Stores.open("mvstore:cacheMb=1", dir, SHAPE)) {
            writeAll(store, 0);
            try (Reader reader = store.reader()) {
                for (int round = 1; round <= 20; round++) {
                    writeAll(store, round);
                }
                for (int i = 0; i < N; i++) {
                    assertEquals(0, valueOf(reader.get(key(i))), "the old value of key " + i);
                }
                try (Cursor cursor = reader.cursor()) {
                    int count = 0;
                    for (boolean more = cursor.first(); more; more = cursor.next()) {
                        assertEquals(0, valueOf(cursor.value()));
                        count++;
                    }
                    assertEquals(N, count);
                }
            }
            try (Reader reader = store.reader()) {
                assertEquals(20, valueOf(reader.get(key(N - 1))));
            }
        }
    }

    @Test
    void writerClosedWithoutCommitLeavesNothingBehind() {
        try (Store store = Stores.open("mvstore", dir, SHAPE)) {
            try (Writer writer = store.writer(false)) {
                writer.put(key(1), value(1, VALUE_SIZE));
            }
            try (Writer writer = store.writer(false)) {
                writer.put(key(2), value(2, VALUE_SIZE));
                writer.commit();
            }
            try (Reader reader = store.reader()) {
                assertNull(reader.get(key(1)));
                assertEquals(2, valueOf(reader.get(key(2))));
            }
        }
    }

    @Test
    void callerMayReuseItsBuffersAfterPut() {
        try (Store store = Stores.open("mvstore", dir, SHAPE)) {
            UnsafeBuffer key = new UnsafeBuffer(new byte[4]);
            UnsafeBuffer value = new UnsafeBuffer(new byte[VALUE_SIZE]);
            try (Writer writer = store.writer(false)) {
                for (int i = 0; i < 100; i++) {
                    key.putInt(0, i, ByteOrder.BIG_ENDIAN);
                    value.putInt(0, i, ByteOrder.BIG_ENDIAN);
                    writer.put(key, value);
                }
                writer.commit();
            }
            try (Reader reader = store.reader()) {
                for (int i = 0; i < 100; i++) {
                    assertEquals(i, valueOf(reader.get(key(i))));
                }
            }
        }
    }

    private static void writeAll(Store store, int round) {
        try (Writer writer = store.writer(false)) {
            for (int i = 0; i < N; i++) {
                writer.put(key(i), value(round, VALUE_SIZE));
                if (i % 500 == 499) {
                    writer.commit();
                }
            }
            writer.commit();
        }
    }

    private static DirectBuffer key(int i) {
        UnsafeBuffer key = new UnsafeBuffer(new byte[4]);
        key.putInt(0, i, ByteOrder.BIG_ENDIAN);
        return key;
    }

    private static DirectBuffer value(int v, int size) {
        UnsafeBuffer value = new UnsafeBuffer(new byte[size]);
        value.putInt(0, v, ByteOrder.BIG_ENDIAN);
        return value;
    }

    private static int keyOf(Cursor cursor) {
        return cursor.key().getInt(0, ByteOrder.BIG_ENDIAN);
    }

    private static int valueOf(DirectBuffer value) {
        return value.getInt(0, ByteOrder.BIG_ENDIAN);
    }
}
