package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.chart.Figure;
import dev.kvbench.report.section.TestSection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report generator on the committed fixture folder (src/test/resources/fixtures/results):
 * four tests, one planned but not run, a skipped and a failed run. The expected numbers are
 * worked out by hand from the fixture's raw files.
 */
class ReportTest {

    static final Path FIXTURE = Path.of("src/test/resources/fixtures/results");

    @TempDir
    static Path dir;

    static String readme;

    @BeforeAll
    static void generate() throws IOException {
        readme = Fixtures.report(FIXTURE, dir);
    }

    private static String file(String name) throws IOException {
        return Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
    }

    @Test
    void writesOneDatAndOneScriptPerChart() throws IOException {
        List<String> expected = List.of(
                "1-int-seq-v100-sync",
                "1-int-seq-v100-forceSafe",
                "1-int-seq-v100-storage",
                "2-int-rnd",
                "2-int-rnd-storage",
                "3-int-seq-v8176",
                "3-int-seq-v8176-storage",
                "4-int-seq-v100",
                "4-int-seq-v100-storage",
                "4-int-rnd-v100",
                "4-int-rnd-v100-storage");
        for (String stem : expected) {
            assertTrue(Files.isRegularFile(dir.resolve(stem + ".dat")), stem + ".dat");
            assertTrue(file(stem + ".gp").contains("set output \"" + stem + ".png\""), stem + ".gp");
            assertTrue(readme.contains("](" + stem + ".png)"), "README shows " + stem + ".png");
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(
                    expected.size(),
                    files.filter(f -> f.toString().endsWith(".gp")).count());
        }
    }

    @Test
    void storageTableStartsWithTheFlatArrayAndSortsEnginesByBytes() {
        String test4 = section(readme, "## Test 4", "## Test 5");
        String table = section(test4, "### 10,000 int keys, sequential, 100 B values", "Smallest:");
        int flat = table.indexOf("| (Flat Array) | 1,040,000 |");
        int rocks = table.indexOf("| RocksDB | 1,069,056 | 2.79 |");
        int chronicle = table.indexOf("| Chronicle | 1,167,360 | 12.25 |");
        int lmdb = table.indexOf("| LMDB DB | 1,720,320 | 65.42 | 1,720,320 | 2 | 1,478,656 |");
        int mapdb = table.indexOf("| MapDB | 2,097,152 | 101.65 |");
        assertTrue(flat >= 0 && flat < rocks && rocks < chronicle && chronicle < lmdb && lmdb < mapdb, table);
        assertTrue(
                readme.contains(
                        "Smallest: RocksDB, 2.79% over the flat array; largest: MapDB, 101.65% over the flat array (2.0× RocksDB)."));
    }

    @Test
    void theHarnessTableShowsPairedRatiosAndFallsBackToTwoRunsForOlderFolders() {
        String table = section(readme, "The harness's own cost", "###");
        assertTrue(
                table.contains(
                        "| LMDB DB | 10,000 int keys, sequential, 100 B values | readKey | 0.805 | 0.825 | 1.03 ± 0.01 (forks 1.025-1.027) | 120 |"),
                table);
        // No pairs on file: the direct run's JMH score against the Store benchmark's (0.210 / 0.200).
        assertTrue(table.contains("| readSeq | 0.200 ± 0.010 | 0.210 ± 0.020 | **1.05** | — |"), table);
        assertFalse(readme.contains("DirectLmdbBenchmark"), "direct runs are not charted or ranked");
        assertFalse(table.contains("every ratio comes from one fork"), "the fixture's pairs ran in two forks");
    }

    @Test
    void aHarnessTableOfOneForkSaysSo(@TempDir Path copy) throws IOException {
        Fixtures.copy(FIXTURE, copy);
        Path side = copy.resolve("out-4.side.jsonl");
        List<String> lines = new ArrayList<>(Files.readAllLines(side));
        int second = -1;
        for (int i = 0, seen = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("DirectLmdbBenchmark.readKey") && ++seen == 2) {
                second = i;
            }
        }
        assertTrue(second > 0, "the fixture has two forks of the paired readKey");
        lines.remove(second);
        Files.write(side, lines);
        Report.write(copy, Path.of("gnuplot"), false);
        String table = section(Files.readString(copy.resolve("README.md")), "The harness's own cost", "###");
        assertTrue(table.contains("Here every ratio comes from one fork"), table);
        assertFalse(table.contains("(forks "), "one fork has no range: " + table);
    }

    @Test
    void rankingSentencesAreComputedFromTheScores() {
        assertTrue(
                readme.contains(
                        "- **readKey**: fastest LMDB DB (0.850 ms/pass), 2.1× faster than the next, Chronicle (1.79 ms/pass); "
                                + "slowest MapDB (12.2 ms/pass, 14× LMDB DB)."),
                readme);
        assertTrue(readme.contains(
                "- **write**: fastest LMDB DB (2.10 ms/pass), 1.5× faster than the next, Chronicle (3.20 ms/pass); "
                        + "slowest MapDB (41.5 ms/pass, 20× LMDB DB)."));
    }

    @Test
    void limitRowsAreDrawnAsReferencesAndNeverRanked() throws IOException {
        // Test 4, sequential: the Sorted array (0.300 ms readKey) and Null (0.100 ms) are faster than LMDB DB
        // (0.850 ms), yet the ranking, at a glance and the storage finding name only the engines.
        String dat = file("4-int-seq-v100.dat");
        assertTrue(dat.contains(" 5263440 2 "), "Sorted array: its grey (0x505050), fill 2 = reference:\n" + dat);
        assertTrue(dat.contains(" 2062260 0 "), "LMDB DB: solid");
        assertTrue(
                file("4-int-seq-v100-storage.dat").contains("5263440 2 "),
                "the limit rows are in the storage chart too");
        assertTrue(file("4-int-seq-v100.gp").contains("pattern 5"), "references hatched dark");
        assertTrue(
                readme.contains("- **readKey**, limit rows (not ranked): Sorted array 0.300 ± 0.010 ms/pass, "
                        + "Null (harness cost) 0.100 ± 0.0050 ms/pass."),
                readme);
        assertTrue(readme.contains("| Null (harness cost) | 0.500 ± 0.020 | 0.100 ± 0.0050 | skipped |"), readme);
        String test4 = section(readme, "## Test 4", "## Test 5");
        assertTrue(test4.contains("Smallest: RocksDB, 2.79% over the flat array"), test4);
        assertFalse(readme.contains("fastest Sorted array") || readme.contains("fastest Null"), readme);
    }

    @Test
    void overlappingErrorBarsAreCalledATieNotARanking() {
        assertTrue(
                readme.contains(
                        "- **readKey**: fastest LMDB DB (1.90 ± 0.10 ms/pass) and Chronicle (2.00 ± 0.15 ms/pass) "
                                + "are within each other's error margin; slowest RocksDB (4.00 ms/pass, 2.1× LMDB DB)."),
                readme);
    }

    @Test
    void aScoreWithAnErrorOverATenthIsListedAsUnstableNotRanked() {
        assertTrue(
                readme.contains("Not ranked, Chronicle (3.50 ± 0.40 ms/pass, unstable: ± 11% of the score)."), readme);
        assertTrue(readme.contains("3.50 ± 0.40 (unstable)"), readme);
    }

    @Test
    void atAGlanceNamesTheFastestEnginePerWorkload() {
        assertTrue(
                readme.contains(
                        "| Test 4: 10,000 int keys, sequential, 100 B values | LMDB DB (2.10 ms/pass) | LMDB DB (0.850 ms/pass) | LMDB DB (0.210 ms/pass) |"));
        // Chronicle's random write (3.50 ± 0.40 ms) is unstable but could be faster than LMDB's stable 4.60 ± 0.30:
        // neither is named the winner, both are named as candidates, the faster first and the stable one marked
        assertTrue(
                readme.contains(
                        "| Test 4: 10,000 int keys, random order, 100 B values | no stable winner (3 of 4 stable): "
                                + "Chronicle (3.50 ± 0.400 ms/pass), LMDB DB (4.60 ± 0.300 ms/pass, the fastest stable) | LMDB DB (1.90 ms/pass,"
                                + " tied with Chronicle) |"),
                readme);
        assertTrue(
                readme.indexOf("Test 4: 10,000 int keys, sequential")
                        < readme.indexOf("Test 4: 10,000 int keys, random order"),
                "sequential before random, as in 2016");
    }

    @Test
    void settingsAreComparedWithTheEngineDefaults() {
        assertTrue(readme.contains(
                "- **write**: LMDB DB (sync) 6.30 ms/pass against 2.10 ms/pass for LMDB DB: 3.0× slower."));
        assertTrue(readme.contains("The work folder was on tmpfs (env.txt), where a sync has no disk to wait for"));
        assertTrue(
                readme.contains(
                        "- **readKey**: LMDB DB (sync) 0.860 ms/pass against 0.850 ms/pass for LMDB DB: within each other's error margin."));
        assertTrue(readme.contains(
                "- **readKey**: LMDB BB (forceSafe) 1.40 ms/pass against 0.950 ms/pass for LMDB BB: 1.5× slower."));
    }

    @Test
    void valueSizeSweepShowsTheStorageStepAtThePageBoundary() {
        assertTrue(
                readme.contains("| 2,027 | 1,421,700 | 2,895,872 (103.69%) | 1,438,720 (1.20%) | 1,445,888 (1.70%) |"));
        assertTrue(readme.contains("| 2,026 → 2,027 | +50.75% | +0.07% | +0.28% |"));
        assertTrue(
                readme.contains(
                        "Largest storage step from one more value byte: LMDB DB, 2,026 → 2,027 B values: 1.92 MB → 2.90 MB (+50.75%)."));
    }

    @Test
    void batchSweepNamesTheBestBatchSizePerEngine() {
        assertTrue(readme.contains("- **write**, LevelDB: fastest with batch size 100 (7.60 ms/pass)."));
        assertTrue(readme.contains("- Fastest write of all: RocksDB with batch size 10 (6.00 ms/pass)."));
    }

    @Test
    void failedAndSkippedRunsAreListedWithTheirReasons() {
        String failures = section(readme, "## Failed and skipped runs", "## Raw files");
        assertTrue(
                failures.contains(
                        "| 4 | MapDB | readKey | 10,000 int keys, random order, 100 B values | failed | readKey on mapdb: expected 10000 found 9999 |"));
        assertTrue(
                failures.contains(
                        "| 4 | Chronicle | readSeq | 2 data sets | skipped | chronicle has no ordered cursor |"),
                failures);
        assertTrue(failures.contains("Test 5 (About 2 KB values) has no results yet."));
        assertTrue(readme.contains("| MapDB | 55.0 ± 4.0 | failed | 4.10 ± 0.40 |"));
    }

    @Test
    void aTestThatDidNotRunSaysHowToResume() {
        String test5 = section(readme, "## Test 5: About 2 KB values", "## Failed and skipped runs");
        assertTrue(test5.contains("**No results yet**"));
        assertTrue(test5.contains("Run `./run.sh report` again to resume it"));
    }

    @Test
    void scalingIsExplainedFromTheTestMetadata() {
        assertTrue(
                readme.contains(
                        "Entries scaled from the 2016 report's 10,000,000 to 100: the 2016 count needs 81.8 GB as a flat array "
                                + "of its largest entries (8,180 B each), more than the budget of 1.50 MB per test set with KVBENCH_BUDGET"));
    }

    @Test
    void theReportSuitesOwnDefaultBudgetIsNamedAsSuch() {
        assertEquals(
                "Entries scaled from the 2016 report's 1,000,000 to 200,000: the 2016 count needs 104 MB as a flat array of its "
                        + "largest entries (104 B each), more than the report suite's default budget of 21.0 MB per store, sized for "
                        + "about an hour on 2 cores (KVBENCH_BUDGET sets a larger one); the count is rounded down to one significant digit.",
                TestSection.entriesSentence(Map.of(
                        "num",
                        "200000",
                        "num.source",
                        "scaled",
                        "num.2016",
                        "1000000",
                        "scale.entryBytes",
                        "104",
                        "scale.budgetBytes",
                        "20971520",
                        "scale.budgetSource",
                        "report")));
    }

    @Test
    void methodAndEnvironmentComeFromTheLogsAndEnvTxt() {
        assertTrue(readme.contains(
                "- JMH: mode single shot invocation time; 2 forks; warmup 1 iterations, single-shot each; "
                        + "measurement 3 iterations, single-shot each; 1 thread; JMH 1.37."));
        assertTrue(readme.contains("| CPU | AMD EPYC, 2 cores |"));
        assertTrue(readme.contains("| Work folder | /dev/shm/kvbench, file system tmpfs, 25.0 GB free at the start |"));
        assertTrue(readme.contains("| LMDB DB | `lmdb` | 0.9.3 |"));
    }

    @Test
    void saysWhetherTheAdaptersWereForcedInline(@TempDir Path forced) throws IOException {
        // The fixture's forks ran without the flag; the same folder with it in every JMH log says so.
        assertTrue(readme.contains("- The engine adapters were inlined by the JIT's usual rules in this run"), readme);
        assertFalse(readme.contains("are always inlined into the workloads' loops"));
        Fixtures.copy(FIXTURE, forced);
        try (Stream<Path> logs = Files.list(forced)) {
            for (Path log :
                    (Iterable<Path>) logs.filter(f -> f.getFileName().toString().endsWith(".txt"))::iterator) {
                Files.writeString(
                        log,
                        Files.readString(log)
                                .replace(
                                        "# VM options: ",
                                        "# VM options: -XX:CompileCommand=quiet -XX:CompileCommand=inline,dev.kvbench.store.*::* "));
            }
        }
        Report.write(forced, Path.of("gnuplot"), true);
        String withFlag = Files.readString(forced.resolve("README.md"));
        assertTrue(
                withFlag.contains(
                        "- The engine adapters (`dev.kvbench.store.*`) are always inlined into the workloads' loops"),
                withFlag);
        assertFalse(withFlag.contains("were inlined by the JIT's usual rules"));
    }

    @Test
    void hiddenCostsCombineForks() {
        // RocksDB writing sequential keys: background CPU 7.2 and 14.4 ms in its two forks (mean 10.8) against
        // 39.2 ms of benchmark-thread CPU (28%); open files 23 and 24 (max 24); RSS 180 and 190 MB (max 190).
        String sequential =
                section(section(readme, "## Test 4", "## Test 5"), "### 10,000 int keys, sequential", "## Test 5");
        assertTrue(sequential.contains("| RocksDB | 11 ms (28%) | 0 ms | 24 | 190 MB | 24.0 MB |"), sequential);
    }

    @Test
    void timeChartHasAPanelPerWorkloadABarPerEngineAndSkippedSlotsLabelled() throws IOException {
        String dat = file("4-int-seq-v100.dat");
        String[] panels = dat.split("\n\n\n");
        assertEquals(3, panels.length);
        assertTrue(panels[0].contains("# panel 0: write (ms/pass)"));
        // x, bar from/to, value, error, colour (LMDB blue), not hatched, whisker from/to and style, text, note, label
        assertTrue(
                panels[0].contains("\n0 -0.4 0.4 2.1 0.15 2062260 0 1.95 2.25 1 \"2.10\" \"\" \"LMDB DB\"\n"),
                panels[0]);
        assertTrue(
                panels[2].contains("3 2.6 3.4 NaN NaN 16744206 0 NaN NaN 1 \"\" \"skipped\" \"Chronicle\""), panels[2]);
    }

    @Test
    void everyEngineKeepsItsColourInEveryChart() throws IOException {
        for (String stem : List.of("4-int-seq-v100", "4-int-rnd-v100", "1-int-seq-v100-sync", "2-int-rnd")) {
            file(stem + ".dat")
                    .lines()
                    .filter(l -> l.endsWith("\"LMDB DB\""))
                    .forEach(l -> assertTrue(l.contains(" 2062260 "), stem + ": " + l));
        }
        assertTrue(file("1-int-seq-v100-sync.dat").contains(" 2062260 1 "), "LMDB DB (sync): same colour, hatched");
    }

    @Test
    void whiskersLongerThanThePanelAreCutWithoutACap() {
        Figure.Axis axis = new Figure.Axis("ms/pass", false, 0, 100);
        Figure.Whisker cut = new Figure.Bar(0, 0.4, 60, 90, 0, Figure.Fill.SOLID, "", "x").whisker(axis);
        assertEquals(new Figure.Whisker(0, 100, Figure.Whisker.NO_CAP), cut);
        Figure.Whisker top = new Figure.Bar(0, 0.4, 60, 50, 0, Figure.Fill.SOLID, "", "x").whisker(axis);
        assertEquals(new Figure.Whisker(10, 100, Figure.Whisker.LOW_CAP), top);
    }

    @Test
    void logScaleOnlyWhereValuesSpanMoreThanTenTimes() throws IOException {
        String seq = file("4-int-seq-v100.gp");
        assertTrue(seq.contains("set ylabel \"ms/pass, log scale\""));
        String rnd = file("4-int-rnd-v100.gp");
        String readKeyPanel = section(rnd, "# Panel 1: readKey", "# Panel 2");
        assertTrue(
                readKeyPanel.contains("unset logscale y") && readKeyPanel.contains("set ylabel \"ms/pass\""),
                readKeyPanel);
    }

    @Test
    void storageChartPutsTheFlatArrayFirst() throws IOException {
        String dat = file("4-int-seq-v100-storage.dat");
        List<String> rows = dat.lines().filter(l -> !l.startsWith("#")).toList();
        assertTrue(rows.get(0).endsWith("\"Flat array\"") && rows.get(0).startsWith("0 -0.4 0.4 1.04 "), rows.get(0));
        assertTrue(file("4-int-seq-v100-storage.gp").contains("set ylabel \"storage, MB\""));
    }

    @Test
    void aFolderWithoutResultsIsAClearError(@TempDir Path empty) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Report.write(empty, Path.of("gnuplot"), true));
        assertTrue(e.getMessage().contains("has no results"), e.getMessage());
        assertTrue(e.getMessage().contains("./run.sh"), e.getMessage());
    }

    @Test
    void withoutGnuplotTheReportNamesTheChartDataInsteadOfImages(@TempDir Path copy) throws IOException {
        Fixtures.copy(FIXTURE, copy);
        Report.write(copy, Path.of("gnuplot"), false);
        String text = Files.readString(copy.resolve("README.md"));
        assertFalse(text.contains(".png)"));
        assertTrue(text.contains("Charts were not rendered"));
        assertTrue(text.contains("Chart data: `4-int-seq-v100.dat`"));
    }

    /** The report of the fixture copied into {@code copy}, with {@code lines} added to its {@code env.txt}. */
    private static String readmeWithEnv(Path copy, String lines) throws IOException {
        Fixtures.copy(FIXTURE, copy);
        Files.writeString(copy.resolve("env.txt"), lines, StandardOpenOption.APPEND);
        Report.write(copy, Path.of("gnuplot"), false);
        return Files.readString(copy.resolve("README.md"));
    }

    @Test
    void theReportSaysHowBusyTheMachineWasAtTheStart(@TempDir Path quiet, @TempDir Path busy) throws IOException {
        assertFalse(readme.contains("Load at the start"), "the fixture's env.txt records no load");
        String calm = readmeWithEnv(quiet, "load.start: 0.31\n");
        assertTrue(calm.contains("| Load at the start (1-minute average) | 0.31 |"), calm);
        assertTrue(calm.contains("The machine was quiet when this run started (1-minute load 0.31, at most 0.5)."));
        String loaded = readmeWithEnv(busy, "load.start: 1.75\n");
        assertTrue(
                loaded.contains("**The machine was busy when this run started** (1-minute load 1.75, over 0.5)"),
                loaded);
    }

    @Test
    void aLoadThatIsTheRunsOwnBuildIsNotCalledBusy(@TempDir Path built, @TempDir Path busy) throws IOException {
        String quiet = readmeWithEnv(built, "load.start: 0.95\nload.beforeBuild: 0.44\n");
        assertTrue(quiet.contains("| Load before this run built kvbench | 0.44 |"), quiet);
        assertTrue(
                quiet.contains("The machine was quiet before this run built kvbench (1-minute load 0.44, at most 0.5)."
                        + " The load at the start, 0.95, was read just after that build"),
                quiet);
        assertFalse(quiet.contains("was busy"), quiet);
        String loaded = readmeWithEnv(busy, "load.start: 0.95\nload.beforeBuild: 0.80\n");
        assertTrue(
                loaded.contains("**The machine was busy when this run started** (1-minute load 0.95, over 0.5)"),
                loaded);
    }

    @Test
    void limitRowMarksInEnvTxtAreNotListedAsMachineItems(@TempDir Path copy) throws IOException {
        String text = readmeWithEnv(
                copy,
                "engine.array.label: Sorted array\nengine.array.version: JDK 17\n" + "engine.array.reference: true\n");
        String environment = section(text, "## Environment", "## Method");
        assertFalse(environment.contains("engine.array.reference"), environment);
        assertTrue(environment.contains("| Sorted array | `array` | JDK 17 |"), environment);
    }

    @Test
    void anEngineThatKeepsNothingHasNoStorageStep(@TempDir Path copy) throws IOException {
        // the scale suite's cliff test at 1,000,000 entries, with the null row: 0 B before and after is no step
        String text = Fixtures.report(Path.of("results/20261126-scale"), copy, false);
        assertTrue(
                text.contains("Largest storage step from one more value byte: LMDB DB, 2,026 → 2,027 B values: "
                        + "2.75 GB → 4.13 GB (+50.39%)."),
                text);
        assertFalse(text.contains("NaN"), text);
    }

    @Test
    void aRunWithoutWarmUpRotationsCapsItsExtraRotationsByItsFewestOnes(@TempDir Path copy) throws IOException {
        Fixtures.copy(Path.of("results/20261128-quick-2jvms-2"), copy);
        for (String name : List.of("out-1.txt", "out-2.txt")) {
            Path log = copy.resolve(name);
            Files.writeString(
                    log,
                    Files.readString(log)
                            .replace("# Warmup: 1 rotations", "# Warmup: none (every JVM settled each workload first)")
                            .replace("half as long as the warmup and fewest ones", "half as long as the fewest ones"));
        }
        Report.write(copy, Path.of("gnuplot"), false);
        String readme = Files.readString(copy.resolve("README.md"));
        String method = section(readme, "## Method", "## Test 1");
        assertTrue(
                method.contains("and only until those extra rotations had taken half as long as the fewest ones (a time"
                        + " cap"),
                method);
        assertTrue(
                readme.contains("warmup none (every JVM settled each workload first)"),
                section(readme, "## Test 1", "### 100,000"));
    }

    @Test
    void theMethodOfAnInterleavedRunNamesItsTimeCap(@TempDir Path before, @TempDir Path capped) throws IOException {
        Path published = Path.of("results/20261126-quick-2");
        Fixtures.copy(published, before);
        Report.write(before, Path.of("gnuplot"), false);
        String old = section(Files.readString(before.resolve("README.md")), "## Method", "## Test 1");
        assertTrue(old.contains("up to three times as many (while they were fewer than 6, the quickest"), old);
        assertFalse(old.contains("time cap"), "that run had none: " + old);
        Fixtures.copy(published, capped);
        Path log = capped.resolve("out-1.txt");
        Files.writeString(
                log,
                Files.readString(log)
                        .replace(
                                "companions while they are fewer than 6\n",
                                "companions while they are fewer than 6, leaving out those whose interval cannot get under 10% by then,"
                                        + " until the extra rotations have taken half as long as the warmup and fewest ones (the time cap)\n"));
        Report.write(capped, Path.of("gnuplot"), false);
        String method = section(Files.readString(capped.resolve("README.md")), "## Method", "## Test 1");
        assertTrue(
                method.contains("and only until those extra rotations had taken half as long as the warmup and fewest"
                        + " ones (a time cap"),
                method);
        assertTrue(
                method.contains("an engine whose interval could not get under ±10% by then, at the rate an interval "
                        + "narrows (the square root of its turns), left the extra rotations"),
                method);
        assertFalse(old.contains("could not get under"), old);
        assertFalse(method.contains("it stopped no test before"), method);
        Files.writeString(
                log,
                Files.readString(log)
                        .replace(
                                "(the time cap)\n",
                                "(the time cap) and every engine taking"
                                        + " them has the 11 turns a 99.9% interval of its median needs\n"));
        Report.write(capped, Path.of("gnuplot"), false);
        String waits = section(Files.readString(capped.resolve("README.md")), "## Method", "## Test 1");
        assertTrue(
                waits.contains("three times; it stopped no test before every engine still taking turns had the 11 an"
                        + " interval needs)"),
                waits);
    }

    @Test
    void theMethodSaysHowTheRunsSettledAndNamesThoseThatDidNot(@TempDir Path copy) throws IOException {
        assertFalse(readme.contains("Steady state:"), "the fixture's trials did not settle at all");
        Fixtures.copy(FIXTURE, copy);
        Path side = copy.resolve("out-1.side.jsonl");
        List<String> lines = Files.readAllLines(side);
        List<String> settled = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            boolean first = i == 0;
            settled.add(lines.get(i)
                    .replace(
                            "\"metrics\":{",
                            "\"metrics\":{\"settle.passes\":" + (first ? 12 : 30)
                                    + ",\"settle.ms\":" + (first ? 4000.5 : 250.0) + ",\"settle.settled\":"
                                    + (first ? 0 : 1)
                                    + ",\"settle.lastMs\":2.0,\"settle.maxMs\":" + (first ? 4000 : 1500) + ","));
        }
        Files.write(side, settled);
        Files.writeString(copy.resolve("env.txt"), "memory.pageReporting: order 9\n", StandardOpenOption.APPEND);
        Report.write(copy, Path.of("gnuplot"), false);
        String text = Files.readString(copy.resolve("README.md"));
        String method = section(text, "## Method", "## Test 1");
        assertTrue(method.contains("Here " + (lines.size() - 1) + " of " + lines.size() + " runs settled"), method);
        assertTrue(method.contains("Still changing when settling stopped"), method);
        assertTrue(
                method.contains("at most 1.5-4 s (`-jvmArgsAppend -Dkvbench.settle.maxMs=...`)"),
                "the caps the side file recorded: " + method);
        assertTrue(method.contains(": LMDB DB write, sequential."), method);
        assertTrue(text.contains("| Free page reporting | on: free blocks of 2 MiB go back to the hypervisor"), text);
        assertFalse(readme.contains("Free page reporting"), "not recorded in the fixture");
    }

    /** An interleaved JVM settles for less than a JMH fork: the Method section gives each cap. */
    @Test
    void theMethodGivesTheInterleavedJvmsSettlingCapBesideTheForks(@TempDir Path copy) throws IOException {
        Fixtures.copy(Path.of("results/20261207-quick"), copy);
        for (String name : List.of("out-1.side.jsonl", "out-2.side.jsonl")) {
            Path side = copy.resolve(name);
            Files.write(
                    side,
                    Files.readAllLines(side).stream()
                            .map(line -> line.contains("\"dev.kvbench.bench.")
                                    ? line.replace("\"settle.maxMs\":2000", "\"settle.maxMs\":1000")
                                    : line)
                            .toList());
        }
        Report.write(copy, Path.of("gnuplot"), false);
        String method = section(Files.readString(copy.resolve("README.md")), "## Method", "## Test 1");
        assertTrue(
                method.contains("at most 1 s in an interleaved JVM (the changepoints in its turns leave out what"
                        + " warm-up is left), 2 s in a JMH fork (`-jvmArgsAppend"),
                method);
    }

    /**
     * The published Zen 5 run 20261128-quick-5 read with the steady-state rule: the heap map's readSeq, whose turns
     * went from 7.3 to 0.78 ms/pass, is scored on its steady turns; a JVM without a steady state is named with its range.
     */
    @Test
    void everyJvmThatWasNotFlatIsNamedAndNoScoreComesFromBeforeItsSteadyState(@TempDir Path copy) throws IOException {
        Fixtures.copy(Path.of("results/20261128-quick-5"), copy);
        Report.write(copy, Path.of("gnuplot"), false);
        String text = Files.readString(copy.resolve("README.md"));
        String method = section(text, "## Method", "## Test 1");
        assertTrue(method.contains("Steady state, measured: each engine-JVM's turns"), method);
        assertTrue(
                method.contains("engine-JVMs were flat; the others: test 1 readCrc, Xodus JVM 1: warm-up: 2 of 10"
                        + " turns left out (65.9, then 7.48 ms/pass)"),
                method);
        assertTrue(
                method.contains("test 1 readSeq, Heap map JVM 1: warm-up: 2 of 6 turns left out (5.73, then 0.855"
                        + " ms/pass); JVM 2: no steady state: 0.742-7.55 ms/pass over 6 turns"),
                method);
        String test1 = section(text, "## Test 1", "## Test 2");
        assertTrue(test1.contains("Heap map 0.855 ms/pass"), "the heap map's readSeq on its steady turns: " + test1);
        assertFalse(test1.contains("Heap map 1.73"), "its median over every turn, warm-up included: " + test1);
    }

    @Test
    void aSmokeTestIsNotRanked(@TempDir Path copy) throws IOException {
        Fixtures.copy(FIXTURE, copy);
        Files.writeString(copy.resolve("out-4.meta"), "ranking=false\n", StandardOpenOption.APPEND);
        Report.write(copy, Path.of("gnuplot"), true);
        String text = Files.readString(copy.resolve("README.md"));
        assertFalse(section(text, "## Test 4", "## Test 5").contains("fastest"));
        assertTrue(text.contains("its data set is too small to rank engines"));
        assertTrue(text.contains("No test in this folder compares engines on one data set"));
    }

    /** The text of {@code s} from {@code from} up to {@code to} (or the end). */
    static String section(String s, String from, String to) {
        int start = s.indexOf(from);
        assertTrue(start >= 0, "no '" + from + "'");
        int end = s.indexOf(to, start + from.length());
        return s.substring(start, end < 0 ? s.length() : end);
    }
}
