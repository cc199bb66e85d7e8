package dev.kvbench.report.folder;

import dev.kvbench.results.TrialRecord;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which run a figure belongs to: the JMH benchmark ({@code dev.kvbench.bench.ReadKey.readKey})
 * and every JMH parameter, as the strings JMH printed. The JMH CSV, the side file and the JMH log
 * all name runs this way, which is how they are joined.
 */
public record RunKey(String benchmark, Map<String, String> params) {

    public RunKey {
        params = Collections.unmodifiableMap(new TreeMap<>(params));
    }

    /** The workload: the benchmark method name, the part after the last dot. */
    public String workload() {
        return TrialRecord.workloadOf(benchmark);
    }

    /**
     * Whether this is a direct-API baseline (a benchmark class named {@code Direct...}): the
     * engine's own API on the store its adapter opened, the yardstick of the Store path.
     */
    public boolean direct() {
        String type = benchmark.substring(0, Math.max(0, benchmark.lastIndexOf('.')));
        return type.substring(type.lastIndexOf('.') + 1).startsWith("Direct");
    }

    /** The same run through the Store path: the Store benchmark of this workload, with the same parameters. */
    public boolean sameRunAs(RunKey other) {
        return workload().equals(other.workload()) && params.equals(other.params);
    }

    /** The store spec, e.g. {@code lmdb} or {@code lmdb:sync=true}; "" when absent. */
    public String store() {
        return param("store");
    }

    public String param(String name) {
        return params.getOrDefault(name, "");
    }
}
