package dev.kvbench.direct;

import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Store;
import dev.kvbench.store.lmdb.LmdbStore;
import dev.kvbench.trial.Trial;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.Env;
import org.lmdbjava.GetOp;
import org.lmdbjava.PutFlags;
import org.lmdbjava.Txn;

/**
 * The baseline the {@code lmdb} Store path is held to: lmdbjava called directly (Agrona buffers,
 * lookups and passes through a cursor, as lmdbjava's own benchmarks do) on the environment and
 * database the {@code lmdb} adapter opened, so the settings are the same; one read transaction and
 * cursor per trial, reset and renewed between passes as the adapter's readers are. The same data set, passes and
 * reopened store as the Store benchmarks; left out: the {@code Store} interface, the adapter's
 * translation and the per-entry verification. Each pass still has to see every entry (its count
 * is checked once, at the end), a cursor pass folds every key and sums the values' lengths (the
 * reads the Store pass makes), and every write is read back untimed, as on the Store path.
 */
public class DirectLmdbBenchmark extends DirectBenchmark {

    /** lmdbjava's calls on the store's environment and database, the keys as LMDB takes them. */
    static final class Lmdb extends DirectPasses {
        Env<DirectBuffer> env;
        Dbi<DirectBuffer> dbi;
        private boolean integerKeys;
        private final UnsafeBuffer word = new UnsafeBuffer(ByteBuffer.allocateDirect(Integer.BYTES));
        private Txn<DirectBuffer> txn;
        private Cursor<DirectBuffer> cursor;
        private PutFlags[] flags;

        @Override
        void begin(Trial trial) {
            super.begin(trial);
            flags = trial.data().spec().sequential() ? new PutFlags[] {PutFlags.MDB_APPEND} : new PutFlags[0];
        }

        @SuppressWarnings("unchecked")
        @Override
        void use(Store store) {
            LmdbStore<DirectBuffer> lmdb = (LmdbStore<DirectBuffer>) store;
            env = lmdb.env();
            dbi = lmdb.dbi();
            integerKeys = lmdb.integerKeys();
        }

        /** The {@code i}-th key as the database holds it: a native-order int, or the data set's own bytes. */
        final DirectBuffer key(int i) {
            if (integerKeys) {
                word.putInt(0, entries.intKey(i), ByteOrder.nativeOrder());
                return word;
            }
            return entries.key(i);
        }

        /** Folds a key as the database holds it, as the adapter's cursor does: a native-order int, or its bytes. */
        final long foldKey(long h, DirectBuffer key) {
            return integerKeys ? KeyFold.foldInt(h, key.getInt(0, ByteOrder.nativeOrder())) : KeyFold.fold(h, key);
        }

        final DirectBuffer value(int i) {
            return entries.value(i);
        }

        /**
         * A pass's read transaction and cursor: one of each for the trial, reset after every pass
         * and renewed before the next (a fresh snapshot each pass), as LMDB advises for repeated
         * readers and as the {@code lmdb} adapter's readers do.
         */
        private Cursor<DirectBuffer> startPass() {
            if (txn == null) {
                txn = env.txnRead();
                cursor = dbi.openCursor(txn);
            } else {
                txn.renew();
                cursor.renew(txn);
            }
            return cursor;
        }

        @Override
        long readKey() {
            long found = 0;
            long bytes = 0;
            Cursor<DirectBuffer> cursor = startPass();
            try {
                for (int i = 0, n = num(); i < n; i++) {
                    if (cursor.get(key(i), GetOp.MDB_SET_KEY)) {
                        found++;
                        bytes += cursor.val().capacity();
                    }
                }
            } finally {
                txn.reset();
            }
            return checkedLookups(found, bytes);
        }

        @Override
        long readCursor(boolean forward) {
            long seen = 0;
            long bytes = 0;
            long keyFold = KeyFold.START;
            Cursor<DirectBuffer> cursor = startPass();
            try {
                for (boolean on = forward ? cursor.first() : cursor.last();
                        on;
                        on = forward ? cursor.next() : cursor.prev()) {
                    seen++;
                    keyFold = foldKey(keyFold, cursor.key());
                    bytes += cursor.val().capacity();
                }
            } finally {
                txn.reset();
            }
            return checkedCursorPass(forward, seen, bytes, keyFold);
        }

        /** Frees the trial's transaction (renewed, so that closing it aborts it) and cursor before the store closes. */
        @Override
        void release() {
            if (txn != null) {
                try {
                    txn.renew();
                } catch (Txn.NotResetException e) {
                    // a failed pass left it live: closing aborts it as it is
                }
                cursor.close();
                txn.close();
                txn = null;
            }
        }

        @Override
        long write() {
            int batchSize = trial.batchSize();
            int inBatch = 0;
            Txn<DirectBuffer> txn = env.txnWrite();
            Cursor<DirectBuffer> cursor = dbi.openCursor(txn);
            try {
                for (int i = 0, n = num(); i < n; i++) {
                    cursor.put(key(i), value(i), flags);
                    if (++inBatch == batchSize) {
                        cursor.close();
                        txn.commit();
                        txn.close();
                        txn = env.txnWrite();
                        cursor = dbi.openCursor(txn);
                        inBatch = 0;
                    }
                }
                cursor.close();
                txn.commit();
            } finally {
                txn.close();
            }
            return num();
        }
    }
}
