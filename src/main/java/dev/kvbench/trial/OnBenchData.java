package dev.kvbench.trial;

import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.workload.DataSet;

/**
 * The parameters of a family that runs on the 2016 data set ({@link BenchParams}) and adds its own: the store, the
 * data, its generation and its load are that data set's.
 */
public interface OnBenchData extends TrialParams {

    /** The 2016 data set's parameters. */
    BenchParams data();

    @Override
    default StoreSpec store() {
        return data().store();
    }

    @Override
    default StoreSpec effectiveSpec() {
        return data().effectiveSpec();
    }

    @Override
    default Shape shape() {
        return data().shape();
    }

    @Override
    default int batchSize() {
        return data().batchSize();
    }

    @Override
    default String describe() {
        return data().describe();
    }

    @Override
    default DataSet generate() {
        return data().generate();
    }

    @Override
    default long load(Store store, DataSet set) {
        return data().load(store, set);
    }
}
