package dev.kvbench.store.chronicle;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Set;
import net.openhft.chronicle.hash.Data;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ExternalMapQueryContext;
import net.openhft.chronicle.map.MapEntry;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Chronicle Map persisted to one memory-mapped file, {@value #FILE}, with {@code ByteBuffer} keys
 * and values. It is a hash map: no ordered cursor. It has no transactions either: a put is visible
 * to every reader as soon as it returns, and {@link Writer#commit()} does nothing (the file is
 * mapped shared, the OS writes it back; Chronicle Map has no sync call of its own).
 *
 * <p>What each operation copies (nothing is allocated once the reused buffers have grown):
 * <ul>
 *   <li>{@code put}: the key and the value into the writer's two reused direct {@code ByteBuffer}s,
 *       which Chronicle copies into the map; {@code delete}: the key;
 *   <li>{@code get}: the key into the reader's reused {@code ByteBuffer}, and the value out of the
 *       mapped file into the reader's reused array, while the query context holds the segment's
 *       read lock. The value is not handed out as a view of the mapped file: once the context is
 *       closed the writer may overwrite, move or free the entry under it, and holding the context
 *       (the lock) until the reader's next call would block the writer, or deadlock it on the
 *       reader's own thread.
 * </ul>
 *
 * <p>Sizing: Chronicle Map sizes its segments up front from {@code entries} and the average key and
 * value sizes, taken from the {@link Shape}. It grows past {@code entries} only by chaining extra
 * segment tiers (about 1.3x to 2x the entries, at the default {@code maxBloatFactor} of 1), and
 * cannot store an entry larger than one segment tier: see {@link #MIN_ENTRIES}. Reopening an
 * existing file uses the sizes it was created with.
 */
public final class ChronicleStore implements Store {

    static final String FILE = "chronicle.map";

    /**
     * The fewest entries a map is sized for. One segment tier holds about 8.5 chunks per expected
     * entry, and an entry must fit in one tier; a map sized for a handful of entries could not
     * take a single 16 KiB value. From 1,024 entries up a tier holds at least ~20 KiB (4-byte keys,
     * 8-byte values) and ~130 KiB for 100-byte values.
     */
    static final long MIN_ENTRIES = 1_024;

    private final ChronicleMap<ByteBuffer, ByteBuffer> map;
    private final Shape shape;

    private ChronicleStore(ChronicleMap<ByteBuffer, ByteBuffer> map, Shape shape) {
        this.map = map;
        this.shape = shape;
    }

    static ChronicleStore open(Path dir, Shape shape) {
        File file = dir.resolve(FILE).toFile();
        try {
            ChronicleMap<ByteBuffer, ByteBuffer> map = ChronicleMap
                    .of(ByteBuffer.class, ByteBuffer.class)
                    .name("kvbench")
                    .entries(Math.max(shape.entries(), MIN_ENTRIES))
                    // Average, not constant, sizes: keys and values of other sizes must still fit.
                    .averageKeySize(shape.keySize())
                    .averageValueSize(Math.max(shape.valSize(), 1)) // Chronicle rejects 0
                    // put and remove would otherwise read the previous value out into a new buffer.
                    .putReturnsNull(true)
                    .removeReturnsNull(true)
                    .createPersistedTo(file); // creates the file, or reopens it with its own sizes
            return new ChronicleStore(map, shape);
        } catch (IOException e) {
            throw new UncheckedIOException("chronicle: cannot open " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of();
    }

    @Override
    public Writer writer(boolean sequential) {
        return new ChronicleWriter();
    }

    @Override
    public Reader reader() {
        return new ChronicleReader();
    }

    @Override
    public void close() {
        map.close();
    }

    /** Puts straight into the map; there is no batch. */
    private final class ChronicleWriter implements Writer {

        private final ByteBufferCopy key = new ByteBufferCopy(shape.keySize());
        private final ByteBufferCopy value = new ByteBufferCopy(shape.valSize());

        @Override
        public void put(DirectBuffer key, DirectBuffer value) {
            map.put(this.key.of(key), this.value.of(value));
        }

        @Override
        public void delete(DirectBuffer key) {
            map.remove(this.key.of(key));
        }

        /** Nothing to do: every put is already in the map, visible to every reader. */
        @Override
        public void commit() {
        }

        @Override
        public void close() {
        }
    }

    /** Reads the live map: not a snapshot. */
    private final class ChronicleReader implements Reader {

        private final ByteBufferCopy key = new ByteBufferCopy(shape.keySize());
        private byte[] valueBytes = new byte[Math.max(shape.valSize(), 16)];
        private final UnsafeBuffer value = new UnsafeBuffer();

        @Override
        public DirectBuffer get(DirectBuffer key) {
            try (ExternalMapQueryContext<ByteBuffer, ByteBuffer, ?> context = map.queryContext(this.key.of(key))) {
                MapEntry<ByteBuffer, ByteBuffer> entry = context.entry(); // takes the read lock
                if (entry == null) {
                    return null;
                }
                return copy(entry.value());
            }
        }

        private DirectBuffer copy(Data<ByteBuffer> data) {
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
        }
    }

    /** A reused direct {@code ByteBuffer} holding a copy of the last buffer given, as position..limit. */
    private static final class ByteBufferCopy {

        private ByteBuffer buffer;
        private final UnsafeBuffer writable = new UnsafeBuffer();

        ByteBufferCopy(int initialCapacity) {
            allocate(Math.max(initialCapacity, 16));
        }

        ByteBuffer of(DirectBuffer source) {
            int length = source.capacity();
            if (buffer.capacity() < length) {
                allocate(Math.max(length, buffer.capacity() * 2));
            }
            writable.putBytes(0, source, 0, length);
            buffer.clear().limit(length);
            return buffer;
        }

        private void allocate(int capacity) {
            buffer = ByteBuffer.allocateDirect(capacity);
            writable.wrap(buffer);
        }
    }
}
