package dev.kvbench.results;

import java.util.List;

/**
 * The names of the measurements in a {@link TrialRecord}'s {@code metrics}, the one place they
 * are spelled. docs/results-format.md says what each one measures and in which unit.
 */
public final class Metric {

    /** Bytes of the data set as a flat array: {@code num × (keySize + valSize)}. */
    public static final String FLAT_BYTES = "flatBytes";

    /** Bytes allocated in the store folder (stat {@code st_blocks × 512}) while the store is open. */
    public static final String STORAGE_BEFORE_CLOSE = "storage.beforeCloseBytes";
    /** Bytes allocated in the store folder after close. */
    public static final String STORAGE_AFTER_CLOSE = "storage.afterCloseBytes";
    /** Regular files in the store folder after close. */
    public static final String STORAGE_FILES = "storage.files";
    /** Bytes of a compacting copy of the store (engines that offer one: LMDB), when there was room for it. */
    public static final String STORAGE_COMPACT_COPY = "storage.compactCopyBytes";

    /** CPU milliseconds of the whole benchmark JVM during the trial. */
    public static final String CPU_PROCESS = "cpu.processMs";
    /** CPU milliseconds of the benchmark's own threads. */
    public static final String CPU_MEASURED = "cpu.measuredMs";
    /** CPU milliseconds of the JVM's threads (GC, JIT) and the harness's sampler. */
    public static final String CPU_JVM = "cpu.jvmMs";
    /** CPU milliseconds of the engine's own threads: the rest. */
    public static final String CPU_BACKGROUND = "cpu.backgroundMs";

    /** The most file descriptors open at once in the benchmark JVM. */
    public static final String FD_PEAK = "fd.peak";

    /** Peak resident memory of the benchmark JVM, bytes. */
    public static final String RSS_PEAK = "mem.rssPeakBytes";
    /** {@code true} when {@link #RSS_PEAK} is the JVM's lifetime peak, not this trial's (it could not be reset). */
    public static final String RSS_PEAK_IS_LIFETIME = "mem.rssPeakIsLifetime";
    /** Peak used Java heap, bytes. */
    public static final String HEAP_PEAK = "mem.heapPeakBytes";

    /** Entries the last verified pass should find. */
    public static final String VERIFY_EXPECTED = "verify.expected";
    /** Entries the last verified pass found. */
    public static final String VERIFY_FOUND = "verify.found";
    /** The checksum of the last verified pass, hex, or null when the workload computes none. */
    public static final String VERIFY_CHECKSUM = "verify.checksum";

    /** Reader threads of a concurrent run (readWhileWriting, prefixScan). */
    public static final String READERS = "read.readers";
    /** Seconds from the common start of the readers to the last one's end. */
    public static final String READ_SECONDS = "read.seconds";
    /** Read operations (lookups, scans) of the run, every one verified. */
    public static final String READ_OPS = "read.ops";
    /** Read operations per second, all readers together. */
    public static final String READ_OPS_PER_SEC = "read.opsPerSec";
    /** Entries the read operations saw (a lookup: 1, a scan: its keys). */
    public static final String READ_ITEMS = "read.items";
    /** Entries seen per second, all readers together (prefixScan: keys/s). */
    public static final String READ_ITEMS_PER_SEC = "read.itemsPerSec";
    /** The writer's target rate, writes per second; 0 = as fast as it could. Absent without a writer. */
    public static final String WRITE_TARGET = "write.targetPerSec";
    /** Entries the writer put and committed during the run. */
    public static final String WRITE_COUNT = "write.count";
    /** The writer's achieved rate, writes per second. */
    public static final String WRITE_PER_SEC = "write.achievedPerSec";
    /** The prefix of the read latency percentiles: {@code latency.p50Ns} ... {@code latency.maxNs}. */
    public static final String LATENCY_PREFIX = "latency.";

    /** Every metric name (a line holds those that were measured, in the order they were). */
    public static final List<String> ALL = List.of(FLAT_BYTES, STORAGE_BEFORE_CLOSE, STORAGE_AFTER_CLOSE,
            STORAGE_FILES, STORAGE_COMPACT_COPY, VERIFY_EXPECTED, VERIFY_FOUND, VERIFY_CHECKSUM, CPU_PROCESS,
            CPU_MEASURED, CPU_JVM, CPU_BACKGROUND, FD_PEAK, RSS_PEAK, RSS_PEAK_IS_LIFETIME, HEAP_PEAK,
            READERS, READ_SECONDS, READ_OPS, READ_OPS_PER_SEC, READ_ITEMS, READ_ITEMS_PER_SEC, WRITE_TARGET,
            WRITE_COUNT, WRITE_PER_SEC, latency("p50"), latency("p90"), latency("p99"), latency("p99.9"),
            latency("p99.99"), latency("max"));

    /** The metric of a read latency percentile ({@code p99.9}, {@code max}), in nanoseconds. */
    public static String latency(String percentile) {
        return LATENCY_PREFIX + percentile + "Ns";
    }

    private Metric() {
    }

    /** Whether {@code name} is a peak (open files, memory): forks of one combination combine by their maximum. */
    public static boolean isPeak(String name) {
        return name.startsWith("fd.") || name.startsWith("mem.");
    }

    /** Whether {@code name} is a CPU time: forks of one combination combine by their mean. */
    public static boolean isCpuTime(String name) {
        return name.startsWith("cpu.");
    }
}
