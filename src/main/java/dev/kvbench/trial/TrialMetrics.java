package dev.kvbench.trial;

import dev.kvbench.measure.CpuAccount;
import dev.kvbench.measure.Memory;
import dev.kvbench.measure.Sampler;
import dev.kvbench.measure.Storage;
import dev.kvbench.results.Metric;
import dev.kvbench.workload.Pass;
import dev.kvbench.workload.PassCheck;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a {@link Trial} measured, named as the results format names it ({@link Metric}), in the
 * order it was measured. A figure that could not be measured is left out, never written as zero.
 */
final class TrialMetrics {

    private final Map<String, Object> values = new LinkedHashMap<>();

    TrialMetrics(long flatBytes) {
        values.put(Metric.FLAT_BYTES, flatBytes);
    }

    /** The flat bytes, once the exact figure is known (a tree's keys and values vary in length). */
    void flatBytes(long flatBytes) {
        values.put(Metric.FLAT_BYTES, flatBytes);
    }

    /** The last verified pass: what it should find, what it found, its fold as its check records it (or null). */
    void verified(PassCheck expected, Pass pass) {
        values.put(Metric.VERIFY_EXPECTED, expected.count());
        values.put(Metric.VERIFY_FOUND, pass.count());
        values.put(Metric.VERIFY_CHECKSUM, expected.recorded(pass.checksum()));
    }

    /** Storage of the open store; returns the bytes. */
    long storageBeforeClose(Path storeDir) {
        long bytes = Storage.allocatedBytes(storeDir);
        values.put(Metric.STORAGE_BEFORE_CLOSE, bytes);
        return bytes;
    }

    void compactCopy(Path copy) {
        values.put(Metric.STORAGE_COMPACT_COPY, Storage.allocatedBytes(copy));
    }

    void storageAfterClose(Path storeDir) {
        values.put(Metric.STORAGE_AFTER_CLOSE, Storage.allocatedBytes(storeDir));
        values.put(Metric.STORAGE_FILES, Storage.fileCount(storeDir));
    }

    /** The trial's CPU split, peak open files and memory peaks. */
    void hiddenCosts(CpuAccount.Cpu used, Sampler sampler, Memory memory) {
        values.put(Metric.CPU_PROCESS, millis(used.process()));
        values.put(Metric.CPU_MEASURED, millis(used.measured()));
        values.put(Metric.CPU_JVM, millis(used.jvm() + used.harness()));
        values.put(Metric.CPU_BACKGROUND, millis(used.background()));
        if (sampler.peakFds() >= 0) {
            values.put(Metric.FD_PEAK, sampler.peakFds());
        }
        long rss = memory.rssPeakBytes();
        if (rss >= 0) {
            values.put(Metric.RSS_PEAK, rss);
            if (!memory.rssPeakIsPerTrial()) {
                values.put(Metric.RSS_PEAK_IS_LIFETIME, true);
            }
        }
        values.put(Metric.HEAP_PEAK, memory.heapPeakBytes());
    }

    /** Figures the benchmark measured itself, under their {@code Metric} names. */
    void record(Map<String, Object> figures) {
        values.putAll(figures);
    }

    Map<String, Object> values() {
        return values;
    }

    /** Nanoseconds as milliseconds with three decimals. */
    private static double millis(long nanos) {
        return Math.round(nanos / 1000.0) / 1000.0;
    }
}
