package dev.kvbench.report.section;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.chart.Figure;
import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.RunKey;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.results.Metric;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** dirWalk's figures: walks/s and lookups/s from a throughput score, and the chart of a single encoding. */
class DirWalkKindTest {

    private final Specs specs = new Specs(Map.of("engine.lmdb.label", "LMDB DB", "engine.rocksdb.label", "RocksDB"));

    /** A dirWalk run of {@code store} in {@code encoding} at {@code walksPerSec} ± {@code error}, as the CSV gives it. */
    private static Result walk(String store, String encoding, double walksPerSec, double error) {
        RunKey key = new RunKey(
                "dev.kvbench.bench.DirWalkBenchmark.dirWalk",
                Map.of(
                        "store",
                        store,
                        "fanout",
                        "5",
                        "depth",
                        "8",
                        "encoding",
                        encoding,
                        "fields",
                        "id",
                        "sync",
                        "false"));
        return new Result(
                key,
                TestRun.toMs(walksPerSec, "ops/s"),
                TestRun.errorToMs(walksPerSec, error, "ops/s"),
                Result.Status.OK,
                null,
                Map.of(Metric.LOOKUPS_PER_WALK, 9.0));
    }

    @Test
    void aStableScoreIsShownAsWalksAndLookupsPerSecondWithItsError() {
        Result r = walk("lmdb", "LONG", 200_000, 4_000);
        assertEquals("200,000 ± 4,000", DirWalkKind.rateCell(r, false));
        assertEquals("1,800,000 ± 36,000", DirWalkKind.rateCell(r, true));
    }

    @Test
    void anErrorOverTenPercentOfTheScoreIsMarkedUnstable() {
        assertEquals("200,000 ± 30,000 (unstable)", DirWalkKind.rateCell(walk("lmdb", "LONG", 200_000, 30_000), false));
    }

    @Test
    void lookupsPerWalkFallBackToDepthPlusOneWithoutTheSideFile() {
        Result r = walk("lmdb", "LONG", 1000, 10);
        Result bare = new Result(r.key(), r.ms(), r.errorMs(), r.status(), null, Map.of());
        assertEquals(9, DirWalkKind.lookupsPerWalk(bare));
    }

    @Test
    void oneEncodingIsABarPerEngineNamedUnderIt() {
        Group group = new Group(
                "tree",
                "tree5x8",
                List.of(walk("lmdb", "LONG", 300_000, 1_000), walk("rocksdb", "LONG", 100_000, 1_000)));
        Figure figure = new Figures(specs).walks("4-tree5x8", "dirWalk", group, group.specs(specs));
        assertEquals(2, figure.panels().size());
        Figure.Panel walks = figure.panels().get(0);
        assertEquals(
                List.of("LMDB DB", "RocksDB"),
                walks.tics().stream().map(Figure.Tic::label).toList());
        assertTrue(walks.rotateTics(), "engine names under the bars, as in the time charts");
        assertEquals(300, walks.bars().get(0).value(), 1e-9, "thousand walks/s");
        assertEquals(2_700, figure.panels().get(1).bars().get(0).value(), 1e-9, "thousand lookups/s: 9 per walk");
        assertTrue(figure.legend().isEmpty(), "the tics name the engines");
    }

    @Test
    void sharedCoresNamesTheCoresAndTheThreads() {
        assertEquals(
                "This machine has 2 cores (env.txt), fewer than this test's 4 walking threads: threads beyond "
                        + "the cores share them, so those figures show how an engine copes with more threads than cores, not "
                        + "how it scales with cores.",
                DirWalkKind.sharedCores(2, "this test's 4 walking threads"));
    }
}
