package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How the report suite's entry counts follow the budget. */
class BudgetTest {

    private static List<Integer> reportEntries(Budget budget) {
        return Suites.named("report", (test, original, entryBytes) -> budget.scale(original, entryBytes))
                .tests()
                .stream()
                .filter(t -> t.entries().scaled())
                .map(t -> t.entries().num())
                .toList();
    }

    // the fs depth tests are fixed at 100,000 entries, never scaled: not listed

    @Test
    void a200MegabyteBudgetKeepsSmallTestsAndScalesLargeOnesToOneSignificantDigit() {
        // 200 MiB = 209,715,200 B: 1M x 104 B fits; 1M x 16,373 B does not: 12,808 fit, rounded down to 10,000.
        Budget budget = Budget.of("200M", 0, 0);
        assertEquals(209_715_200L, budget.bytes());
        assertEquals(List.of(1_000_000, 10_000, 20_000, 1_000_000, 100_000, 10_000), reportEntries(budget));
    }

    @Test
    void a20MegabyteBudgetGivesThePublishedReportsCounts() {
        assertEquals(List.of(200_000, 1_000, 2_000, 100_000, 10_000, 1_000), reportEntries(Budget.of("20M", 0, 0)));
    }

    @Test
    void theReportSuitesDefaultIs20MegabytesPerStoreUnlessKvbenchBudgetOrASmallMachineSaysOtherwise() {
        Budget large = Budget.of(null, 24_000_000_000L, 24_000_000_000L).forReport();
        assertEquals(Budget.REPORT_DEFAULT, large.bytes());
        assertEquals(20L << 20, large.bytes());
        assertEquals("report", large.source());
        assertEquals(
                List.of(200_000, 1_000, 2_000, 100_000, 10_000, 1_000),
                reportEntries(large),
                "the published 20 MB report's counts");
        Budget configured = Budget.of("2G", 24_000_000_000L, 24_000_000_000L);
        assertEquals(configured, configured.forReport(), "KVBENCH_BUDGET is the user's: kept");
        Budget small = Budget.of(null, 40_000_000L, 40_000_000L);
        assertEquals(small, small.forReport(), "a machine whose own budget is below the default keeps its own");
    }

    @Test
    void aBudgetLargeEnoughForEverythingKeepsThe2016Counts() {
        assertEquals(
                List.of(1_000_000, 1_000_000, 10_000_000, 1_000_000, 10_000_000, 10_000_000),
                reportEntries(Budget.of("1T", 0, 0)));
    }

    @Test
    void noTestGetsFewerThanAHundredEntries() {
        assertEquals(List.of(100, 100, 100, 100, 100, 100), reportEntries(Budget.of("1k", 0, 0)));
    }

    @Test
    void aKvbenchBudgetTooSmallForAHundredEntriesIsRefusedWithTheSmallestThatWorks() {
        assertEquals(
                "KVBENCH_BUDGET=1k cannot be met: every test needs at least 100 entries, 1637300 bytes for its largest "
                        + "entries (16373 bytes each); the smallest budget is KVBENCH_BUDGET=1599K",
                assertThrows(UsageException.class, () -> Budget.of("1k", 0, 0).checkMet("1k", 16_373))
                        .getMessage());
        Budget.of("1599K", 0, 0).checkMet("1599K", 16_373);
        Budget.of(null, 0, 1000).checkMet(null, 16_373); // the machine's own budget is raised, not refused
        assertEquals(
                "KVBENCH_BUDGET=0: the budget must be above 0; use bytes or a number with K, M, G (e.g. 2G)",
                assertThrows(UsageException.class, () -> Budget.parseSize("0")).getMessage());
    }

    @Test
    void withoutKvbenchBudgetItIsAQuarterOfTheSmallerOfMemoryAndFreeSpace() {
        Budget budget = Budget.of(null, 8_000_000_000L, 2_000_000_000L);
        assertEquals(500_000_000L, budget.bytes());
        assertEquals("machine", budget.source());
        assertEquals(
                1_000_000_000L,
                Budget.of("", 4_000_000_000L, 0 + 16_000_000_000L).bytes());
        assertEquals(250L, Budget.of(null, 0, 1000).bytes(), "unknown memory: free space alone");
    }

    @Test
    void sizesTakeBinaryUnits() {
        assertEquals(2L << 30, Budget.parseSize("2G"));
        assertEquals(500L << 20, Budget.parseSize("500m"));
        assertEquals(64L << 10, Budget.parseSize("64k"));
        assertEquals(12345L, Budget.parseSize("12345"));
        assertEquals(
                "KVBENCH_BUDGET=lots is not a size; use bytes or a number with K, M, G (e.g. 2G)",
                assertThrows(UsageException.class, () -> Budget.parseSize("lots"))
                        .getMessage());
        assertThrows(UsageException.class, () -> Budget.parseSize("-1G"));
    }

    @Test
    void floorsToOneSignificantDigit() {
        assertEquals(700_000L, Budget.floorOneDigit(738_000));
        assertEquals(9L, Budget.floorOneDigit(9));
        assertEquals(10_000L, Budget.floorOneDigit(12_808));
    }
}
