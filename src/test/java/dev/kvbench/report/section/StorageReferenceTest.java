package dev.kvbench.report.section;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.RunKey;
import dev.kvbench.results.Metric;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** kvbench's storage beside the 2016 report's tables: which data sets, which rows, which reasons. */
class StorageReferenceTest {

    private static Group group(String num, String sequential, String valSize) {
        RunKey key = new RunKey(
                "dev.kvbench.bench.WriteBenchmark.write",
                Map.of("store", "rocksdb", "num", num, "intKey", "true", "sequential", sequential, "valSize", valSize));
        Result result = new Result(key, 1, 0.01, Result.Status.OK, null, Map.of(Metric.STORAGE_AFTER_CLOSE, 1.0));
        return new Group("g", "g", List.of(result));
    }

    private static Tables.StorageRow row(String label, double overhead) {
        return new Tables.StorageRow(label, 1, Double.NaN, 1, Double.NaN, overhead);
    }

    @Test
    void aRandomIntKeyDataSetOf2016sValueSizeIsComparedRowByRow() {
        Tables.Table table = StorageReference.load()
                .compare(
                        group("1000000", "false", "100"),
                        List.of(
                                row("LevelDB", 2.92),
                                row("RocksDB", 11.03),
                                row("Xodus", 7.71),
                                row("Flat Array Nobody", 1)))
                .orElseThrow();
        assertEquals(3, table.rows().size(), "an engine 2016 did not run has no row");
        assertEquals(
                List.of("LevelDB", "2.92", "2.91", "+0.01", "Within 1 point."),
                table.rows().get(0));
        assertEquals("+8.10", table.rows().get(1).get(3));
        assertTrue(
                table.rows().get(1).get(4).contains("write-ahead log"),
                table.rows().get(1).get(4));
        assertEquals("−347.16", table.rows().get(2).get(3));
        assertTrue(
                table.rows().get(2).get(4).contains("1,000 entries"),
                table.rows().get(2).get(4));
    }

    @Test
    void aDifferenceBeyondOnePointWithNoReasonOnFileSaysSo() {
        assertEquals("**Not explained.**", StorageReference.load().reason("LMDB DB", 5));
        assertEquals("Within 1 point.", StorageReference.load().reason("LMDB DB", -0.9));
    }

    @Test
    void dataSets2016DidNotMeasureAreNotCompared() {
        List<Tables.StorageRow> rows = List.of(row("LevelDB", 3));
        assertTrue(
                StorageReference.load()
                        .compare(group("1000000", "true", "100"), rows)
                        .isEmpty(),
                "sequential");
        assertTrue(
                StorageReference.load()
                        .compare(group("1000000", "false", "200"), rows)
                        .isEmpty(),
                "value size");
        assertTrue(
                StorageReference.load()
                        .compare(group("100000", "false", "100"), rows)
                        .isEmpty(),
                "10 MB: too small");
        assertTrue(StorageReference.load()
                .compare(group("100000", "false", "16368"), rows)
                .isPresent());
    }

    @Test
    void everyTest6ValueSizeHasTheFourEngines() {
        for (String valSize : List.of("4080", "8176", "16368")) {
            for (String label : List.of("LevelDB", "RocksDB", "Chronicle", "LMDB DB")) {
                assertTrue(
                        StorageReference.load()
                                .overhead(group("100000", "false", valSize), label)
                                .isPresent(),
                        label + " at " + valSize);
            }
        }
    }
}
