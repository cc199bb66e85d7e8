package dev.kvbench.store.mapdb;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.ExactArrays;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.LookupKey;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Writer;
import java.io.File;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.mapdb.BTreeMap;
import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.Serializer;

/**
 * MapDB 3: a {@code BTreeMap<byte[], byte[]>} in one memory-mapped file, {@value #FILE}, keys
 * compared as unsigned bytes by {@code Serializer.BYTE_ARRAY}.
 *
 * <p>By default no transactions ({@code transactionEnable()} is off): writes go straight into the
 * mapped file, and readers see them at once (MapDB 3 isolates nothing, with or without
 * transactions, so {@code SNAPSHOT_READS} is never declared). {@link Writer#commit()} is {@code
 * db.commit()}, which still means something without transactions: it writes the header checksum
 * that marks the file consistent and syncs the mapped file to disk. Without transactions a store
 * not closed cleanly is refused at reopen (the crash test shows it). Option {@code
 * transactions=true} turns on MapDB's write-ahead log, written on every put and replayed on
 * commit (writes about 2.5 times slower, measured): a crash then loses at most the uncommitted
 * writes. Readers still see uncommitted writes, so {@code ATOMIC_COMMIT} is not declared either way.
 *
 * <p>What each operation allocates: MapDB's API is {@code byte[]} and it has no node cache, so
 * every operation allocates (measured with 50,000 entries of 100 bytes: about 18 KB per put, 8 KB
 * per get, 170 bytes per cursor step):
 * <ul>
 *   <li>{@code put}: a new {@code byte[]} each for the key and the value (handed over to MapDB,
 *       so never reused), plus the B-tree nodes it reads and rewrites; the replaced value is read
 *       back, as {@code BTreeMap.put} returns it; {@code delete}: the key, and the removed value
 *       likewise;
 *   <li>{@code get} and {@code seek}: the key is copied into an array the reader reuses while keys
 *       keep one length; MapDB allocates every node it visits and the value array, which the reader
 *       wraps without copying;
 *   <li>cursor moves: the iterator allocates each leaf it reads and one key and value array per
 *       entry, wrapped without copying.
 * </ul>
 */
public final class MapDbStore extends BaseStore {

    static final String FILE = "mapdb.db";

    /**
     * From this value size up, values are kept out of the B-tree leaves when the option is
     * {@code auto}. Inline, every put rewrites a whole leaf (up to 32 entries, values included);
     * measured with random 4-byte keys, values outside were 3 to 4 times faster to write from
     * 1 KiB and 10 to 40 times from 4 KiB, and no slower to read; below 1 KiB, inline values keep
     * iteration 2 to 5 times faster, one read fewer per entry.
     */
    static final int OUTSIDE_NODES_FROM = 1_024;

    private final DB db;
    private final BTreeMap<byte[], byte[]> map;

    private MapDbStore(DB db, BTreeMap<byte[], byte[]> map) {
        super(Set.of(Capability.ORDERED));
        opens(sequential -> new MapDbWriter(), MapDbReader::new);
        this.db = db;
        this.map = map;
    }

    static MapDbStore open(Path dir, boolean valuesOutsideNodes, boolean transactions) {
        File file = dir.resolve(FILE).toFile();
        DBMaker.Maker dbMaker = DBMaker.fileDB(file);
        if (transactions) {
            dbMaker.transactionEnable();
        }
        DB db = dbMaker.fileMmapEnableIfSupported()
                // Unmaps the file at close rather than at some later GC: no descriptor outlives close().
                .cleanerHackEnable()
                // fileMmapPreclearDisable() is not called: pre-clearing grows the file by writing
                // zeros through it (no cost measurable in a 100,000-put test), so a full disk fails
                // the put with DBException.VolumeIOError; without it the put hits SIGBUS on the
                // mapped page (an InternalError, or a JVM crash).
                .make();
        try {
            DB.TreeMapMaker<byte[], byte[]> maker = db.treeMap("kv", Serializer.BYTE_ARRAY, Serializer.BYTE_ARRAY);
            if (valuesOutsideNodes) {
                maker.valuesOutsideNodesEnable(); // an existing map keeps the layout it was created with
            }
            return new MapDbStore(db, maker.createOrOpen());
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
    }

    @Override
    public void close() {
        if (!db.isClosed()) {
            db.close();
        }
    }

    private final class MapDbWriter implements Writer {

        @Override
        public void put(DirectBuffer key, DirectBuffer value) {
            map.put(ExactArrays.newCopy(key), ExactArrays.newCopy(value));
        }

        @Override
        public void delete(DirectBuffer key) {
            map.remove(ExactArrays.newCopy(key));
        }

        @Override
        public void commit() {
            db.commit();
        }

        @Override
        public void close() {}
    }

    /** Reads the live map: not a snapshot. */
    private final class MapDbReader implements Reader {

        private final LookupKey key = new LookupKey();
        private final UnsafeBuffer value = new UnsafeBuffer();

        @Override
        public DirectBuffer get(DirectBuffer key) {
            return ExactArrays.view(value, map.get(this.key.of(key)));
        }

        @Override
        public Cursor cursor() {
            return new MapDbCursor();
        }

        @Override
        public void close() {}
    }

    /**
     * Walks the map with its own iterators: {@code first}, {@code seek} and a {@code next} after
     * them continue one ascending iterator, {@code last} and a {@code prev} after it one descending
     * iterator; changing direction starts a new iterator beyond the current key, one B-tree
     * descent. Each step is O(1) amortised, never a search from the root.
     */
    private final class MapDbCursor implements Cursor {

        private final LookupKey seekKey = new LookupKey();
        private final UnsafeBuffer key = new UnsafeBuffer();
        private final UnsafeBuffer value = new UnsafeBuffer();
        /** The iterator that yields the entry after the current one, or before it; at most one is set. */
        private Iterator<Map.Entry<byte[], byte[]>> ascending;

        private Iterator<Map.Entry<byte[], byte[]>> descending;
        /** The current entry, null when the cursor stands on no entry; views of it are made only when asked. */
        private Map.Entry<byte[], byte[]> current;

        @Override
        public boolean first() {
            return forward(map.entryIterator());
        }

        @Override
        public boolean last() {
            return backward(map.descendingEntryIterator());
        }

        @Override
        public boolean next() {
            if (ascending != null) {
                return step(ascending);
            }
            return current != null && forward(map.entryIterator(current.getKey(), false, null, false));
        }

        @Override
        public boolean prev() {
            if (descending != null) {
                return step(descending);
            }
            return current != null && backward(map.descendingEntryIterator(null, false, current.getKey(), false));
        }

        @Override
        public boolean seek(DirectBuffer key) {
            return forward(map.entryIterator(seekKey.of(key), true, null, false));
        }

        @Override
        public DirectBuffer key() {
            key.wrap(current.getKey());
            return key;
        }

        @Override
        public DirectBuffer value() {
            value.wrap(current.getValue());
            return value;
        }

        @Override
        public long foldKey(long h) {
            return KeyFold.fold(h, current.getKey(), key);
        }

        @Override
        public int valueLength() {
            return current.getValue().length;
        }

        @Override
        public void close() {
            ascending = null;
            descending = null;
            current = null;
        }

        private boolean forward(Iterator<Map.Entry<byte[], byte[]>> iterator) {
            ascending = iterator;
            descending = null;
            return step(iterator);
        }

        private boolean backward(Iterator<Map.Entry<byte[], byte[]>> iterator) {
            descending = iterator;
            ascending = null;
            return step(iterator);
        }

        private boolean step(Iterator<Map.Entry<byte[], byte[]>> iterator) {
            if (!iterator.hasNext()) {
                current = null;
                return false;
            }
            current = iterator.next();
            return true;
        }
    }
}
