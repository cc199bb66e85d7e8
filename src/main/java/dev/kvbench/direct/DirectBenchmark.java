package dev.kvbench.direct;

import dev.kvbench.bench.KvBenchmark;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The benchmarks every direct-API baseline makes, written once: write, readKey, readSeq and
 * readRev, each a pass through the engine's own API paired with the Store path's ({@link
 * DirectState}). A subclass, one per engine, is named in {@link Direct} with its {@link
 * DirectPasses}; JMH names the benchmarks after the subclass.
 */
public abstract class DirectBenchmark extends KvBenchmark {

    @Benchmark
    public long write(Empty state) {
        return state.pass();
    }

    @Benchmark
    public long readKey(Loaded state) {
        return state.pass();
    }

    @Benchmark
    public long readSeq(Loaded state) {
        return state.pass();
    }

    @Benchmark
    public long readRev(Loaded state) {
        return state.pass();
    }

    /** The loaded, reopened store of the read benchmarks. */
    @State(Scope.Benchmark)
    public static class Loaded extends DirectState {

        @Setup(Level.Trial)
        public void load(BenchmarkParams params) {
            beginLoaded(params);
        }
    }

    /** A new empty store for every write pass, read back and closed untimed afterwards. */
    @State(Scope.Benchmark)
    public static class Empty extends DirectState {

        @Setup(Level.Trial)
        public void prepare(BenchmarkParams params) {
            beginEmpty(params);
        }

        @Setup(Level.Invocation)
        public void open() {
            openEmpty();
        }

        @TearDown(Level.Invocation)
        public void verifyAndClose() {
            closeEmpty();
        }
    }
}
