package dev.kvbench.bench;

import dev.kvbench.store.Stores;
import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.ycsb.PhaseOutcome;
import dev.kvbench.workload.ycsb.YcsbParams;
import dev.kvbench.workload.ycsb.YcsbRun;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * A YCSB workload file on one store: the load phase (insert {@code recordcount} records) into an
 * empty store, then the run phase (the operation mix), each by {@code threadcount} client
 * threads, then a check of every record. One invocation is the whole trial, so JMH's score is its
 * wall time; the figures are in the side file, per phase: throughput overall and per operation
 * type, latency per operation type (p50, p95, p99, p99.9, max; with {@code target}, also from
 * each operation's intended start), storage after the load and after the run, how writes were
 * serialized, and the properties in force. Every operation is verified ({@link YcsbWorkload}).
 *
 * <p>Left out: nothing is reopened between the phases (YCSB's client runs against a running
 * store); JIT warm-up is part of the load phase, as it is of YCSB's.
 */
public class YcsbBenchmark extends TimedRunBenchmark {

    @Benchmark
    public long ycsb(Phases state) {
        return state.run();
    }

    /** The trial and the JMH parameters of the YCSB workload ({@link YcsbParams}). */
    @State(Scope.Benchmark)
    public static class Phases {

        /** Store specs, as for every benchmark; default every registered engine. */
        @Param(Stores.ALL)
        public String store;

        /** A YCSB workload file, or a preset: {@code workloada} ... {@code workloadf}. */
        @Param("workloada")
        public String workload;

        /** {@code -p name=value} overrides of the workload's properties, joined by {@code ;}; {@code -}: none. */
        @Param(YcsbParams.NONE)
        public String props;

        /** Durable commits, for engines with a {@code sync} option (as the workload's {@code sync=true}). */
        @Param("false")
        public String sync;

        private Trial trial;

        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            trial = Trial.begin(params.getBenchmark(), JmhParams.of(params));
            if (trial.params(YcsbParams.class).properties().inTurns()) {
                throw trial.fail(new IllegalArgumentException("interleave=true: the run phase in turns needs the"
                        + " interleaved run (-interleave true); JMH runs it once (interleave=false)"));
            }
            trial.openEmpty();
        }

        long run() {
            YcsbRun ycsb = new YcsbRun(trial);
            PhaseOutcome load = ycsb.load();
            PhaseOutcome run = trial.measured(onThread -> ycsb.workload().run(trial.store(), onThread));
            ycsb.finish(run);
            return load.operations() + run.operations();
        }

        @TearDown(Level.Trial)
        public void close() {
            trial.end();
        }
    }
}
