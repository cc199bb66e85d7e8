package dev.kvbench.workload;

import dev.kvbench.store.KeyFold;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The one data set generator for every engine: keys, values and write order from a
 * {@link DataSpec} and a fixed seed, prepared off-heap once (LMDB must never be handed heap
 * memory), and the results every correct engine must give back, computed from the generator
 * alone.
 *
 * <p>Layout: every key, encoded, in write order in one off-heap region; one off-heap block of
 * seeded random bytes that random values are slices of. An {@link Entries} view re-wraps
 * buffers over that memory per entry, so a pass allocates nothing per entry. A non-random value
 * (the key as an int, then zeros) is written into the view's own off-heap scratch value: one
 * 4-byte store per entry.
 *
 * <p>Closing frees the off-heap memory; views must not be used afterwards.
 */
public final class DataSet implements AutoCloseable {

    /** The seed of every data set: the day the 2016 report's benchmark ran. */
    public static final long SEED = 2016_07_10L;
    /** Bytes of the random block that random values are slices of. */
    static final int RANDOM_BLOCK = 1 << 20;

    private final DataSpec spec;
    private final ByteBuffer keys;
    /** With 4-byte int keys, every key's int in write order, for {@link Entries#intKey(int)}; else null. */
    private final int[] intKeys;

    private final ByteBuffer random;
    private Expected expected;

    private DataSet(DataSpec spec) {
        this.spec = spec;
        this.keys = ByteBuffer.allocateDirect(spec.num() * spec.keySize());
        UnsafeBuffer keyRegion = new UnsafeBuffer(keys);
        this.intKeys = spec.intKey() ? new int[spec.num()] : null;
        for (int i = 0; i < spec.num(); i++) {
            int k = keyInt(i);
            Keys.encode(k, spec.intKey(), keyRegion, i * spec.keySize());
            if (intKeys != null) {
                intKeys[i] = k;
            }
        }
        if (spec.valRandom()) {
            byte[] bytes = new byte[RANDOM_BLOCK + spec.valSize()];
            new SplittableRandom(SEED).nextBytes(bytes);
            this.random = ByteBuffer.allocateDirect(bytes.length);
            this.random.put(bytes).clear();
        } else {
            this.random = null;
        }
    }

    /** Generates the data set of {@code spec}: the same bytes for the same spec, in every JVM. */
    public static DataSet generate(DataSpec spec) {
        return new DataSet(spec);
    }

    public DataSpec spec() {
        return spec;
    }

    public int num() {
        return spec.num();
    }

    /** The key of the {@code i}-th entry in write order, as an int. */
    public int keyInt(int i) {
        return spec.sequential() ? i : Keys.random(i, SEED);
    }

    /** A new view for one thread's pass over the entries. */
    public Entries entries() {
        return new Entries();
    }

    /** What a correct store gives back, computed from the generator (never from an engine). */
    public synchronized Expected expected() {
        if (expected == null) {
            expected = computeExpected();
        }
        return expected;
    }

    private Expected computeExpected() {
        return expectedOf(sortedKeys(), 0, spec.num());
    }

    /** Every key of the data set as an int, in ascending order: the order of every ordered engine's cursor. */
    public int[] sortedKeys() {
        int[] sorted = new int[spec.num()];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = keyInt(i);
        }
        if (!spec.sequential()) {
            // Non-negative ints sort numerically in the same order as their big-endian bytes
            // and as their zero-padded decimal strings: unsigned byte order in both encodings.
            Arrays.sort(sorted);
        }
        return sorted;
    }

    /**
     * What a correct store gives back for a cursor range over {@code count} entries of {@code sorted} ({@link
     * #sortedKeys()}) from {@code from} on: the whole data set's {@link #expected()} when the range is all of it, a
     * turn of a fixed number of operations's otherwise (computed from the generator, never from an engine).
     */
    public Expected expectedOf(int[] sorted, int from, int count) {
        Entries view = entries();
        UnsafeBuffer key = new UnsafeBuffer(ByteBuffer.allocateDirect(spec.keySize()));
        Checksums.Crc crc = new Checksums.Crc();
        long xxh = Checksums.XXH64_START;
        long ascending = KeyFold.START;
        for (int i = from; i < from + count; i++) {
            int k = sorted[i];
            Keys.encode(k, spec.intKey(), key, 0);
            DirectBuffer value = view.valueOf(k);
            crc.update(key);
            crc.update(value);
            xxh = Checksums.xxh64(xxh, key);
            xxh = Checksums.xxh64(xxh, value);
            ascending = KeyFold.fold(ascending, key);
        }
        long descending = KeyFold.START;
        for (int i = from + count - 1; i >= from; i--) {
            Keys.encode(sorted[i], spec.intKey(), key, 0);
            descending = KeyFold.fold(descending, key);
        }
        view.close();
        BufferUtil.free(key);
        return new Expected(count, (long) count * spec.valSize(), crc.value(), xxh, ascending, descending);
    }

    @Override
    public void close() {
        BufferUtil.free(keys);
        if (random != null) {
            BufferUtil.free(random);
        }
    }

    /**
     * One thread's view of the entries in write order. {@link #key(int)} and {@link #value(int)}
     * return buffers re-wrapped per call: valid until the next call of the same method.
     */
    public final class Entries implements EntrySource {

        private final UnsafeBuffer key = new UnsafeBuffer(keys, 0, spec.keySize());
        private final long keysAddress = key.addressOffset();
        // Int keys are copied into one off-heap word rather than wrapped in place: a load and a
        // store instead of re-pointing the buffer, the cheapest hand-over for the commonest keys.
        // The word and the scratch value are allocated at their first use: a read pass hands keys
        // as ints or not at all and never asks for a value, and a direct allocation per pass
        // shows in a pass of a few milliseconds.
        private final boolean wordKeys = spec.keySize() == Integer.BYTES;
        private UnsafeBuffer intKey;
        private final UnsafeBuffer region = new UnsafeBuffer(keys);
        // Int keys come from an int[], as a user's loop over int keys has them; the direct-API
        // baselines read the same array, so both paths of a harness pair take their keys alike.
        private final int[] ints = intKeys;
        private final UnsafeBuffer value;
        private final long randomAddress;
        private boolean scratch;

        private Entries() {
            if (random != null) {
                value = new UnsafeBuffer(random, 0, spec.valSize());
                randomAddress = value.addressOffset();
            } else {
                value = new UnsafeBuffer(0, 0);
                randomAddress = 0;
            }
        }

        @Override
        public int size() {
            return spec.num();
        }

        /** The key of the {@code i}-th entry in write order. */
        @Override
        public DirectBuffer key(int i) {
            if (wordKeys) {
                UnsafeBuffer word = intKey;
                if (word == null) {
                    word = intKey = new UnsafeBuffer(ByteBuffer.allocateDirect(Integer.BYTES));
                }
                word.putInt(0, region.getInt(i * Integer.BYTES));
                return word;
            }
            key.wrap(keysAddress + (long) i * spec.keySize(), spec.keySize());
            return key;
        }

        /** The key of the {@code i}-th entry in write order as its big-endian int value: for 4-byte keys only. */
        public int intKey(int i) {
            return ints[i];
        }

        /** The value of the {@code i}-th entry in write order. */
        @Override
        public DirectBuffer value(int i) {
            return valueOf(keyInt(i));
        }

        /** The value stored under key {@code k}: a function of the key alone. */
        DirectBuffer valueOf(int k) {
            if (randomAddress != 0) {
                long offset = ((long) k * spec.valSize()) % RANDOM_BLOCK;
                value.wrap(randomAddress + offset, spec.valSize());
            } else {
                if (!scratch) {
                    value.wrap(ByteBuffer.allocateDirect(spec.valSize()));
                    scratch = true;
                }
                value.putInt(0, k, ByteOrder.BIG_ENDIAN);
            }
            return value;
        }

        @Override
        public void close() {
            if (scratch) {
                BufferUtil.free(value);
                scratch = false;
            }
            if (intKey != null) {
                BufferUtil.free(intKey);
                intKey = null;
            }
        }
    }
}
