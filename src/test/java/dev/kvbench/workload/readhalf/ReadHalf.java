package dev.kvbench.workload.readhalf;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.IntKeyLookup;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.Keys;
import dev.kvbench.workload.Pass;
import dev.kvbench.workload.PassCheck;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * readHalf's one pass: a forward cursor over the first half of the keys, stopping at the boundary key (the first key of
 * the second half, not after a number of entries, so that a store that lost an entry cannot pass), its keys folded in
 * the order read; then a get of every key of the second half, in write order. It counts entries and value bytes of
 * both halves.
 */
final class ReadHalf {

    private ReadHalf() {}

    /** The boundary: the key of rank {@code num / 2} among the data set's keys in ascending order. */
    static int boundary(DataSet data) {
        return sortedKeys(data)[data.num() / 2];
    }

    /** The data set's keys, ascending (non-negative ints sort as their big-endian bytes). */
    static int[] sortedKeys(DataSet data) {
        int[] sorted = new int[data.num()];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = data.keyInt(i);
        }
        Arrays.sort(sorted);
        return sorted;
    }

    /**
     * The trial's pass: its boundary found once per data set, at the first (settling) pass, not in every timed one.
     */
    static Trial.Operation operation() {
        return new Trial.Operation() {
            private DataSet of;
            private int boundary;

            @Override
            public Pass run(Store store, DataSet data) {
                if (of != data) {
                    boundary = boundary(data);
                    of = data;
                }
                return ReadHalf.run(store, data, boundary);
            }
        };
    }

    /** What a correct store gives back: every entry once, the first half's keys folded in ascending order. */
    static PassCheck expected(DataSet data) {
        int[] sorted = sortedKeys(data);
        UnsafeBuffer key = new UnsafeBuffer(ByteBuffer.allocateDirect(Integer.BYTES));
        long fold = KeyFold.START;
        for (int rank = 0; rank < data.num() / 2; rank++) {
            Keys.encode(sorted[rank], true, key, 0);
            fold = KeyFold.fold(fold, key);
        }
        return new PassCheck(
                data.num(),
                " (entries iterated and keys found)",
                (long) data.num() * data.spec().valSize(),
                fold,
                "the first half's keys in ascending order, up to the boundary key");
    }

    /** The pass over {@code store}, whose data set {@code data} has its boundary at {@code boundary}. */
    static Pass run(Store store, DataSet data, int boundary) {
        UnsafeBuffer stop = new UnsafeBuffer(ByteBuffer.allocateDirect(Integer.BYTES));
        Keys.encode(boundary, true, stop, 0);
        long count = 0;
        long valueBytes = 0;
        long fold = KeyFold.START;
        try (Reader reader = store.reader();
                DataSet.Entries entries = data.entries()) {
            try (Cursor cursor = reader.cursor()) {
                for (boolean on = cursor.first(); on && Keys.compare(cursor.key(), stop) < 0; on = cursor.next()) {
                    fold = cursor.foldKey(fold);
                    count++;
                    valueBytes += cursor.valueLength();
                }
            }
            IntKeyLookup ints = reader.intKeys();
            for (int i = 0; i < data.num(); i++) {
                if (data.keyInt(i) >= boundary) {
                    DirectBuffer value = ints != null ? ints.get(entries.intKey(i)) : reader.get(entries.key(i));
                    if (value != null) {
                        count++;
                        valueBytes += value.capacity();
                    }
                }
            }
        }
        return new Pass(count, valueBytes, fold);
    }
}
