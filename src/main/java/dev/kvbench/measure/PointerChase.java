package dev.kvbench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Dependent loads, timed: an {@code int[]} holding one random cycle through its slots, each slot the index of the
 * next, so that every load waits for the one before and neither out-of-order execution nor a prefetcher can run
 * ahead. The time per load is then the latency of wherever the slots live. A slot per 64-byte line measures a cache
 * level or memory, by the size of the cycle; a slot per 4 KiB page, each at another line of its page (so the slots
 * spread over the caches' sets and fit in the last-level cache), measures the page walk a TLB miss costs.
 *
 * <p>Run as {@link MemoryProfile}'s child JVM, which prints one {@code name value} line per figure:
 * <pre>PointerChase caches L1 L2 L3 DRAM TLB   # l1, l2, l3, dram (ns per load), tlb (ns per load, a page each), hugeBytes
 * PointerChase tlb TLB                    # tlb and hugeBytes only</pre>
 * {@code hugeBytes} is the anonymous memory the kernel backs with huge pages ({@code AnonHugePages} of
 * {@code /proc/self/smaps_rollup}), -1 where it does not say: whether the page-walk chase ran on huge pages.
 */
public final class PointerChase {

    /** Ints per 64-byte cache line, and per 4 KiB page. */
    static final int LINE = 16;

    static final int PAGE = 1024;

    /** How many timed samples each figure is the median of. */
    static final int REPEATS = 5;

    /** A sample lasts at least this long, so that the clock's granularity and a timer tick are noise. */
    private static final long SAMPLE_NANOS = 2_000_000;

    /** The same cycle in every JVM, so that the two sides of the TLB figure chase the same pages in the same order. */
    private static final long SEED = 20_261_207L;

    private static int sink;

    private PointerChase() {}

    public static void main(String[] args) {
        long tlb = Long.parseLong(args[args.length - 1]);
        long span = args[0].equals("caches") ? Math.max(tlb, Long.parseLong(args[4])) : tlb;
        int[] slots = new int[Math.toIntExact(span / Integer.BYTES)];
        warmUp(slots);
        if (args[0].equals("caches")) {
            String[] names = {"l1", "l2", "l3", "dram"};
            for (int level = 0; level < names.length; level++) {
                int lines = Math.toIntExact(Long.parseLong(args[level + 1]) / (LINE * Integer.BYTES));
                System.out.println(names[level] + " " + nsPerLoad(slots, lines(slots, lines)));
            }
        }
        System.out.println("tlb " + nsPerLoad(slots, pages(slots, Math.toIntExact(tlb / Integer.BYTES / PAGE))));
        System.out.println("hugeBytes " + anonHugeBytes());
        System.out.println("sink " + sink); // the chases' end, printed so that no compiler drops them
    }

    /** Compiles {@link #chase} before anything is timed: a cycle within L1, many times. */
    private static void warmUp(int[] slots) {
        int start = lines(slots, 64);
        for (int k = 0; k < 20_000; k++) {
            start = chase(slots, start, 1_000);
        }
        sink += start;
    }

    /** A random cycle through the first {@code lines} lines of {@code slots}, one slot each; returns a slot of it. */
    static int lines(int[] slots, int lines) {
        int[] at = new int[lines];
        Arrays.setAll(at, k -> k * LINE);
        return link(slots, at);
    }

    /**
     * A random cycle through the first {@code pages} pages of {@code slots}, one slot each, page {@code p}'s at its
     * line {@code p mod 64}; returns a slot of it.
     */
    static int pages(int[] slots, int pages) {
        int[] at = new int[pages];
        Arrays.setAll(at, p -> p * PAGE + (p % (PAGE / LINE)) * LINE);
        return link(slots, at);
    }

    /** Links the slots {@code at} into one cycle in a random order (Sattolo's shuffle); returns its first slot. */
    private static int link(int[] slots, int[] at) {
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = at.length - 1; i > 0; i--) {
            int j = random.nextInt(i);
            int swap = at[i];
            at[i] = at[j];
            at[j] = swap;
        }
        for (int i = 0; i < at.length; i++) {
            slots[at[i]] = at[(i + 1) % at.length];
        }
        return at[0];
    }

    /** {@code loads} dependent loads from {@code start}; returns where they ended. */
    static int chase(int[] slots, int start, int loads) {
        int i = start;
        for (int k = 0; k < loads; k++) {
            i = slots[i];
        }
        return i;
    }

    /**
     * The median time per load over {@link #REPEATS} samples of the cycle through {@code start}, each of as many
     * loads as take {@link #SAMPLE_NANOS} or more; the first samples, which fill the caches, are not timed.
     */
    static double nsPerLoad(int[] slots, int start) {
        int i = start;
        int loads = 1_000;
        while (true) {
            long begin = System.nanoTime();
            i = chase(slots, i, loads);
            if (System.nanoTime() - begin >= SAMPLE_NANOS || loads > Integer.MAX_VALUE / 2) {
                break;
            }
            loads *= 2;
        }
        double[] samples = new double[REPEATS];
        for (int r = 0; r < REPEATS; r++) {
            long begin = System.nanoTime();
            i = chase(slots, i, loads);
            samples[r] = (double) (System.nanoTime() - begin) / loads;
        }
        sink += i;
        Arrays.sort(samples);
        return samples[REPEATS / 2];
    }

    /** This process's anonymous memory on huge pages, in bytes; -1 where the kernel does not say. */
    private static long anonHugeBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/smaps_rollup"))) {
                if (line.startsWith("AnonHugePages:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // an older kernel or not Linux
        }
        return -1;
    }
}
