package dev.kvbench.store.leveldb;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.ExactArrays;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.fusesource.leveldbjni.JniDBFactory;
import org.iq80.leveldb.CompressionType;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.DBIterator;
import org.iq80.leveldb.ReadOptions;
import org.iq80.leveldb.Snapshot;
import org.iq80.leveldb.WriteBatch;
import org.iq80.leveldb.WriteOptions;

/**
 * LevelDB (leveldbjni 1.8, the native LevelDB), keys in LevelDB's default bytewise (unsigned)
 * order. A writer fills a {@link WriteBatch} that {@code commit()} writes; a reader holds a
 * {@link Snapshot} for its whole life.
 *
 * <p>Copies and allocation: leveldbjni's API is {@code byte[]} only. A key or value going in is
 * copied into a {@code byte[]} the writer or reader reuses, one per length (a heap buffer that
 * spans exactly its whole array is passed as is); leveldbjni then copies it to native memory,
 * allocating a few small objects per call. Coming out, the API forces allocation: every
 * {@code get} returns a new {@code byte[]}, and every cursor step allocates an entry holding a
 * new key and a new value array. The returned buffers are views over those arrays.
 */
public final class LevelDbStore implements Store {

    /** The spec's options, checked by {@link LevelDbEngine}. */
    record Settings(int cacheMb, int writeBufferMb, boolean sync) {
    }

    private static final long MB = 1024 * 1024;

    private final DB db;
    private final WriteOptions writeOptions;

    private LevelDbStore(DB db, WriteOptions writeOptions) {
        this.db = db;
        this.writeOptions = writeOptions;
    }

    static LevelDbStore open(Path dir, Settings settings) {
        org.iq80.leveldb.Options options = new org.iq80.leveldb.Options()
                .createIfMissing(true)
                .compressionType(CompressionType.NONE)
                .cacheSize(settings.cacheMb() * MB)
                .writeBufferSize((int) (settings.writeBufferMb() * MB));
        WriteOptions writeOptions = new WriteOptions().sync(settings.sync());
        try {
            return new LevelDbStore(JniDBFactory.factory.open(dir.toFile(), options), writeOptions);
        } catch (IOException e) {
            throw new UncheckedIOException("leveldb open " + dir + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.ORDERED, Capability.SNAPSHOT_READS, Capability.ATOMIC_COMMIT);
    }

    @Override
    public Writer writer(boolean sequential) {
        return new LevelDbWriter();
    }

    @Override
    public Reader reader() {
        return new LevelDbReader();
    }

    @Override
    public void close() {
        release(db, "database");
    }

    private static void release(Closeable closeable, String what) {
        try {
            closeable.close();
        } catch (IOException e) {
            throw new UncheckedIOException("leveldb closing the " + what + " failed: " + e.getMessage(), e);
        }
    }

    /** Puts and deletes go into one write batch; commit writes it with the store's write options. */
    private final class LevelDbWriter implements Writer {

        private final ExactArrays keys = new ExactArrays();
        private final ExactArrays values = new ExactArrays();
        private WriteBatch batch = db.createWriteBatch();

        @Override
        public void put(DirectBuffer key, DirectBuffer value) {
            batch.put(keys.copyOf(key), values.copyOf(value));
        }

        @Override
        public void delete(DirectBuffer key) {
            batch.delete(keys.copyOf(key));
        }

        @Override
        public void commit() {
            db.write(batch, writeOptions);
            // The WriteBatch interface has no clear(): start a new batch.
            release(batch, "write batch");
            batch = db.createWriteBatch();
        }

        @Override
        public void close() {
            release(batch, "write batch");
        }
    }

    /** A snapshot taken at open; every get and cursor reads through it. */
    private final class LevelDbReader implements Reader {

        private final Snapshot snapshot = db.getSnapshot();
        private final ReadOptions readOptions = new ReadOptions().snapshot(snapshot);
        private final ExactArrays keys = new ExactArrays();
        private final UnsafeBuffer value = new UnsafeBuffer();

        @Override
        public DirectBuffer get(DirectBuffer key) {
            byte[] found = db.get(keys.copyOf(key), readOptions);
            if (found == null) {
                return null;
            }
            value.wrap(found);
            return value;
        }

        @Override
        public Cursor cursor() {
            return new LevelDbCursor(db.iterator(readOptions));
        }

        @Override
        public void close() {
            release(snapshot, "snapshot");
        }
    }

    /**
     * A cursor over leveldbjni's {@link DBIterator}, whose {@code next()} and {@code prev()}
     * return an entry and move past it. The cursor keeps that entry as the current one and
     * remembers where the native iterator stands: one past it after a forward move
     * ({@code ahead}), on it after a backward move or {@code last()}. A change of direction
     * first brings the iterator back onto the current entry. A step back from the first entry
     * throws in {@code prev()} (which leaves the iterator on the first entry): that ends the
     * move. Note that leveldbjni's {@code prev()} itself moves the native iterator three times
     * (back, forward, back): a cost of its API, paid by every step back.
     */
    private static final class LevelDbCursor implements Cursor {

        private final DBIterator iterator;
        private final ExactArrays keys = new ExactArrays();
        private final UnsafeBuffer key = new UnsafeBuffer();
        private final UnsafeBuffer value = new UnsafeBuffer();
        private Map.Entry<byte[], byte[]> current;
        private boolean ahead;

        LevelDbCursor(DBIterator iterator) {
            this.iterator = iterator;
        }

        @Override
        public boolean first() {
            iterator.seekToFirst();
            return forward();
        }

        @Override
        public boolean seek(DirectBuffer key) {
            iterator.seek(keys.copyOf(key));
            return forward();
        }

        @Override
        public boolean last() {
            iterator.seekToLast();
            if (!iterator.hasNext()) {
                return stop();
            }
            current = iterator.peekNext();
            ahead = false;
            return true;
        }

        @Override
        public boolean next() {
            if (current == null) {
                return false;
            }
            if (!ahead) {
                iterator.next();
            }
            return forward();
        }

        @Override
        public boolean prev() {
            if (current == null) {
                return false;
            }
            if (ahead) {
                // Past the last entry the native iterator is invalid and cannot step back.
                if (iterator.hasNext()) {
                    iterator.prev();
                } else {
                    iterator.seekToLast();
                }
                ahead = false;
            }
            try {
                current = iterator.prev();
                return true;
            } catch (NoSuchElementException beforeFirst) {
                // Asking hasPrev() first would cost two more native moves on every step back.
                return stop();
            }
        }

        private boolean forward() {
            if (!iterator.hasNext()) {
                return stop();
            }
            current = iterator.next();
            ahead = true;
            return true;
        }

        private boolean stop() {
            current = null;
            return false;
        }

        private Map.Entry<byte[], byte[]> current() {
            if (current == null) {
                throw new IllegalStateException("leveldb cursor is not on an entry");
            }
            return current;
        }

        @Override
        public DirectBuffer key() {
            key.wrap(current().getKey());
            return key;
        }

        @Override
        public DirectBuffer value() {
            value.wrap(current().getValue());
            return value;
        }

        @Override
        public void close() {
            release(iterator, "iterator");
        }
    }
}
