package dev.kvbench.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time the hypervisor took from this guest (steal, the eighth figure of {@code /proc/stat}'s first line)
 * between two readings, as a share of all the CPU time that passed: what another tenant of the host cost this run.
 */
public final class Steal {

    private Steal() {}

    /** The first line of {@code /proc/stat}: user, nice, system, idle, iowait, irq, softirq, steal (jiffies); null elsewhere. */
    public static long[] cpuTimes() {
        try {
            String first = Files.readAllLines(Path.of("/proc/stat"), StandardCharsets.UTF_8)
                    .get(0);
            String[] f = first.trim().split("\\s+");
            long[] times = new long[Math.min(8, f.length - 1)];
            for (int i = 0; i < times.length; i++) {
                times[i] = Long.parseLong(f[i + 1]);
            }
            return times;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The steal between two {@link #cpuTimes()} readings, in percent; NaN when either is missing or no time passed. */
    public static double percent(long[] before, long[] after) {
        if (before == null || after == null || after.length < 8 || before.length < 8) {
            return Double.NaN;
        }
        long total = 0;
        for (int i = 0; i < 8; i++) {
            total += after[i] - before[i];
        }
        return total > 0 ? 100.0 * (after[7] - before[7]) / total : Double.NaN;
    }
}
