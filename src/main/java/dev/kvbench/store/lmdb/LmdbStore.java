package dev.kvbench.store.lmdb;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Compactable;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.LmdbKeys;
import dev.kvbench.store.LmdbSettings;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.agrona.DirectBuffer;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.GetOp;
import org.lmdbjava.PutFlags;
import org.lmdbjava.Txn;

/**
 * LMDB through lmdbjava, for any of its buffer types ({@link LmdbBuffers} translates).
 *
 * <p>Reads are zero-copy with Agrona buffers: {@code get} and the cursor return views into the
 * memory map, valid while the reader's transaction lives. With {@code ByteBuffer}s, keys and values
 * are copied into one reused direct buffer per writer or reader; nothing is allocated per call
 * by the adapter either way. Where every key is a 4-byte int, keys are LMDB integer keys
 * ({@link LmdbKeys}): swapped to native order on the way in and back on the way out.
 */
public final class LmdbStore<T> implements Store, Compactable {

    private final Env<T> env;
    private final Dbi<T> dbi;
    private final LmdbBuffers<T> buffers;
    private final boolean integerKeys;
    /** The read sessions of closed readers, reset, for the next readers to renew. */
    private final ConcurrentLinkedDeque<ReadSession> idleSessions = new ConcurrentLinkedDeque<>();

    LmdbStore(Path dir, Shape shape, LmdbSettings settings, boolean checks, LmdbBuffers<T> buffers) {
        LmdbChecks.require(checks);
        this.buffers = buffers;
        this.integerKeys = settings.integerKeys(shape);
        List<EnvFlags> flags = new ArrayList<>();
        // A reader is one transaction kept for a whole pass; NOTLS lets JMH run it on whichever
        // of its worker threads it likes, as long as one thread uses it at a time.
        flags.add(EnvFlags.MDB_NOTLS);
        if (!settings.sync()) {
            flags.add(EnvFlags.MDB_NOSYNC);
        }
        if (!settings.metaSync()) {
            flags.add(EnvFlags.MDB_NOMETASYNC);
        }
        if (settings.writeMap()) {
            flags.add(EnvFlags.MDB_WRITEMAP);
        }
        this.env = Env.create(buffers.proxy())
                .setMapSize(settings.mapSizeBytes(shape))
                .setMaxDbs(1)
                .setMaxReaders(settings.maxReaders())
                .open(dir.toFile(), flags.toArray(new EnvFlags[0]));
        this.dbi = integerKeys
                ? env.openDbi("kv", DbiFlags.MDB_CREATE, DbiFlags.MDB_INTEGERKEY)
                : env.openDbi("kv", DbiFlags.MDB_CREATE);
    }

    /** The environment, for the direct-API baseline benchmark only (it bypasses this adapter). */
    public Env<T> env() {
        return env;
    }

    /** The database, for the direct-API baseline benchmark only. */
    public Dbi<T> dbi() {
        return dbi;
    }

    /** Whether keys are native-order integer keys ({@link LmdbKeys}), for the direct-API baseline. */
    public boolean integerKeys() {
        return integerKeys;
    }

    /** The largest key this LMDB build accepts (511 bytes by default). */
    public int maxKeySize() {
        return env.getMaxKeySize();
    }

    /** Writes a compacted copy of the environment (MDB_CP_COMPACT) into the empty folder {@code target}. */
    @Override
    public void compactCopy(Path target) {
        env.copy(target.toFile(), org.lmdbjava.CopyFlags.MDB_CP_COMPACT);
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.ORDERED, Capability.SNAPSHOT_READS, Capability.ATOMIC_COMMIT);
    }

    @Override
    public Writer writer(boolean sequential) {
        return new LmdbWriter(sequential);
    }

    @Override
    public Reader reader() {
        ReadSession session = idleSessions.poll();
        if (session == null) {
            return new LmdbReader(new ReadSession());
        }
        session.renew();
        return new LmdbReader(session);
    }

    @Override
    public void close() {
        for (ReadSession idle; (idle = idleSessions.poll()) != null; ) {
            idle.close();
        }
        dbi.close();
        env.close();
    }

    /**
     * A read-only transaction with its cursors, handed from one reader to the next as LMDB
     * advises for repeated readers: a closed reader's transaction is reset (its snapshot and its
     * reader slot's hold on old pages released), and the next reader renews it, with a fresh
     * snapshot, and renews the cursors it uses. A transaction and cursors opened for every pass
     * instead made lmdbjava's own cursor loop 2-4% slower (measured in pairs, same JVM), far more
     * than the opening itself (under 1 us): LmdbJava's benchmarks keep theirs for a whole trial.
     */
    private final class ReadSession {
        private final Txn<T> txn = env.txnRead();
        // Lookups go through one cursor kept for the reader's life (MDB_SET_KEY), as lmdbjava's
        // own benchmarks do: a positioned cursor first checks the page it is on, so lookups of
        // nearby keys skip the descent from the root that mdb_get makes every time.
        private final org.lmdbjava.Cursor<T> lookup = dbi.openCursor(txn);
        /** The cursor of cursor passes: opened at the first, renewed at the first of each reader. */
        private org.lmdbjava.Cursor<T> scan;
        private boolean scanCurrent;
        private boolean scanInUse;

        void renew() {
            txn.renew();
            lookup.renew(txn);
            scanCurrent = false;
        }

        /** The session's pass cursor, on this transaction; null while a cursor of this reader still uses it. */
        org.lmdbjava.Cursor<T> takeScan() {
            if (scanInUse) {
                return null;
            }
            if (scan == null) {
                scan = dbi.openCursor(txn);
            } else if (!scanCurrent) {
                scan.renew(txn);
            }
            scanCurrent = true;
            scanInUse = true;
            return scan;
        }

        void giveBackScan() {
            scanInUse = false;
        }

        /** Ends the reader's use: the transaction is reset and the session kept for the next reader. */
        void release() {
            scanInUse = false;
            txn.reset();
            idleSessions.push(this);
        }

        /** Frees the session for good (store close): a reset transaction is renewed so that closing aborts it. */
        void close() {
            txn.renew();
            lookup.close();
            if (scan != null) {
                scan.close();
            }
            txn.close();
        }
    }

    private final class LmdbWriter implements Writer {
        private final PutFlags[] putFlags;
        private final LmdbKeys keys = LmdbKeys.of(integerKeys);
        private final LmdbBuffers.Slot<T> key = buffers.slot();
        private final LmdbBuffers.Slot<T> value = buffers.slot();
        private Txn<T> txn = env.txnWrite();
        // Puts go through one cursor per transaction, as lmdbjava's own benchmarks do: mdb_put
        // would set up a new cursor for every entry.
        private org.lmdbjava.Cursor<T> cursor = dbi.openCursor(txn);

        LmdbWriter(boolean sequential) {
            // MDB_APPEND skips the search for the insert position: keys must arrive in order.
            this.putFlags = sequential ? new PutFlags[] {PutFlags.MDB_APPEND} : new PutFlags[0];
        }

        @Override
        public void put(DirectBuffer k, DirectBuffer v) {
            cursor.put(key.in(keys.in(k)), value.in(v), putFlags);
        }

        @Override
        public void delete(DirectBuffer k) {
            dbi.delete(txn, key.in(keys.in(k)));
        }

        @Override
        public void commit() {
            cursor.close();
            txn.commit();
            txn.close();
            txn = env.txnWrite();
            cursor = dbi.openCursor(txn);
        }

        @Override
        public void close() {
            cursor.close();
            txn.close();
        }
    }

    private final class LmdbReader implements Reader {
        private final ReadSession session;
        private final org.lmdbjava.Cursor<T> lookup;
        private final LmdbKeys keys = LmdbKeys.of(integerKeys);
        private final LmdbBuffers.Slot<T> key = buffers.slot();
        private final LmdbBuffers.View<T> value = buffers.view();

        LmdbReader(ReadSession session) {
            this.session = session;
            this.lookup = session.lookup;
        }

        @Override
        public DirectBuffer get(DirectBuffer k) {
            return lookup.get(key.in(keys.in(k)), GetOp.MDB_SET_KEY) ? value.of(lookup.val()) : null;
        }

        @Override
        public Cursor cursor() {
            return new LmdbCursor(session);
        }

        private boolean closed;

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                session.release();
            }
        }
    }

    private final class LmdbCursor implements Cursor {
        private final org.lmdbjava.Cursor<T> cursor;
        private final LmdbKeys keys = LmdbKeys.of(integerKeys);
        private final LmdbBuffers.Slot<T> seekKey = buffers.slot();
        private final LmdbBuffers.View<T> key = buffers.view();
        private final LmdbBuffers.View<T> value = buffers.view();

        /** The session whose pass cursor this is, or null when this cursor has its own. */
        private final ReadSession session;

        LmdbCursor(ReadSession session) {
            org.lmdbjava.Cursor<T> shared = session.takeScan();
            this.session = shared == null ? null : session;
            this.cursor = shared == null ? dbi.openCursor(session.txn) : shared;
        }

        @Override
        public boolean first() {
            return cursor.first();
        }

        @Override
        public boolean last() {
            return cursor.last();
        }

        @Override
        public boolean next() {
            return cursor.next();
        }

        @Override
        public boolean prev() {
            return cursor.prev();
        }

        @Override
        public boolean seek(DirectBuffer k) {
            return cursor.get(seekKey.in(keys.in(k)), GetOp.MDB_SET_RANGE);
        }

        @Override
        public DirectBuffer key() {
            return keys.out(key.of(cursor.key()));
        }

        @Override
        public DirectBuffer value() {
            return value.of(cursor.val());
        }

        @Override
        public long foldKey(long h) {
            return keys.fold(h, key.of(cursor.key()));
        }

        private boolean closed;

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            if (session == null) {
                cursor.close();
            } else {
                session.giveBackScan();
            }
        }
    }
}
