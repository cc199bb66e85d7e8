package dev.kvbench.store.array;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Writer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The ceiling: every entry in one flat array off the heap, sorted by key, each entry a slot of
 * {@code keySize + valSize} bytes (the {@link Shape}'s), the key then the value, nothing else. A
 * data set's keys and values fill their slots exactly, so the array is {@code num × (keySize +
 * valSize)} bytes: the flat array that storage overhead is computed against. (Shorter keys or
 * values, as the conformance suite writes, also record each entry's two lengths in a side array.)
 *
 * <p>How writes build it: a put or delete is appended, in the order it comes, to the writer's
 * off-heap batch; {@link Writer#commit()} sorts the batch (a stable merge sort of entry numbers,
 * so the last write of a key wins; a batch already in order, as sequential keys are, is only
 * checked) and merges it with the committed array into a new array, which readers opened from
 * then on see. So the write time is appending plus one sort and merge per batch, the cost any
 * sorted store pays somewhere; with the default one batch per pass it is one sort of every entry.
 * Many small batches cost a merge of the whole array each, on purpose not hidden.
 *
 * <p>What the reads then measure: readKey is a binary search over the array (about
 * {@code log2(num)} key comparisons, each reading the key where it lies), handing out a view of
 * the value in place; readSeq and the other cursor workloads are a linear pass over the slots.
 * No engine can do less for the same answers, hence a ceiling.
 *
 * <p>Each committed array is immutable, so a reader keeps the array that was current when it
 * opened: snapshot reads and atomic commits come free. A replaced array is freed by the garbage
 * collector once no reader holds it. The folder holds the array only after {@link #close()},
 * which writes it to {@value #DATA} (and the lengths, if any, to {@value #LENGTHS}); opening
 * reads it back. At most 2 GiB: a larger data set is refused with one line.
 */
final class ArrayStore extends BaseStore {

    static final String DATA = "array.data";
    static final String LENGTHS = "array.lengths";

    private final Path dir;
    private final int keySlot;
    private final int valSlot;
    private final int slot;
    private volatile EntryArray current;

    private ArrayStore(Path dir, Shape shape) {
        super(TRANSACTIONAL);
        opens(sequential -> new ArrayWriter(), () -> new ArrayReader(current));
        this.dir = dir;
        this.keySlot = shape.keySize();
        this.valSlot = shape.valSize();
        this.slot = keySlot + valSlot;
        if (shape.flatBytes() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("array holds at most 2 GiB; " + shape.entries() + " entries of " + slot
                    + " bytes are " + shape.flatBytes() + " bytes");
        }
    }

    static ArrayStore open(Path dir, Shape shape) {
        ArrayStore store = new ArrayStore(dir, shape);
        store.current = Files.exists(dir.resolve(DATA)) ? store.load() : store.entries(allocate(0), 0, null);
        return store;
    }

    @Override
    public void close() {
        EntryArray sorted = current;
        ByteBuffer data = sorted.memory.byteBuffer().duplicate();
        data.clear().limit(sorted.count * slot);
        write(dir.resolve(DATA), data);
        Path lengths = dir.resolve(LENGTHS);
        if (sorted.lengths != null) {
            ByteBuffer out = ByteBuffer.allocate(sorted.count * 2 * Integer.BYTES);
            out.asIntBuffer().put(sorted.lengths, 0, sorted.count * 2);
            write(lengths, out);
        } else {
            try {
                Files.deleteIfExists(lengths);
            } catch (IOException e) {
                throw new UncheckedIOException("array: cannot delete " + lengths + ": " + e.getMessage(), e);
            }
        }
    }

    private EntryArray load() {
        Path data = dir.resolve(DATA);
        try (FileChannel in = FileChannel.open(data, StandardOpenOption.READ)) {
            long size = in.size();
            if (slot == 0 || size % slot != 0) {
                throw new IllegalStateException("array: " + data + " holds " + size + " bytes, not whole slots of "
                        + slot + " (keySize + valSize); it was written for another data set");
            }
            int count = (int) (size / slot);
            ByteBuffer memory = allocate(count * slot);
            while (memory.hasRemaining() && in.read(memory) >= 0) {
                // read the whole file
            }
            int[] lengths = null;
            Path lengthFile = dir.resolve(LENGTHS);
            if (Files.exists(lengthFile)) {
                lengths = new int[count * 2];
                ByteBuffer.wrap(Files.readAllBytes(lengthFile)).asIntBuffer().get(lengths);
            }
            return entries(memory, count, lengths);
        } catch (IOException e) {
            throw new UncheckedIOException("array: cannot read " + data + ": " + e.getMessage(), e);
        }
    }

    private static void write(Path file, ByteBuffer bytes) {
        try (FileChannel out = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            while (bytes.hasRemaining()) {
                out.write(bytes);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("array: cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static ByteBuffer allocate(int bytes) {
        return ByteBuffer.allocateDirect(bytes);
    }

    /** {@code count} entries in {@code memory}, in this store's slots. */
    private EntryArray entries(ByteBuffer memory, int count, int[] lengths) {
        return new EntryArray(memory, count, lengths, keySlot, valSlot);
    }

    /** Appends puts and deletes to an off-heap batch; a commit sorts it and merges it into a new array. */
    private final class ArrayWriter implements Writer {

        private ByteBuffer batch = allocate(Math.max(slot, 1) * 1024);
        private UnsafeBuffer slots = new UnsafeBuffer(batch);
        private int[] lengths = new int[2 * 1024];
        private int pending;

        @Override
        public void put(DirectBuffer key, DirectBuffer value) {
            if (value.capacity() > valSlot) {
                throw new IllegalArgumentException("array: a value of " + value.capacity()
                        + " bytes is larger than the data set's valSize " + valSlot);
            }
            int at = append(key, value.capacity());
            slots.putBytes(at + keySlot, value, 0, value.capacity());
        }

        @Override
        public void delete(DirectBuffer key) {
            append(key, EntryArray.DELETED);
        }

        private int append(DirectBuffer key, int valueLength) {
            if (key.capacity() > keySlot) {
                throw new IllegalArgumentException("array: a key of " + key.capacity()
                        + " bytes is larger than the data set's keySize " + keySlot);
            }
            if ((long) (pending + 1) * slot > Integer.MAX_VALUE) {
                throw new IllegalStateException("array: a batch of over 2 GiB; commit more often");
            }
            if ((pending + 1) * slot > slots.capacity() || 2 * pending + 2 > lengths.length) {
                grow();
            }
            int at = pending * slot;
            slots.putBytes(at, key, 0, key.capacity());
            lengths[2 * pending] = key.capacity();
            lengths[2 * pending + 1] = valueLength;
            pending++;
            return at;
        }

        private void grow() {
            int entries = (int) Math.min((long) pending * 2 + 1, Integer.MAX_VALUE / Math.max(slot, 1));
            ByteBuffer bigger = allocate(entries * slot);
            bigger.put(batch.duplicate().clear().limit(pending * slot));
            batch = bigger;
            slots = new UnsafeBuffer(batch);
            lengths = Arrays.copyOf(lengths, 2 * entries);
        }

        @Override
        public void commit() {
            if (pending == 0) {
                return;
            }
            EntryArray added = entries(batch, pending, lengths);
            current = current.merge(added, added.sortedOrder());
            pending = 0;
        }

        @Override
        public void close() {
            pending = 0;
        }
    }

    /** Reads the array that was current when it opened. */
    private static final class ArrayReader implements Reader {

        private final EntryArray sorted;
        private final UnsafeBuffer value = new UnsafeBuffer(0, 0);

        ArrayReader(EntryArray sorted) {
            this.sorted = sorted;
        }

        @Override
        public DirectBuffer get(DirectBuffer key) {
            int i = sorted.lowerBound(key);
            if (i == sorted.count || !sorted.keyEquals(i, key)) {
                return null;
            }
            value.wrap(sorted.memory, sorted.valueAt(i), sorted.valueLength(i));
            return value;
        }

        @Override
        public Cursor cursor() {
            return new ArrayCursor(sorted);
        }

        @Override
        public void close() {}
    }
}
