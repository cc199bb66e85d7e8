package dev.kvbench.report.section;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a test's Entries line says of its count, and of a budget that did not scale it. */
class EntriesSentenceTest {

    @Test
    void aTestOfItsOwnSizeSaysTheUsersBudgetLeftItAsItIs() {
        assertEquals(
                "Entries: 100,000, this test's own count: the budget of 2.15 GB per test set with KVBENCH_BUDGET"
                        + " scales the other tests' counts, not this one.",
                TestSection.entriesSentence(Map.of(
                        "num",
                        "100000",
                        "num.source",
                        "suite",
                        "scale.budgetBytes",
                        "2147483648",
                        "scale.budgetSource",
                        "KVBENCH_BUDGET")));
        assertEquals("Entries: 100,000.", TestSection.entriesSentence(Map.of("num", "100000", "num.source", "suite")));
        assertEquals(
                "Entries: 100,000.",
                TestSection.entriesSentence(Map.of("num", "100000")),
                "a folder from before num.source");
    }
}
