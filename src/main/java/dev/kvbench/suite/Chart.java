package dev.kvbench.suite;

/**
 * How the report draws a test, as {@code out-N.meta} tells it: {@code panels} (bars per engine, a
 * panel per workload), {@code settings} (variants of one engine) or {@code sweep} (a parameter on
 * the x axis); and whether its scores may be ranked (a smoke test only checks that runs work).
 *
 * @param kind   panels, settings, sweep or crash
 * @param sweep  the parameter on a sweep chart's x axis (valSize, batchSize); "" otherwise
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

    /** The same chart, not ranked. */
    public Chart unranked() {
        return new Chart(kind, sweep, false);
    }
}
