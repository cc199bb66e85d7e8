package dev.kvbench.workload;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import org.agrona.DirectBuffer;

/**
 * readXxh64: one forward cursor pass folding the XXH64 of every key and value, hashed in place
 * with no copy (see {@link Checksums}). The fold depends on order.
 */
public final class ReadXxh64 {

    private ReadXxh64() {}

    public static Pass run(Store store) {
        long count = 0;
        long valueBytes = 0;
        long h = Checksums.XXH64_START;
        try (Reader reader = store.reader();
                Cursor cursor = reader.cursor()) {
            for (boolean on = cursor.first(); on; on = cursor.next()) {
                count++;
                h = Checksums.xxh64(h, cursor.key());
                DirectBuffer value = cursor.value();
                h = Checksums.xxh64(h, value);
                valueBytes += value.capacity();
            }
        }
        return new Pass(count, valueBytes, h);
    }
}
