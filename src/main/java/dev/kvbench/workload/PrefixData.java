package dev.kvbench.workload;

import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The data set of prefixScan, as the RocksDB in-memory benchmark's second test: 20-byte keys, a
 * 12-byte prefix and an 8-byte suffix, {@code keysPerPrefix} keys per prefix (the last prefix
 * may have fewer), values of {@code valSize} bytes.
 *
 * <p>Entry {@code i} has prefix {@code p = i / keysPerPrefix} and suffix
 * {@code s = i % keysPerPrefix}. The prefix is the seeded bijection {@link Keys#random} of
 * {@code p} (4 bytes big-endian, so prefixes are spread over the key space as a hash would
 * spread them) followed by {@code p} (8 bytes big-endian); the suffix is {@code s} (8 bytes
 * big-endian), so a prefix's keys sort by suffix. A value begins with {@code i} as a big-endian
 * long, then zeros: a scan can check every value it sees cheaply. Keys are computed per call
 * into a view's own off-heap buffers; nothing is allocated per entry.
 */
public record PrefixData(int num, int keysPerPrefix, int valSize) {

    public static final int PREFIX_SIZE = 12;
    public static final int SUFFIX_SIZE = 8;
    public static final int KEY_SIZE = PREFIX_SIZE + SUFFIX_SIZE;

    public PrefixData {
        if (num < 1) {
            throw new IllegalArgumentException("num must be > 0, was " + num);
        }
        if (keysPerPrefix < 1) {
            throw new IllegalArgumentException("keysPerPrefix must be >= 1, was " + keysPerPrefix);
        }
        if (valSize < Long.BYTES) {
            throw new IllegalArgumentException(
                    "valSize must be >= 8 for prefixScan (a value starts with its entry number), was " + valSize);
        }
    }

    public int prefixes() {
        return (num + keysPerPrefix - 1) / keysPerPrefix;
    }

    /** Keys under prefix {@code p}. */
    public int keysUnder(int p) {
        return Math.min(keysPerPrefix, num - p * keysPerPrefix);
    }

    /** The shape a store is opened with for this data set (keys not in write order). */
    public Shape shape() {
        return new Shape(num, KEY_SIZE, valSize, false, true);
    }

    /** Puts every entry, committing every {@code batchSize}; returns entries and value bytes. */
    public Pass load(Store store, int batchSize) {
        try (View view = view();
                Writer writer = store.writer(false)) {
            int inBatch = 0;
            for (int i = 0; i < num; i++) {
                writer.put(view.key(i), view.value(i));
                if (++inBatch == batchSize) {
                    writer.commit();
                    inBatch = 0;
                }
            }
            if (inBatch > 0) {
                writer.commit();
            }
        }
        return new Pass(num, (long) num * valSize, 0);
    }

    public View view() {
        return new View();
    }

    /** One thread's buffers over the entries. */
    public final class View implements EntrySource {
        private final ByteBuffer keyMemory = ByteBuffer.allocateDirect(KEY_SIZE);
        private final ByteBuffer valueMemory = ByteBuffer.allocateDirect(valSize);
        private final UnsafeBuffer key = new UnsafeBuffer(keyMemory);
        private final UnsafeBuffer prefix = new UnsafeBuffer(keyMemory, 0, PREFIX_SIZE);
        private final UnsafeBuffer value = new UnsafeBuffer(valueMemory);

        private View() {}

        @Override
        public int size() {
            return num;
        }

        @Override
        public DirectBuffer key(int i) {
            writePrefix(i / keysPerPrefix);
            key.putLong(PREFIX_SIZE, i % keysPerPrefix, ByteOrder.BIG_ENDIAN);
            return key;
        }

        @Override
        public DirectBuffer value(int i) {
            value.putLong(0, i, ByteOrder.BIG_ENDIAN);
            return value;
        }

        /** The 12-byte prefix {@code p}. */
        public DirectBuffer prefix(int p) {
            writePrefix(p);
            return prefix;
        }

        private void writePrefix(int p) {
            key.putInt(0, Keys.random(p, DataSet.SEED), ByteOrder.BIG_ENDIAN);
            key.putLong(4, p, ByteOrder.BIG_ENDIAN);
        }

        /** The entry number a value of this data set begins with. */
        public long entryOf(DirectBuffer value) {
            return value.getLong(0, ByteOrder.BIG_ENDIAN);
        }

        int keysPerPrefix() {
            return keysPerPrefix;
        }

        int valSize() {
            return valSize;
        }

        @Override
        public void close() {
            BufferUtil.free(keyMemory);
            BufferUtil.free(valueMemory);
        }
    }
}
