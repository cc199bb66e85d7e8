package dev.kvbench.workload;

import java.util.SplittableRandom;

import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import org.agrona.DirectBuffer;

/**
 * Overwrites of existing keys, flat out: {@code puts} entries of the data set picked uniformly at
 * random (a seeded generator, the same draws for every engine), each put with its own value again,
 * so that the store still holds exactly the data set afterwards and a read pass verifies it; a
 * commit every {@code batchSize} puts and once more at the end. No engine here skips a put whose
 * value is unchanged: each writes it as a new version.
 */
public final class Overwrite {

    private Overwrite() {
    }

    /** @return the number of entries put and the value bytes handed over */
    public static Pass run(Store store, DataSet data, long puts, int batchSize, long seed) {
        if (batchSize <= 0) {
            throw new IllegalArgumentException("batchSize must be > 0, was " + batchSize);
        }
        SplittableRandom random = new SplittableRandom(seed);
        int num = data.num();
        long valueBytes = 0;
        try (DataSet.Entries entries = data.entries();
             Writer writer = store.writer(false)) {
            int inBatch = 0;
            for (long n = 0; n < puts; n++) {
                int i = random.nextInt(num);
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
        return Pass.counted(puts, valueBytes);
    }
}
