package dev.kvbench.measure;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A light daemon thread, named {@value ThreadKind#SAMPLER_NAME} so that its own CPU counts as
 * harness, that counts open file descriptors every 10 ms (about 20 us each) and samples thread
 * CPU every 250 ms (about 0.5 ms each) for a {@link CpuAccount}: well under 1% of one core.
 * Peaks between two samples can be missed; callers also take {@link #sampleNow() synchronous
 * samples} at the moments files are most likely open (after opening a store, before closing it).
 */
public final class Sampler implements AutoCloseable {

    private static final long FD_PERIOD_MILLIS = 10;
    private static final int CPU_EVERY = 25;

    private final CpuAccount cpu;
    private final AtomicInteger peakFds = new AtomicInteger(-1);
    private final Thread thread;
    private volatile boolean running = true;
    /** While true (an interleaved trial waiting for its turn), only the CPU is sampled, every {@link #CPU_EVERY} ticks. */
    private volatile boolean quiet;

    private Sampler(CpuAccount cpu) {
        this.cpu = cpu;
        this.thread = new Thread(this::run, ThreadKind.SAMPLER_NAME);
        this.thread.setDaemon(true);
    }

    /** Starts sampling, with {@code cpu} as the account to keep up to date. */
    public static Sampler start(CpuAccount cpu) {
        Sampler sampler = new Sampler(cpu);
        sampler.sampleNow();
        sampler.thread.start();
        return sampler;
    }

    /** Counts open files now. */
    public void sampleNow() {
        int fds = Proc.openFds();
        peakFds.accumulateAndGet(fds, Math::max);
    }

    /** The most file descriptors seen open at once, or -1 when they cannot be counted. */
    public int peakFds() {
        return peakFds.get();
    }

    /**
     * Quiet while {@code on}: the open files are not counted (nothing runs that could open one) and the CPU is
     * sampled at its usual period, so that a waiting JVM takes almost no CPU from the engine measured meanwhile;
     * off again, the files are counted at once.
     */
    public void quiet(boolean on) {
        quiet = on;
        if (!on) {
            sampleNow();
        }
    }

    private void run() {
        int tick = 0;
        while (running) {
            if (quiet) {
                cpu.sample();
                try {
                    TimeUnit.MILLISECONDS.sleep(FD_PERIOD_MILLIS * CPU_EVERY);
                } catch (InterruptedException e) {
                    return;
                }
                continue;
            }
            sampleNow();
            if (++tick % CPU_EVERY == 0) {
                cpu.sample();
            }
            try {
                TimeUnit.MILLISECONDS.sleep(FD_PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Stops the thread and takes a last sample. */
    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sampleNow();
    }
}
