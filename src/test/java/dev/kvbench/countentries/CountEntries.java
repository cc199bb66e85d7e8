package dev.kvbench.countentries;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import dev.kvbench.workload.Pass;

/** countEntries' one pass: a forward cursor over every entry, counting entries and summing their values' lengths. */
final class CountEntries {

    private CountEntries() {}

    static Pass run(Store store) {
        long count = 0;
        long valueBytes = 0;
        try (Reader reader = store.reader();
                Cursor cursor = reader.cursor()) {
            for (boolean on = cursor.first(); on; on = cursor.next()) {
                count++;
                valueBytes += cursor.valueLength();
            }
        }
        return new Pass(count, valueBytes, 0);
    }
}
