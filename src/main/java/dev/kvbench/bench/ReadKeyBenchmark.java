package dev.kvbench.bench;

import dev.kvbench.workload.Pass;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Measures reading every key back in write order (random order for {@code sequential=false})
 * through one reader opened for the pass; every key must be found.
 *
 * <p>Left out: loading the store (once per trial, before any measurement) and reading the
 * values' bytes (each value is taken as the view the store returns; a copying engine has
 * copied it by then, a zero-copy one has not).
 */
public class ReadKeyBenchmark extends KvBenchmark {

    @Benchmark
    public Pass readKey(LoadedStore store) {
        return store.pass();
    }
}
