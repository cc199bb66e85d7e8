package dev.kvbench.bench;

import dev.kvbench.workload.Pass;
import dev.kvbench.workload.ReadSeq;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Measures one forward cursor pass over every entry, including the per-entry check that keys
 * ascend (a 4 or 16 byte copy and compare, the same for every engine). Needs an ordered store.
 *
 * <p>Left out: loading the store (once per trial) and reading the values' bytes.
 */
public class ReadSeqBenchmark extends KvBenchmark {

    @Benchmark
    public Pass readSeq(LoadedStore store) {
        return store.pass((s, data) -> ReadSeq.run(s));
    }
}
