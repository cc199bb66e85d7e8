package dev.kvbench.store.mvstore;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.ExactArrays;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.LookupKey;
import dev.kvbench.store.Options;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Writer;
import java.nio.file.Path;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.RootReference;
import org.h2.mvstore.type.ByteArrayDataType;

/**
 * H2's MVStore: one file, one {@code MVMap<byte[], byte[]>} whose keys compare with
 * {@link ByteArrayDataType} ({@code Arrays.compareUnsigned}, i.e. unsigned byte order).
 *
 * <p>Snapshots: an MVMap is a copy-on-write B-tree, and its writes are visible in the live map
 * at once, before any commit. So readers never read the live map: at each commit the writer
 * publishes the map's root, an immutable tree, and a reader reads the root published last when
 * it opened, for its whole life. While it lives, the reader registers the store's current
 * version as in use, so that MVStore keeps the file chunks that tree may still need.
 *
 * <p>Per operation: {@code put} copies the key and the value into two new arrays, which the map
 * keeps (MVStore stores the objects it is given). {@code get}, {@code seek} and {@code delete}
 * copy the key into one reused array (reallocated only when the key length changes). Values and
 * cursor keys are returned as views over the map's own arrays: no copy; a cursor makes its views
 * only when asked and folds and measures the h2 cursor's own arrays (a view made per entry cost
 * readSeq and readRev 19-32% against H2's API called directly). The cursor allocates an
 * h2 cursor (a few objects per tree level) on {@code first}, {@code last}, {@code seek} and when
 * it changes direction; steps in one direction allocate nothing per entry. Pages evicted from
 * the cache are read back from the file, allocating their keys and values anew.
 *
 * <p>The {@code sequential} hint is ignored: {@code MVMap.append} does not check the key order,
 * and it buffers entries outside the tree that a reader's root would not contain.
 */
public final class MvStoreStore extends BaseStore {

    private static final String MAP_NAME = "kv";
    private static final int MVSTORE_DEFAULT_CACHE_MB = 16;
    private static final long MIB = 1L << 20;
    /** MVStore counts this buffer in bytes, in an int. */
    private static final int MAX_AUTO_COMMIT_BUFFER_KB = Integer.MAX_VALUE / 1024;

    private static final byte[] EMPTY = new byte[0];

    private final MVStore store;
    private final MVMap<byte[], byte[]> map;
    private final boolean sync;
    /** The tree as of the last commit: what a new reader reads. */
    private volatile RootReference<byte[], byte[]> committed;

    MvStoreStore(Path dir, Shape shape, Options options) {
        super(TRANSACTIONAL);
        opens(sequential -> new MvWriter(), MvReader::new);
        this.sync = options.bool("sync");
        int autoCommitBufferKb = options.integer("autoCommitBufferKb");
        if (autoCommitBufferKb > MAX_AUTO_COMMIT_BUFFER_KB) {
            throw new IllegalArgumentException("mvstore option autoCommitBufferKb=" + autoCommitBufferKb
                    + " is larger than " + MAX_AUTO_COMMIT_BUFFER_KB);
        }
        this.store = new MVStore.Builder()
                .fileName(dir.resolve("kv.mv.db").toString())
                // Batches are stored by commit() in the writer's thread: no background writer.
                .autoCommitDisabled()
                // 0 (the default here): a batch reaches the file only at commit(), in one piece.
                // MVStore's own default (up to 19 MB of unsaved changes) would make put() store
                // a large batch to the file in pieces before its commit.
                .autoCommitBufferSize(autoCommitBufferKb)
                .cacheSize(cacheMb(shape, options.integer("cacheMb")))
                // Compression stays off: the builder compresses only when compress() is called.
                .open();
        try {
            this.map = store.openMap(
                    MAP_NAME,
                    new MVMap.Builder<byte[], byte[]>()
                            .keyType(ByteArrayDataType.INSTANCE)
                            .valueType(ByteArrayDataType.INSTANCE));
            // A map created in an uncommitted version would vanish with a writer's rollback.
            store.commit();
            this.committed = map.flushAndGetRoot();
        } catch (RuntimeException e) {
            store.closeImmediately();
            throw e;
        }
    }

    /**
     * The option when set, else room for the whole data set: twice its flat size (MVStore's
     * estimate of a page's memory is about its bytes plus a few per entry), at least MVStore's
     * default 16 MiB, at most a quarter of the heap, since the cache holds deserialized pages.
     */
    private static int cacheMb(Shape shape, int option) {
        if (option > 0) {
            return option;
        }
        long wanted = 2 * shape.flatBytes() / MIB + 1;
        long quarterHeap = Runtime.getRuntime().maxMemory() / 4 / MIB;
        return (int) Math.max(MVSTORE_DEFAULT_CACHE_MB, Math.min(wanted, quarterHeap));
    }

    @Override
    public void close() {
        store.close();
    }

    /**
     * Commits the map's writes and publishes its root to the readers opened after it (with
     * {@code sync}, durably): what a writer's commit does, and the direct-API baseline's commit.
     */
    public void commit() {
        // Published before the store commits, so that a reader's version registration
        // (taken before it reads the root) is never newer than the root it reads.
        committed = map.flushAndGetRoot();
        store.commit();
        if (sync) {
            store.sync();
        }
    }

    /** The map, for the direct-API baseline benchmark only (it bypasses this adapter). */
    public MVMap<byte[], byte[]> map() {
        return map;
    }

    /** The open store, for the direct-API baseline benchmark only. */
    public MVStore mvStore() {
        return store;
    }

    /** The map's root as of the last commit, what a reader opened now reads; for the direct-API baseline only. */
    public RootReference<byte[], byte[]> committedRoot() {
        return committed;
    }

    private final class MvWriter implements Writer {
        private final LookupKey lookup = new LookupKey();

        @Override
        public void put(DirectBuffer key, DirectBuffer value) {
            map.put(ExactArrays.newCopy(key), ExactArrays.newCopy(value));
        }

        @Override
        public void delete(DirectBuffer key) {
            map.remove(lookup.of(key));
        }

        @Override
        public void commit() {
            MvStoreStore.this.commit();
        }

        @Override
        public void close() {
            if (store.isClosed()) {
                return; // a store that panicked closed itself and rethrows its failure: that is already on its way up
            }
            // Uncommitted writes are in the live map: drop them, as a transaction abort would.
            store.rollback();
        }
    }

    private final class MvReader implements Reader {
        private final MVStore.TxCounter versionInUse;
        private final RootReference<byte[], byte[]> root;
        private final LookupKey lookup = new LookupKey();
        private final UnsafeBuffer value = new UnsafeBuffer(EMPTY);

        MvReader() {
            // In this order: the registered version is then at most the root's.
            this.versionInUse = store.registerVersionUsage();
            this.root = committed;
        }

        @Override
        public DirectBuffer get(DirectBuffer key) {
            return ExactArrays.view(value, map.get(root.root, lookup.of(key)));
        }

        @Override
        public Cursor cursor() {
            return new MvCursor(root);
        }

        @Override
        public void close() {
            store.deregisterVersionUsage(versionInUse);
        }
    }

    /**
     * An h2 cursor walks one way from a start key; this cursor turns around by starting a new one
     * at the current key, which is in the snapshot, and stepping past it.
     */
    private final class MvCursor implements Cursor {
        private final RootReference<byte[], byte[]> root;
        private final LookupKey lookup = new LookupKey();
        private final UnsafeBuffer key = new UnsafeBuffer(EMPTY);
        private final UnsafeBuffer value = new UnsafeBuffer(EMPTY);
        private org.h2.mvstore.Cursor<byte[], byte[]> walk;
        private boolean backwards;
        /** Whether the cursor stands on an entry: the h2 cursor's last returned one ({@code getKey}, {@code getValue}). */
        private boolean onEntry;

        MvCursor(RootReference<byte[], byte[]> root) {
            this.root = root;
        }

        @Override
        public boolean first() {
            return start(null, false);
        }

        @Override
        public boolean last() {
            return start(null, true);
        }

        @Override
        public boolean next() {
            return step(false);
        }

        @Override
        public boolean prev() {
            return step(true);
        }

        @Override
        public boolean seek(DirectBuffer target) {
            return start(lookup.of(target), false);
        }

        @Override
        public DirectBuffer key() {
            key.wrap(walk.getKey());
            return key;
        }

        @Override
        public DirectBuffer value() {
            value.wrap(walk.getValue());
            return value;
        }

        @Override
        public long foldKey(long h) {
            return KeyFold.fold(h, walk.getKey(), key);
        }

        @Override
        public int valueLength() {
            return walk.getValue().length;
        }

        @Override
        public void close() {
            walk = null;
        }

        private boolean start(byte[] from, boolean reverse) {
            walk = map.cursor(root, from, null, reverse);
            backwards = reverse;
            return advance();
        }

        private boolean step(boolean reverse) {
            if (!onEntry) {
                return false;
            }
            if (reverse != backwards) {
                start(walk.getKey(), reverse);
            }
            return advance();
        }

        private boolean advance() {
            if (!walk.hasNext()) {
                onEntry = false;
                return false;
            }
            walk.next();
            onEntry = true;
            return true;
        }
    }
}
