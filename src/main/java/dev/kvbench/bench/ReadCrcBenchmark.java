package dev.kvbench.bench;

import dev.kvbench.workload.Pass;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Measures one forward cursor pass that reads every byte of every key and value into a CRC32
 * (copied into a reused array first, as in 2016). The checksum must equal the one computed from
 * the generator. Needs an ordered store.
 *
 * <p>Left out: loading the store (once per trial).
 */
public class ReadCrcBenchmark extends KvBenchmark {

    @Benchmark
    public Pass readCrc(LoadedStore store) {
        return store.pass();
    }
}
