package dev.kvbench.store.lmdbjni;

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
import org.agrona.concurrent.UnsafeBuffer;
import org.fusesource.lmdbjni.Constants;
import org.fusesource.lmdbjni.Database;
import org.fusesource.lmdbjni.DirectBuffer;
import org.fusesource.lmdbjni.Env;
import org.fusesource.lmdbjni.GetOp;
import org.fusesource.lmdbjni.SeekOp;
import org.fusesource.lmdbjni.Transaction;

/**
 * LMDB through lmdbjni's zero-copy API: lmdbjni's own {@code DirectBuffer}s, which are an address
 * and a length, point at the caller's memory on the way in and at the memory map on the way out.
 * The same flags, map size and key format as the lmdbjava specs ({@link LmdbSettings}); the same
 * calls too: puts through one cursor per write transaction, lookups through one cursor per
 * reader ({@code MDB_SET_KEY}), read transactions and cursors reset and renewed from one reader
 * to the next ({@link LmdbReadSessions}).
 *
 * <p>Copies and allocation: none per call by the adapter. Off-heap keys and values go in as
 * they are (heap ones are first copied off-heap, {@link OffHeapCopy}); values and cursor keys come
 * out as Agrona views over the memory map, valid while the reader's transaction lives. lmdbjni's
 * buffers are re-pointed, never allocated, per call.
 */
public final class LmdbJniStore extends BaseStore {

    private static final int FILE_MODE = 0644;

    private final Env env;
    private final Database db;
    private final boolean integerKeys;
    /** Read transactions handed from one reader to the next, as every LMDB binding's adapter does. */
    private final LmdbReadSessions<Transaction, org.fusesource.lmdbjni.Cursor> sessions =
            new LmdbReadSessions<>(new LmdbReadSessions.Calls<>() {
                @Override
                public Transaction begin() {
                    return env.createReadTransaction();
                }

                @Override
                public void reset(Transaction txn) {
                    txn.reset();
                }

                @Override
                public void renew(Transaction txn) {
                    txn.renew();
                }

                @Override
                public org.fusesource.lmdbjni.Cursor openCursor(Transaction txn) {
                    return db.openCursor(txn);
                }

                @Override
                public void renewCursor(org.fusesource.lmdbjni.Cursor cursor, Transaction txn) {
                    cursor.renew(txn);
                }

                @Override
                public void closeCursor(org.fusesource.lmdbjni.Cursor cursor) {
                    cursor.close();
                }

                @Override
                public void abort(Transaction txn) {
                    txn.abort();
                }
            });

    LmdbJniStore(Path dir, Shape shape, LmdbSettings settings) {
        super(TRANSACTIONAL);
        opens(JniWriter::new, () -> new JniReader(sessions.take()));
        this.integerKeys = settings.integerKeys(shape);
        // NOTLS: a reader's transaction may move between threads, one at a time (JMH workers).
        int flags = Constants.NOTLS;
        flags |= settings.sync() ? 0 : Constants.NOSYNC;
        flags |= settings.metaSync() ? 0 : Constants.NOMETASYNC;
        flags |= settings.writeMap() ? Constants.WRITEMAP : 0;
        flags |= settings.readAhead() ? 0 : Constants.NORDAHEAD;
        this.env = new Env();
        try {
            env.setMapSize(settings.mapSizeBytes(shape));
            env.setMaxDbs(1);
            env.setMaxReaders(settings.maxReaders());
            env.open(dir.toString(), flags, FILE_MODE);
            this.db = env.openDatabase("kv", Constants.CREATE | (integerKeys ? Constants.INTEGERKEY : 0));
        } catch (RuntimeException e) {
            env.close();
            throw e;
        }
    }

    @Override
    public void close() {
        sessions.closeAll();
        db.close();
        env.close();
    }

    /** A kvbench buffer as an lmdbjni buffer over the same (off-heap) memory. */
    private static final class Input {
        private final OffHeapCopy offHeap = new OffHeapCopy();
        private final DirectBuffer pointer = new DirectBuffer();

        DirectBuffer of(org.agrona.DirectBuffer buffer) {
            org.agrona.DirectBuffer direct = offHeap.of(buffer);
            pointer.wrap(direct.addressOffset(), direct.capacity());
            return pointer;
        }
    }

    /** An Agrona view over the memory an lmdbjni buffer points at. */
    private static org.agrona.DirectBuffer view(UnsafeBuffer view, DirectBuffer found) {
        view.wrap(found.addressOffset(), found.capacity());
        return view;
    }

    private final class JniWriter implements Writer {
        private final int putFlags;
        private final LmdbKeys keys = LmdbKeys.of(integerKeys);
        private final Input key = new Input();
        private final Input value = new Input();
        private Transaction txn = env.createWriteTransaction();
        private org.fusesource.lmdbjni.Cursor cursor = db.openCursor(txn);

        JniWriter(boolean sequential) {
            // MDB_APPEND skips the search for the insert position: keys must arrive in order.
            this.putFlags = sequential ? Constants.APPEND : 0;
        }

        @Override
        public void put(org.agrona.DirectBuffer k, org.agrona.DirectBuffer v) {
            cursor.put(key.of(keys.in(k)), value.of(v), putFlags);
            // LMDB reads the caller's memory, whose buffer must outlive the call (see Store's reachability note).
            Reference.reachabilityFence(k);
            Reference.reachabilityFence(v);
        }

        @Override
        public void delete(org.agrona.DirectBuffer k) {
            db.delete(txn, key.of(keys.in(k)));
            Reference.reachabilityFence(k);
        }

        @Override
        public void commit() {
            cursor.close();
            txn.commit();
            txn = env.createWriteTransaction();
            cursor = db.openCursor(txn);
        }

        @Override
        public void close() {
            cursor.close();
            txn.abort();
        }
    }

    private final class JniReader extends LmdbSessionReader<Transaction, org.fusesource.lmdbjni.Cursor> {
        private final org.fusesource.lmdbjni.Cursor lookup;
        private final LmdbKeys keys;
        private final LmdbKeys.Integers ints;
        private final Input key;
        private final DirectBuffer found;
        private final UnsafeBuffer value;

        JniReader(LmdbReadSessions<Transaction, org.fusesource.lmdbjni.Cursor>.Session session) {
            super(session, integerKeys);
            this.lookup = session.lookup();
            // the session's, kept from reader to reader: a reader opened per lookup (dirWalk) allocates nothing
            JniReaderBuffers kept = session.readerState(() -> new JniReaderBuffers(
                    LmdbKeys.of(integerKeys), new Input(), new DirectBuffer(), new UnsafeBuffer(0, 0)));
            this.keys = kept.keys();
            this.ints = keys instanceof LmdbKeys.Integers integers ? integers : null;
            this.key = kept.key();
            this.found = kept.found();
            this.value = kept.value();
        }

        @Override
        public org.agrona.DirectBuffer get(org.agrona.DirectBuffer k) {
            boolean on = lookup.seekPosition(key.of(keys.in(k)), found, SeekOp.KEY) == 0;
            Reference.reachabilityFence(k);
            return on ? view(value, found) : null;
        }

        @Override
        public org.agrona.DirectBuffer get(int k) {
            return lookup.seekPosition(key.of(ints.in(k)), found, SeekOp.KEY) == 0 ? view(value, found) : null;
        }

        @Override
        public Cursor cursor() {
            return new JniCursor(session);
        }
    }

    /** A reader's key translation and copy and its found-value buffers, kept by its read session for the next reader. */
    private record JniReaderBuffers(LmdbKeys keys, Input key, DirectBuffer found, UnsafeBuffer value) {}

    private final class JniCursor implements Cursor {
        private final org.fusesource.lmdbjni.Cursor cursor;
        private final LmdbKeys keys = LmdbKeys.of(integerKeys);
        private final Input seekKey = new Input();
        private final DirectBuffer foundKey = new DirectBuffer();
        private final DirectBuffer foundValue = new DirectBuffer();
        private final UnsafeBuffer key = new UnsafeBuffer(0, 0);
        private final UnsafeBuffer value = new UnsafeBuffer(0, 0);

        private final LmdbReadSessions<Transaction, org.fusesource.lmdbjni.Cursor>.Session session;

        JniCursor(LmdbReadSessions<Transaction, org.fusesource.lmdbjni.Cursor>.Session session) {
            this.session = session;
            this.cursor = session.openPassCursor();
        }

        /** Moves by {@code op}; whether the cursor stands on an entry (lmdbjni's 0, MDB_SUCCESS). */
        private boolean move(GetOp op) {
            return cursor.position(foundKey, foundValue, op) == 0;
        }

        @Override
        public boolean first() {
            return move(GetOp.FIRST);
        }

        @Override
        public boolean last() {
            return move(GetOp.LAST);
        }

        @Override
        public boolean next() {
            return move(GetOp.NEXT);
        }

        @Override
        public boolean prev() {
            return move(GetOp.PREV);
        }

        @Override
        public boolean seek(org.agrona.DirectBuffer k) {
            DirectBuffer target = seekKey.of(keys.in(k));
            boolean on = cursor.seekPosition(target, foundValue, SeekOp.RANGE) == 0;
            Reference.reachabilityFence(k);
            if (!on) {
                return false;
            }
            // MDB_SET_RANGE returns the key it landed on in the key argument.
            foundKey.wrap(target);
            return true;
        }

        @Override
        public org.agrona.DirectBuffer key() {
            return keys.out(view(key, foundKey));
        }

        @Override
        public org.agrona.DirectBuffer value() {
            return view(value, foundValue);
        }

        @Override
        public long foldKey(long h) {
            return keys.fold(h, view(key, foundKey));
        }

        private boolean closed;

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            session.closePassCursor(cursor);
        }
    }
}
