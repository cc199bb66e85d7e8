package dev.kvbench.suite;

import dev.kvbench.report.section.ChartKind;

/**
 * How the report draws a test, as {@code out-N.meta} tells it: its kind ({@link ChartKind} lists them), the swept
 * parameter, and whether its scores may be ranked (a smoke test only checks that runs work).
 *
 * @param kind   the kind's name in the meta file, {@link ChartKind#id()}
 * @param sweep  the parameter on a sweep or threads chart's x axis (valSize, batchSize, readers); "" otherwise
 * @param ranked whether the report may rank engines on this test
 */
public record Chart(String kind, String sweep, boolean ranked) {

    /** YCSB workloads: throughput and latency per operation; the kind names its winners from the run phase's turns. */
    public static Chart ycsb() {
        return new Chart(ChartKind.YCSB.id(), "", false);
    }

    /** One workload at growing sizes, across tests: entries on the x axis. */
    public static Chart scale() {
        return new Chart(ChartKind.SCALE.id(), "num", true);
    }

    /** The directory-tree walk: walks/s per value encoding. */
    public static Chart dirWalk() {
        return new Chart(ChartKind.DIR_WALK.id(), "encoding", true);
    }

    /** Write and space amplification: figures per engine, not a time to rank. */
    public static Chart amp() {
        return new Chart(ChartKind.AMP.id(), "", false);
    }

    public static Chart panels() {
        return new Chart(ChartKind.PANELS.id(), "", true);
    }

    public static Chart settings() {
        return new Chart(ChartKind.SETTINGS.id(), "", true);
    }

    public static Chart sweep(String parameter) {
        return new Chart(ChartKind.SWEEP.id(), parameter, true);
    }

    /** Throughput against reader threads (readKeyThreads): a line per engine, the {@code readers} parameter on the x axis. */
    public static Chart threads() {
        return new Chart(ChartKind.THREADS.id(), "readers", false);
    }

    /** A concurrent run (readWhileWriting, prefixScan): throughput and writer tables, latency percentiles. */
    public static Chart concurrent() {
        return new Chart(ChartKind.CONCURRENT.id(), "", false);
    }

    /** The same chart, not ranked. */
    public Chart unranked() {
        return new Chart(kind, sweep, false);
    }
}
