package dev.kvbench.workload;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;

/**
 * readSeq: one forward cursor pass over every entry through one reader, counting entries and
 * folding every key into the {@link KeyFold key fold}, which the generator
 * predicts for keys in ascending order. Values are
 * consumed as views: their lengths are summed.
 */
public final class ReadSeq {

    private ReadSeq() {}

    public static Pass run(Store store) {
        long count = 0;
        long valueBytes = 0;
        long keys = KeyFold.START;
        try (Reader reader = store.reader();
                Cursor cursor = reader.cursor()) {
            for (boolean on = cursor.first(); on; on = cursor.next()) {
                count++;
                keys = cursor.foldKey(keys);
                valueBytes += cursor.valueLength();
            }
        }
        return new Pass(count, valueBytes, keys);
    }
}
