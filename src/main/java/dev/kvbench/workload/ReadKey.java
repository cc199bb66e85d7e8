package dev.kvbench.workload;

import dev.kvbench.store.IntKeyLookup;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import org.agrona.DirectBuffer;

/**
 * readKey: gets every key in write order (random order for a random data set) through one
 * reader, and counts the keys found ({@code num of num}, as db_bench prints). A value is
 * consumed as the view the store returns: its length is summed; its bytes are not read.
 * Int keys go to a reader that takes them as ints ({@link Reader#intKeys()}, LMDB's integer
 * keys) as ints, the way a user's loop over int keys would hand them over.
 */
public final class ReadKey {

    private ReadKey() {}

    public static Pass run(Store store, DataSet data) {
        int num = data.num();
        long found = 0;
        long valueBytes = 0;
        try (DataSet.Entries entries = data.entries();
                Reader reader = store.reader()) {
            IntKeyLookup ints = data.spec().intKey() ? reader.intKeys() : null;
            if (ints != null) {
                for (int i = 0; i < num; i++) {
                    DirectBuffer value = ints.get(entries.intKey(i));
                    if (value != null) {
                        found++;
                        valueBytes += value.capacity();
                    }
                }
            } else {
                for (int i = 0; i < num; i++) {
                    DirectBuffer value = reader.get(entries.key(i));
                    if (value != null) {
                        found++;
                        valueBytes += value.capacity();
                    }
                }
            }
        }
        return Pass.counted(found, valueBytes);
    }
}
