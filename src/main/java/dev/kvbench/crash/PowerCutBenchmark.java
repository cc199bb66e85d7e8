package dev.kvbench.crash;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

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
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
public class PowerCutBenchmark {

    @Benchmark
    public long powercut(PowerCutState state) {
        return state.runAll();
    }
}
