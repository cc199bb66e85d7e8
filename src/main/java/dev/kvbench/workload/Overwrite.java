package dev.kvbench.workload;

import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Overwrites of existing keys, flat out: {@code puts} entries of the data set picked uniformly at
 * random (a seeded generator, the same draws for every engine), a commit every {@code batchSize}
 * puts and once more at the end. Every put changes the bytes its key holds: a key's value and its
 * complement (every byte inverted) alternate, since an engine may skip a put of the value a key
 * already holds (SQLite 3.54 writes nothing for a row put again unchanged: 0.0007 bytes per byte
 * put at 50,000 entries, when each key was put with its own value again). {@link #restore} then
 * puts the data set's value back under every key left holding its complement, so that the store
 * holds exactly the data set and a read pass verifies it.
 */
public final class Overwrite {

    private Overwrite() {}

    /**
     * What an overwrite phase did: its puts, and the entries (by index in write order) whose keys hold the
     * complement of their value afterwards.
     */
    public record Done(Pass pass, BitSet complemented) {}

    /** The overwrite phase; see the class comment. */
    public static Done run(Store store, DataSet data, long puts, int batchSize, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int num = data.num();
        BitSet complemented = new BitSet(num);
        UnsafeBuffer complement =
                new UnsafeBuffer(ByteBuffer.allocateDirect(data.spec().valSize()));
        long valueBytes = 0;
        try (DataSet.Entries entries = data.entries();
                Writer writer = store.writer(false)) {
            BatchCommits batches = new BatchCommits(writer, batchSize);
            for (long n = 0; n < puts; n++) {
                int i = random.nextInt(num);
                DirectBuffer value = entries.value(i);
                complemented.flip(i);
                batches.put(entries.key(i), complemented.get(i) ? complementOf(value, complement) : value);
                valueBytes += value.capacity();
            }
            batches.finish();
        }
        return new Done(Pass.counted(puts, valueBytes), complemented);
    }

    /** Puts the data set's own value under every entry of {@code complemented}, committed as the overwrites were. */
    public static void restore(Store store, DataSet data, BitSet complemented, int batchSize) {
        try (DataSet.Entries entries = data.entries();
                Writer writer = store.writer(false)) {
            BatchCommits batches = new BatchCommits(writer, batchSize);
            for (int i = complemented.nextSetBit(0); i >= 0; i = complemented.nextSetBit(i + 1)) {
                batches.put(entries.key(i), entries.value(i));
            }
            batches.finish();
        }
    }

    /** {@code value} with every byte inverted, in {@code into} (the value's length). */
    static DirectBuffer complementOf(DirectBuffer value, UnsafeBuffer into) {
        int length = value.capacity();
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            into.putLong(i, ~value.getLong(i));
        }
        for (; i < length; i++) {
            into.putByte(i, (byte) ~value.getByte(i));
        }
        return into;
    }
}
