package dev.kvbench.amp;

import dev.kvbench.bench.TimedRunBenchmark;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Write and space amplification on a disk: the data set loaded into an empty store, then
 * overwritten {@value AmpState#OVERWRITES} times over (random existing keys, flat out), and after
 * each phase the bytes the disk was asked to write and the store's size ({@link AmpState}). Its
 * results are in the side file ({@code amp.*} metrics); JMH's score is only the whole trial's time,
 * not a result. One invocation is the whole trial: run it with {@code -bm ss -wi 0 -i 1}, its
 * defaults, with {@code KVBENCH_DIR} on a disk (a folder in memory is refused).
 *
 * <p>{@code KVBENCH_DIR=/var/tmp/kvbench java -jar target/benchmarks.jar '\.amp$' -p store=lmdb,rocksdb -p num=100000 -p batchSize=1000}
 */
public class AmpBenchmark extends TimedRunBenchmark {

    @Benchmark
    public long amp(AmpState state) {
        return state.run();
    }
}
