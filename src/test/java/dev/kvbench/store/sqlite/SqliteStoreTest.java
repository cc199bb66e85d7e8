package dev.kvbench.store.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the conformance suite does not reach in the SQLite adapter: its options, journals and SQL cursor. */
class SqliteStoreTest {

    private static final Shape SHAPE = new Shape(10, 4, 4, false);

    @TempDir
    Path dir;

    @Test
    void sqliteComparesBlobsAsUnsignedBytesShorterFirst() throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite::memory:");
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(
                        "SELECT x'80' > x'7fff', x'ff' > x'00ff', x'80' < x'8000', x'' < x'00'")) {
            assertTrue(result.next());
            for (int column = 1; column <= 4; column++) {
                assertEquals(1, result.getInt(column), "comparison " + column);
            }
        }
    }

    @Test
    void theTableIsKeyedByTheBlobWithoutRowid() throws Exception {
        try (Store store = Stores.open("sqlite", dir, SHAPE)) {
            assertTrue(store.has(Capability.SNAPSHOT_READS));
        }
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("kv.sqlite"));
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT sql FROM sqlite_master WHERE name = 'kv'")) {
            assertTrue(result.next());
            assertTrue(result.getString(1).endsWith("WITHOUT ROWID"), result.getString(1));
        }
    }

    @Test
    void badOptionsAreRefusedInOneLine() {
        IllegalArgumentException journal =
                assertThrows(IllegalArgumentException.class, () -> Stores.open("sqlite:journal=wal2", dir, SHAPE));
        assertEquals(
                "sqlite option journal=wal2 is not valid; use wal, delete, truncate or persist", journal.getMessage());
        IllegalArgumentException sync =
                assertThrows(IllegalArgumentException.class, () -> Stores.open("sqlite:synchronous=yes", dir, SHAPE));
        assertEquals("sqlite option synchronous=yes is not valid; use off, normal, full or extra", sync.getMessage());
    }

    @Test
    void aRollbackJournalReaderSeesTheLatestCommitNotASnapshot() {
        try (Store store = Stores.open("sqlite:journal=delete", dir, SHAPE)) {
            assertFalse(store.has(Capability.SNAPSHOT_READS));
            write(store, 1, 10);
            try (Reader reader = store.reader()) {
                write(store, 1, 11);
                assertEquals(11, reader.get(key(1)).getInt(0, java.nio.ByteOrder.BIG_ENDIAN));
            }
        }
    }

    @Test
    void cursorChangesDirectionAnywhere() {
        try (Store store = Stores.open("sqlite", dir, SHAPE)) {
            for (int i = 1; i <= 5; i++) {
                write(store, i, i * 10);
            }
            try (Reader reader = store.reader();
                    Cursor cursor = reader.cursor()) {
                assertTrue(cursor.seek(key(3)));
                assertTrue(cursor.prev());
                assertEquals(2, cursor.key().getInt(0, java.nio.ByteOrder.BIG_ENDIAN));
                assertTrue(cursor.next());
                assertTrue(cursor.next());
                assertEquals(4, cursor.key().getInt(0, java.nio.ByteOrder.BIG_ENDIAN));
                assertEquals(40, cursor.value().getInt(0, java.nio.ByteOrder.BIG_ENDIAN));
                assertTrue(cursor.last());
                assertFalse(cursor.next());
                assertFalse(cursor.prev(), "after a failed move the cursor stands on no entry");
                assertTrue(cursor.last());
                assertTrue(cursor.prev());
                assertTrue(cursor.prev());
                assertEquals(3, cursor.key().getInt(0, java.nio.ByteOrder.BIG_ENDIAN));
            }
        }
    }

    private static void write(Store store, int k, int v) {
        try (Writer writer = store.writer(false)) {
            writer.put(key(k), key(v));
            writer.commit();
        }
    }

    private static DirectBuffer key(int k) {
        UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(4));
        buffer.putInt(0, k, java.nio.ByteOrder.BIG_ENDIAN);
        return buffer;
    }
}
