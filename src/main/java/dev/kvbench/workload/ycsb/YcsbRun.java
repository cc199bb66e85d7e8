package dev.kvbench.workload.ycsb;

import dev.kvbench.results.Metric;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.Latency;
import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A YCSB trial's phases on its open store and their figures for the side file, the same whether the run phase runs
 * once (the JMH benchmark) or in interleaved turns (the interleaved run's server): the load phase into the empty
 * store, the run phase's outcome, the check of every record afterwards.
 */
public final class YcsbRun {

    private final Trial trial;
    private final YcsbWorkload workload;
    private final Map<String, Object> figures = new LinkedHashMap<>();

    /** The workload of {@code trial}, whose store is open and empty. */
    public YcsbRun(Trial trial) {
        this.trial = trial;
        WorkloadProperties properties = trial.params(YcsbParams.class).properties();
        this.workload = new YcsbWorkload(properties, trial.spec());
        StringBuilder inForce = new StringBuilder();
        properties
                .inForce()
                .forEach((name, value) -> inForce.append(inForce.length() == 0 ? "" : "; ")
                        .append(name)
                        .append('=')
                        .append(value));
        figures.put(Metric.YCSB_PROPERTIES, inForce.toString());
        figures.put(Metric.YCSB_THREADS, properties.threadCount());
    }

    public YcsbWorkload workload() {
        return workload;
    }

    /** The load phase, measured and recorded with the storage after it. */
    public PhaseOutcome load() {
        PhaseOutcome load = trial.measured(onThread -> workload.load(trial.store(), onThread));
        put(load);
        figures.put(Metric.ycsb("load", "storageBytes"), trial.storeBytes());
        return load;
    }

    /** Records the run phase's outcome (one run, or the merged turns), then checks every record; into the trial's line. */
    public void finish(PhaseOutcome run) {
        put(run);
        figures.put(Metric.ycsb("run", "storageBytes"), trial.storeBytes());
        figures.put(Metric.YCSB_WRITES, run.writes());
        long verified = trial.measured(onThread -> workload.verifyAll(trial.store()));
        figures.put(Metric.YCSB_VERIFIED, verified);
        trial.record(figures);
    }

    /** Adds a figure of the run (the interleaved turns' size and count). */
    public void put(String name, Object value) {
        figures.put(name, value);
    }

    private void put(PhaseOutcome phase) {
        String name = phase.phase();
        figures.put(Metric.ycsb(name, "ops"), phase.operations());
        figures.put(Metric.ycsb(name, "seconds"), phase.nanos() / 1e9);
        figures.put(Metric.ycsb(name, "opsPerSec"), Math.round(phase.opsPerSec() * 10) / 10.0);
        for (Op op : phase.counts().keySet()) {
            String label = op.label();
            figures.put(Metric.ycsb(name, label, "count"), phase.counts().get(op));
            figures.put(Metric.ycsb(name, label, "opsPerSec"), Math.round(phase.opsPerSec(op) * 10) / 10.0);
            latency(name, label, "service", phase.service().get(op));
            latency(name, label, "intended", phase.intended().get(op));
        }
    }

    private void latency(String phase, String op, String kind, Latency latency) {
        if (latency == null) {
            return;
        }
        latency.percentiles().forEach((p, nanos) -> figures.put(Metric.ycsbLatency(phase, op, kind, p), nanos));
    }
}
