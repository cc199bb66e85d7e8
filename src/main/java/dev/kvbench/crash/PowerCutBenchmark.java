package dev.kvbench.crash;

import dev.kvbench.bench.TimedRunBenchmark;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * The power-cut test (durability): the crash test ({@link CrashBenchmark}) with the store on
 * cutfs, a FUSE file system that keeps what was written but not yet synced apart and drops it on
 * a cut. {@code reps} times a writer JVM commits batches and is killed, the power is cut
 * (everything unsynced lost, the file system remounted from what is left), and the store is
 * reopened in a new JVM to count acknowledged entries lost and corrupt. Needs Linux with FUSE and
 * root; results in the side file ({@code crash.*} metrics), JMH's score is only the whole test's time.
 *
 * <p>{@code java -jar target/benchmarks.jar powercut -p store=lmdb,rocksdb -p sync=true,false -p reps=20}
 */
public class PowerCutBenchmark extends TimedRunBenchmark {

    @Benchmark
    public long powercut(PowerCutState state) {
        return state.runAll();
    }
}
