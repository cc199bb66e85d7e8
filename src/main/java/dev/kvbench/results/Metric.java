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

    /**
     * A failed trial the trial timeout killed while its measured pass was under way: how long that pass had run, ms (a
     * lower bound of its time). Absent when it was killed before a pass began, or after one ended.
     */
    public static final String TIMEOUT_PASS_MS = "timeout.passAtLeastMs";

    /** Entries the last verified pass should find. */
    public static final String VERIFY_EXPECTED = "verify.expected";
    /** Entries the last verified pass found. */
    public static final String VERIFY_FOUND = "verify.found";
    /** The checksum of the last verified pass, hex, or null when the workload computes none. */
    public static final String VERIFY_CHECKSUM = "verify.checksum";

    /** Direct-API baselines only: mean ms of the measured passes through the engine's own API. */
    public static final String HARNESS_DIRECT = "harness.directMs";
    /** Direct-API baselines only: mean ms of the interleaved measured passes through the Store path. */
    public static final String HARNESS_STORE = "harness.storeMs";
    /** Direct-API baselines only: the geometric mean of the pairs' ratios, Store pass ÷ direct pass. */
    public static final String HARNESS_RATIO = "harness.ratio";
    /** Direct-API baselines only: the 99.9% half-width of that ratio, from the pairs' log ratios. */
    public static final String HARNESS_RATIO_ERROR = "harness.ratioError";
    /** Direct-API baselines only: measured pairs (one direct and one Store pass each). */
    public static final String HARNESS_PAIRS = "harness.pairs";
    /**
     * Direct-API baselines only: 1 when the direct cursor passes fold every key as the Store path's do (the same
     * reads); absent in runs from before they did, whose direct passes read only the values.
     */
    public static final String HARNESS_DIRECT_KEYS = "harness.directKeys";
    /** Page-cache drops of the store's files a cold-cache trial made ({@code -Dkvbench.cache=cold}): one before each iteration. */
    public static final String CACHE_DROPS = "cache.drops";
    /** Bytes of the store's files (apparent sizes) at the largest drop. */
    public static final String CACHE_FILE_BYTES = "cache.fileBytes";
    /** The most bytes of the store's files still in the page cache just after a drop (pages the engine maps stay). */
    public static final String CACHE_RESIDENT_AFTER_DROP = "cache.residentAfterDropBytes";

    /**
     * Interleaved read trials only: the workload of the earlier trial in the same JVM that loaded the store this
     * trial opened again from its folder (absent: the trial wrote its own store).
     */
    public static final String LOADED_BY = "store.loadedBy";
    /** Passes a trial ran before JMH's warmup while its pass time settled (verified, untimed); absent when it did not settle at all (single-shot mode, or settling turned off). */
    public static final String SETTLE_PASSES = "settle.passes";
    /** Milliseconds those passes took. */
    public static final String SETTLE_MS = "settle.ms";
    /**
     * 1 when the pass time settled (the last three windows' medians within 5% of each other, the JIT compiling
     * for at most a tenth of the last window), 0 when it was still changing at the cap; over forks, the lowest.
     */
    public static final String SETTLED = "settle.settled";
    /** The median of the last settling window, ms per pass. */
    public static final String SETTLE_LAST_MS = "settle.lastMs";
    /** The most time settling could take in that trial, ms ({@code -Dkvbench.settle.maxMs}, or the default). */
    public static final String SETTLE_MAX_MS = "settle.maxMs";
    /** dirWalk: walks done (and verified) in the measured iterations, every thread together. */
    public static final String WALKS = "dirWalk.walks";
    /** dirWalk: lookups per walk, {@code depth + 1} (the last one the miss below a leaf); lookups/s = score × this. */
    public static final String LOOKUPS_PER_WALK = "dirWalk.lookupsPerWalk";
    /**
     * dirWalk: bytes the walking threads allocated per walk in the measured iterations (JVM
     * thread allocation counters, {@code ThreadMXBean.getCurrentThreadAllocatedBytes}), rounded.
     */
    public static final String ALLOC_PER_WALK = "alloc.bytesPerWalk";
    /** Crash test: repetitions (kills of the writer, reopens). */
    public static final String CRASH_REPS = "crash.reps";
    /** Crash test: repetitions whose store opened again after the kill. */
    public static final String CRASH_OPENED = "crash.opened";
    /** Crash test: entries acknowledged (committed) before the kills, summed over repetitions. */
    public static final String CRASH_ACKED = "crash.ackedEntries";
    /** Crash test: acknowledged entries missing after reopen, summed (a store that did not open lost them all). */
    public static final String CRASH_LOST = "crash.lostAcked";
    /** Crash test: the most acknowledged entries one repetition lost. */
    public static final String CRASH_LOST_MAX = "crash.lostAckedMax";
    /**
     * Crash test: acknowledged entries present with a value other than the one written, summed
     * (before 2026-11-24 every entry with a wrong value, acknowledged or not, was counted here).
     */
    public static final String CRASH_CORRUPT = "crash.corrupt";
    /** Crash test: unacknowledged entries present with a wrong value (a write the kill tore), summed; allowed. */
    public static final String CRASH_TORN = "crash.tornUnacked";
    /** Crash test: entries of the unacknowledged batch present after reopen, summed (allowed, not required). */
    public static final String CRASH_UNACKED_PRESENT = "crash.unackedPresent";
    /** Crash test: median time to open the killed store in a new JVM (recovery included), ms. */
    public static final String CRASH_REOPEN_MEDIAN = "crash.reopenMsMedian";
    /** Crash test: the longest such open, ms. */
    public static final String CRASH_REOPEN_MAX = "crash.reopenMsMax";
    /** Crash test: why the store did not open, the first time it did not (a string), or null. */
    public static final String CRASH_NOT_OPENED = "crash.notOpened";
    /**
     * Crash test: repetitions whose writer printed no acknowledgment within the time limit (alive and silent) and was
     * killed there, its repetition going on from that point.
     */
    public static final String CRASH_WRITER_SILENT = "crash.writerSilent";
    /** Crash test: the first such writer's reason (a string), or null. */
    public static final String CRASH_WRITER_SILENT_REASON = "crash.writerSilentReason";
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

    /** A 2016 read pass interleaved in turns of a fixed number of operations: the operations of each turn. */
    public static final String KV_TURN_OPS = "turn.ops";

    /** The prefix of the YCSB workload's figures: {@code ycsb.load.opsPerSec}, {@code ycsb.run.READ.service.p99Ns} ... */
    public static final String YCSB_PREFIX = "ycsb.";
    /** YCSB: the properties in force, {@code name=value} joined by {@code ; } (a string). */
    public static final String YCSB_PROPERTIES = "ycsb.properties";
    /** YCSB: client threads. */
    public static final String YCSB_THREADS = "ycsb.threads";
    /** YCSB: how writes were serialized for the Store contract's one writer (a string). */
    public static final String YCSB_WRITES = "ycsb.writes";
    /** YCSB, interleaved: the operations of one turn of the run phase (the same for every engine but far slower ones). */
    public static final String YCSB_TURN_OPS = "ycsb.run.turnOps";
    /** YCSB, interleaved: the measured turns of the run phase (its figures merge them). */
    public static final String YCSB_TURNS = "ycsb.run.turns";
    /**
     * YCSB, interleaved: the process CPU per operation of the measured turns, ns, the engine's work after each turn
     * until its JVM was quiet included (every thread: the client's, the engine's, the JVM's).
     */
    public static final String YCSB_CPU_PER_OP = "ycsb.run.cpuNsPerOp";
    /** YCSB, interleaved: the time the measured turns' JVM waited after them until it was quiet, ms in all. */
    public static final String YCSB_QUIET_MS = "ycsb.run.quietMs";
    /** YCSB: records found by the check of every record after the run (each at its last version). */
    public static final String YCSB_VERIFIED = "ycsb.verifiedRecords";

    /** YCSB: a figure of a phase ({@code load}, {@code run}): {@code ops}, {@code seconds}, {@code opsPerSec}, {@code storageBytes}. */
    public static String ycsb(String phase, String figure) {
        return YCSB_PREFIX + phase + "." + figure;
    }

    /** YCSB: a figure of one operation type in a phase: {@code count}, {@code opsPerSec}. */
    public static String ycsb(String phase, String op, String figure) {
        return YCSB_PREFIX + phase + "." + op + "." + figure;
    }

    /**
     * YCSB: a latency percentile of one operation type in a phase, nanoseconds; {@code kind}
     * {@code service} (from the operation's start) or {@code intended} (from its intended start, with a target).
     */
    public static String ycsbLatency(String phase, String op, String kind, String percentile) {
        return YCSB_PREFIX + phase + "." + op + "." + kind + "." + percentile + "Ns";
    }

    /** Amplification test: bytes of the data set as the user hands it over, keys plus values, {@code num × (keySize + valSize)}. */
    public static final String AMP_USER_BYTES = "amp.userBytes";
    /** Amplification test: how many times the overwrite phase put the data set's size again (random existing keys). */
    public static final String AMP_OVERWRITES = "amp.overwrites";
    /**
     * Amplification test: 1 when every overwrite changed its key's bytes (a key's value and its complement alternate).
     * Absent from results recorded before 2026-11-26, whose overwrites put each key's own value again, which an engine
     * may skip (SQLite does).
     */
    public static final String AMP_OVERWRITE_CHANGES = "amp.overwriteChanges";
    /** Amplification test: the block device of the disk folder ({@code vda}), or null when its counter cannot be read. */
    public static final String AMP_DEVICE = "amp.device";
    /** Amplification test: the phases, {@code load} (the data set into an empty store) and {@code overwrite}. */
    public static final List<String> AMP_PHASES = List.of("load", "overwrite");

    /**
     * Amplification test: a figure of one phase ({@code load}, {@code overwrite}), each from the store's open to its
     * close and a sync of the file system: {@code processWriteBytes} (this JVM's {@code /proc/self/io} write_bytes),
     * {@code cancelledWriteBytes} (its cancelled_write_bytes), {@code deviceWriteBytes} (the block device's sectors
     * written × 512, every process's; -1 unknown), {@code storageBytes} (allocated in the store folder after the phase),
     * {@code userBytes} (keys and values put in the phase).
     */
    public static String amp(String phase, String figure) {
        return "amp." + phase + "." + figure;
    }

    /** Every metric name (a line holds those that were measured, in the order they were). */
    public static final List<String> ALL = List.of(
            FLAT_BYTES,
            STORAGE_BEFORE_CLOSE,
            STORAGE_AFTER_CLOSE,
            STORAGE_FILES,
            STORAGE_COMPACT_COPY,
            VERIFY_EXPECTED,
            VERIFY_FOUND,
            VERIFY_CHECKSUM,
            CPU_PROCESS,
            CPU_MEASURED,
            CPU_JVM,
            CPU_BACKGROUND,
            FD_PEAK,
            RSS_PEAK,
            RSS_PEAK_IS_LIFETIME,
            HEAP_PEAK,
            TIMEOUT_PASS_MS,
            HARNESS_DIRECT,
            HARNESS_STORE,
            HARNESS_RATIO,
            HARNESS_RATIO_ERROR,
            HARNESS_PAIRS,
            SETTLE_PASSES,
            SETTLE_MS,
            SETTLED,
            SETTLE_LAST_MS,
            SETTLE_MAX_MS,
            CACHE_DROPS,
            CACHE_FILE_BYTES,
            CACHE_RESIDENT_AFTER_DROP,
            LOADED_BY,
            WALKS,
            LOOKUPS_PER_WALK,
            ALLOC_PER_WALK,
            CRASH_REPS,
            CRASH_OPENED,
            CRASH_ACKED,
            CRASH_LOST,
            CRASH_LOST_MAX,
            CRASH_CORRUPT,
            CRASH_TORN,
            CRASH_UNACKED_PRESENT,
            CRASH_REOPEN_MEDIAN,
            CRASH_REOPEN_MAX,
            CRASH_NOT_OPENED,
            CRASH_WRITER_SILENT,
            CRASH_WRITER_SILENT_REASON,
            READERS,
            READ_SECONDS,
            READ_OPS,
            READ_OPS_PER_SEC,
            READ_ITEMS,
            READ_ITEMS_PER_SEC,
            WRITE_TARGET,
            WRITE_COUNT,
            WRITE_PER_SEC,
            latency("p50"),
            latency("p90"),
            latency("p99"),
            latency("p99.9"),
            latency("p99.99"),
            latency("max"));

    /** The metric of a read latency percentile ({@code p99.9}, {@code max}), in nanoseconds. */
    public static String latency(String percentile) {
        return LATENCY_PREFIX + percentile + "Ns";
    }

    private Metric() {}

    /** Whether {@code name} is a peak (open files, memory): forks of one combination combine by their maximum. */
    public static boolean isPeak(String name) {
        return name.startsWith("fd.") || name.startsWith("mem.");
    }

    /** Whether {@code name} is a CPU time: forks of one combination combine by their mean. */
    public static boolean isCpuTime(String name) {
        return name.startsWith("cpu.");
    }
}
