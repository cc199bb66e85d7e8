package dev.kvbench.bench;

import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.PrefixData;
import dev.kvbench.workload.PrefixScan;
import dev.kvbench.workload.app.AppParams;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * prefixScan, the RocksDB in-memory benchmark's second test: {@code num} entries with 20-byte
 * keys (12-byte prefix, 8-byte suffix, about {@code keysPerPrefix} keys per prefix) and
 * {@code valSize}-byte values, loaded untimed and reopened; for {@code duration} seconds
 * {@code readers} threads seek to a random existing prefix and iterate while keys start with it,
 * alone ({@code writer=false}) or while the rate-limited writer overwrites random entries
 * ({@code writer=true}). Every scan must return exactly its prefix's keys in order. Ordered
 * engines only. The {@code intKey} and {@code sequential} parameters do not apply.
 *
 * <p>As for readWhileWriting, JMH's score is the run's wall time; the side file holds scans/s,
 * keys/s, the writer's rates and scan latency percentiles.
 */
public class PrefixScanBenchmark extends TimedRunBenchmark {

    @Benchmark
    public long prefixScan(Loaded state) {
        return state.run();
    }

    /** The loaded, reopened prefix store and the run's parameters. */
    @State(Scope.Benchmark)
    public static class Loaded extends ConcurrentState {

        /** Keys per 12-byte prefix (the last prefix may have fewer). */
        @Param("10")
        public String keysPerPrefix;

        /** Whether the rate-limited writer runs during the scans. */
        @Param({"false", "true"})
        public String writer;

        private PrefixData data;

        @Setup(Level.Trial)
        public void load(BenchmarkParams params) {
            trial = Trial.begin(params.getBenchmark(), JmhParams.of(params));
            data = trial.params(AppParams.class).prefixData();
            trial.openLoaded(data.shape(), store -> data.load(store, trial.batchSize()));
        }

        long run() {
            return measuredRun(onThread -> PrefixScan.run(
                    trial.store(), data, trial.params(AppParams.class).concurrent(), trial.spec(), onThread));
        }
    }
}
