package dev.kvbench.report;

import dev.kvbench.results.TrialRecord;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which run a figure belongs to: the JMH benchmark ({@code dev.kvbench.bench.ReadKey.readKey})
 * and every JMH parameter, as the strings JMH printed. The JMH CSV, the side file and the JMH log
 * all name runs this way, which is how they are joined.
 */
record RunKey(String benchmark, Map<String, String> params) {

    RunKey {
        params = Collections.unmodifiableMap(new TreeMap<>(params));
    }

    /** The workload: the benchmark method name, the part after the last dot. */
    String workload() {
        return TrialRecord.workloadOf(benchmark);
    }

    /**
     * Whether this is a direct-API baseline (a benchmark class named {@code Direct...}): the
     * engine's own API on the store its adapter opened, the yardstick of the Store path.
     */
    boolean direct() {
        String type = benchmark.substring(0, Math.max(0, benchmark.lastIndexOf('.')));
        return type.substring(type.lastIndexOf('.') + 1).startsWith("Direct");
    }

    /** The same run through the Store path: the Store benchmark of this workload, with the same parameters. */
    boolean sameRunAs(RunKey other) {
        return workload().equals(other.workload()) && params.equals(other.params);
    }

    /** The store spec, e.g. {@code lmdb} or {@code lmdb:sync=true}; "" when absent. */
    String store() {
        return param("store");
    }

    String param(String name) {
        return params.getOrDefault(name, "");
    }
}
