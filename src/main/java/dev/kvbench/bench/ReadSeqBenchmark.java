package dev.kvbench.bench;

import dev.kvbench.workload.Pass;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Measures one forward cursor pass over every entry, including the per-entry order check (each
 * key folded into an order-sensitive 64-bit fold, the same for every engine, compared with the
 * generator's after the pass). Needs an ordered store.
 *
 * <p>Left out: loading the store (once per trial) and reading the values' bytes.
 */
public class ReadSeqBenchmark extends KvBenchmark {

    @Benchmark
    public Pass readSeq(LoadedStore store) {
        return store.pass();
    }
}
