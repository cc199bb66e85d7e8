package dev.kvbench.crash;

import dev.kvbench.bench.TimedRunBenchmark;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * The crash test (durability): {@code reps} times, a writer JVM is killed with SIGKILL while it
 * commits batches, and the store is reopened in a new JVM to count the acknowledged entries it
 * lost and the entries that are corrupt ({@link CrashExperiment}). Its results are those counts
 * and the reopen time, in the side file ({@code crash.*} metrics); JMH's score is only the time
 * the whole test took, not a result. One invocation runs every repetition: run it with
 * {@code -bm ss -wi 0 -i 1}, its defaults.
 *
 * <p>{@code java -jar target/benchmarks.jar crash -p store=lmdb,rocksdb -p sync=true,false -p reps=20}
 */
public class CrashBenchmark extends TimedRunBenchmark {

    @Benchmark
    public long crash(CrashState state) {
        return state.runAll();
    }
}
