package dev.kvbench.trial;

import dev.kvbench.measure.CpuAccount;
import dev.kvbench.measure.Memory;
import dev.kvbench.measure.Sampler;

/**
 * What measures one trial's hidden costs while it runs: its CPU window, its memory peaks and the sampler (open files,
 * the CPU between samples), and which threads are the benchmark's. Kept apart from {@link Trial} so that the trial reads
 * as its lifecycle; nothing here decides when to measure or what a failure does.
 */
final class TrialInstruments {

    private final ThreadLocal<Boolean> marked = ThreadLocal.withInitial(() -> Boolean.FALSE);
    private CpuAccount cpu;
    private Sampler sampler;
    private Memory memory;

    /** Resets the memory peaks, opens the CPU window with the calling thread measured, and starts the sampler. */
    void start() {
        memory = new Memory();
        memory.reset();
        cpu = new CpuAccount();
        markThread();
        sampler = Sampler.start(cpu);
    }

    /**
     * Marks the calling thread as measured, once per thread: every thread that runs a pass,
     * opens or closes a store (JMH may use several workers, {@code -t}), so that no benchmark
     * thread is mistaken for an engine thread. Nothing before {@link #start()}.
     */
    void markThread() {
        if (cpu != null && !marked.get()) {
            cpu.measureCurrentThread();
            marked.set(Boolean.TRUE);
        }
    }

    /** Takes a sample now (open files, CPU), as before a store closes or after it opens. */
    void sampleNow() {
        sampler.sampleNow();
    }

    /** The CPU window, for the work it excludes (LMDB's compacting copy). */
    CpuAccount cpu() {
        return cpu;
    }

    /** While {@code quiet}, the sampler only samples the CPU, at its usual period, and counts no open files. */
    void quiet(boolean quiet) {
        if (sampler != null) {
            sampler.quiet(quiet);
        }
    }

    /** Stops the sampler and the CPU window and records what they measured in {@code metrics}; nothing once stopped. */
    void stopInto(TrialMetrics metrics) {
        if (sampler == null) {
            return;
        }
        sampler.close();
        metrics.hiddenCosts(cpu.stop(), sampler, memory);
        sampler = null;
    }
}
