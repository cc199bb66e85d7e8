package dev.kvbench.report.folder;

import dev.kvbench.results.Metric;

/**
 * Write and space amplification of one run of the amplification test, from its side-file figures: the
 * report's one place for this arithmetic. Bytes written in a phase are this JVM's {@code write_bytes}
 * less its {@code cancelled_write_bytes} (pages dirtied, then dropped before they reached the device);
 * the device counter's bytes are the cross-check (NaN when it was unknown, -1 in the side file).
 *
 * @param userBytes          keys and values of the data set
 * @param overwrites         the overwrite phase's puts as a multiple of the data set
 * @param loadWritten        bytes written by the load
 * @param loadDevice         bytes the device counted during the load
 * @param overwriteUser      keys and values put by the overwrite phase
 * @param overwriteWritten   bytes written by the overwrite phase
 * @param overwriteDevice    bytes the device counted during it
 * @param sizeAfterLoad      bytes the store folder held after the load
 * @param sizeAfterOverwrite bytes it held after the overwrites
 * @param changedValues      whether every overwrite changed its key's bytes ({@link Metric#AMP_OVERWRITE_CHANGES}); false
 *                           in results from before 2026-11-26, whose overwrites put each key's own value again
 */
public record Amplification(
        double userBytes,
        double overwrites,
        double loadWritten,
        double loadDevice,
        double overwriteUser,
        double overwriteWritten,
        double overwriteDevice,
        double sizeAfterLoad,
        double sizeAfterOverwrite,
        boolean changedValues) {

    public static Amplification of(Result r) {
        return new Amplification(
                r.metric(Metric.AMP_USER_BYTES),
                r.metric(Metric.AMP_OVERWRITES),
                written(r, "load"),
                device(r, "load"),
                r.metric(Metric.amp("overwrite", "userBytes")),
                written(r, "overwrite"),
                device(r, "overwrite"),
                r.metric(Metric.amp("load", "storageBytes")),
                r.metric(Metric.amp("overwrite", "storageBytes")),
                r.metric(Metric.AMP_OVERWRITE_CHANGES) >= 1);
    }

    /**
     * Whether the overwrite figures of {@code spec}'s run measure nothing: its overwrites put each key's own value
     * again and its engine skips such a put ({@link dev.kvbench.store.Engine#skipsUnchangedPuts}).
     */
    public boolean overwritesSkipped(String spec) {
        return !changedValues && Specs.skipsUnchangedPuts(spec);
    }

    private static double written(Result r, String phase) {
        return r.metric(Metric.amp(phase, "processWriteBytes")) - r.metric(Metric.amp(phase, "cancelledWriteBytes"));
    }

    private static double device(Result r, String phase) {
        double bytes = r.metric(Metric.amp(phase, "deviceWriteBytes"));
        return bytes < 0 ? Double.NaN : bytes;
    }

    /** {@code bytes ÷ user}; NaN when either is unknown or {@code user} is not above 0. */
    static double ratio(double bytes, double user) {
        return Double.isNaN(bytes) || Double.isNaN(user) || user <= 0 ? Double.NaN : bytes / user;
    }

    public double writeAmpLoad() {
        return ratio(loadWritten, userBytes);
    }

    public double writeAmpOverwrite() {
        return ratio(overwriteWritten, overwriteUser);
    }

    public double deviceAmpLoad() {
        return ratio(loadDevice, userBytes);
    }

    public double deviceAmpOverwrite() {
        return ratio(overwriteDevice, overwriteUser);
    }

    public double spaceAmpLoad() {
        return ratio(sizeAfterLoad, userBytes);
    }

    public double spaceAmpOverwrite() {
        return ratio(sizeAfterOverwrite, userBytes);
    }
}
