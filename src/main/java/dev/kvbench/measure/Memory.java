package dev.kvbench.measure;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * Peak memory over a trial.
 *
 * <ul>
 * <li>Resident set: {@code VmHWM} of {@code /proc/self/status}, reset at the start of a trial by
 * writing {@code 5} to {@code /proc/self/clear_refs} (Linux 4.0+). Where the reset is refused,
 * the figure is the process's lifetime peak and {@link #rssPeakIsPerTrial()} says so. Pages of a
 * memory-mapped store on tmpfs that the process touched count as resident.
 * <li>Heap: the sum of the peak usage of each heap memory pool, reset at the start of a trial.
 * Pools peak at different moments, so the sum is an upper bound of the heap in use at once.
 * </ul>
 */
public final class Memory {

    private boolean rssReset;

    /** Resets both peaks; call at the start of a trial. */
    public void reset() {
        rssReset = resetRssPeak();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
                pool.resetPeakUsage();
            }
        }
    }

    /** Peak resident set in bytes since {@link #reset()} (or since the process began), or -1. */
    public long rssPeakBytes() {
        return Proc.statusBytes("VmHWM");
    }

    /** True when the last reset of the resident peak worked, so the peak is this trial's. */
    public boolean rssPeakIsPerTrial() {
        return rssReset;
    }

    /** The sum of the heap pools' peak usage since {@link #reset()}, in bytes. */
    public long heapPeakBytes() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    private static boolean resetRssPeak() {
        try {
            Files.write(Proc.SELF.resolve("clear_refs"), "5".getBytes(StandardCharsets.US_ASCII));
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
