package dev.kvbench.report;

import java.util.Map;

/**
 * Everything known about one run once the JMH CSV, the side file and the JMH log are joined:
 * its time per pass in milliseconds (NaN without a JMH score), JMH's 99.9% error, its status,
 * and its measurements aggregated over forks.
 */
record Result(RunKey key, double ms, double errorMs, Status status, String reason, Map<String, Double> metrics) {

    enum Status {
        OK, SKIPPED, FAILED;

        String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    boolean ok() {
        return status == Status.OK && !Double.isNaN(ms);
    }

    /** A measurement from the side file, NaN when the engine or the run did not report it. */
    double metric(String name) {
        Double value = metrics.get(name);
        return value == null ? Double.NaN : value;
    }

    String workload() {
        return key.workload();
    }

    String store() {
        return key.store();
    }
}
