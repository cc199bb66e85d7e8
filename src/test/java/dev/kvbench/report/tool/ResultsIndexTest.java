package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.folder.ResultsFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** results/README.md is what the published folders give, and each of its columns comes from the folder. */
class ResultsIndexTest {

    @Test
    void theCommittedIndexIsWhatThePublishedFoldersGive() throws IOException, InterruptedException {
        Path results = Path.of("results");
        Set<String> published = published(results);
        assertEquals(
                ResultsIndex.render(results, published::contains),
                Files.readString(results.resolve("README.md"), StandardCharsets.UTF_8),
                "results/README.md is out of date: run ./process.sh --index and commit it");
    }

    /**
     * The folders of {@code results} that are published: those git tracks, so that a run the user made in their clone
     * (./run.sh before ./mvnw -B test) is not held against the committed index; without git, those the index lists.
     */
    private static Set<String> published(Path results) throws IOException, InterruptedException {
        Set<String> tracked = new TreeSet<>();
        try {
            Process git = new ProcessBuilder("git", "ls-files", "--", results.toString())
                    .redirectErrorStream(true)
                    .start();
            List<String> files = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
            if (git.waitFor() == 0) {
                files.stream()
                        .map(f -> f.split("/"))
                        .filter(parts -> parts.length > 2)
                        .forEach(parts -> tracked.add(parts[1]));
                return tracked;
            }
        } catch (IOException e) {
            // no git here (a source archive): the index's own rows say what is published
        }
        Matcher rows =
                Pattern.compile("\\[([^\\]]+)\\]\\(\\1/").matcher(Files.readString(results.resolve("README.md")));
        while (rows.find()) {
            tracked.add(rows.group(1));
        }
        return tracked;
    }

    @Test
    void anIndexItWroteIsRewrittenAndAReadmeOfTheUsersIsNot(@TempDir Path dir) throws IOException {
        assertTrue(ResultsIndex.isIndex(Path.of("results", ResultsIndex.FILE)), "the committed index");
        Path own = dir.resolve("own.md");
        Files.writeString(own, ResultsIndex.render(Files.createDirectories(dir.resolve("empty"))));
        assertTrue(ResultsIndex.isIndex(own));
        Path mine = dir.resolve("mine.md");
        Files.writeString(mine, "# Published runs\n\nmy own list\n");
        assertFalse(ResultsIndex.isIndex(mine));
        Files.write(mine, new byte[] {(byte) 0xff, (byte) 0xfe, 0});
        assertFalse(ResultsIndex.isIndex(mine), "not UTF-8");
    }

    @Test
    void aRunTheUserMadeInTheirCloneIsNotPartOfThePublishedIndex(@TempDir Path results) throws IOException {
        Fixtures.copy(ReportTest.FIXTURE, results.resolve("20251122-report"));
        Fixtures.copy(ReportTest.FIXTURE, results.resolve("20261128-quick"));
        String index = ResultsIndex.render(results, name -> !name.equals("20261128-quick"));
        assertTrue(index.contains("[20251122-report]"), index);
        assertTrue(!index.contains("20261128-quick"), index);
    }

    @Test
    void listsRunsNewestFirstWithTheirCommitHostLoadDurationStableNumbersAndHeadline(@TempDir Path results)
            throws IOException {
        Fixtures.copy(ReportTest.FIXTURE, results.resolve("20251122-report"));
        Path app = results.resolve("20261123-app");
        Fixtures.copy(Path.of("src/test/resources/fixtures/app-results"), app);
        Files.writeString(
                app.resolve("env.txt"),
                Files.readString(app.resolve("env.txt"))
                        + "git.commit: 0123456789abcdef0123456789abcdef01234567\ngit.clean: false\n");
        Files.createDirectories(results.resolve("notes")); // not a run: no date in its name
        Fixtures.copy(
                ReportTest.FIXTURE,
                results.resolve("20251122-report-shard1of2")); // a shard: its merged folder is the run
        String index = ResultsIndex.render(results);
        List<String> rows = index.lines().filter(line -> line.startsWith("| [")).toList();
        assertEquals(2, rows.size(), index);
        assertTrue(
                rows.get(0)
                        .startsWith(
                                "| [20261123-app](20261123-app/README.md) | 2026-11-23 | app | 0123456 (modified) | "
                                        + "Intel(R) Xeon(R) Processor | "),
                rows.get(0));
        assertTrue(
                rows.get(1)
                        .startsWith(
                                "| [20251122-report](20251122-report/README.md) | 2025-11-22 | report | not recorded | "
                                        + "AMD EPYC | not recorded | "),
                rows.get(1));
    }

    @Test
    void aRunOfSomeOfASuitesTestsIsARunOfItsOwnThatNamesThem(@TempDir Path results) throws IOException {
        Path some = results.resolve("20251122-report-tests1-2");
        Fixtures.copy(ReportTest.FIXTURE, some);
        Files.writeString(some.resolve("env.txt"), Files.readString(some.resolve("env.txt")) + "tests: 1-2 of 6\n");
        String index = ResultsIndex.render(results);
        List<String> rows = index.lines().filter(line -> line.startsWith("| [")).toList();
        assertEquals(1, rows.size(), index);
        assertTrue(
                rows.get(0)
                        .startsWith("| [20251122-report-tests1-2](20251122-report-tests1-2/README.md) | 2025-11-22 | "
                                + "report (tests 1-2 of 6) | "),
                rows.get(0));
    }

    @Test
    void showsTheHostClassBesideTheCpusNameAndTheCellsTheRunDecided() throws IOException {
        ResultsFolder zen4 = ResultsFolder.load(Path.of("results/20261207-quick"));
        assertEquals("AMD EPYC (AuthenticAMD family 25 model 17)", ResultsIndex.host(zen4.env));
        assertEquals("10 of 12", ResultsIndex.decidedCells(zen4));
        assertEquals("AMD EPYC", ResultsIndex.host(Map.of("cpu.model", "AMD EPYC", "host.class", "unknown")));
    }

    @Test
    void aCommitIsShownShortAndMarkedWhenTheTreeWasModified() {
        assertEquals("not recorded", ResultsIndex.commit(Map.of()));
        assertEquals(
                "fa4a3c4",
                ResultsIndex.commit(
                        Map.of("git.commit", "fa4a3c4cafe0000000000000000000000000beef", "git.clean", "true")));
        assertEquals(
                "fa4a3c4 (modified)", ResultsIndex.commit(Map.of("git.commit", "fa4a3c4cafe", "git.clean", "false")));
    }

    @Test
    void countsTheStableEngineNumbersAndHeadsWithTheAtAGlancesFirstCell() throws IOException {
        ResultsFolder quick = ResultsFolder.load(Path.of("results/20261124-quick5"));
        assertEquals("84 of 104", ResultsIndex.stableNumbers(quick));
        // its sequential write: LMDB is the fastest stable engine, but MVStore's 209 ± 214 ms could be faster
        assertEquals(
                "write, 100,000 int keys, sequential, 100 B values: no stable winner (7 of 10 stable): LMDB DB (8.77 ± 0.258 "
                        + "ms/pass), Xodus (28.0 ± 22.2 ms/pass), MVStore (209 ± 214 ms/pass)",
                ResultsIndex.headline(quick));
        assertEquals("8 min 50 s", ResultsIndex.duration(quick));
        ResultsFolder crash = ResultsFolder.load(Path.of("src/test/resources/fixtures/crash"));
        assertEquals("1 test: " + crash.tests.get(0).title(), ResultsIndex.headline(crash));
    }

    @Test
    void everyRunTakenOutOfTheFolderIsInTheCommitTheIndexNamesAndNoLongerInTheTree()
            throws IOException, InterruptedException {
        Path results = Path.of("results");
        List<ResultsIndex.Removed> removed = ResultsIndex.Removed.read(results);
        assertTrue(!removed.isEmpty(), "results/removed.tsv lists the runs taken out of results/");
        if (!Files.isDirectory(Path.of(".git"))) {
            return; // a source archive has no history to hold them
        }
        for (ResultsIndex.Removed run : removed) {
            assertTrue(
                    !Files.exists(results.resolve(run.folder())),
                    run.folder() + " is listed as removed but is still in results/");
            Process git = new ProcessBuilder(
                            "git", "cat-file", "-e", run.commit() + ":results/" + run.folder() + "/README.md")
                    .redirectErrorStream(true)
                    .start();
            git.getInputStream().readAllBytes();
            assertEquals(0, git.waitFor(), run.folder() + " is not in commit " + run.commit());
        }
    }

    @Test
    void theIndexNamesEachRemovedRunWithItsCommitAndWhy(@TempDir Path results) throws IOException {
        Fixtures.copy(ReportTest.FIXTURE, results.resolve("20251122-report"));
        Files.writeString(
                results.resolve(ResultsIndex.REMOVED),
                "# comment\n20251121-quick\tabc1234\tsuperseded by 20251122-report\n");
        String index = ResultsIndex.render(results);
        assertTrue(index.contains("## Runs kept in git only"), index);
        assertTrue(index.contains("| 20251121-quick | abc1234 | superseded by 20251122-report |"), index);
        Files.writeString(results.resolve(ResultsIndex.REMOVED), "20251121-quick abc1234\n");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> ResultsIndex.render(results));
        assertTrue(bad.getMessage().contains("is not FOLDER<tab>COMMIT<tab>WHY"), bad.getMessage());
    }
}
