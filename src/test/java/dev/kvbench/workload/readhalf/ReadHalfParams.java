package dev.kvbench.workload.readhalf;

import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.trial.TrialParams;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.DataSpec;
import dev.kvbench.workload.Write;
import java.util.List;
import java.util.Map;

/**
 * One readHalf trial's parameters: the store and {@code num} entries (at least 2, so that each half has one) of int
 * keys in random order with values of {@link #VAL_SIZE} bytes, written in one batch.
 */
record ReadHalfParams(StoreSpec store, DataSpec data) implements TrialParams {

    static final List<String> NAMES = List.of("store", "num");
    static final int VAL_SIZE = 16;

    /** {@code params}' store and num; a num that is not a whole number of at least 2 is one line naming it. */
    static ReadHalfParams parse(Map<String, String> params) {
        String num = String.valueOf(params.get("num")).trim();
        int entries;
        try {
            entries = Integer.parseInt(num);
        } catch (NumberFormatException e) {
            entries = 0;
        }
        if (entries < 2) {
            throw new IllegalArgumentException(
                    "num=" + num + ": readHalf needs a whole number of entries of 2 or more");
        }
        return new ReadHalfParams(
                StoreSpec.parse(params.get("store")), new DataSpec(entries, true, false, VAL_SIZE, false));
    }

    @Override
    public StoreSpec effectiveSpec() {
        return store;
    }

    @Override
    public Shape shape() {
        return data.shape();
    }

    @Override
    public int batchSize() {
        return data.num();
    }

    @Override
    public String describe() {
        return data.num() + " entries";
    }

    @Override
    public DataSet generate() {
        return DataSet.generate(data);
    }

    @Override
    public long load(Store store, DataSet set) {
        Write.run(store, set, batchSize());
        return shape().flatBytes();
    }
}
