package dev.kvbench.suite;

/**
 * How the report draws a test, as {@code out-N.meta} tells it: {@code panels} (bars per engine, a
 * panel per workload), {@code settings} (variants of one engine), {@code sweep} (a parameter on
 * the x axis), {@code threads} (throughput lines against reader threads) or {@code concurrent}
 * (readers under a writer: tables and latency percentiles); and whether its scores may be ranked
 * (a smoke test only checks that runs work).
 *
 * @param kind   panels, settings, sweep, crash, threads or concurrent
 * @param sweep  the parameter on a sweep or threads chart's x axis (valSize, batchSize, readers); "" otherwise
 * @param ranked whether the report may rank engines on this test
 */
public record Chart(String kind, String sweep, boolean ranked) {

    public static Chart panels() {
        return new Chart("panels", "", true);
    }

    public static Chart settings() {
        return new Chart("settings", "", true);
    }

    public static Chart sweep(String parameter) {
        return new Chart("sweep", parameter, true);
    }

    /** Throughput against reader threads (readKeyThreads): a line per engine, the {@code readers} parameter on the x axis. */
    public static Chart threads() {
        return new Chart("threads", "readers", false);
    }

    /** A concurrent run (readWhileWriting, prefixScan): throughput and writer tables, latency percentiles. */
    public static Chart concurrent() {
        return new Chart("concurrent", "", false);
    }

    /** The same chart, not ranked. */
    public Chart unranked() {
        return new Chart(kind, sweep, false);
    }
}
