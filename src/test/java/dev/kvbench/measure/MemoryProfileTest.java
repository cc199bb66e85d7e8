package dev.kvbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The memory profile's shape: sizes from the caches (or common ones), chases whose figures are positive and ordered
 * as the memory hierarchy is (no timing is held tightly: the host may be busy), and a TLB figure only where both
 * sides ran on the pages they claim.
 */
class MemoryProfileTest {

    private static final MemoryProfile.Sizes SIZES = MemoryProfile.Sizes.of(new Caches(32 << 10, 1 << 20, 32 << 20));

    @Test
    void workingSetsFollowTheCachesAndUnknownCachesTakeCommonSizes() {
        assertEquals(new MemoryProfile.Sizes(16 << 10, 512 << 10, 8 << 20, 128 << 20, 64 << 20, false), SIZES);
        MemoryProfile.Sizes unknown = MemoryProfile.Sizes.of(new Caches(-1, -1, -1));
        assertEquals(new MemoryProfile.Sizes(16 << 10, 512 << 10, 2 << 20, 64 << 20, 64 << 20, true), unknown);
        assertTrue(unknown.text().endsWith("(some cache sizes unknown: common sizes taken)"), unknown.text());
    }

    @Test
    void aDependentLoadBeyondTheCachesTakesLongerThanOneWithinL1() {
        int[] slots = new int[(64 << 20) / Integer.BYTES];
        double l1 = PointerChase.nsPerLoad(slots, PointerChase.lines(slots, 256));
        double dram = PointerChase.nsPerLoad(slots, PointerChase.lines(slots, slots.length / PointerChase.LINE));
        assertTrue(l1 > 0, "l1 " + l1);
        assertTrue(dram > l1, "l1 " + l1 + " ns, beyond the caches " + dram + " ns");
    }

    @Test
    void aCycleVisitsEverySlotOnceAndOnePerPageSitsAtAnotherLineOfEachPage() {
        int[] slots = new int[8 * PointerChase.PAGE];
        int start = PointerChase.pages(slots, 8);
        int i = start;
        boolean[] seen = new boolean[8];
        for (int k = 0; k < 8; k++) {
            assertEquals((i / PointerChase.PAGE) * PointerChase.LINE, i % PointerChase.PAGE, "page " + i / 1024);
            seen[i / PointerChase.PAGE] = true;
            i = slots[i];
        }
        assertEquals(start, i, "one cycle of 8");
        for (boolean page : seen) {
            assertTrue(page);
        }
    }

    @Test
    void theTlbFigureIsTheDifferenceOnlyWhereEachSideHadItsPages() {
        Map<String, Double> huge =
                Map.of("l1", 1.1, "l2", 3.4, "l3", 12.0, "dram", 95.0, "tlb", 15.0, "hugeBytes", (double) (128 << 20));
        Map<String, Double> small = Map.of("tlb", 40.0, "hugeBytes", 0.0);
        assertEquals(
                List.of(
                        "memory.latencyNs.l1: 1.10",
                        "memory.latencyNs.l2: 3.40",
                        "memory.latencyNs.l3: 12.0",
                        "memory.latencyNs.dram: 95.0",
                        "memory.workingSets: l1 16 KiB, l2 512 KiB, l3 8 MiB, dram 128 MiB; one load per 64-byte line,"
                                + " on huge pages, median of 5",
                        "memory.tlbMissNs: 25.0 (40.0 on 4 KiB pages, 15.0 on huge pages; a load per 4 KiB page over"
                                + " 64 MiB)"),
                MemoryProfile.lines(SIZES, huge, small, "madvise", ""));
        Map<String, Double> none = Map.of("l1", 1.1, "tlb", 40.0, "hugeBytes", 0.0);
        List<String> never = MemoryProfile.lines(SIZES, none, Map.of(), "never", "");
        assertEquals("memory.tlbMissNs: unavailable: transparent huge pages are off (never)", never.get(5));
        assertTrue(never.get(4).endsWith("on 4 KiB pages, median of 5"), never.get(4));
        assertEquals(
                "memory.tlbMissNs: unavailable: a JVM with -XX:+UseTransparentHugePages got 2 MiB of huge pages for"
                        + " its 128 MiB (transparent huge pages madvise)",
                MemoryProfile.lines(
                                SIZES, Map.of("tlb", 39.0, "hugeBytes", (double) (2 << 20)), Map.of(), "madvise", "")
                        .get(5));
        assertTrue(MemoryProfile.lines(SIZES, huge, huge, "always", "")
                .get(5)
                .startsWith("memory.tlbMissNs: unavailable: the kernel gave huge pages to a JVM that did not ask"));
        assertEquals(
                "memory.tlbMissNs: unclear: the chase on 4 KiB pages (12.0 ns) was not slower than on huge pages (15.0"
                        + " ns); the host was busy",
                MemoryProfile.lines(SIZES, huge, Map.of("tlb", 12.0, "hugeBytes", 0.0), "madvise", "")
                        .get(5));
        assertEquals(
                "memory.tlbMissNs: unavailable: its JVM ended with exit status 1",
                MemoryProfile.lines(SIZES, huge, Map.of(), "madvise", "its JVM ended with exit status 1")
                        .get(5));
    }

    @Test
    void theProfileRunsInItsChildJvmsAndEveryLatencyIsAFigure() {
        List<String> lines = MemoryProfile.measure(new Caches(32 << 10, 1 << 20, 16 << 20));
        for (String level : List.of("l1", "l2", "l3", "dram")) {
            String line = lines.stream()
                    .filter(l -> l.startsWith("memory.latencyNs." + level + ": "))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(lines.toString()));
            assertTrue(Double.parseDouble(line.substring(line.indexOf(": ") + 2)) > 0, line);
        }
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("memory.tlbMissNs: ")), lines.toString());
    }
}
