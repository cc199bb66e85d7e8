package dev.kvbench.measure;

import java.util.List;

/**
 * Who a thread of the benchmark JVM works for, decided from the ids of the measured threads and
 * otherwise from the thread's kernel name ({@code comm}, the first 15 characters of its name).
 *
 * <p>A native thread an engine starts without naming it inherits the name of the thread that
 * started it (often the JMH worker), so measured threads are recognised by id, never by name,
 * and whatever is neither measured, the JVM's nor the harness's is the engine's.
 */
public enum ThreadKind {
    /** The benchmark threads that run the workload (JMH workers), recognised by id. */
    MEASURED,
    /** The JVM's own housekeeping: JIT compilers, garbage collectors, VM service threads. */
    JVM,
    /** The benchmark harness: the JMH control thread, the kvbench sampler, process reapers. */
    HARNESS,
    /** Everything else: threads the engine started (compaction, flushing, cleaning...). */
    ENGINE;

    /** The name of the sampler thread, 15 characters so the kernel keeps all of it. */
    public static final String SAMPLER_NAME = "kvbench-sampler";

    private static final List<String> JVM_PREFIXES = List.of(
            "C1 CompilerThre",
            "C2 CompilerThre",
            "JVMCI CompilerT",
            "Sweeper thread",
            "GC Thread#",
            "G1 ",
            "ParGC Thread#",
            "Z",
            "Shenandoah",
            "VM Thread",
            "VM Periodic Tas",
            "Reference Handl",
            "Finalizer",
            "Signal Dispatch",
            "Service Thread",
            "Monitor Deflati",
            "Common-Cleaner",
            "Notification Th",
            "Attach Listener",
            "VM JFR",
            "JFR ");

    private static final List<String> HARNESS_NAMES = List.of(SAMPLER_NAME, "process reaper", "java");

    static ThreadKind of(String comm, boolean measured) {
        if (measured) {
            return MEASURED;
        }
        if (comm == null) {
            return ENGINE;
        }
        if (HARNESS_NAMES.contains(comm)) {
            return HARNESS;
        }
        for (String prefix : JVM_PREFIXES) {
            if (prefix.equals("Z") ? isZgc(comm) : comm.startsWith(prefix)) {
                return JVM;
            }
        }
        return ENGINE;
    }

    private static boolean isZgc(String comm) {
        return comm.startsWith("ZDirector")
                || comm.startsWith("ZDriver")
                || comm.startsWith("ZStat")
                || comm.startsWith("ZUnmapper")
                || comm.startsWith("ZWorker")
                || comm.startsWith("ZUncommitter");
    }
}
