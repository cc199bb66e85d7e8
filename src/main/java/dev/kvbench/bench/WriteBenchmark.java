package dev.kvbench.bench;

import dev.kvbench.workload.Pass;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Measures writing the whole data set into an empty store: every put in write order, a commit
 * every {@code batchSize} entries and at the end (with {@code sync}, durable commits).
 *
 * <p>Left out of the time: opening the empty store, reading every key back to verify the write,
 * measuring storage, closing (so an LSM's flush at close is not timed, but its CPU is counted
 * in the trial's background CPU) and deleting the store.
 */
public class WriteBenchmark extends KvBenchmark {

    @Benchmark
    public Pass write(EmptyStore store) {
        return store.pass();
    }
}
