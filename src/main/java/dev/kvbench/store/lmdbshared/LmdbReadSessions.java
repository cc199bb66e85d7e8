package dev.kvbench.store.lmdbshared;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.function.Supplier;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The read transactions of one LMDB store, handed from one reader to the next as LMDB advises
 * for repeated readers, in every LMDB binding alike (lmdbjava, LWJGL, lmdbjni), so that a
 * comparison of bindings compares the bindings and not their adapters' transaction policy.
 *
 * <p>A closed reader's transaction is reset ({@code mdb_txn_reset}: its snapshot and its reader
 * slot's hold on old pages released) and kept; the next reader renews it ({@code mdb_txn_renew},
 * a fresh snapshot) and renews the cursors it uses ({@code mdb_cursor_renew}). A transaction and
 * cursors opened for every pass instead made lmdbjava's own cursor loop 2-4% slower (measured in
 * pairs, same JVM), far more than the opening itself (under 1 us).
 *
 * @param <T> the binding's read transaction
 * @param <C> the binding's cursor
 */
public final class LmdbReadSessions<T, C> {

    /** The binding's calls on read transactions and their cursors. */
    public interface Calls<T, C> {
        /** A new read-only transaction. */
        T begin();

        /** {@code mdb_txn_reset}. */
        void reset(T txn);

        /** {@code mdb_txn_renew} of a reset transaction. */
        void renew(T txn);

        C openCursor(T txn);

        /** {@code mdb_cursor_renew}: {@code cursor} onto {@code txn}, renewed since the cursor last used it. */
        void renewCursor(C cursor, T txn);

        void closeCursor(C cursor);

        /** Ends a live transaction ({@code mdb_txn_abort}). */
        void abort(T txn);
    }

    private final Calls<T, C> calls;
    private final ConcurrentLinkedDeque<Session> idle = new ConcurrentLinkedDeque<>();

    public LmdbReadSessions(Calls<T, C> calls) {
        this.calls = calls;
    }

    /** A session for a new reader: an idle one renewed, or a new one. */
    public Session take() {
        Session session = idle.poll();
        if (session == null) {
            return new Session();
        }
        session.renew();
        return session;
    }

    /** Frees every idle session, at store close (every reader must be closed by then). */
    public void closeAll() {
        for (Session session; (session = idle.poll()) != null; ) {
            session.close();
        }
    }

    /**
     * One reader's read transaction, with the cursor its lookups go through (kept for the
     * reader's life: a positioned cursor first checks the page it is on, so lookups of nearby keys
     * skip the descent from the root) and, from its first cursor pass on, a pass cursor.
     */
    public final class Session {
        private final T txn = calls.begin();
        private final C lookup = calls.openCursor(txn);
        private C scan;
        private boolean scanCurrent;
        private boolean scanInUse;
        private UnsafeBuffer keyWord;
        private Object readerState;

        public C lookup() {
            return lookup;
        }

        /**
         * A 4-byte off-heap word over a whole direct {@code ByteBuffer}, for the reader's int keys:
         * the session's own, allocated at the first use and kept for the next reader, so that a
         * pass allocates no off-heap memory.
         */
        public UnsafeBuffer keyWord() {
            if (keyWord == null) {
                keyWord = new UnsafeBuffer(ByteBuffer.allocateDirect(Integer.BYTES));
            }
            return keyWord;
        }

        /**
         * What the binding's readers keep besides the transaction and cursors (the off-heap copy of a heap key, the
         * lookup's value views): made by {@code create} for the session's first reader and handed to each next one with
         * the session, so that opening a reader allocates nothing. A reader per dirWalk walk, each with a direct buffer
         * of its own for the heap key, left 757,000 of them and their Cleaners to the GC after 15 s, whose live set grew
         * from 83 to 355 MB and whose pauses from 11 to 68 ms (one 103 ms pause halved a 300 ms iteration). Closed with
         * the session when it is {@link AutoCloseable}.
         */
        @SuppressWarnings("unchecked")
        public <S> S readerState(Supplier<S> create) {
            if (readerState == null) {
                readerState = create.get();
            }
            return (S) readerState;
        }

        private void renew() {
            calls.renew(txn);
            calls.renewCursor(lookup, txn);
            scanCurrent = false;
        }

        /**
         * A cursor for a pass of this reader: the session's pass cursor (opened at the first pass,
         * renewed at the first of each reader), or, while that one is in use, a cursor of its own.
         */
        public C openPassCursor() {
            if (scanInUse) {
                return calls.openCursor(txn);
            }
            if (scan == null) {
                scan = calls.openCursor(txn);
            } else if (!scanCurrent) {
                calls.renewCursor(scan, txn);
            }
            scanCurrent = true;
            scanInUse = true;
            return scan;
        }

        /** Ends a pass's use of {@code cursor}, from {@link #openPassCursor()}: kept if it is the pass cursor, else closed. */
        public void closePassCursor(C cursor) {
            if (scanInUse && cursor.equals(scan)) {
                scanInUse = false;
            } else {
                calls.closeCursor(cursor);
            }
        }

        /** Ends the reader's use: the transaction is reset and the session kept for the next reader. */
        public void release() {
            scanInUse = false;
            calls.reset(txn);
            idle.push(this);
        }

        /** Frees the session for good: renewed first, so that ending it is an abort in every binding. */
        private void close() {
            calls.renew(txn);
            calls.closeCursor(lookup);
            if (scan != null) {
                calls.closeCursor(scan);
            }
            calls.abort(txn);
            if (keyWord != null) {
                BufferUtil.free(keyWord);
            }
            if (readerState instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    throw new IllegalStateException(
                            "lmdb: a reader's buffers could not be freed: " + e.getMessage(), e);
                }
            }
        }
    }
}
