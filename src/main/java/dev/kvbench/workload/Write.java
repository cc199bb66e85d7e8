package dev.kvbench.workload;

import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import org.agrona.DirectBuffer;

/**
 * write: puts every entry, in write order, into a store, committing every {@code batchSize}
 * entries and once more at the end for a partial last batch. The writer gets the data set's
 * {@code sequential} flag as its hint (LMDB appends).
 */
public final class Write {

    private Write() {}

    /** Puts every entry of {@code data} in batches of {@code batchSize}: the entries put and the value bytes handed over. */
    public static Pass run(Store store, DataSet data, int batchSize) {
        if (batchSize <= 0) {
            throw new IllegalArgumentException("batchSize must be > 0, was " + batchSize);
        }
        int num = data.num();
        long valueBytes = 0;
        try (DataSet.Entries entries = data.entries();
                Writer writer = store.writer(data.spec().sequential())) {
            int inBatch = 0;
            for (int i = 0; i < num; i++) {
                DirectBuffer value = entries.value(i);
                writer.put(entries.key(i), value);
                valueBytes += value.capacity();
                if (++inBatch == batchSize) {
                    writer.commit();
                    inBatch = 0;
                }
            }
            if (inBatch > 0) {
                writer.commit();
            }
        }
        return Pass.counted(num, valueBytes);
    }
}
