package dev.kvbench.store.sqlite;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.ExactArrays;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Writer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumSet;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * SQLite through sqlite-jdbc: one file, one table {@code kv(k BLOB PRIMARY KEY, v BLOB) WITHOUT
 * ROWID}, a B-tree keyed by the key itself. SQLite compares BLOBs with {@code memcmp}, shorter
 * first on a tie: unsigned byte order. Every statement is prepared once per connection.
 *
 * <p>Connections: the store keeps one (it creates the table and holds the journal mode), the
 * writer has one, in one transaction per batch ({@code commit()} commits it), and each reader has
 * its own, since a JDBC connection is confined to one thread at a time. With
 * {@code journal=wal} (the default) a reader opens a read transaction at once and keeps it, so
 * it reads one snapshot for its life while the writer commits ({@link Capability#SNAPSHOT_READS}).
 * The rollback journals ({@code delete}, {@code truncate}, {@code persist}) cannot do that: a
 * reader's open transaction would stop every commit, so their readers run each statement on
 * its own and see the latest commit, and a commit waits (busy timeout) for running statements.
 *
 * <p>Copies and allocation: JDBC takes and returns {@code byte[]} only. A key or value going in is
 * copied into a reused array of its exact length ({@link ExactArrays}); SQLite copies it again
 * when it binds it. Coming out, the driver allocates a new {@code byte[]} per value read, and per
 * key and value at every cursor step; the returned buffers are views over those arrays.
 */
public final class SqliteStore extends BaseStore {

    /** The spec's options, checked by {@link SqliteEngine}. */
    record Settings(String journal, String synchronous, int cacheMb) {
        boolean wal() {
            return journal.equals("wal");
        }
    }

    private static final int BUSY_TIMEOUT_MS = 60_000;

    private final String url;
    private final Settings settings;
    private final Connection keeper;

    SqliteStore(Path dir, Settings settings) {
        super(settings.wal() ? TRANSACTIONAL : EnumSet.of(Capability.ORDERED, Capability.ATOMIC_COMMIT));
        opens(sequential -> new SqliteWriter(), SqliteReader::new);
        this.url = "jdbc:sqlite:" + dir.resolve("kv.sqlite");
        this.settings = settings;
        this.keeper = connect();
        try (Statement statement = keeper.createStatement()) {
            statement.execute(
                    "CREATE TABLE IF NOT EXISTS kv (k BLOB PRIMARY KEY NOT NULL, v BLOB NOT NULL) WITHOUT ROWID");
        } catch (SQLException e) {
            release(keeper);
            throw failed("creating the table", e);
        }
    }

    /** The version of the SQLite library the driver bundles, asked of SQLite itself. */
    static String sqliteVersion() {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite::memory:");
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT sqlite_version()")) {
            result.next();
            return result.getString(1);
        } catch (SQLException e) {
            throw failed("reading its version", e);
        }
    }

    /** A connection with the spec's settings; the journal mode is the database's, set here too. */
    private Connection connect() {
        try {
            Connection connection = DriverManager.getConnection(url);
            try (Statement statement = connection.createStatement()) {
                statement.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MS);
                statement.execute("PRAGMA journal_mode = " + settings.journal());
                statement.execute("PRAGMA synchronous = " + settings.synchronous());
                // A negative cache_size is in KiB.
                statement.execute("PRAGMA cache_size = -" + settings.cacheMb() * 1024L);
            }
            return connection;
        } catch (SQLException e) {
            throw failed("opening " + url, e);
        }
    }

    private static RuntimeException failed(String what, SQLException e) {
        return new IllegalStateException("sqlite " + what + " failed: " + e.getMessage(), e);
    }

    private static void release(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            throw new IllegalStateException("sqlite close failed: " + e.getMessage(), e);
        }
    }

    /** Closing the last connection checkpoints the WAL into the database file and removes it. */
    @Override
    public void close() {
        release(keeper);
    }

    /** Puts and deletes run in the writer's open transaction; commit ends it and the next begins. */
    private final class SqliteWriter implements Writer {
        private final Connection connection = connect();
        private final PreparedStatement put;
        private final PreparedStatement delete;
        private final ExactArrays keys = new ExactArrays();
        private final ExactArrays values = new ExactArrays();

        SqliteWriter() {
            try {
                // The driver begins a transaction now and after every commit.
                connection.setAutoCommit(false);
                put = connection.prepareStatement("INSERT OR REPLACE INTO kv (k, v) VALUES (?, ?)");
                delete = connection.prepareStatement("DELETE FROM kv WHERE k = ?");
            } catch (SQLException e) {
                release(connection);
                throw failed("preparing the writer", e);
            }
        }

        @Override
        public void put(DirectBuffer key, DirectBuffer value) {
            try {
                put.setBytes(1, keys.copyOf(key));
                put.setBytes(2, values.copyOf(value));
                put.executeUpdate();
            } catch (SQLException e) {
                throw failed("put", e);
            }
        }

        @Override
        public void delete(DirectBuffer key) {
            try {
                delete.setBytes(1, keys.copyOf(key));
                delete.executeUpdate();
            } catch (SQLException e) {
                throw failed("delete", e);
            }
        }

        @Override
        public void commit() {
            try {
                connection.commit();
            } catch (SQLException e) {
                throw failed("commit", e);
            }
        }

        /** Uncommitted writes are rolled back when the connection closes. */
        @Override
        public void close() {
            release(connection);
        }
    }

    /** A connection of its own; in WAL mode one read transaction for its whole life. */
    private final class SqliteReader implements Reader {
        private final Connection connection = connect();
        private final PreparedStatement get;
        private final ExactArrays keys = new ExactArrays();
        private final UnsafeBuffer value = new UnsafeBuffer(new byte[0]);

        SqliteReader() {
            try {
                get = connection.prepareStatement("SELECT v FROM kv WHERE k = ?");
                if (settings.wal()) {
                    connection.setAutoCommit(false);
                    // A WAL read transaction takes its snapshot at its first read: take it now.
                    try (Statement statement = connection.createStatement();
                            ResultSet any = statement.executeQuery("SELECT 1 FROM kv LIMIT 1")) {
                        any.next();
                    }
                }
            } catch (SQLException e) {
                release(connection);
                throw failed("opening a reader", e);
            }
        }

        @Override
        public DirectBuffer get(DirectBuffer key) {
            try {
                get.setBytes(1, keys.copyOf(key));
                try (ResultSet result = get.executeQuery()) {
                    if (!result.next()) {
                        return null;
                    }
                    value.wrap(result.getBytes(1));
                    return value;
                }
            } catch (SQLException e) {
                throw failed("get", e);
            }
        }

        @Override
        public Cursor cursor() {
            return new SqliteCursor(connection);
        }

        @Override
        public void close() {
            release(connection);
        }
    }

    /**
     * A cursor as SQL: a query ordered by key, ascending or descending, read one row per move.
     * {@code first}, {@code last} and {@code seek} start a query; a change of direction starts
     * one from the current key ({@code k > ?} or {@code k < ?}); steps in one direction only read
     * the next row of the running query (one {@code sqlite3_step}).
     */
    private static final class SqliteCursor implements Cursor {
        private final PreparedStatement first;
        private final PreparedStatement last;
        private final PreparedStatement atOrAfter;
        private final PreparedStatement after;
        private final PreparedStatement before;
        private final ExactArrays keys = new ExactArrays();
        private final UnsafeBuffer key = new UnsafeBuffer(new byte[0]);
        private final UnsafeBuffer value = new UnsafeBuffer(new byte[0]);
        private ResultSet rows;
        private boolean descending;
        /** The current entry's key, or null when the cursor stands on no entry. */
        private byte[] current;

        SqliteCursor(Connection connection) {
            try {
                first = connection.prepareStatement("SELECT k, v FROM kv ORDER BY k");
                last = connection.prepareStatement("SELECT k, v FROM kv ORDER BY k DESC");
                atOrAfter = connection.prepareStatement("SELECT k, v FROM kv WHERE k >= ? ORDER BY k");
                after = connection.prepareStatement("SELECT k, v FROM kv WHERE k > ? ORDER BY k");
                before = connection.prepareStatement("SELECT k, v FROM kv WHERE k < ? ORDER BY k DESC");
            } catch (SQLException e) {
                throw failed("preparing a cursor", e);
            }
        }

        @Override
        public boolean first() {
            return start(first, null, false);
        }

        @Override
        public boolean last() {
            return start(last, null, true);
        }

        @Override
        public boolean seek(DirectBuffer target) {
            return start(atOrAfter, keys.copyOf(target), false);
        }

        @Override
        public boolean next() {
            return step(false);
        }

        @Override
        public boolean prev() {
            return step(true);
        }

        private boolean step(boolean backwards) {
            if (current == null) {
                return false;
            }
            if (backwards != descending) {
                return start(backwards ? before : after, current, backwards);
            }
            return read();
        }

        private boolean start(PreparedStatement query, byte[] from, boolean backwards) {
            try {
                endQuery();
                if (from != null) {
                    query.setBytes(1, from);
                }
                rows = query.executeQuery();
                descending = backwards;
                return read();
            } catch (SQLException e) {
                throw failed("cursor query", e);
            }
        }

        private boolean read() {
            try {
                if (!rows.next()) {
                    current = null;
                    endQuery();
                    return false;
                }
                current = rows.getBytes(1);
                key.wrap(current);
                value.wrap(rows.getBytes(2));
                return true;
            } catch (SQLException e) {
                throw failed("cursor step", e);
            }
        }

        /** Ends the running query, so that it holds no read lock on its own. */
        private void endQuery() throws SQLException {
            if (rows != null) {
                rows.close();
                rows = null;
            }
        }

        @Override
        public DirectBuffer key() {
            return key;
        }

        @Override
        public DirectBuffer value() {
            return value;
        }

        @Override
        public void close() {
            try {
                endQuery();
                for (PreparedStatement statement : new PreparedStatement[] {first, last, atOrAfter, after, before}) {
                    statement.close();
                }
            } catch (SQLException e) {
                throw failed("closing a cursor", e);
            }
        }
    }
}
