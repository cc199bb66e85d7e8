package dev.kvbench.bench;

import dev.kvbench.workload.Pass;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Measures one forward cursor pass that hashes every key and value in place with XXH64
 * (kvbench's own, checked against Zero-Allocation-Hashing in the tests), folded in order. The fold
 * must equal the one computed from the generator. Needs an ordered store.
 *
 * <p>Left out: loading the store (once per trial).
 */
public class ReadXxh64Benchmark extends KvBenchmark {

    @Benchmark
    public Pass readXxh64(LoadedStore store) {
        return store.pass();
    }
}
