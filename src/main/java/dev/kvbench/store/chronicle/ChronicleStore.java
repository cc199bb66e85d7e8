package dev.kvbench.store.chronicle;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Spares;
import dev.kvbench.store.Writer;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Set;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.bytes.PointerBytesStore;
import net.openhft.chronicle.hash.Data;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;
import net.openhft.chronicle.map.ExternalMapQueryContext;
import net.openhft.chronicle.map.MapEntry;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Chronicle Map persisted to one memory-mapped file, {@value #FILE}. It is a hash map: no ordered
 * cursor. It has no transactions either: a put is visible to every reader as soon as it returns,
 * and {@link Writer#commit()} does nothing. The file is mapped shared and the OS writes it back,
 * as for LMDB with its default {@code sync=false} here; the {@code ChronicleMap} interface offers
 * no sync (the implementation class has an {@code msync()}, left alone).
 *
 * <p>Every operation goes through a query context on raw bytes ({@code queryContext(BytesStore,
 * offset, size)}, {@code wrapValueBytesAsData}), Chronicle's garbage-free API: its typed API
 * ({@code put}, {@code get}, and {@code queryContext(K)}) wraps each {@code byte[]} or
 * {@code ByteBuffer} key and value in a new reference-counted {@code BytesStore}, released later by
 * a background thread. The declared key and value type, {@code byte[]}, only names the format.
 *
 * <p>What each operation copies (nothing is allocated once the reused buffers have grown):
 * <ul>
 *   <li>keys and values given in off-heap buffers are read where they are; heap-backed ones are
 *       first copied into a reused direct buffer (Chronicle reads only native memory through a
 *       reusable pointer);
 *   <li>{@code put}: Chronicle copies the key and value into the mapped file;
 *   <li>{@code get}: the value is copied out of the mapped file into the reader's reused array,
 *       while the query context holds the segment's read lock. It is not handed out as a view of
 *       the mapped file: once the context is closed the writer may overwrite, move or free the
 *       entry under it, and holding the context (the lock) until the reader's next call would
 *       block the writer, or deadlock it on the reader's own thread.
 * </ul>
 *
 * <p>Entry format: where the {@link Shape} says every key (value) has exactly its size, as in a
 * generated data set, the map is built with a constant key (value) size by sample, as Chronicle's
 * documentation advises for fixed-size keys and values and as the LmdbJava benchmarks build it:
 * entries then carry no size fields and take whole chunks of their own size. Otherwise (option
 * {@code constantSizes=false}, or data of varying sizes) sizes are averages and every entry
 * carries its sizes; at 1M × 100-byte values that costs about a quarter more file. With a
 * constant size, a key or value of another size is refused with a clear error.
 *
 * <p>Sizing: Chronicle Map sizes its segments up front from {@code entries} and the key and
 * value sizes, taken from the {@link Shape}. It grows past {@code entries} only by chaining extra
 * segment tiers (about 1.3x to 2x the entries, at the default {@code maxBloatFactor} of 1), and
 * cannot store an entry larger than one segment tier: see {@link #MIN_ENTRIES}. The file is
 * allocated at its full size when created, so a full disk fails the open ("Not enough space to
 * fallocate"), or later the allocation of an extra tier. Reopening an existing file uses the sizes
 * it was created with.
 */
public final class ChronicleStore extends BaseStore {

    static final String FILE = "chronicle.map";

    /**
     * The fewest entries a map is sized for. An entry must fit in one segment tier, which holds
     * about 4 to 8 chunks per expected entry of the segment: a map sized for a handful of entries
     * could not take one 16 KiB value. 1,000 entries is one segment (Chronicle splits from 1,024
     * up) whose tier holds about 20 KiB for 4-byte keys and 8-byte values, 130 KiB for 100-byte
     * values. Above that the shape decides: with 100-byte values every tier holds more than 40 KiB
     * at any entry count; with entries of a dozen bytes, maps of 1,024 to about 3,500 entries have
     * tiers under 16 KiB, and a value that large fails with Chronicle's "Entry is too large".
     */
    static final long MIN_ENTRIES = 1_000;

    private final ChronicleMap<byte[], byte[]> map;
    private final Shape shape;
    /** The key size every key must have, or -1 when sizes may vary. */
    private final int constantKeySize;
    /** The value size every value must have, or -1 when sizes may vary. */
    private final int constantValSize;

    private ChronicleStore(ChronicleMap<byte[], byte[]> map, Shape shape, int constantKeySize, int constantValSize) {
        super(Set.of());
        opens(sequential -> new ChronicleWriter(), ChronicleReader::new);
        this.map = map;
        this.shape = shape;
        this.constantKeySize = constantKeySize;
        this.constantValSize = constantValSize;
    }

    /** Opens or creates the map; {@code constantSizes} allows fixed-size entries where the shape has them. */
    static ChronicleStore open(Path dir, Shape shape, boolean constantSizes) {
        File file = dir.resolve(FILE).toFile();
        int keySize = constantSizes && shape.fixedKeySize() ? shape.keySize() : -1;
        // Chronicle rejects a constant or average size of 0.
        int valSize = constantSizes && shape.fixedValSize() && shape.valSize() > 0 ? shape.valSize() : -1;
        try {
            ChronicleMapBuilder<byte[], byte[]> builder = ChronicleMap.of(byte[].class, byte[].class)
                    .name("kvbench")
                    .entries(Math.max(shape.entries(), MIN_ENTRIES));
            builder = keySize > 0
                    ? builder.constantKeySizeBySample(new byte[keySize])
                    : builder.averageKeySize(shape.keySize());
            builder = valSize > 0
                    ? builder.constantValueSizeBySample(new byte[valSize])
                    : builder.averageValueSize(Math.max(shape.valSize(), 1));
            // Creates the file, or reopens it with the sizes it was created with.
            ChronicleMap<byte[], byte[]> map = builder.createPersistedTo(file);
            return new ChronicleStore(map, shape, keySize, valSize);
        } catch (IOException e) {
            throw new UncheckedIOException("chronicle: cannot open " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        readerKeys.freeAll(NativeBytes::release);
        map.close();
    }

    /** Readers' key copies, kept from one reader to the next and released at close. */
    private final Spares<NativeBytes> readerKeys = new Spares<>(this::newKey);

    private NativeBytes newKey() {
        return new NativeBytes(shape.keySize());
    }

    private static void requireSize(String what, int constant, DirectBuffer buffer) {
        if (constant >= 0 && buffer.capacity() != constant) {
            throw new IllegalArgumentException("chronicle was opened with constant " + what + " size " + constant
                    + " bytes (the data set's), got a " + buffer.capacity() + "-byte " + what
                    + "; open it with constantSizes=false for varying sizes");
        }
    }

    /** Puts straight into the map; there is no batch. */
    private final class ChronicleWriter implements Writer {

        private final NativeBytes key = new NativeBytes(shape.keySize());
        private final NativeBytes value = new NativeBytes(shape.valSize());

        @Override
        public void put(DirectBuffer key, DirectBuffer value) {
            requireSize("key", constantKeySize, key);
            requireSize("value", constantValSize, value);
            try (ExternalMapQueryContext<byte[], byte[], ?> context =
                    map.queryContext(this.key.of(key), 0, key.capacity())) {
                context.updateLock().lock(); // taken before entry(): a read lock cannot be upgraded
                Data<byte[]> bytes = context.wrapValueBytesAsData(this.value.of(value), 0, value.capacity());
                MapEntry<byte[], byte[]> entry = context.entry();
                if (entry != null) {
                    context.replaceValue(entry, bytes);
                } else {
                    context.insert(context.absentEntry(), bytes);
                }
            } finally {
                // Chronicle reads the caller's memory through a pointer: see the reader's get.
                Reference.reachabilityFence(key);
                Reference.reachabilityFence(value);
            }
        }

        @Override
        public void delete(DirectBuffer key) {
            try (ExternalMapQueryContext<byte[], byte[], ?> context =
                    map.queryContext(this.key.of(key), 0, key.capacity())) {
                context.updateLock().lock();
                MapEntry<byte[], byte[]> entry = context.entry();
                if (entry != null) {
                    context.remove(entry);
                }
            } finally {
                Reference.reachabilityFence(key);
            }
        }

        /** Nothing to do: every put is already in the map, visible to every reader. */
        @Override
        public void commit() {}

        @Override
        public void close() {
            key.release();
            value.release();
        }
    }

    /** Reads the live map: not a snapshot. */
    private final class ChronicleReader implements Reader {

        // the store's, from reader to reader (Spares): a reader opened per lookup (dirWalk) allocates no direct buffer
        private final NativeBytes key = readerKeys.take();
        private byte[] valueBytes = new byte[Math.max(shape.valSize(), 16)];
        private final UnsafeBuffer value = new UnsafeBuffer();
        private boolean closed;

        @Override
        public DirectBuffer get(DirectBuffer key) {
            try (ExternalMapQueryContext<byte[], byte[], ?> context =
                    map.queryContext(this.key.of(key), 0, key.capacity())) {
                context.readLock().lock();
                MapEntry<byte[], byte[]> entry = context.entry();
                if (entry == null) {
                    return null;
                }
                return copy(entry.value());
            } finally {
                // Chronicle reads the key through a pointer to the caller's memory: once key.capacity() is
                // read, nothing else keeps the caller's buffer reachable, and a GC with the buffer's
                // cleaner could free that memory mid-lookup. It happened in the conformance test (fresh
                // buffers per call): an existing key found absent, once in many runs.
                Reference.reachabilityFence(key);
            }
        }

        private DirectBuffer copy(Data<byte[]> data) {
            int size = (int) data.size();
            if (valueBytes.length < size) {
                valueBytes = new byte[Math.max(size, valueBytes.length * 2)];
            }
            if (size > 0) {
                data.bytes().read(data.offset(), valueBytes, 0, size);
            }
            value.wrap(valueBytes, 0, size);
            return value;
        }

        @Override
        public Cursor cursor() {
            throw new UnsupportedOperationException("chronicle has no ordered cursor");
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                readerKeys.give(key);
            }
        }
    }

    /**
     * Shows Chronicle the bytes of a {@link DirectBuffer} as one reused {@code BytesStore}: the
     * buffer's own memory when it is off-heap, else a copy in a reused direct buffer.
     */
    private static final class NativeBytes {

        private final PointerBytesStore pointer = new PointerBytesStore();
        private final UnsafeBuffer copy = new UnsafeBuffer();

        NativeBytes(int initialCapacity) {
            allocate(Math.max(initialCapacity, 16));
        }

        BytesStore<?, ?> of(DirectBuffer buffer) {
            int length = buffer.capacity();
            if (buffer.byteArray() == null && length > 0) {
                pointer.set(buffer.addressOffset(), length);
                return pointer;
            }
            if (copy.capacity() < length) {
                allocate(Math.max(length, copy.capacity() * 2));
            }
            copy.putBytes(0, buffer, 0, length);
            pointer.set(copy.addressOffset(), copy.capacity());
            return pointer;
        }

        void release() {
            if (pointer.refCount() > 0) { // a second close() is a no-op
                pointer.releaseLast();
            }
        }

        private void allocate(int capacity) {
            copy.wrap(ByteBuffer.allocateDirect(capacity));
        }
    }
}
