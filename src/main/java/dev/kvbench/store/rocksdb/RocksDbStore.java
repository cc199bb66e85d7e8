package dev.kvbench.store.rocksdb;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Spares;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.agrona.DirectBuffer;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.CompressionType;
import org.rocksdb.FlushOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Snapshot;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * RocksDB (rocksdbjni), one default column family, keys in the default bytewise (unsigned)
 * order. A writer fills a {@link WriteBatch} that {@code commit()} writes; a reader holds a
 * {@link Snapshot} for its whole life.
 *
 * <p>Copies: rocksdbjni reads and writes only {@link ByteBuffer}s, so every key and value going
 * in is copied once into a direct buffer the writer or reader reuses (a caller's off-heap
 * buffer is not handed over as is: that would mean moving the position and limit of a
 * {@code ByteBuffer} other threads may share). Values and cursor keys coming out are copied by
 * RocksDB into a reused direct buffer, grown when an entry is larger. Nothing is allocated per
 * operation.
 */
public final class RocksDbStore extends BaseStore {

    /** The spec's options, checked by {@link RocksDbEngine}. */
    record Settings(
            int blockCacheMb,
            int writeBufferMb,
            int maxBackgroundJobs,
            int bloomBits,
            boolean sync,
            boolean disableWal,
            int prefixBytes,
            boolean prefixBloom) {}

    /** The memtable's prefix bloom size as a share of the write buffer (RocksDB's suggested 0.1). */
    private static final double MEMTABLE_PREFIX_BLOOM_RATIO = 0.1;

    private static final long MB = 1024 * 1024;

    static {
        // Options, caches and filters are native objects too: load the library before any of them.
        RocksDB.loadLibrary();
    }

    private final Options options;
    private final LRUCache blockCache;
    private final BloomFilter bloomFilter;
    private final WriteOptions writeOptions;
    private final RocksDB db;
    private final Shape shape;
    /** Whether a prefix extractor is set: seeks then use it, first and last stay in total order. */
    private final boolean prefixed;

    private RocksDbStore(
            Options options,
            LRUCache blockCache,
            BloomFilter bloomFilter,
            WriteOptions writeOptions,
            RocksDB db,
            Shape shape,
            boolean prefixed) {
        super(TRANSACTIONAL);
        opens(sequential -> new RocksDbWriter(), RocksDbReader::new);
        this.prefixed = prefixed;
        this.options = options;
        this.blockCache = blockCache;
        this.bloomFilter = bloomFilter;
        this.writeOptions = writeOptions;
        this.db = db;
        this.shape = shape;
    }

    static RocksDbStore open(Path dir, Shape shape, Settings settings) {
        if (settings.sync() && settings.disableWal()) {
            throw new IllegalArgumentException(
                    "rocksdb: sync=true needs the WAL; do not combine it with disableWal=true");
        }
        if (settings.prefixBloom() && settings.prefixBytes() == 0) {
            throw new IllegalArgumentException(
                    "rocksdb: prefixBloom=true needs a prefix extractor: set prefixBytes (e.g. 12)");
        }
        LRUCache blockCache = new LRUCache(settings.blockCacheMb() * MB);
        BloomFilter bloomFilter = settings.bloomBits() == 0 ? null : new BloomFilter(settings.bloomBits());
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setBlockCache(blockCache)
                // RocksDB's tuning guide advice for point lookups: skip files that lack the key.
                .setFilterPolicy(bloomFilter);
        Options options = new Options()
                .setCreateIfMissing(true)
                .setCompressionType(CompressionType.NO_COMPRESSION)
                // The last level has a compression setting of its own: off as well.
                .setBottommostCompressionType(CompressionType.NO_COMPRESSION)
                .setWriteBufferSize(settings.writeBufferMb() * MB)
                .setMaxBackgroundJobs(settings.maxBackgroundJobs())
                .setTableFormatConfig(table);
        if (settings.prefixBytes() > 0) {
            // A fixed-length prefix extractor, as the reference's NewFixedPrefixTransform(12): the
            // table's bloom filter (bloomBits) then also holds each key's prefix, so a seek to a
            // prefix skips files without it.
            options.useFixedLengthPrefixExtractor(settings.prefixBytes());
        }
        if (settings.prefixBloom()) {
            // The memtable's own prefix bloom: a seek or get skips the memtable when the prefix is absent.
            options.setMemtablePrefixBloomSizeRatio(MEMTABLE_PREFIX_BLOOM_RATIO);
        }
        WriteOptions writeOptions = new WriteOptions()
                .setSync(settings.sync())
                // Without the WAL, the memtables are flushed at close (avoid_flush_during_shutdown
                // is false), so data still survives a clean close and reopen.
                .setDisableWAL(settings.disableWal());
        try {
            RocksDB db = RocksDB.open(options, dir.toString());
            return new RocksDbStore(
                    options, blockCache, bloomFilter, writeOptions, db, shape, settings.prefixBytes() > 0);
        } catch (RocksDBException e) {
            closeAll(writeOptions, options, bloomFilter, blockCache);
            throw failure("open " + dir, e);
        }
    }

    /** Readers' buffers, kept from one reader to the next. */
    private final Spares<Scratches> readerScratches = new Spares<>(this::newScratches);

    private Scratches newScratches() {
        return new Scratches(new DirectScratch(shape.keySize()), new DirectScratch(shape.valSize()));
    }

    /** The open database, for the direct-API baseline benchmark only (it bypasses this adapter). */
    public RocksDB db() {
        return db;
    }

    /** The write options commits use, for the direct-API baseline benchmark only. */
    public WriteOptions writeOptions() {
        return writeOptions;
    }

    @Override
    public void close() {
        // With the write-ahead log on, RocksDB would close with the data only in the log and
        // build its tables at the next open. Flushing first leaves the folder in the engine's
        // steady state, and puts the flush's CPU on RocksDB's own threads, where it is measured.
        try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            db.flush(flush);
            db.closeE();
        } catch (RocksDBException e) {
            throw failure("close", e);
        } finally {
            closeAll(writeOptions, options, bloomFilter, blockCache);
        }
    }

    private static void closeAll(AutoCloseable... objects) {
        for (AutoCloseable object : objects) {
            if (object != null) {
                try {
                    object.close();
                } catch (Exception e) {
                    throw new IllegalStateException(
                            "rocksdb: closing " + object.getClass().getSimpleName() + " failed", e);
                }
            }
        }
    }

    static RuntimeException failure(String what, RocksDBException e) {
        return new IllegalStateException("rocksdb " + what + " failed: " + e.getMessage(), e);
    }

    /** Puts and deletes go into one write batch; commit writes it with the store's write options. */
    private final class RocksDbWriter implements Writer {

        private final WriteBatch batch = new WriteBatch();
        private final DirectScratch key = new DirectScratch(shape.keySize());
        private final DirectScratch value = new DirectScratch(shape.valSize());

        @Override
        public void put(DirectBuffer key, DirectBuffer value) {
            try {
                batch.put(this.key.copyOf(key), this.value.copyOf(value));
            } catch (RocksDBException e) {
                throw failure("put", e);
            }
        }

        @Override
        public void delete(DirectBuffer key) {
            try {
                batch.delete(this.key.copyOf(key));
            } catch (RocksDBException e) {
                throw failure("delete", e);
            }
        }

        @Override
        public void commit() {
            try {
                db.write(writeOptions, batch);
            } catch (RocksDBException e) {
                throw failure("commit", e);
            }
            batch.clear();
        }

        @Override
        public void close() {
            batch.close();
        }
    }

    /**
     * A snapshot taken at open; every get and cursor reads through it. With a prefix extractor,
     * cursors have two iterators: a total-order one for {@code first} and {@code last} (so full
     * passes stay correct), and one in prefix mode for {@code seek}, which RocksDB defines only
     * within the seek key's prefix: after a seek, moves end where the prefix ends
     * ({@code prefix_same_as_start}).
     */
    private final class RocksDbReader implements Reader {

        private final Snapshot snapshot = db.getSnapshot();
        private final ReadOptions readOptions =
                new ReadOptions().setSnapshot(snapshot).setTotalOrderSeek(prefixed);
        private final ReadOptions prefixOptions =
                prefixed ? new ReadOptions().setSnapshot(snapshot).setPrefixSameAsStart(true) : null;
        // the store's, from reader to reader (Spares): a reader opened per lookup (dirWalk) allocates no buffers
        private final Scratches scratches = readerScratches.take();
        private final DirectScratch key = scratches.key();
        private final DirectScratch value = scratches.value();
        private boolean closed;

        @Override
        public DirectBuffer get(DirectBuffer key) {
            ByteBuffer keyBytes = this.key.copyOf(key);
            try {
                int length = db.get(readOptions, keyBytes, value.target());
                if (length == RocksDB.NOT_FOUND) {
                    return null;
                }
                if (length > value.capacity()) {
                    value.grow(length);
                    keyBytes.rewind();
                    length = db.get(readOptions, keyBytes, value.target());
                }
                return value.view(length);
            } catch (RocksDBException e) {
                throw failure("get", e);
            }
        }

        @Override
        public Cursor cursor() {
            return new RocksDbCursor(db, shape, readOptions, prefixOptions);
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            readOptions.close();
            if (prefixOptions != null) {
                prefixOptions.close();
            }
            db.releaseSnapshot(snapshot);
            snapshot.close();
            readerScratches.give(scratches);
        }
    }

    /** A reader's key and value buffers. */
    private record Scratches(DirectScratch key, DirectScratch value) {}
}
