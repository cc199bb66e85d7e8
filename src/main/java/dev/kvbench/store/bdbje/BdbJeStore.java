package dev.kvbench.store.bdbje;

import com.sleepycat.je.CursorConfig;
import com.sleepycat.je.Database;
import com.sleepycat.je.DatabaseConfig;
import com.sleepycat.je.DatabaseEntry;
import com.sleepycat.je.Durability;
import com.sleepycat.je.Environment;
import com.sleepycat.je.EnvironmentConfig;
import com.sleepycat.je.LockMode;
import com.sleepycat.je.OperationStatus;
import com.sleepycat.je.Transaction;
import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Writer;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.concurrent.TimeUnit;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Berkeley DB Java Edition: one database (a B+ tree) in an environment whose data live in
 * append-only log files. JE compares keys byte by byte as unsigned values by default: kvbench's
 * order. Its own daemon threads (Cleaner, Checkpointer, INCompressor, Evictor...) clean and
 * checkpoint the log in the background; JE names them, so their CPU counts as the engine's
 * background CPU.
 *
 * <p>Writes: with {@code transactional=true} (the default) a writer holds one JE transaction per
 * batch and {@code commit()} commits it; without, every put is applied at once, no lock outlives
 * its call, and {@code commit()} only writes the log buffer out. Durability: without
 * {@code sync} a commit writes the log to the file system without fsync, as the other engines'
 * {@code sync=false}; with it, the log is fsynced.
 *
 * <p>Reads: JE keeps one version of each record and isolates by locks, not snapshots. A reader
 * reads committed data ({@code READ_COMMITTED}) without a transaction; where it meets a record
 * that the writer's open transaction has written, it waits for that commit. So this adapter
 * declares neither {@link Capability#SNAPSHOT_READS} nor {@link Capability#ATOMIC_COMMIT}: JE
 * commits atomically, but a reader cannot read past a pending write, it can only wait for it.
 * The lock timeout is raised from JE's 500 ms so that a reader waits out a long batch instead of
 * failing.
 *
 * <p>Copies and allocation: a key or value going in is passed as its own heap array when it has
 * one, else copied into a reused array; JE copies it into its tree. Coming out, JE allocates a
 * new {@code byte[]} for each value read, and for the key and the value at every cursor step;
 * the returned buffers are views over those arrays.
 */
public final class BdbJeStore extends BaseStore {

    /** The spec's options, checked by {@link BdbJeEngine}. */
    record Settings(boolean transactional, boolean sync, int cacheMb) {}

    private static final long MIB = 1L << 20;
    private static final long LOCK_TIMEOUT_SECONDS = 60;

    private final Environment environment;
    private final Database database;
    private final Settings settings;

    BdbJeStore(Path dir, Settings settings) {
        super(EnumSet.of(Capability.ORDERED));
        opens(sequential -> new JeWriter(), JeReader::new);
        this.settings = settings;
        EnvironmentConfig config = new EnvironmentConfig()
                .setAllowCreate(true)
                .setTransactional(settings.transactional())
                .setLockTimeout(LOCK_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        config.setDurability(settings.sync() ? Durability.COMMIT_SYNC : Durability.COMMIT_WRITE_NO_SYNC);
        if (settings.cacheMb() > 0) {
            config.setCacheSize(settings.cacheMb() * MIB);
        }
        this.environment = new Environment(dir.toFile(), config);
        try {
            this.database = environment.openDatabase(
                    null, "kv", new DatabaseConfig().setAllowCreate(true).setTransactional(settings.transactional()));
        } catch (RuntimeException e) {
            environment.close();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            database.close();
        } finally {
            environment.close();
        }
    }

    /** A caller's buffer as a JE entry: its heap array in place, or a copy in a reused array. */
    private static final class Input {
        private final DatabaseEntry entry = new DatabaseEntry();
        private byte[] copy = new byte[0];

        DatabaseEntry of(DirectBuffer buffer) {
            int length = buffer.capacity();
            byte[] array = buffer.byteArray();
            if (array != null) {
                entry.setData(array, buffer.wrapAdjustment(), length);
                return entry;
            }
            if (copy.length < length) {
                copy = new byte[Math.max(length, copy.length * 2)];
            }
            buffer.getBytes(0, copy, 0, length);
            entry.setData(copy, 0, length);
            return entry;
        }
    }

    /** {@code buffer} wrapped over what JE returned in {@code entry}. */
    private static DirectBuffer view(UnsafeBuffer buffer, DatabaseEntry entry) {
        buffer.wrap(entry.getData(), entry.getOffset(), entry.getSize());
        return buffer;
    }

    private final class JeWriter implements Writer {
        private final Input key = new Input();
        private final Input value = new Input();
        private Transaction transaction = begin();

        private Transaction begin() {
            return settings.transactional() ? environment.beginTransaction(null, null) : null;
        }

        @Override
        public void put(DirectBuffer k, DirectBuffer v) {
            database.put(transaction, key.of(k), value.of(v));
        }

        @Override
        public void delete(DirectBuffer k) {
            database.delete(transaction, key.of(k));
        }

        @Override
        public void commit() {
            if (transaction == null) {
                environment.flushLog(settings.sync());
                return;
            }
            transaction.commit();
            transaction = begin();
        }

        @Override
        public void close() {
            if (transaction != null) {
                transaction.abort();
            }
        }
    }

    private final class JeReader implements Reader {
        private final Input key = new Input();
        private final DatabaseEntry found = new DatabaseEntry();
        private final UnsafeBuffer value = new UnsafeBuffer(new byte[0]);

        @Override
        public DirectBuffer get(DirectBuffer k) {
            return database.get(null, key.of(k), found, LockMode.READ_COMMITTED) == OperationStatus.SUCCESS
                    ? view(value, found)
                    : null;
        }

        @Override
        public Cursor cursor() {
            // Non-sticky: a step releases the lock on the record the cursor was on before it waits
            // for the next one, so a scan never holds a record the writer's open batch wants while
            // it waits for a record of that batch (a deadlock that JE only breaks by a timeout).
            return new JeCursor(database.openCursor(
                    null, CursorConfig.READ_COMMITTED.clone().setNonSticky(true)));
        }

        @Override
        public void close() {
            // Nothing held: every read locked only for its own call.
        }
    }

    /** JE's own cursor, which moves both ways; it stands on no entry until a move succeeds. */
    private static final class JeCursor implements Cursor {
        private final com.sleepycat.je.Cursor cursor;
        private final Input target = new Input();
        private final DatabaseEntry foundKey = new DatabaseEntry();
        private final DatabaseEntry foundValue = new DatabaseEntry();
        private final UnsafeBuffer key = new UnsafeBuffer(new byte[0]);
        private final UnsafeBuffer value = new UnsafeBuffer(new byte[0]);
        private boolean onEntry;

        JeCursor(com.sleepycat.je.Cursor cursor) {
            this.cursor = cursor;
        }

        @Override
        public boolean first() {
            return moved(cursor.getFirst(foundKey, foundValue, null));
        }

        @Override
        public boolean last() {
            return moved(cursor.getLast(foundKey, foundValue, null));
        }

        @Override
        public boolean next() {
            // An unpositioned JE cursor's getNext would start again at the first entry.
            return onEntry && moved(cursor.getNext(foundKey, foundValue, null));
        }

        @Override
        public boolean prev() {
            return onEntry && moved(cursor.getPrev(foundKey, foundValue, null));
        }

        @Override
        public boolean seek(DirectBuffer k) {
            DatabaseEntry wanted = target.of(k);
            foundKey.setData(wanted.getData(), wanted.getOffset(), wanted.getSize());
            return moved(cursor.getSearchKeyRange(foundKey, foundValue, null));
        }

        private boolean moved(OperationStatus status) {
            onEntry = status == OperationStatus.SUCCESS;
            return onEntry;
        }

        @Override
        public DirectBuffer key() {
            return view(key, foundKey);
        }

        @Override
        public DirectBuffer value() {
            return view(value, foundValue);
        }

        @Override
        public void close() {
            cursor.close();
        }
    }
}
