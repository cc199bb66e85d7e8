package dev.kvbench.measure;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A fixed piece of work timed before every round of every test, so that the report can show what
 * the host did during the run: a dependent walk through a 64 MiB random cycle (memory latency, the
 * TLB, the caches: what a key-value store's lookups pay) with a multiply-add per step (the core's
 * speed). The same work every time, in the suite runner's JVM while no benchmark runs, so a change
 * in its time is the host's (another tenant, memory bandwidth, frequency), not an engine's.
 */
public final class Canary {

    /** Entries of the cycle: 16 Mi ints, 64 MiB, beyond any CPU cache. */
    private static final int SIZE = 1 << 24;
    /** Steps of one walk before a test. */
    public static final int STEPS = 1 << 19;
    /** Walks per measurement, of which the median is taken. */
    private static final int WALKS = 3;

    private final int[] next = new int[SIZE];
    private final int steps;
    private int start;
    /** Keeps the walk's result alive so that the JIT cannot drop it. */
    private long sink;

    /** The canary the suite times before a test: {@link #STEPS} steps a walk. */
    public Canary() {
        this(STEPS);
    }

    /** A canary of {@code steps} steps a walk: the interleaver's, shorter, taken after every rotation. */
    public Canary(int steps) {
        this.steps = steps;
        // Sattolo's shuffle: one cycle through every entry, fixed seed, so every run walks the same cycle.
        for (int i = 0; i < SIZE; i++) {
            next[i] = i;
        }
        SplittableRandom random = new SplittableRandom(20161124L);
        for (int i = SIZE - 1; i > 0; i--) {
            int j = random.nextInt(i);
            int t = next[i];
            next[i] = next[j];
            next[j] = t;
        }
        for (int i = 0; i < 3; i++) {
            walk(); // compiled before the first measurement counts
        }
    }

    /** The canary's time in milliseconds: the median of {@link #WALKS} walks. */
    public double millis() {
        double[] ms = new double[WALKS];
        for (int i = 0; i < WALKS; i++) {
            long t0 = System.nanoTime();
            walk();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return ms[WALKS / 2];
    }

    private void walk() {
        int at = start;
        long x = 1;
        for (int i = 0; i < steps; i++) {
            at = next[at];
            x = x * 6364136223846793005L + at;
        }
        start = at;
        sink += x;
    }

    public long sink() {
        return sink;
    }
}
