package dev.kvbench.workload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The harness at size (issue 25): the data set holds no Java object per entry, only its keys, so that 10^8
 * entries cost the harness hundreds of megabytes, not gigabytes. Measured, not timed: heap and direct memory
 * used by a generated data set of one million entries and its expected results, per entry. The figures are
 * written to {@code target/harness-memory.txt}.
 */
class DataSetMemoryTest {

    private static final int NUM = 1_000_000;

    @Test
    void aDataSetCostsAFewBytesPerEntryAndNoObjectPerEntry() throws Exception {
        StringBuilder out = new StringBuilder();
        for (boolean intKey : new boolean[] {true, false}) {
            long[] before = used();
            DataSet data = DataSet.generate(new DataSpec(NUM, intKey, false, 100, true));
            data.expected();
            long[] after = used();
            double heap = (double) (after[0] - before[0]) / NUM;
            // the fixed block random values are cut from (1 MiB) is not per entry
            double direct = (double) (after[1] - before[1] - DataSet.RANDOM_BLOCK - 100) / NUM;
            String line = String.format(
                    Locale.ROOT,
                    "%s keys, %,d entries of 100-byte random values: %.1f B of heap and %.1f B of"
                            + " direct memory per entry, plus 1 MiB of value bytes (%.0f MB at 10^8 entries)",
                    intKey ? "int" : "string",
                    NUM,
                    heap,
                    direct,
                    (heap + direct) * 1e8 / 1e6);
            out.append(line).append('\n');
            // int keys: 4 B of key bytes and the 4-byte int; string keys: 16 B of key bytes; a per-entry object would
            // be 16+.
            assertTrue(heap + direct < (intKey ? 12 : 20), line);
            data.close();
        }
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "harness-memory.txt"), out.toString());
        System.out.print(out);
    }

    /** Heap used after a full collection, and direct buffer bytes. */
    private static long[] used() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        long direct = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(pool -> pool.getName().equals("direct"))
                .mapToLong(BufferPoolMXBean::getMemoryUsed)
                .sum();
        return new long[] {memory.getHeapMemoryUsage().getUsed(), direct};
    }
}
