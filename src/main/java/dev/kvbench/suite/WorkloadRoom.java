package dev.kvbench.suite;

import dev.kvbench.store.Shape;
import dev.kvbench.text.Numbers;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.workload.ycsb.WorkloadProperties;
import dev.kvbench.workload.ycsb.YcsbWorkload;

/**
 * What to lower when a workload file's records and inserts do not fit the work folder, each suggestion tried against
 * the same estimate ({@link YcsbWorkload#bytesNeeded}) before it is made: a recordcount that fits, else an
 * operationcount that does (the run's inserts; in turns their room does not follow operationcount, so it is never
 * suggested there), else that no size fits, as a store needs a fixed room besides its records.
 */
final class WorkloadRoom {

    private WorkloadRoom() {}

    /** The advice, followed by the line's last resort: "set KVBENCH_DIR to a bigger folder". */
    static String advice(WorkloadProperties properties, long free, long stores) {
        long records = Room.largestFitting(
                n -> stores * needWith(properties, "recordcount", n), properties.recordCount(), free);
        if (records > 0) {
            return "lower recordcount (-p recordcount=" + records + " fits) or ";
        }
        long operations = Room.largestFitting(
                n -> stores * needWith(properties, "operationcount", n), properties.operationCount(), free);
        if (operations > 0) {
            return "lower operationcount (-p operationcount=" + operations + " fits) or ";
        }
        long one = needWith(properties, "recordcount", 1);
        return one >= Long.MAX_VALUE / 1024
                ? "no recordcount fits; "
                : "no recordcount fits (a store needs about " + Numbers.bytes(one) + " with one record"
                        + (stores > 1 ? ", and " + stores + " are held at once" : "") + "); ";
    }

    /** The room of {@code properties} with {@code name} set to {@code value}; more than any folder where refused. */
    private static long needWith(WorkloadProperties properties, String name, long value) {
        try {
            WorkloadProperties changed = properties.with(name, Long.toString(value));
            // the plan's room check counts a store as WorkFolder.estimate does: the advice passes both
            Shape shape = YcsbWorkload.shape(changed);
            return Math.max(
                    YcsbWorkload.bytesNeeded(changed),
                    WorkFolder.estimate(shape.entries() * (shape.keySize() + (long) shape.valSize()), shape.entries()));
        } catch (IllegalArgumentException e) {
            return Long.MAX_VALUE / 1024; // more than any folder, times any number of stores
        }
    }
}
