package dev.kvbench.measure;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * CPU time over a window (one trial), split by {@link ThreadKind}.
 *
 * <p>The process total comes from {@code CLOCK_PROCESS_CPUTIME_ID} (through the JVM's
 * {@code OperatingSystemMXBean}), which includes threads that ended during the window. Each
 * live thread's time comes from {@code /proc/self/task/<tid>/schedstat}, sampled at the start,
 * periodically by the {@link Sampler} and at the end; a thread's share is its last sample minus
 * its first (zero for threads born in the window). The engine's background CPU is what is left:
 * process minus measured minus JVM and harness threads, so an engine thread that ended before
 * being sampled still counts. A JVM thread that ended between samples (a C2 compiler thread
 * retired by the JVM) leaves at most one sampling period of its time in the background figure.
 */
public final class CpuAccount {

    private final Set<Integer> measuredTids = ConcurrentHashMap.newKeySet();
    private final Map<Integer, ThreadSample> first = new ConcurrentHashMap<>();
    private final Map<Integer, ThreadSample> last = new ConcurrentHashMap<>();
    private final long processStart;

    private record ThreadSample(String comm, long nanos) {
    }

    public CpuAccount() {
        this.processStart = processCpuNanos();
        sample();
        first.putAll(last);
    }

    /** Marks the calling thread as a measured (benchmark) thread. */
    public void measureCurrentThread() {
        int tid = Proc.currentTid();
        if (tid > 0) {
            measuredTids.add(tid);
        }
    }

    /** Samples every live thread; threads first seen now start at zero. */
    public void sample() {
        for (int tid : Proc.tids()) {
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
        sample();
        long processNanos = processCpuNanos() - processStart;
        Map<ThreadKind, Long> nanos = new HashMap<>();
        for (Map.Entry<Integer, ThreadSample> entry : last.entrySet()) {
            ThreadSample start = first.get(entry.getKey());
            long used = entry.getValue().nanos() - (start == null ? 0 : start.nanos());
            ThreadKind kind = ThreadKind.of(entry.getValue().comm(), measuredTids.contains(entry.getKey()));
            nanos.merge(kind, used, Long::sum);
        }
        return new Cpu(processNanos, nanos.getOrDefault(ThreadKind.MEASURED, 0L),
                nanos.getOrDefault(ThreadKind.JVM, 0L), nanos.getOrDefault(ThreadKind.HARNESS, 0L),
                nanos.getOrDefault(ThreadKind.ENGINE, 0L));
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long nanos = os.getProcessCpuTime();
            if (nanos >= 0) {
                return nanos;
            }
        }
        return Proc.statCpuNanos(Proc.read(Proc.SELF.resolve("stat")));
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
