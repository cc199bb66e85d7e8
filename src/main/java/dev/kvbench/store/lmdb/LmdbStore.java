package dev.kvbench.store.lmdb;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Compactable;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Writer;
import dev.kvbench.store.lmdbshared.LmdbKeys;
import dev.kvbench.store.lmdbshared.LmdbReadSessions;
import dev.kvbench.store.lmdbshared.LmdbSessionReader;
import dev.kvbench.store.lmdbshared.LmdbSettings;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.UnsafeApi;
import org.agrona.concurrent.UnsafeBuffer;
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
public final class LmdbStore<T> extends BaseStore implements Compactable {

    private final Env<T> env;
    private final Dbi<T> dbi;
    private final LmdbBuffers<T> buffers;
    private final boolean integerKeys;
    private final LmdbSettings settings;
    private final Shape shape;
    /** Read transactions handed from one reader to the next. */
    private final LmdbReadSessions<Txn<T>, org.lmdbjava.Cursor<T>> sessions =
            new LmdbReadSessions<>(new LmdbReadSessions.Calls<>() {
                @Override
                public Txn<T> begin() {
                    try {
                        return env.txnRead();
                    } catch (Env.ReadersFullException e) {
                        throw settings.readersFull();
                    }
                }

                @Override
                public void reset(Txn<T> txn) {
                    txn.reset();
                }

                @Override
                public void renew(Txn<T> txn) {
                    txn.renew();
                }

                @Override
                public org.lmdbjava.Cursor<T> openCursor(Txn<T> txn) {
                    return dbi.openCursor(txn);
                }

                @Override
                public void renewCursor(org.lmdbjava.Cursor<T> cursor, Txn<T> txn) {
                    cursor.renew(txn);
                }

                @Override
                public void closeCursor(org.lmdbjava.Cursor<T> cursor) {
                    cursor.close();
                }

                /** lmdbjava aborts a live read transaction on close (but not a reset one: hence the renewal first). */
                @Override
                public void abort(Txn<T> txn) {
                    txn.close();
                }
            });

    LmdbStore(Path dir, Shape shape, LmdbSettings settings, boolean checks, LmdbBuffers<T> buffers) {
        super(TRANSACTIONAL);
        opens(LmdbWriter::new, () -> new LmdbReader(sessions.take()));
        LmdbChecks.require(checks);
        this.buffers = buffers;
        this.settings = settings;
        this.shape = shape;
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
        if (!settings.readAhead()) {
            flags.add(EnvFlags.MDB_NORDAHEAD);
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
    public void close() {
        sessions.closeAll();
        dbi.close();
        env.close();
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
            try {
                cursor.put(key.in(keys.in(k)), value.in(v), putFlags);
            } catch (Env.MapFullException e) {
                throw settings.mapFull(shape);
            }
        }

        @Override
        public void delete(DirectBuffer k) {
            dbi.delete(txn, key.in(keys.in(k)));
        }

        @Override
        public void commit() {
            cursor.close();
            try {
                txn.commit();
            } catch (Env.MapFullException e) {
                throw settings.mapFull(shape);
            }
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

    private final class LmdbReader extends LmdbSessionReader<Txn<T>, org.lmdbjava.Cursor<T>> {
        private final org.lmdbjava.Cursor<T> lookup;
        private final LmdbKeys keys;
        private final LmdbBuffers.Slot<T> key;
        private final LmdbBuffers.View<T> value;
        private final boolean zeroCopy = buffers.zeroCopy();
        // With integer keys, an int key is stored into the session's word in native order (one
        // store at the word's address) and the word goes to LMDB as it is: no translation or copy
        // on the way.
        private final T intKey;
        private final long intAddress;

        LmdbReader(LmdbReadSessions<Txn<T>, org.lmdbjava.Cursor<T>>.Session session) {
            super(session, integerKeys);
            this.lookup = session.lookup();
            // the session's, kept from reader to reader: a reader opened per lookup (dirWalk) allocates nothing
            ReaderBuffers<T> kept = session.readerState(
                    () -> new ReaderBuffers<>(LmdbKeys.of(integerKeys), buffers.slot(), buffers.view()));
            this.keys = kept.keys();
            this.key = kept.key();
            this.value = kept.value();
            UnsafeBuffer word = integerKeys ? session.keyWord() : null;
            this.intKey = integerKeys ? buffers.over(word) : null;
            this.intAddress = integerKeys ? word.addressOffset() : 0;
        }

        @Override
        public DirectBuffer get(DirectBuffer k) {
            return lookup.get(key.in(keys.in(k)), GetOp.MDB_SET_KEY) ? found() : null;
        }

        @Override
        public DirectBuffer get(int k) {
            // the cursor read once: the JNI call below makes the JIT reload a field read after it
            org.lmdbjava.Cursor<T> cursor = lookup;
            UnsafeApi.putInt(intAddress, k);
            if (!cursor.get(intKey, GetOp.MDB_SET_KEY)) {
                return null;
            }
            T found = cursor.val();
            return zeroCopy ? (DirectBuffer) found : value.of(found);
        }

        /** The value the lookup found: LMDB's own buffer when it is a {@link DirectBuffer}, else a view of it. */
        private DirectBuffer found() {
            return LmdbBuffers.out(zeroCopy, value, lookup.val());
        }

        @Override
        public Cursor cursor() {
            return integerKeys && buffers.zeroCopy() ? new IntKeyCursor(session) : new LmdbCursor(session);
        }
    }

    /** A reader's key translation, key copy and value view, kept by its read session for the next reader. */
    private record ReaderBuffers<T>(LmdbKeys keys, LmdbBuffers.Slot<T> key, LmdbBuffers.View<T> value) {}

    private class LmdbCursor implements Cursor {
        final org.lmdbjava.Cursor<T> cursor;
        private final LmdbKeys keys = LmdbKeys.of(integerKeys);
        private final LmdbBuffers.Slot<T> seekKey = buffers.slot();
        private final LmdbBuffers.View<T> key = buffers.view();
        private final LmdbBuffers.View<T> value = buffers.view();
        private final boolean zeroCopy = buffers.zeroCopy();

        private final LmdbReadSessions<Txn<T>, org.lmdbjava.Cursor<T>>.Session session;

        LmdbCursor(LmdbReadSessions<Txn<T>, org.lmdbjava.Cursor<T>>.Session session) {
            this.session = session;
            this.cursor = session.openPassCursor();
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
            return keys.out(lmdbKey());
        }

        @Override
        public DirectBuffer value() {
            return LmdbBuffers.out(zeroCopy, value, cursor.val());
        }

        @Override
        public long foldKey(long h) {
            return keys.fold(h, lmdbKey());
        }

        /** The key the cursor stands on as LMDB holds it: LMDB's own buffer when it is a {@link DirectBuffer}, else a view of it. */
        private DirectBuffer lmdbKey() {
            return LmdbBuffers.out(zeroCopy, key, cursor.key());
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

    /**
     * The cursor for integer keys in LMDB's own {@link DirectBuffer}s (Agrona): folds a key as the
     * native-order int it is and hands out values as they are, with no key translation or view to
     * choose per entry.
     */
    private final class IntKeyCursor extends LmdbCursor {

        IntKeyCursor(LmdbReadSessions<Txn<T>, org.lmdbjava.Cursor<T>>.Session session) {
            super(session);
        }

        @Override
        public DirectBuffer value() {
            return (DirectBuffer) cursor.val();
        }

        @Override
        public long foldKey(long h) {
            return KeyFold.foldInt(h, ((DirectBuffer) cursor.key()).getInt(0, ByteOrder.nativeOrder()));
        }
    }
}
