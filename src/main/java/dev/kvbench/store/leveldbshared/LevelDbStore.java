package dev.kvbench.store.leveldbshared;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.CacheSize;
import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.DurabilityPromise;
import dev.kvbench.store.ExactArrays;
import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Writer;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.fusesource.leveldbjni.JniDBFactory;
import org.iq80.leveldb.CompressionType;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.DBFactory;
import org.iq80.leveldb.DBIterator;
import org.iq80.leveldb.ReadOptions;
import org.iq80.leveldb.Snapshot;
import org.iq80.leveldb.WriteBatch;
import org.iq80.leveldb.WriteOptions;
import org.iq80.leveldb.impl.Iq80DBFactory;

/**
 * LevelDB through the {@code org.iq80.leveldb} API, which both of its Java bindings implement
 * ({@link Port}): leveldbjni 1.8 (the native LevelDB, spec {@code leveldb}) and the pure-Java port
 * iq80 leveldb 0.12 (spec {@code leveldb-java}), opened with the same options (compression off,
 * the same cache and memtable sizes). Keys are in LevelDB's default bytewise (unsigned) order. A
 * writer fills a {@link WriteBatch} that {@code commit()} writes; a reader holds a
 * {@link Snapshot} for its whole life.
 *
 * <p>Copies and allocation: the API is {@code byte[]} only. Going in, leveldbjni copies a key or
 * value to native memory, so the writer and reader hand it a {@code byte[]} they reuse, one per
 * length (a heap buffer that spans exactly its whole array is passed as is); leveldbjni then
 * allocates a few small objects per call. The Java port's write batch keeps the arrays it is given
 * until it is written, and its memtable keeps them after, so there every put allocates a new key
 * and a new value array. Coming out, the API forces allocation: every {@code get} returns a new
 * {@code byte[]}, and every cursor step allocates an entry holding a new key and a new value
 * array. The returned buffers are views over those arrays.
 *
 * <p>The Java port is not ordered, by necessity: its iterator cannot move backwards
 * ({@code seekToLast}, {@code prev} and {@code hasPrev} throw {@code UnsupportedOperationException}),
 * and kvbench's cursor goes both ways. So it refuses a cursor and runs write and readKey only. Its
 * compaction runs on a thread of its own ({@code leveldb-compaction-...}): background CPU.
 */
public final class LevelDbStore extends BaseStore {

    /** The options of both LevelDB specs, {@code leveldb} and {@code leveldb-java}. */
    public static final List<Option> OPTIONS = List.of(
            Option.number("cacheMb", 0, 0, Integer.MAX_VALUE, "the cache in MiB, 0 = from the data set"),
            // The write buffer size goes to LevelDB in bytes as an int.
            Option.number("writeBufferMb", 64, 1, 2047, "the memtable size in MiB"),
            Option.bool("sync", false, "fsync the log at every write batch"));

    /** What LevelDB's {@code WriteOptions.sync} promises, quoted from {@code source} (the port's citation of leveldb/options.h). */
    public static DurabilityPromise durabilityPromise(String source) {
        return new DurabilityPromise(
                "sync",
                "WriteOptions.sync=true: the write is flushed from the operating system's buffer cache before it is"
                        + " considered complete, so it survives a machine crash (" + source + ")",
                "WriteOptions.sync=false: if the machine crashes, some recent writes may be lost; a crash of the"
                        + " process alone loses none (" + source + ")");
    }

    /** The spec's options, checked by the engine. */
    public record Settings(int cacheMb, int writeBufferMb, boolean sync) {

        /** The options both LevelDB specs take, as the store's settings: the cache sized from the data set unless set. */
        public static Settings of(Shape shape, Options options) {
            return new Settings(
                    CacheSize.orFromData(options.integer("cacheMb"), shape),
                    options.integer("writeBufferMb"),
                    options.bool("sync"));
        }
    }

    /** The two implementations of the {@code org.iq80.leveldb} API, and what sets them apart here. */
    public enum Port {
        /** leveldbjni: the native LevelDB, which copies what it is given. */
        NATIVE("leveldb", JniDBFactory.factory, "org.fusesource.leveldbjni:leveldbjni-all", true, false),
        /** iq80 leveldb: LevelDB ported to Java, forward-only iterators, keeps the arrays it is given. */
        JAVA("leveldb-java", Iq80DBFactory.factory, "org.iq80.leveldb:leveldb", false, true);

        private final String spec;
        private final DBFactory factory;
        private final String artifact;
        private final boolean ordered;
        private final boolean keepsArrays;

        Port(String spec, DBFactory factory, String artifact, boolean ordered, boolean keepsArrays) {
            this.spec = spec;
            this.factory = factory;
            this.artifact = artifact;
            this.ordered = ordered;
            this.keepsArrays = keepsArrays;
        }

        /** The spec name of the engine on this port. */
        String spec() {
            return spec;
        }

        /** Whether its iterators go both ways, so that the store has a cursor. */
        boolean ordered() {
            return ordered;
        }

        /** The Maven artifact of this port's library, {@code groupId:artifactId}. */
        String artifact() {
            return artifact;
        }

        /** This port's library version, read from its jar ({@link LibraryVersion}). */
        String libraryVersion() {
            return LibraryVersion.of(artifact, factory.getClass());
        }
    }

    private static final long MB = 1024 * 1024;

    private final DB db;
    private final WriteOptions writeOptions;
    private final Port port;

    private LevelDbStore(DB db, WriteOptions writeOptions, Port port) {
        super(port.ordered ? TRANSACTIONAL : EnumSet.of(Capability.SNAPSHOT_READS, Capability.ATOMIC_COMMIT));
        opens(sequential -> new LevelDbWriter(), LevelDbReader::new);
        this.db = db;
        this.writeOptions = writeOptions;
        this.port = port;
    }

    public static LevelDbStore open(Path dir, Settings settings, Port port) {
        org.iq80.leveldb.Options options = new org.iq80.leveldb.Options()
                .createIfMissing(true)
                .compressionType(CompressionType.NONE)
                .cacheSize(settings.cacheMb() * MB)
                .writeBufferSize((int) (settings.writeBufferMb() * MB));
        WriteOptions writeOptions = new WriteOptions().sync(settings.sync());
        try {
            return new LevelDbStore(port.factory.open(dir.toFile(), options), writeOptions, port);
        } catch (IOException e) {
            throw new UncheckedIOException(port.spec + " open " + dir + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        release(db, "database");
    }

    private void release(Closeable closeable, String what) {
        try {
            closeable.close();
        } catch (IOException e) {
            throw new UncheckedIOException(port.spec + " closing the " + what + " failed: " + e.getMessage(), e);
        }
    }

    /** {@code buffer}'s bytes for the write batch: a new array where the port keeps it, else {@code reused}'s. */
    private byte[] batchArray(ExactArrays reused, DirectBuffer buffer) {
        return port.keepsArrays ? ExactArrays.newCopy(buffer) : reused.copyOf(buffer);
    }

    /** Puts and deletes go into one write batch; commit writes it with the store's write options. */
    private final class LevelDbWriter implements Writer {

        private final ExactArrays keys = new ExactArrays();
        private final ExactArrays values = new ExactArrays();
        private WriteBatch batch = db.createWriteBatch();

        @Override
        public void put(DirectBuffer key, DirectBuffer value) {
            batch.put(batchArray(keys, key), batchArray(values, value));
        }

        @Override
        public void delete(DirectBuffer key) {
            batch.delete(batchArray(keys, key));
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
            return ExactArrays.view(value, db.get(keys.copyOf(key), readOptions));
        }

        @Override
        public Cursor cursor() {
            if (!port.ordered) {
                throw new UnsupportedOperationException(
                        port.spec + " has no cursor: the iq80 LevelDB port cannot iterate"
                                + " backwards (seekToLast and prev throw UnsupportedOperationException)");
            }
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
    private final class LevelDbCursor implements Cursor {

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
