package dev.kvbench.bench;

import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.ReadKey;
import dev.kvbench.workload.app.AppParams;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * readKey as reader threads grow: one invocation is {@code readers} threads each making a whole
 * readKey pass (every key, in write order) through its own reader at the same time, every pass
 * verified. The score is the time of the slowest pass of the round; reads per second are
 * {@code readers × num / score}. The threads are started once per trial (a pool), so thread
 * creation is not timed. On a machine with fewer cores than readers, threads share cores.
 */
public class ReadKeyThreadsBenchmark extends KvBenchmark {

    @Benchmark
    public long readKeyThreads(Loaded state) throws InterruptedException, ExecutionException {
        return state.round();
    }

    /** The loaded store and a pool of reader threads. */
    @State(Scope.Benchmark)
    public static class Loaded extends KvParams {

        /** Reader threads, each making its own pass with its own reader. */
        @Param({"1", "2", "4", "8"})
        public String readers;

        private Trial trial;
        private ExecutorService pool;
        private int threads;

        @Setup(Level.Trial)
        public void load(BenchmarkParams params) {
            trial = Trial.begin(params.getBenchmark(), JmhParams.of(params));
            threads = AppParams.readers(readers);
            pool = Executors.newFixedThreadPool(threads, runnable -> {
                Thread thread = new Thread(runnable, "kvbench-reader");
                thread.setDaemon(true);
                return thread;
            });
            trial.openLoaded();
        }

        long round() throws InterruptedException, ExecutionException {
            List<Future<Long>> passes = new ArrayList<>(threads);
            for (int t = 0; t < threads; t++) {
                passes.add(pool.submit(() -> trial.pass(ReadKey::run).count()));
            }
            long found = 0;
            for (Future<Long> pass : passes) {
                found += pass.get();
            }
            return found;
        }

        @TearDown(Level.Trial)
        public void close() {
            pool.shutdownNow();
            trial.end();
        }
    }
}
