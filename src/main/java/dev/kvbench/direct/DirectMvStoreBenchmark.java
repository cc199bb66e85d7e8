package dev.kvbench.direct;

import dev.kvbench.bench.KvBenchmark;
import dev.kvbench.store.ExactArrays;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Store;
import dev.kvbench.store.mvstore.MvStoreStore;
import dev.kvbench.workload.Workload;
import org.agrona.concurrent.UnsafeBuffer;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.RootReference;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

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
public class DirectMvStoreBenchmark extends KvBenchmark {

    @Benchmark
    public long write(Empty state) {
        return state.pass();
    }

    @Benchmark
    public long readKey(Loaded state) {
        return state.pass();
    }

    @Benchmark
    public long readSeq(Loaded state) {
        return state.pass();
    }

    @Benchmark
    public long readRev(Loaded state) {
        return state.pass();
    }

    /** What both states share: the trial and the adapter's store, map and MVStore. */
    abstract static class Mv extends DirectState {
        MvStoreStore store;
        MVMap<byte[], byte[]> map;
        MVStore mvStore;

        @Override
        void use(Store opened) {
            store = (MvStoreStore) opened;
            map = store.map();
            mvStore = store.mvStore();
        }
    }

    /** The loaded, reopened store of the read benchmarks. */
    @State(Scope.Benchmark)
    public static class Loaded extends Mv {
        /** Lookup keys in reused arrays: MVStore compares arrays and does not keep a key it is asked for. */
        private final ExactArrays keys = new ExactArrays();
        /** The view a key of another length than 4 bytes is folded through, as the adapter's cursor folds it. */
        private final UnsafeBuffer keyView = new UnsafeBuffer(new byte[0]);

        @Setup(Level.Trial)
        public void load(BenchmarkParams params) {
            beginLoaded(params);
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
            requireAll(Workload.READ_KEY, found);
            return bytes;
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
            requireAll(forward ? Workload.READ_SEQ : Workload.READ_REV, seen);
            requireKeys(forward, keyFold);
            return bytes + keyFold;
        }
    }

    /** A new empty store for every write pass, read back and closed untimed afterwards. */
    @State(Scope.Benchmark)
    public static class Empty extends Mv {

        @Setup(Level.Trial)
        public void prepare(BenchmarkParams params) {
            beginEmpty(params);
        }

        @Setup(Level.Invocation)
        public void open() {
            openEmpty();
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

        @TearDown(Level.Invocation)
        public void verifyAndClose() {
            closeEmpty();
        }
    }
}
