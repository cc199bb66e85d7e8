package dev.kvbench.direct;

import dev.kvbench.store.ExactArrays;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Store;
import dev.kvbench.store.mvstore.MvStoreStore;
import org.agrona.concurrent.UnsafeBuffer;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.RootReference;

/**
 * The baseline the {@code mvstore} Store path is held to: H2's {@code MVMap<byte[], byte[]>} called
 * directly on the map the {@code mvstore} adapter opened (same cache, same key and value types),
 * reading the root of the last commit with the store's version registered for the pass, as the
 * adapter's readers do. The same data set, passes and reopened store as the Store benchmarks; left
 * out: the {@code Store} interface, the adapter's views over MVStore's arrays and the per-entry
 * verification. Each pass still has to see every entry (counted once, at the end), a cursor pass
 * folds every key and sums the values' lengths (the reads the Store pass makes), and every write is
 * read back untimed.
 */
public class DirectMvStoreBenchmark extends DirectBenchmark {

    /** H2's calls on the adapter's store, map and MVStore. */
    static final class Mv extends DirectPasses {
        MvStoreStore store;
        MVMap<byte[], byte[]> map;
        MVStore mvStore;
        /** Lookup keys in reused arrays: MVStore compares arrays and does not keep a key it is asked for. */
        private final ExactArrays keys = new ExactArrays();
        /** The view a key of another length than 4 bytes is folded through, as the adapter's cursor folds it. */
        private final UnsafeBuffer keyView = new UnsafeBuffer(new byte[0]);

        @Override
        void use(Store opened) {
            store = (MvStoreStore) opened;
            map = store.map();
            mvStore = store.mvStore();
        }

        @Override
        long readKey() {
            long found = 0;
            long bytes = 0;
            MVStore.TxCounter version = mvStore.registerVersionUsage();
            try {
                RootReference<byte[], byte[]> root = store.committedRoot();
                for (int i = 0, n = num(); i < n; i++) {
                    byte[] value = map.get(root.root, keys.copyOf(entries.key(i)));
                    if (value != null) {
                        found++;
                        bytes += value.length;
                    }
                }
            } finally {
                mvStore.deregisterVersionUsage(version);
            }
            return checkedLookups(found, bytes);
        }

        @Override
        long readCursor(boolean forward) {
            long seen = 0;
            long bytes = 0;
            long keyFold = KeyFold.START;
            MVStore.TxCounter version = mvStore.registerVersionUsage();
            try {
                Cursor<byte[], byte[]> cursor = map.cursor(store.committedRoot(), null, null, !forward);
                while (cursor.hasNext()) {
                    cursor.next();
                    seen++;
                    keyFold = KeyFold.fold(keyFold, cursor.getKey(), keyView);
                    bytes += cursor.getValue().length;
                }
            } finally {
                mvStore.deregisterVersionUsage(version);
            }
            return checkedCursorPass(forward, seen, bytes, keyFold);
        }

        /** Every entry put as new arrays (MVStore keeps the arrays it is given), a commit per batch. */
        @Override
        long write() {
            int batchSize = trial.batchSize();
            int inBatch = 0;
            for (int i = 0, n = num(); i < n; i++) {
                map.put(ExactArrays.newCopy(entries.key(i)), ExactArrays.newCopy(entries.value(i)));
                if (++inBatch == batchSize) {
                    store.commit();
                    inBatch = 0;
                }
            }
            if (inBatch > 0) {
                store.commit();
            }
            return num();
        }
    }
}
