package dev.kvbench.report.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kvbench.results.PairedRatio;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A variant's verdict in words, from B's time ÷ A's (median and 99.9% interval): percentages of time, the interval in
 * the same terms, and the groups that make a comparison.
 */
class VariantChangeTest {

    private static VariantChange change(double median, double low, double high) {
        return new VariantChange(new PairedRatio(median, low, high, 25, Double.NaN));
    }

    @Test
    void aWholeIntervalBelowOneIsFasterByTheTimeBSaves() {
        VariantChange change = change(0.88, 0.85, 0.92);
        assertEquals(VariantChange.Kind.FASTER, change.kind());
        assertEquals("faster by 12% (8-15%)", change.text());
    }

    @Test
    void aWholeIntervalAboveOneIsSlowerByTheTimeBAdds() {
        VariantChange change = change(1.09, 1.04, 1.13);
        assertEquals(VariantChange.Kind.SLOWER, change.kind());
        assertEquals("slower by 9% (4-13%)", change.text());
    }

    @Test
    void anIntervalHoldingOneWithinThreePercentIsNoDifference() {
        assertEquals("no difference larger than ±3%", change(1.0, 0.985, 1.02).text());
        assertEquals(VariantChange.Kind.NO_DIFFERENCE, change(1.0, 0.97, 1.03).kind());
    }

    @Test
    void aWiderIntervalHoldingOneIsUndecidedWithTheIntervalAsARatio() {
        assertEquals("undecided (0.95-1.10×)", change(1.02, 0.95, 1.10).text());
        assertEquals(
                "undecided (no interval: 7 pairs)",
                new VariantChange(new PairedRatio(0.9, Double.NaN, Double.NaN, 7, Double.NaN)).text(),
                "too few rotations for an interval decide nothing");
    }

    @Test
    void aChangeUnderOnePercentKeepsADigitSoThatItsIntervalNeverReadsAsZero() {
        assertEquals("faster by 0.4% (0.2-0.7%)", change(0.996, 0.993, 0.998).text());
        assertEquals("slower by 2% (0.3-3%)", change(1.02, 1.003, 1.03).text());
    }

    @Test
    void theBaseIsTheSpecInTheRunsOwnJvmElseTheFirstInStoreOrder() {
        assertEquals(
                List.of(
                        new VariantPair("rocksdb", "rocksdb:version=10.10.1.1"),
                        new VariantPair("rocksdb", "rocksdb:jdk=25")),
                VariantPair.of(List.of("rocksdb:version=10.10.1.1", "lmdb", "rocksdb", "rocksdb:jdk=25")));
        assertEquals(
                List.of(
                        new VariantPair("lmdb:jdk=17", "lmdb:jdk=25"),
                        new VariantPair("mvstore:jdk=17", "mvstore:jdk=25")),
                VariantPair.of(List.of("lmdb:jdk=17", "mvstore:jdk=17", "lmdb:jdk=25", "mvstore:jdk=25")));
    }

    @Test
    void aVariantIsComparedWithTheSameEngineOptionsOnly() {
        assertEquals(
                List.of(new VariantPair("lmdb:writeMap=false", "lmdb:writeMap=false+jdk=25")),
                VariantPair.of(List.of("lmdb", "lmdb:writeMap=false", "lmdb:writeMap=false+jdk=25")));
        assertEquals(
                List.of(),
                VariantPair.of(List.of("lmdb", "lmdb:sync=true", "chronicle:jdk=25+unsafe=deny")),
                "options alone, or a variant alone, make no comparison");
    }
}
