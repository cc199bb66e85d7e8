package dev.kvbench.trial;

import dev.kvbench.store.MemoryUse;
import dev.kvbench.store.Shape;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * What one benchmark JVM holds in memory for a store of one spec and data shape: the one rule by which a run gives each
 * interleaved JVM its heap ({@code -Xmx}) and counts, before anything starts, what the JVMs it holds at once need.
 *
 * @param heap      the JVM's {@code -Xmx}: the user's own where their flags give one, else {@link #heapFor}
 * @param nonHeap   the JVM's memory besides its heap ({@link #NON_HEAP})
 * @param engine    the engine's caches outside the heap ({@link MemoryUse#nativeBytes})
 * @param harness   the harness's data set outside the heap ({@link #HARNESS_DIRECT_PER_ENTRY})
 * @param files     the store's files at their largest ({@link MemoryUse#fileBytes}), in memory where the work folder
 *                  is tmpfs
 * @param heapGiven whether {@link #heap} is the user's own {@code -Xmx}
 */
public record JvmMemory(long heap, long nonHeap, long engine, long harness, long files, boolean heapGiven) {

    private static final long MIB = 1L << 20;
    /**
     * The heap of a JVM whose engine keeps nothing there, besides the harness's data. The null store's JVM peaked at a
     * heap of 105-126 MB in quick and ycsb runs given a quarter of 24 GiB (results/20261128-quick-6,
     * results/20261128-ycsb-4): that is what it needs, with room for G1 to leave its young garbage. Given 256 MiB, every
     * heap-light engine's JVM peaked at 167-169 MB and the file system's at 234-261 (results/20261207-quick-2, -3): G1
     * sizes its young generation from the cap and fills it, so the cap sets how much garbage stays resident, which the
     * plan must count whole. 160 MiB is the null JVM's own peak with a quarter again.
     */
    public static final long BASE_HEAP = 160 * MIB;
    /**
     * A JVM's memory besides its heap (code cache, metaspace, class data, the threads' stacks, the C library's arenas),
     * as the plan estimates it: a null-store JVM's peak RSS less its peak heap was 52-62 MB in the published quick and
     * ycsb runs (results/20261128-ycsb-4, results/20261207-quick-2, -3), and Native Memory Tracking of a BDB JE fork
     * counts about 50 MB. A beyond-memory fork keeps more for it ({@link FailureReason#BEYOND_JVM_RESERVE}), since there
     * the kernel kills what passes the limit.
     */
    public static final long NON_HEAP = 64 * MIB;
    /** The harness's data set on the heap, bytes per entry at its peak ({@link FailureReason#HARNESS_HEAP_PER_ENTRY}). */
    public static final double HARNESS_HEAP_PER_ENTRY = FailureReason.HARNESS_HEAP_PER_ENTRY;
    /** The harness's data set outside the heap: the keys' direct buffer, 4 bytes per int key. */
    public static final double HARNESS_DIRECT_PER_ENTRY = 4.0;

    /**
     * The share of the memory available (MemAvailable) that the JVMs counted by this rule leave free: the runner, the
     * JMH host and the kernel's own needs, and room for the heaps of JVMs already running to grow further. The suite's
     * memory plan leaves it before a test starts ({@code suite.MemoryPlan}), and the interleaver before it adds JVMs to
     * a running block ({@code interleave.AddedJvms}), so that both hold JVMs to the same memory.
     */
    private static final double MARGIN = 0.05;
    /** The least memory they leave free, however small a share {@link #MARGIN} is of the memory available. */
    private static final long MIN_MARGIN = 1L << 30;

    /** The memory JVMs may fill of {@code memAvailable}: all of it less {@link #MARGIN}, at least {@link #MIN_MARGIN}. */
    public static long usable(long memAvailable) {
        return memAvailable - Math.max(MIN_MARGIN, Math.round(MARGIN * memAvailable));
    }

    /** What the JVM holds besides the store's files: heap, non-heap, the engine's and the harness's native memory. */
    public long process() {
        return heap + nonHeap + engine + harness;
    }

    /** {@link #process()} and the store's files. */
    public long total(boolean filesInMemory) {
        return process() + (filesInMemory ? files : 0);
    }

    /**
     * The JVM of {@code spec} (its variant's own flags included) for data of {@code shape}, run with {@code flags} (the
     * run's flags for every JVM).
     */
    public static JvmMemory of(StoreSpec spec, Shape shape, List<String> flags) {
        MemoryUse use = Stores.engine(spec.engine()).memoryUse(shape, Stores.options(spec));
        OptionalLong given = givenHeap(flags);
        if (given.isEmpty()) {
            given = givenHeap(
                    List.of(spec.variant().getOrDefault(StoreSpec.JVM_ARGS, "").split("\\s+")));
        }
        long heap = given.orElse(heapFor(use, shape));
        long harness = (long) Math.ceil(HARNESS_DIRECT_PER_ENTRY * shape.entries());
        return new JvmMemory(heap, NON_HEAP, use.nativeBytes(), harness, use.fileBytes(), given.isPresent());
    }

    /** The heap a JVM is given: {@link #BASE_HEAP}, the harness's data and the engine's share, in whole MiB. */
    static long heapFor(MemoryUse use, Shape shape) {
        long bytes = BASE_HEAP + (long) Math.ceil(HARNESS_HEAP_PER_ENTRY * shape.entries()) + use.heapBytes();
        return (bytes + MIB - 1) / MIB * MIB;
    }

    /** The heap flag the plan adds to a JVM's command: {@code -Xmx<MiB>m}. */
    public String flag() {
        return "-Xmx" + heap / MIB + "m";
    }

    /** The last {@code -Xmx} among {@code flags} (each a flag, or several separated by spaces), in bytes; empty when none. */
    public static OptionalLong givenHeap(List<String> flags) {
        OptionalLong heap = OptionalLong.empty();
        for (String flag : flags) {
            for (String one : flag.trim().split("\\s+")) {
                if (one.startsWith("-Xmx")) {
                    long bytes = size(one.substring(4));
                    if (bytes > 0) {
                        heap = OptionalLong.of(bytes);
                    }
                }
            }
        }
        return heap;
    }

    /** A JVM size ({@code 512m}, {@code 2g}, {@code 1048576}) in bytes; -1 when it is not one. */
    static long size(String text) {
        String s = text.toLowerCase(Locale.ROOT);
        long unit = 1;
        if (!s.isEmpty() && "kmgt".indexOf(s.charAt(s.length() - 1)) >= 0) {
            unit = 1L << (10 * ("kmgt".indexOf(s.charAt(s.length() - 1)) + 1));
            s = s.substring(0, s.length() - 1);
        }
        try {
            return Long.parseLong(s) * unit;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
