package dev.kvbench.workload.kv;

import dev.kvbench.trial.Trial;
import dev.kvbench.workload.ReadCrc;
import dev.kvbench.workload.ReadKey;
import dev.kvbench.workload.ReadRev;
import dev.kvbench.workload.ReadSeq;
import dev.kvbench.workload.ReadXxh64;
import dev.kvbench.workload.Workload;
import dev.kvbench.workload.Write;

/** The Store path's single pass of each of the 2016 workloads: which workload code a trial's pass runs. */
public final class StorePasses {

    private StorePasses() {}

    /** The pass of {@code workload}; a write commits every {@code batchSize} entries. */
    public static Trial.Operation of(Workload workload, int batchSize) {
        if (workload == Workload.WRITE) {
            return (store, set) -> Write.run(store, set, batchSize);
        } else if (workload == Workload.READ_KEY) {
            return ReadKey::run;
        } else if (workload == Workload.READ_SEQ) {
            return (store, set) -> ReadSeq.run(store);
        } else if (workload == Workload.READ_REV) {
            return (store, set) -> ReadRev.run(store);
        } else if (workload == Workload.READ_CRC) {
            return (store, set) -> ReadCrc.run(store);
        } else if (workload == Workload.READ_XXH64) {
            return (store, set) -> ReadXxh64.run(store);
        }
        throw new IllegalStateException("no single-pass operation for " + workload);
    }
}
