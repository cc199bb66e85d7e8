package dev.kvbench.trial;

import dev.kvbench.workload.ReadCrc;
import dev.kvbench.workload.ReadKey;
import dev.kvbench.workload.ReadRev;
import dev.kvbench.workload.ReadSeq;
import dev.kvbench.workload.ReadXxh64;
import dev.kvbench.workload.Workload;
import dev.kvbench.workload.Write;

/** The Store path's single pass of each of the 2016 workloads: which workload code a trial's pass runs. */
final class StorePasses {

    private StorePasses() {
    }

    /** The pass of {@code workload}; a write commits every {@code batchSize} entries. */
    static Trial.Operation of(Workload workload, int batchSize) {
        return switch (workload) {
            case WRITE -> (store, set) -> Write.run(store, set, batchSize);
            case READ_KEY -> ReadKey::run;
            case READ_SEQ -> (store, set) -> ReadSeq.run(store);
            case READ_REV -> (store, set) -> ReadRev.run(store);
            case READ_CRC -> (store, set) -> ReadCrc.run(store);
            case READ_XXH64 -> (store, set) -> ReadXxh64.run(store);
            default -> throw new IllegalStateException("no single-pass operation for " + workload);
        };
    }
}
