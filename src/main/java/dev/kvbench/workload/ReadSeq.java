package dev.kvbench.workload;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;

/**
 * readSeq: one forward cursor pass over every entry through one reader, counting entries and
 * checking that keys strictly ascend (a 4 or 16 byte copy and compare per entry). Values are
 * consumed as views: their lengths are summed.
 */
public final class ReadSeq {

    private ReadSeq() {
    }

    public static Pass run(Store store) {
        long count = 0;
        long valueBytes = 0;
        OrderCheck order = new OrderCheck(true);
        try (Reader reader = store.reader(); Cursor cursor = reader.cursor()) {
            for (boolean on = cursor.first(); on; on = cursor.next()) {
                count++;
                order.next(cursor.key());
                valueBytes += cursor.value().capacity();
            }
        }
        return new Pass(count, valueBytes, 0, order.disorder());
    }
}
