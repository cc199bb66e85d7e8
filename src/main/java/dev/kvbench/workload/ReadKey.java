package dev.kvbench.workload;

import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import org.agrona.DirectBuffer;

/**
 * readKey: gets every key in write order (random order for a random data set) through one
 * reader, and counts the keys found ({@code num of num}, as db_bench prints). A value is
 * consumed as the view the store returns: its length is summed; its bytes are not read.
 */
public final class ReadKey {

    private ReadKey() {
    }

    public static Pass run(Store store, DataSet data) {
        int num = data.num();
        long found = 0;
        long valueBytes = 0;
        try (DataSet.Entries entries = data.entries(); Reader reader = store.reader()) {
            for (int i = 0; i < num; i++) {
                DirectBuffer value = reader.get(entries.key(i));
                if (value != null) {
                    found++;
                    valueBytes += value.capacity();
                }
            }
        }
        return Pass.counted(found, valueBytes);
    }
}
