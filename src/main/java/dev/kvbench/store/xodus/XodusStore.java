package dev.kvbench.store.xodus;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.ExactArrays;
import dev.kvbench.store.LookupKey;
import dev.kvbench.store.Options;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Writer;
import java.nio.file.Path;
import jetbrains.exodus.ArrayByteIterable;
import jetbrains.exodus.ByteIterable;
import jetbrains.exodus.env.Environment;
import jetbrains.exodus.env.EnvironmentConfig;
import jetbrains.exodus.env.Environments;
import jetbrains.exodus.env.StoreConfig;
import jetbrains.exodus.env.Transaction;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * JetBrains Xodus: an environment (a log of {@code .xd} files) holding one B+ tree store without
 * duplicate keys. Xodus compares keys as unsigned bytes. Not the Patricia tree
 * (WITHOUT_DUPLICATES_WITH_PREFIXING): in Xodus 2.0.1 its {@code getPrev} skips or misorders
 * keys that are prefixes of other keys (e.g. {@code 80} before {@code 80ff0001}).
 *
 * <p>The writer works in one exclusive transaction per batch; a reader is one read-only
 * transaction, a snapshot, for its whole life.
 *
 * <p>Per operation: {@code put} copies the key and the value into two new arrays, and
 * {@code delete} the key into one: Xodus keeps the {@code ByteIterable}s it is given until the
 * transaction commits, so a reused array would change entries already put. {@code get} and
 * {@code seek} copy the key into one reused array (reallocated only when the key length
 * changes). Xodus's own read path allocates per call: it materializes the tree nodes it walks
 * (about 1 KB per {@code get} on 100,000 entries), and each cursor {@code key()} and
 * {@code value()} is a new {@code ByteIterable} whose bytes are a fresh copy out of the log
 * cache (about 260 bytes per step with 100-byte values). The returned buffers are views over
 * those copies.
 */
public final class XodusStore extends BaseStore {

    private static final String STORE_NAME = "kv";
    private static final byte[] EMPTY = new byte[0];

    private final Environment env;
    private final jetbrains.exodus.env.Store store;

    XodusStore(Path dir, Options options) {
        super(TRANSACTIONAL);
        opens(XodusWriter::new, XodusReader::new);
        long logFileSizeKb = options.number("logFileSizeKb");
        if (logFileSizeKb == 0) {
            throw new IllegalArgumentException("xodus option logFileSizeKb must be > 0");
        }
        long cachePageKb = options.number("cachePageKb");
        if (Long.bitCount(cachePageKb) != 1 || logFileSizeKb % cachePageKb != 0) {
            throw new IllegalArgumentException("xodus option cachePageKb=" + cachePageKb + " must be a power of two"
                    + " that divides logFileSizeKb (" + logFileSizeKb + "): 4, 8, 16, 32, 64 (the default), ...");
        }
        EnvironmentConfig config = new EnvironmentConfig()
                // false: no fsync per commit (Xodus still fsyncs every 10 s, its logSyncPeriod).
                .setLogDurableWrite(options.bool("sync"))
                // The log cleaner moves live entries out of sparse files in a background thread;
                // off, the benchmark measures the store without its compaction.
                .setGcEnabled(options.bool("gc"))
                .setLogFileSize(logFileSizeKb)
                // The unit of Xodus's own log cache (default 64 KiB): a lookup that misses the cache reads a
                // page of this size from the log file, so beyond memory it sets the bytes read per miss.
                .setLogCachePageSize((int) cachePageKb * 1024)
                // The shared log cache is static: it would outlive this environment and carry one
                // trial's pages and memory into the next.
                .setLogCacheShared(false)
                // No JMX beans per environment, and no statistics counters nobody reads.
                .setManagementEnabled(false)
                .setEnvGatherStatistics(false)
                // The store-get cache (off by default) would keep the reused lookup keys.
                .setEnvStoreGetCacheSize(0);
        this.env = Environments.newInstance(dir.toFile(), config);
        try {
            this.store =
                    env.computeInTransaction(txn -> env.openStore(STORE_NAME, StoreConfig.WITHOUT_DUPLICATES, txn));
        } catch (RuntimeException e) {
            env.close();
            throw e;
        }
    }

    /** The log cache's page in bytes, as the environment took it. */
    int cachePageBytes() {
        return env.getEnvironmentConfig().getLogCachePageSize();
    }

    /** Fails, as Xodus does, while a reader or writer transaction is still open. */
    @Override
    public void close() {
        env.close();
    }

    private static ArrayByteIterable copy(DirectBuffer buffer) {
        return new ArrayByteIterable(ExactArrays.newCopy(buffer));
    }

    /** Wraps {@code view} over the bytes of {@code found}, which may be a longer array. */
    private static DirectBuffer view(UnsafeBuffer view, ByteIterable found) {
        view.wrap(found.getBytesUnsafe(), 0, found.getLength());
        return view;
    }

    /** A key copied into a reused array, for lookups only (Xodus does not keep it). */
    private static final class IterableKey extends LookupKey {
        private final ArrayByteIterable iterable = new ArrayByteIterable(EMPTY);

        ByteIterable iterable(DirectBuffer key) {
            iterable.setBytes(of(key));
            return iterable;
        }
    }

    /**
     * The transaction begins at the first write of a batch, not at the previous commit, so that
     * an idle writer does not hold the exclusive lock the log cleaner needs (with {@code gc}).
     */
    private final class XodusWriter implements Writer {
        private final boolean sequential;
        private Transaction txn;

        XodusWriter(boolean sequential) {
            this.sequential = sequential;
        }

        @Override
        public void put(DirectBuffer key, DirectBuffer value) {
            if (sequential) {
                // Appends at the right edge of the tree; fails if the key is not the greatest.
                store.putRight(batch(), copy(key), copy(value));
            } else {
                store.put(batch(), copy(key), copy(value));
            }
        }

        @Override
        public void delete(DirectBuffer key) {
            store.delete(batch(), copy(key));
        }

        @Override
        public void commit() {
            if (txn == null) {
                return;
            }
            Transaction done = txn;
            txn = null;
            if (!done.commit()) {
                done.abort();
                throw new IllegalStateException("Xodus did not commit the batch: the store changed under it");
            }
        }

        @Override
        public void close() {
            if (txn != null) {
                txn.abort();
                txn = null;
            }
        }

        private Transaction batch() {
            if (txn == null) {
                txn = env.beginExclusiveTransaction();
            }
            return txn;
        }
    }

    private final class XodusReader implements Reader {
        private final Transaction txn = env.beginReadonlyTransaction();
        private final IterableKey lookup = new IterableKey();
        private final UnsafeBuffer value = new UnsafeBuffer(EMPTY);

        @Override
        public DirectBuffer get(DirectBuffer key) {
            ByteIterable found = store.get(txn, lookup.iterable(key));
            return found == null ? null : view(value, found);
        }

        @Override
        public Cursor cursor() {
            return new XodusCursor(txn);
        }

        @Override
        public void close() {
            txn.abort();
        }
    }

    /**
     * A fresh Xodus cursor stands before the first entry: {@code getNext} moves to the first,
     * {@code getPrev} to the last. There is no {@code getFirst}, so {@link #first()} starts a
     * fresh cursor.
     */
    private final class XodusCursor implements Cursor {
        private final Transaction txn;
        private final IterableKey lookup = new IterableKey();
        private final UnsafeBuffer key = new UnsafeBuffer(EMPTY);
        private final UnsafeBuffer value = new UnsafeBuffer(EMPTY);
        private jetbrains.exodus.env.Cursor cursor;

        XodusCursor(Transaction txn) {
            this.txn = txn;
            this.cursor = store.openCursor(txn);
        }

        @Override
        public boolean first() {
            cursor.close();
            cursor = store.openCursor(txn);
            return cursor.getNext();
        }

        @Override
        public boolean last() {
            return cursor.getLast();
        }

        @Override
        public boolean next() {
            return cursor.getNext();
        }

        @Override
        public boolean prev() {
            return cursor.getPrev();
        }

        @Override
        public boolean seek(DirectBuffer target) {
            return cursor.getSearchKeyRange(lookup.iterable(target)) != null;
        }

        @Override
        public DirectBuffer key() {
            return view(key, cursor.getKey());
        }

        @Override
        public DirectBuffer value() {
            return view(value, cursor.getValue());
        }

        @Override
        public void close() {
            cursor.close();
        }
    }
}
