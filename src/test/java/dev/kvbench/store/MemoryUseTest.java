package dev.kvbench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** An LSM's memtables as the plan counts them: the data they can hold, never more than their size. */
class MemoryUseTest {

    private static final long MIB = 1L << 20;

    @Test
    void memtablesOfADataSetSmallerThanOneCountTheDataTwiceAndOneArenaBlock() {
        Shape quick = new Shape(100_000, 4, 100, false);
        long counted = MemoryUse.memtableFill(64, 2, quick);
        assertEquals(2 * (100_000L * 104 + 64 * 100_000L) + 8 * MIB, counted);
        assertTrue(counted < 2 * 64 * MIB, "a 10 MB data set cannot fill two 64 MiB memtables");
    }

    @Test
    void memtablesOfADataSetLargerThanThemCountTheirWholeSize() {
        Shape ycsb = new Shape(1_000_000, 23, 1_000, false);
        assertEquals(2 * 64 * MIB, MemoryUse.memtableFill(64, 2, ycsb));
        assertEquals(16 * MIB, MemoryUse.memtableFill(16, 1, ycsb));
    }

    @Test
    void anEngineThatNamesNoneCountsOnlyTheDefaultBoundOfItsFiles() {
        Shape shape = new Shape(1_000, 4, 100, false);
        MemoryUse use = MemoryUse.filesOnly(shape);
        assertEquals(0, use.heapBytes() + use.nativeBytes());
        assertEquals(MemoryUse.defaultFiles(shape), use.fileBytes());
    }
}
