package dev.kvbench.bench;

import dev.kvbench.workload.Pass;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Measures one reverse cursor pass (last, then prev) over every entry, including the per-entry
 * check that keys descend. Needs an ordered store.
 *
 * <p>Left out: loading the store (once per trial) and reading the values' bytes.
 */
public class ReadRevBenchmark extends KvBenchmark {

    @Benchmark
    public Pass readRev(LoadedStore store) {
        return store.pass();
    }
}
