package dev.kvbench.store.leveldbjava;

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
import java.util.Set;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.iq80.leveldb.CompressionType;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.ReadOptions;
import org.iq80.leveldb.Snapshot;
import org.iq80.leveldb.WriteBatch;
import org.iq80.leveldb.WriteOptions;
import org.iq80.leveldb.impl.Iq80DBFactory;

/**
 * The pure-Java LevelDB port (iq80 leveldb 0.12, the newest on Maven Central), tuned as the
 * native {@code leveldb} adapter: compression off, the same cache and memtable sizes. A writer
 * fills a {@link WriteBatch} that {@code commit()} writes; a reader holds a {@link Snapshot}.
 * Its compaction runs on a thread of its own ({@code leveldb-compaction-...}): background CPU.
 *
 * <p>Not ordered, by necessity: the port's iterator cannot move backwards ({@code seekToLast},
 * {@code prev} and {@code hasPrev} throw {@code UnsupportedOperationException}), and kvbench's
 * cursor goes both ways. So the store refuses a cursor and runs write and readKey only.
 *
 * <p>Copies and allocation: the API is {@code byte[]} only. A write batch keeps the arrays it is
 * given until it is written, and the memtable keeps them after, so every put allocates a new key
 * and a new value array (the API forces it). A lookup key is copied into a reused array of its
 * length; every {@code get} returns a new {@code byte[]}, over which the value is a view.
 */
public final class LevelDbJavaStore implements Store {

    private static final long MB = 1024 * 1024;

    private final DB db;
    private final WriteOptions writeOptions;

    LevelDbJavaStore(Path dir, int cacheMb, int writeBufferMb, boolean sync) {
        org.iq80.leveldb.Options options = new org.iq80.leveldb.Options()
                .createIfMissing(true)
                .compressionType(CompressionType.NONE)
                .cacheSize(cacheMb * MB)
                .writeBufferSize((int) (writeBufferMb * MB));
        this.writeOptions = new WriteOptions().sync(sync);
        try {
            this.db = Iq80DBFactory.factory.open(dir.toFile(), options);
        } catch (IOException e) {
            throw new UncheckedIOException("leveldb-java open " + dir + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.SNAPSHOT_READS, Capability.ATOMIC_COMMIT);
    }

    @Override
    public Writer writer(boolean sequential) {
        return new JavaWriter();
    }

    @Override
    public Reader reader() {
        return new JavaReader();
    }

    @Override
    public void close() {
        release(db, "database");
    }

    private static void release(Closeable closeable, String what) {
        try {
            closeable.close();
        } catch (IOException e) {
            throw new UncheckedIOException("leveldb-java closing the " + what + " failed: " + e.getMessage(), e);
        }
    }

    private static byte[] copy(DirectBuffer buffer) {
        byte[] bytes = new byte[buffer.capacity()];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    private final class JavaWriter implements Writer {
        private WriteBatch batch = db.createWriteBatch();

        @Override
        public void put(DirectBuffer key, DirectBuffer value) {
            batch.put(copy(key), copy(value));
        }

        @Override
        public void delete(DirectBuffer key) {
            batch.delete(copy(key));
        }

        @Override
        public void commit() {
            db.write(batch, writeOptions);
            release(batch, "write batch");
            batch = db.createWriteBatch();
        }

        @Override
        public void close() {
            release(batch, "write batch");
        }
    }

    private final class JavaReader implements Reader {
        private final Snapshot snapshot = db.getSnapshot();
        private final ReadOptions readOptions = new ReadOptions().snapshot(snapshot);
        private final ExactArrays keys = new ExactArrays();
        private final UnsafeBuffer value = new UnsafeBuffer(new byte[0]);

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
            throw new UnsupportedOperationException("leveldb-java has no cursor: the iq80 LevelDB port cannot iterate"
                    + " backwards (seekToLast and prev throw UnsupportedOperationException)");
        }

        @Override
        public void close() {
            release(snapshot, "snapshot");
        }
    }
}
