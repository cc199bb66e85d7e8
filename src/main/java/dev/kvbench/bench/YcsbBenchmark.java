package dev.kvbench.bench;

import java.util.LinkedHashMap;
import java.util.Map;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

import dev.kvbench.results.Metric;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.Trial;
import dev.kvbench.trial.YcsbParams;
import dev.kvbench.workload.Latency;
import dev.kvbench.workload.ycsb.PhaseOutcome;
import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import dev.kvbench.workload.ycsb.YcsbWorkload;

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
            trial.openEmpty();
        }

        long run() {
            YcsbWorkload ycsb = new YcsbWorkload(trial.ycsb().properties(), trial.spec());
            Map<String, Object> figures = new LinkedHashMap<>();
            StringBuilder inForce = new StringBuilder();
            trial.ycsb().properties().inForce().forEach((name, value) ->
                    inForce.append(inForce.length() == 0 ? "" : "; ").append(name).append('=').append(value));
            figures.put(Metric.YCSB_PROPERTIES, inForce.toString());
            figures.put(Metric.YCSB_THREADS, trial.ycsb().properties().threadCount());
            PhaseOutcome load = trial.measured(onThread -> ycsb.load(trial.store(), onThread));
            put(figures, load);
            figures.put(Metric.ycsb("load", "storageBytes"), trial.storeBytes());
            PhaseOutcome run = trial.measured(onThread -> ycsb.run(trial.store(), onThread));
            put(figures, run);
            figures.put(Metric.ycsb("run", "storageBytes"), trial.storeBytes());
            figures.put(Metric.YCSB_WRITES, run.writes());
            long verified = trial.measured(onThread -> ycsb.verifyAll(trial.store()));
            figures.put(Metric.YCSB_VERIFIED, verified);
            trial.record(figures);
            return load.operations() + run.operations();
        }

        private static void put(Map<String, Object> figures, PhaseOutcome phase) {
            String name = phase.phase();
            figures.put(Metric.ycsb(name, "ops"), phase.operations());
            figures.put(Metric.ycsb(name, "seconds"), phase.nanos() / 1e9);
            figures.put(Metric.ycsb(name, "opsPerSec"), Math.round(phase.opsPerSec() * 10) / 10.0);
            for (Op op : phase.counts().keySet()) {
                String label = op.label();
                figures.put(Metric.ycsb(name, label, "count"), phase.counts().get(op));
                figures.put(Metric.ycsb(name, label, "opsPerSec"), Math.round(phase.opsPerSec(op) * 10) / 10.0);
                latency(figures, name, label, "service", phase.service().get(op));
                latency(figures, name, label, "intended", phase.intended().get(op));
            }
        }

        private static void latency(Map<String, Object> figures, String phase, String op, String kind, Latency latency) {
            if (latency == null) {
                return;
            }
            latency.percentiles().forEach((p, nanos) -> figures.put(Metric.ycsbLatency(phase, op, kind, p), nanos));
        }

        @TearDown(Level.Trial)
        public void close() {
            trial.end();
        }
    }
}
