package dev.kvbench.measure;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * CPU time over a window (one trial), split by {@link ThreadKind}.
 *
 * <p>The process total comes from {@code CLOCK_PROCESS_CPUTIME_ID} ({@link ProcessClock}),
 * which includes threads that ended during the window. Each
 * live thread's time comes from {@code /proc/self/task/<tid>/schedstat}, sampled at the start,
 * periodically by the {@link Sampler} and at the end; a thread's share is its last sample minus
 * its first (zero for threads born in the window). The engine's background CPU is what is left:
 * process minus measured minus JVM and harness threads, so an engine thread that ended before
 * being sampled still counts. A JVM thread that ended between samples (a C2 compiler thread
 * retired by the JVM) leaves at most one sampling period (250 ms) of its time in the background
 * figure.
 *
 * <p>Resolution: the clocks are exact, but the threads are sampled one after the other while
 * the JIT keeps compiling, so the split is good to a few milliseconds per trial; a background
 * figure that would come out below zero is reported as zero. Work the harness asks of an engine
 * for a measurement (LMDB's compacting copy) is {@link #exclude(Runnable) left out}.
 */
public final class CpuAccount {

    /** {@code -Dkvbench.debugCpu=true} prints every thread's share at the end of a window. */
    private static final boolean DEBUG = Boolean.getBoolean("kvbench.debugCpu");

    private final Set<Integer> measuredTids = ConcurrentHashMap.newKeySet();
    private final Map<Integer, ThreadSample> first = new ConcurrentHashMap<>();
    private final Map<Integer, ThreadSample> last = new ConcurrentHashMap<>();
    private final long processStart;
    private long excludedProcess;
    private long excludedMeasured;

    private record ThreadSample(String comm, long nanos) {}

    public CpuAccount() {
        processNanos(); // loads the clock before the window, not inside it
        // Other threads, then this one, then the process: the cost of sampling is in neither.
        int self = Proc.currentTid();
        sample(self);
        sample(List.of(self));
        first.putAll(last);
        this.processStart = processNanos();
    }

    /** Marks the calling thread as a measured (benchmark) thread. */
    public void measureCurrentThread() {
        int tid = Proc.currentTid();
        if (tid > 0) {
            measuredTids.add(tid);
        }
    }

    /**
     * Runs {@code work} on the calling (measured) thread and leaves its CPU out of the window:
     * the process time it took, threads it started included, is subtracted from the process
     * total, and the calling thread's from the measured total. For measurements the harness
     * makes, like LMDB's compacting copy, which runs a copy thread of its own.
     */
    public void exclude(Runnable work) {
        int tid = Proc.currentTid();
        long process = processNanos();
        long thread = Proc.threadCpuNanos(tid);
        try {
            work.run();
        } finally {
            excludedProcess += processNanos() - process;
            excludedMeasured += Proc.threadCpuNanos(tid) - thread;
        }
    }

    /** Samples every live thread; threads first seen now start at zero. */
    public void sample() {
        sample(Proc.tids());
    }

    private void sample(int except) {
        List<Integer> tids = new ArrayList<>(Proc.tids());
        tids.remove(Integer.valueOf(except));
        sample(tids);
    }

    private void sample(List<Integer> tids) {
        for (int tid : tids) {
            long nanos = Proc.threadCpuNanos(tid);
            if (nanos < 0) {
                continue;
            }
            ThreadSample previous = last.get(tid);
            String comm = previous == null ? Proc.comm(tid) : previous.comm();
            if (previous != null && nanos < previous.nanos()) {
                // the id was reused by a new thread: the old one's time stays in the process total
                comm = Proc.comm(tid);
                first.put(tid, new ThreadSample(comm, 0));
            }
            last.put(tid, new ThreadSample(comm, nanos));
        }
    }

    /** Ends the window: the CPU milliseconds of each kind and of the whole process. */
    public Cpu stop() {
        // The process, then this thread, then the others: the cost of sampling is in neither.
        long processNanos = processNanos() - processStart - excludedProcess;
        int self = Proc.currentTid();
        sample(List.of(self));
        sample(self);
        Map<ThreadKind, Long> nanos = new HashMap<>();
        for (Map.Entry<Integer, ThreadSample> entry : last.entrySet()) {
            ThreadSample start = first.get(entry.getKey());
            long used = entry.getValue().nanos() - (start == null ? 0 : start.nanos());
            ThreadKind kind = ThreadKind.of(entry.getValue().comm(), measuredTids.contains(entry.getKey()));
            nanos.merge(kind, used, Long::sum);
            if (DEBUG && used > 0) {
                System.err.printf(
                        "kvbench cpu: %-8s %-16s tid %d %.3f ms%n",
                        kind, entry.getValue().comm(), entry.getKey(), used / 1e6);
            }
        }
        if (DEBUG) {
            java.util.Set<Integer> alive = new java.util.HashSet<>(Proc.tids());
            for (Map.Entry<Integer, ThreadSample> entry : last.entrySet()) {
                if (!alive.contains(entry.getKey())) {
                    System.err.printf(
                            "kvbench cpu: ended    %-16s tid %d%n",
                            entry.getValue().comm(), entry.getKey());
                }
            }
            System.err.printf("kvbench cpu: process %.3f ms%n", processNanos / 1e6);
        }
        return new Cpu(
                processNanos,
                nanos.getOrDefault(ThreadKind.MEASURED, 0L) - excludedMeasured,
                nanos.getOrDefault(ThreadKind.JVM, 0L),
                nanos.getOrDefault(ThreadKind.HARNESS, 0L),
                nanos.getOrDefault(ThreadKind.ENGINE, 0L));
    }

    /** CPU nanoseconds the whole process has used so far, every thread's, ended ones included. */
    public static long processNanos() {
        return ProcessClock.nanos();
    }

    /**
     * CPU time of one window, in nanoseconds.
     *
     * @param process  the whole process, including threads that ended in the window
     * @param measured the benchmark threads
     * @param jvm      JIT, GC and VM service threads
     * @param harness  the JMH control thread and the kvbench sampler
     * @param engine   live threads that are none of the above (for information: the background
     *                 figure is computed from the process total)
     */
    public record Cpu(long process, long measured, long jvm, long harness, long engine) {

        /** Process minus measured minus JVM and harness: the engine's own threads, dead or alive. */
        public long background() {
            return Math.max(0, process - measured - jvm - harness);
        }
    }
}
