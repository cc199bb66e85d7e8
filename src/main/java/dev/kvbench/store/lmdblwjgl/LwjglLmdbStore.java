package dev.kvbench.store.lmdblwjgl;

import static org.lwjgl.util.lmdb.LMDB.MDB_APPEND;
import static org.lwjgl.util.lmdb.LMDB.MDB_CREATE;
import static org.lwjgl.util.lmdb.LMDB.MDB_FIRST;
import static org.lwjgl.util.lmdb.LMDB.MDB_INTEGERKEY;
import static org.lwjgl.util.lmdb.LMDB.MDB_LAST;
import static org.lwjgl.util.lmdb.LMDB.MDB_NEXT;
import static org.lwjgl.util.lmdb.LMDB.MDB_NOMETASYNC;
import static org.lwjgl.util.lmdb.LMDB.MDB_NORDAHEAD;
import static org.lwjgl.util.lmdb.LMDB.MDB_NOSYNC;
import static org.lwjgl.util.lmdb.LMDB.MDB_NOTFOUND;
import static org.lwjgl.util.lmdb.LMDB.MDB_NOTLS;
import static org.lwjgl.util.lmdb.LMDB.MDB_PREV;
import static org.lwjgl.util.lmdb.LMDB.MDB_RDONLY;
import static org.lwjgl.util.lmdb.LMDB.MDB_SET_KEY;
import static org.lwjgl.util.lmdb.LMDB.MDB_SET_RANGE;
import static org.lwjgl.util.lmdb.LMDB.MDB_SUCCESS;
import static org.lwjgl.util.lmdb.LMDB.MDB_WRITEMAP;
import static org.lwjgl.util.lmdb.LMDB.mdb_cursor_close;
import static org.lwjgl.util.lmdb.LMDB.mdb_cursor_get;
import static org.lwjgl.util.lmdb.LMDB.mdb_cursor_open;
import static org.lwjgl.util.lmdb.LMDB.mdb_cursor_put;
import static org.lwjgl.util.lmdb.LMDB.mdb_cursor_renew;
import static org.lwjgl.util.lmdb.LMDB.mdb_dbi_open;
import static org.lwjgl.util.lmdb.LMDB.mdb_del;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_close;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_create;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_open;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_set_mapsize;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_set_maxdbs;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_set_maxreaders;
import static org.lwjgl.util.lmdb.LMDB.mdb_strerror;
import static org.lwjgl.util.lmdb.LMDB.mdb_txn_abort;
import static org.lwjgl.util.lmdb.LMDB.mdb_txn_begin;
import static org.lwjgl.util.lmdb.LMDB.mdb_txn_commit;
import static org.lwjgl.util.lmdb.LMDB.mdb_txn_renew;
import static org.lwjgl.util.lmdb.LMDB.mdb_txn_reset;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.OffHeapCopy;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Writer;
import dev.kvbench.store.lmdbshared.LmdbKeys;
import dev.kvbench.store.lmdbshared.LmdbReadSessions;
import dev.kvbench.store.lmdbshared.LmdbSessionReader;
import dev.kvbench.store.lmdbshared.LmdbSettings;
import java.lang.ref.Reference;
import java.nio.file.Path;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lwjgl.PointerBuffer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.util.lmdb.MDBVal;

/**
 * LMDB through LWJGL: the C API one to one, handles as {@code long}s, keys and values as
 * {@link MDBVal} structs (an address and a size) that the adapter allocates once per writer,
 * reader or cursor and points at the caller's memory or reads LMDB's answers from. The same
 * flags, map size and key format as the lmdbjava specs ({@link LmdbSettings}); the same calls
 * too: puts through one cursor per write transaction, lookups through one cursor per reader
 * ({@code MDB_SET_KEY}), read transactions and cursors reset and renewed from one reader to the
 * next ({@link LmdbReadSessions}).
 *
 * <p>Copies and allocation: none per call. Off-heap keys and values go in as they are (heap ones
 * are first copied off-heap, {@link OffHeapCopy}); values and cursor keys come out as Agrona views
 * over the memory map, valid while the reader's transaction lives.
 */
public final class LwjglLmdbStore extends BaseStore {

    private static final int FILE_MODE = 0644;

    private final long env;
    private final int dbi;
    private final boolean integerKeys;
    /** Read transactions handed from one reader to the next, as every LMDB binding's adapter does. */
    private final LmdbReadSessions<Long, Long> sessions = new LmdbReadSessions<>(new LmdbReadSessions.Calls<>() {
        @Override
        public Long begin() {
            return LwjglLmdbStore.this.begin(MDB_RDONLY);
        }

        @Override
        public void reset(Long txn) {
            mdb_txn_reset(txn);
        }

        @Override
        public void renew(Long txn) {
            check(mdb_txn_renew(txn), "mdb_txn_renew");
        }

        @Override
        public Long openCursor(Long txn) {
            return LwjglLmdbStore.this.openCursor(txn);
        }

        @Override
        public void renewCursor(Long cursor, Long txn) {
            check(mdb_cursor_renew(txn, cursor), "mdb_cursor_renew");
        }

        @Override
        public void closeCursor(Long cursor) {
            mdb_cursor_close(cursor);
        }

        @Override
        public void abort(Long txn) {
            mdb_txn_abort(txn);
        }
    });

    LwjglLmdbStore(Path dir, Shape shape, LmdbSettings settings) {
        super(TRANSACTIONAL);
        opens(LwjglWriter::new, LwjglReader::new);
        this.integerKeys = settings.integerKeys(shape);
        // NOTLS: a reader's transaction may move between threads, one at a time (JMH workers).
        int flags = MDB_NOTLS;
        flags |= settings.sync() ? 0 : MDB_NOSYNC;
        flags |= settings.metaSync() ? 0 : MDB_NOMETASYNC;
        flags |= settings.writeMap() ? MDB_WRITEMAP : 0;
        flags |= settings.readAhead() ? 0 : MDB_NORDAHEAD;
        try (MemoryStack stack = MemoryStack.stackPush()) {
            PointerBuffer handle = stack.mallocPointer(1);
            check(mdb_env_create(handle), "mdb_env_create");
            this.env = handle.get(0);
            try {
                check(mdb_env_set_mapsize(env, settings.mapSizeBytes(shape)), "mdb_env_set_mapsize");
                check(mdb_env_set_maxdbs(env, 1), "mdb_env_set_maxdbs");
                check(mdb_env_set_maxreaders(env, settings.maxReaders()), "mdb_env_set_maxreaders");
                check(mdb_env_open(env, dir.toString(), flags, FILE_MODE), "mdb_env_open " + dir);
                long txn = begin(0);
                int[] opened = new int[1];
                int rc = mdb_dbi_open(txn, "kv", MDB_CREATE | (integerKeys ? MDB_INTEGERKEY : 0), opened);
                if (rc != MDB_SUCCESS) {
                    mdb_txn_abort(txn);
                    check(rc, "mdb_dbi_open");
                }
                check(mdb_txn_commit(txn), "mdb_txn_commit");
                this.dbi = opened[0];
            } catch (RuntimeException e) {
                mdb_env_close(env);
                throw e;
            }
        }
    }

    /** Throws with LMDB's own message unless {@code rc} is success. */
    private static void check(int rc, String call) {
        if (rc != MDB_SUCCESS) {
            throw new IllegalStateException("lmdb-lwjgl " + call + " failed: " + mdb_strerror(rc));
        }
    }

    /** True when found, false for {@code MDB_NOTFOUND}; throws on anything else. */
    private static boolean found(int rc, String call) {
        if (rc == MDB_NOTFOUND) {
            return false;
        }
        check(rc, call);
        return true;
    }

    private long begin(int flags) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            PointerBuffer txn = stack.mallocPointer(1);
            check(mdb_txn_begin(env, 0, flags, txn), "mdb_txn_begin");
            return txn.get(0);
        }
    }

    private long openCursor(long txn) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            PointerBuffer cursor = stack.mallocPointer(1);
            check(mdb_cursor_open(txn, dbi, cursor), "mdb_cursor_open");
            return cursor.get(0);
        }
    }

    /** Closing the environment closes its database handle; the idle read transactions end first. */
    @Override
    public void close() {
        sessions.closeAll();
        mdb_env_close(env);
    }

    /** One {@link MDBVal} kept for reuse: pointed at a caller's buffer, or read as a view. */
    private static final class Val implements AutoCloseable {
        private final MDBVal val = MDBVal.calloc();
        private final OffHeapCopy offHeap = new OffHeapCopy();
        private final UnsafeBuffer view = new UnsafeBuffer(0, 0);

        MDBVal in(DirectBuffer buffer) {
            DirectBuffer direct = offHeap.of(buffer);
            MemoryUtil.memPutAddress(val.address() + MDBVal.MV_DATA, direct.addressOffset());
            MemoryUtil.memPutAddress(val.address() + MDBVal.MV_SIZE, direct.capacity());
            return val;
        }

        MDBVal out() {
            return val;
        }

        DirectBuffer view() {
            long address = MemoryUtil.memGetAddress(val.address() + MDBVal.MV_DATA);
            long size = MemoryUtil.memGetAddress(val.address() + MDBVal.MV_SIZE);
            view.wrap(address, (int) size);
            return view;
        }

        @Override
        public void close() {
            val.free();
        }
    }

    private final class LwjglWriter implements Writer {
        private final int putFlags;
        private final LmdbKeys keys = LmdbKeys.of(integerKeys);
        private final Val key = new Val();
        private final Val value = new Val();
        private long txn = begin(0);
        private long cursor = openCursor(txn);

        LwjglWriter(boolean sequential) {
            // MDB_APPEND skips the search for the insert position: keys must arrive in order.
            this.putFlags = sequential ? MDB_APPEND : 0;
        }

        @Override
        public void put(DirectBuffer k, DirectBuffer v) {
            check(mdb_cursor_put(cursor, key.in(keys.in(k)), value.in(v), putFlags), "mdb_cursor_put");
            // LMDB reads the caller's memory, whose buffer must outlive the call (see Store's reachability note).
            Reference.reachabilityFence(k);
            Reference.reachabilityFence(v);
        }

        @Override
        public void delete(DirectBuffer k) {
            found(mdb_del(txn, dbi, key.in(keys.in(k)), null), "mdb_del");
            Reference.reachabilityFence(k);
        }

        @Override
        public void commit() {
            mdb_cursor_close(cursor);
            check(mdb_txn_commit(txn), "mdb_txn_commit");
            txn = begin(0);
            cursor = openCursor(txn);
        }

        @Override
        public void close() {
            mdb_cursor_close(cursor);
            mdb_txn_abort(txn);
            key.close();
            value.close();
        }
    }

    private final class LwjglReader extends LmdbSessionReader<Long, Long> {
        private final long lookup = session.lookup();
        private final LmdbKeys keys;
        private final LmdbKeys.Integers ints;
        private final Val key;
        private final Val value;

        LwjglReader() {
            super(sessions.take(), integerKeys);
            // the session's, kept from reader to reader and freed with it: a reader opened per lookup (dirWalk)
            // allocates
            // nothing, on the heap or off it
            ReaderVals kept = session.readerState(() -> new ReaderVals(LmdbKeys.of(integerKeys), new Val(), new Val()));
            this.keys = kept.keys();
            this.ints = keys instanceof LmdbKeys.Integers integers ? integers : null;
            this.key = kept.key();
            this.value = kept.value();
        }

        @Override
        public DirectBuffer get(DirectBuffer k) {
            boolean found =
                    found(mdb_cursor_get(lookup, key.in(keys.in(k)), value.out(), MDB_SET_KEY), "mdb_cursor_get");
            Reference.reachabilityFence(k);
            return found ? value.view() : null;
        }

        @Override
        public DirectBuffer get(int k) {
            return found(mdb_cursor_get(lookup, key.in(ints.in(k)), value.out(), MDB_SET_KEY), "mdb_cursor_get")
                    ? value.view()
                    : null;
        }

        @Override
        public Cursor cursor() {
            return new LwjglCursor(session);
        }
    }

    /** A reader's key translation and its two {@link Val}s, kept by its read session and freed when the session ends. */
    private record ReaderVals(LmdbKeys keys, Val key, Val value) implements AutoCloseable {
        @Override
        public void close() {
            key.close();
            value.close();
        }
    }

    private final class LwjglCursor implements Cursor {
        private final LmdbReadSessions<Long, Long>.Session session;
        private final long cursor;
        private final LmdbKeys keys = LmdbKeys.of(integerKeys);
        private final Val key = new Val();
        private final Val value = new Val();

        LwjglCursor(LmdbReadSessions<Long, Long>.Session session) {
            this.session = session;
            this.cursor = session.openPassCursor();
        }

        private boolean move(int op) {
            return found(mdb_cursor_get(cursor, key.out(), value.out(), op), "mdb_cursor_get");
        }

        @Override
        public boolean first() {
            return move(MDB_FIRST);
        }

        @Override
        public boolean last() {
            return move(MDB_LAST);
        }

        @Override
        public boolean next() {
            return move(MDB_NEXT);
        }

        @Override
        public boolean prev() {
            return move(MDB_PREV);
        }

        /** {@code MDB_SET_RANGE} writes the key it lands on back into the key struct. */
        @Override
        public boolean seek(DirectBuffer k) {
            key.in(keys.in(k));
            boolean on = move(MDB_SET_RANGE);
            Reference.reachabilityFence(k);
            return on;
        }

        @Override
        public DirectBuffer key() {
            return keys.out(key.view());
        }

        @Override
        public DirectBuffer value() {
            return value.view();
        }

        @Override
        public long foldKey(long h) {
            return keys.fold(h, key.view());
        }

        private boolean closed;

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                session.closePassCursor(cursor);
                key.close();
                value.close();
            }
        }
    }
}
