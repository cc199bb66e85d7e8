package dev.kvbench.report.section;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.RunKey;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.results.Metric;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the report says a cold-cache readKey kept through its drops: mapped pages against the bytes the files hold. */
class ColdCacheSentencesTest {

    private final MemorySentences section = new MemorySentences(new Specs(Map.of("engine.lmdb.label", "LMDB DB")));

    private static Result coldReadKey(Map<String, Double> metrics) {
        RunKey key =
                new RunKey("dev.kvbench.bench.ReadKeyBenchmark.readKey", Map.of("store", "lmdb", "num", "2000000"));
        return new Result(key, 90_000, 5_000, Result.Status.OK, null, metrics);
    }

    @Test
    void aSparseFileIsComparedByTheBytesItHoldsNotItsApparentSize() {
        // LMDB's file, sized to its map: 1.03 GB apparent, 425 MB allocated, of which 86.9 MB stayed mapped
        List<String> kept = section.keptInCache(List.of(coldReadKey(Map.of(
                Metric.CACHE_FILE_BYTES,
                1_027_125_376.0,
                Metric.CACHE_RESIDENT_AFTER_DROP,
                86_945_792.0,
                Metric.STORAGE_BEFORE_CLOSE,
                424_968_192.0))));
        assertEquals(
                List.of(
                        "LMDB DB (2,000,000 entries, readKey): 86.9 MB of its 425 MB of files stayed in the page cache after"
                                + " each drop (20%; allocated bytes: their apparent size, 1.03 GB, is mostly a hole of a sparse file): pages the"
                                + " engine maps stay cached while mapped, so its reads are not all cold."),
                kept);
    }

    @Test
    void filesAsLargeAsTheyLookAreComparedAsThey() {
        List<String> kept = section.keptInCache(List.of(coldReadKey(Map.of(
                Metric.CACHE_FILE_BYTES,
                400_000_000.0,
                Metric.CACHE_RESIDENT_AFTER_DROP,
                100_000_000.0,
                Metric.STORAGE_BEFORE_CLOSE,
                395_000_000.0))));
        assertEquals(
                List.of(
                        "LMDB DB (2,000,000 entries, readKey): 100 MB of its 400 MB of files stayed in the page cache after"
                                + " each drop (25%): pages the engine maps stay cached while mapped, so its reads are not all cold."),
                kept);
        assertEquals(
                List.of(),
                section.keptInCache(List.of(coldReadKey(
                        Map.of(Metric.CACHE_FILE_BYTES, 400_000_000.0, Metric.CACHE_RESIDENT_AFTER_DROP, 24_576.0)))),
                "a few pages left are not worth a sentence");
    }
}
