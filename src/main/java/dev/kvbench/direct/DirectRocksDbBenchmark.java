package dev.kvbench.direct;

import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Store;
import dev.kvbench.store.rocksdb.RocksDbStore;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.DataSet;
import java.nio.ByteBuffer;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Snapshot;
import org.rocksdb.WriteBatch;

/**
 * The baseline the {@code rocksdb} Store path is held to: rocksdbjni's direct-{@code ByteBuffer}
 * API called directly on the database the {@code rocksdb} adapter opened (same options, cache,
 * filter and write options), with a snapshot per pass as the adapter's readers hold. The same
 * data set, passes and reopened store as the Store benchmarks; left out: the {@code Store}
 * interface, the adapter's translation and the per-entry verification. Each pass still has to
 * see every entry (counted once, at the end), a cursor pass folds every key and sums the values'
 * lengths (the reads the Store pass makes), and every write is read back untimed.
 */
public class DirectRocksDbBenchmark extends DirectBenchmark {

    /** rocksdbjni's calls on the store's database, through direct buffers for keys and values. */
    static final class Rocks extends DirectPasses {
        RocksDbStore store;
        RocksDB db;
        private ByteBuffer key;
        private ByteBuffer value;
        private final UnsafeBuffer keyWriter = new UnsafeBuffer(0, 0);
        private final UnsafeBuffer keyView = new UnsafeBuffer(0, 0);
        private final UnsafeBuffer valueWriter = new UnsafeBuffer(0, 0);
        private Snapshot snapshot;
        private ReadOptions options;

        @Override
        void begin(Trial trial) {
            super.begin(trial);
            DataSet data = trial.data();
            key = ByteBuffer.allocateDirect(data.spec().keySize());
            value = ByteBuffer.allocateDirect(Math.max(16, data.spec().valSize()));
            keyWriter.wrap(key);
            valueWriter.wrap(value);
        }

        @Override
        void use(Store opened) {
            store = (RocksDbStore) opened;
            db = store.db();
        }

        /** The {@code i}-th key, copied into the direct key buffer (rocksdbjni takes ByteBuffers). */
        final ByteBuffer key(int i) {
            DirectBuffer k = entries.key(i);
            keyWriter.putBytes(0, k, 0, k.capacity());
            key.limit(k.capacity()).position(0);
            return key;
        }

        final ByteBuffer value(int i) {
            DirectBuffer v = entries.value(i);
            valueWriter.putBytes(0, v, 0, v.capacity());
            value.limit(v.capacity()).position(0);
            return value;
        }

        /** The value buffer, cleared for RocksDB to copy into. */
        final ByteBuffer target() {
            value.clear();
            return value;
        }

        final ByteBuffer keyTarget() {
            key.clear();
            return key;
        }

        /** The {@code length} bytes RocksDB copied into the key buffer, as a view (reused). */
        final DirectBuffer keyRead(int length) {
            keyView.wrap(key, 0, length);
            return keyView;
        }

        /** A pass's snapshot, as the adapter's readers hold one, and the read options that read it. */
        private ReadOptions startPass() {
            snapshot = db.getSnapshot();
            options = new ReadOptions().setSnapshot(snapshot);
            return options;
        }

        private void endPass() {
            options.close();
            db.releaseSnapshot(snapshot);
            snapshot.close();
        }

        @Override
        long readKey() throws RocksDBException {
            long found = 0;
            long bytes = 0;
            ReadOptions options = startPass();
            try {
                for (int i = 0, n = num(); i < n; i++) {
                    int length = db.get(options, key(i), target());
                    if (length != RocksDB.NOT_FOUND) {
                        found++;
                        bytes += length;
                    }
                }
            } finally {
                endPass();
            }
            return checkedLookups(found, bytes);
        }

        @Override
        long readCursor(boolean forward) throws RocksDBException {
            long seen = 0;
            long bytes = 0;
            long keyFold = KeyFold.START;
            ReadOptions options = startPass();
            try (RocksIterator iterator = db.newIterator(options)) {
                if (forward) {
                    iterator.seekToFirst();
                } else {
                    iterator.seekToLast();
                }
                while (iterator.isValid()) {
                    seen++;
                    keyFold = KeyFold.fold(keyFold, keyRead(iterator.key(keyTarget())));
                    bytes += iterator.value(target());
                    if (forward) {
                        iterator.next();
                    } else {
                        iterator.prev();
                    }
                }
                iterator.status();
            } finally {
                endPass();
            }
            return checkedCursorPass(forward, seen, bytes, keyFold);
        }

        @Override
        long write() throws RocksDBException {
            int batchSize = trial.batchSize();
            int inBatch = 0;
            try (WriteBatch batch = new WriteBatch()) {
                for (int i = 0, n = num(); i < n; i++) {
                    batch.put(key(i), value(i));
                    if (++inBatch == batchSize) {
                        db.write(store.writeOptions(), batch);
                        batch.clear();
                        inBatch = 0;
                    }
                }
                if (inBatch > 0) {
                    db.write(store.writeOptions(), batch);
                }
            }
            return num();
        }
    }
}
