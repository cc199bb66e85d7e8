package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.tool.Merge;
import dev.kvbench.report.tool.Report;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --tests LIST}: which tests it names, where it writes them, what it refuses, and two such runs of the smoke
 * suite (each test's JMH run stood in for by a fixture's raw files): one report each saying which tests ran, merged
 * into one report of the whole suite.
 */
class TestSelectionTest {

    @TempDir
    Path root;

    private int run(
            Map<String, String> env,
            FixtureJmh jmh,
            ByteArrayOutputStream out,
            ByteArrayOutputStream err,
            String... args) {
        return SmokeOnFixtures.run(root, env, jmh, out, err, args);
    }

    private static List<Integer> held(TestSelection selection, int upTo) {
        return Stream.iterate(1, n -> n + 1)
                .limit(upTo)
                .filter(selection::holds)
                .toList();
    }

    @Test
    void numbersAndRangesNameTestsByTheirNumberNormalisedForTheFolder() {
        assertEquals(List.of(1, 2, 3, 4), held(TestSelection.parse("1-4"), 8));
        assertEquals(List.of(2), held(TestSelection.parse("2"), 8));
        assertEquals(List.of(1, 3), held(TestSelection.parse("1,3"), 8));
        assertEquals(List.of(1, 2, 5), held(TestSelection.parse("1-2,5"), 8));
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8), held(TestSelection.ALL, 8));
        // sorted, overlapping and adjacent numbers joined
        assertEquals("1-2,5", TestSelection.parse("5,2,1").toString());
        assertEquals("1-4", TestSelection.parse("3-4,1-2").toString());
        assertEquals("1-6", TestSelection.parse("1-4,2-6,5").toString());
        assertEquals(TestSelection.parse("1-2,5"), TestSelection.parse("5,1-2"));
        assertEquals("-tests1-4", TestSelection.parse("1-4").folderSuffix());
        assertEquals("-tests1-2+5", TestSelection.parse("1-2,5").folderSuffix());
        assertEquals("-tests2", TestSelection.parse("2").folderSuffix());
        assertEquals("", TestSelection.ALL.folderSuffix());
        assertEquals(List.of("tests: 1-4 of 8"), TestSelection.parse("1-4").envLines(8));
        assertEquals(List.of(), TestSelection.ALL.envLines(8));
    }

    @Test
    void theOptionIsReadInBothFormsAndLeftOutOfWhatGoesToJmh() {
        TestSelection twoToThree = TestSelection.parse("2-3");
        assertEquals(twoToThree, TestSelection.of(List.of("-p", "num=10", "--tests", "2-3")));
        assertEquals(twoToThree, TestSelection.of(List.of("--tests=2-3", "-f", "1")));
        assertEquals(TestSelection.ALL, TestSelection.of(List.of("-p", "num=10")));
        assertEquals(
                List.of("-p", "num=10", "-f", "1"),
                TestSelection.without(List.of("-p", "num=10", "--tests", "2-3", "-f", "1")));
        assertEquals(List.of("-f", "1"), TestSelection.without(List.of("--tests=2-3", "-f", "1")));
    }

    @Test
    void aListThatNamesNoTestOrOneTheSuiteLacksIsAUsageError() {
        String examples = "e.g. --tests 1-4, --tests 2 or --tests 1-2,5";
        assertEquals(
                "--tests 0: tests are numbered from 1 (test 1 of N, as the dry run lists them), " + examples,
                assertThrows(UsageException.class, () -> TestSelection.parse("0"))
                        .getMessage());
        assertEquals(
                "--tests a is not a list of test numbers: give numbers and ranges joined by commas, " + examples,
                assertThrows(UsageException.class, () -> TestSelection.parse("a"))
                        .getMessage());
        for (String bad : List.of("1,", ",1", "1-", "-1", "1--2", "1 2", "1-2-3", "1234567890")) {
            assertTrue(
                    assertThrows(UsageException.class, () -> TestSelection.parse(bad))
                            .getMessage()
                            .startsWith("--tests " + bad + " is not a list of test numbers"),
                    bad);
        }
        assertEquals(
                "--tests 3-1: the range 3-1 ends before it starts; give it lowest first, 1-3",
                assertThrows(UsageException.class, () -> TestSelection.parse("3-1"))
                        .getMessage());
        assertEquals(
                "--tests needs the numbers of the tests to run, " + examples,
                assertThrows(UsageException.class, () -> TestSelection.of(List.of("--tests")))
                        .getMessage());
        assertEquals(
                "--tests needs the numbers of the tests to run, " + examples,
                assertThrows(UsageException.class, () -> TestSelection.of(List.of("--tests=")))
                        .getMessage());
        assertEquals(
                "--tests 9: the scale suite has 8 tests: 1 to 8 (KVBENCH_DRY_RUN=1 ./run.sh scale lists them)",
                assertThrows(
                                UsageException.class,
                                () -> TestSelection.parse("9").within(8, "scale"))
                        .getMessage());
        assertEquals(
                "--tests 2,7-9: the scale suite has 8 tests: 1 to 8 (KVBENCH_DRY_RUN=1 ./run.sh scale lists them)",
                assertThrows(
                                UsageException.class,
                                () -> TestSelection.parse("2,7-9").within(8, "scale"))
                        .getMessage());
        assertEquals(TestSelection.parse("1-8"), TestSelection.parse("1-8").within(8, "scale"));
    }

    @Test
    void withAShardOrPastTheSuiteItIsAUsageErrorAndWritesNothing() throws IOException {
        Map<String, String> env = new HashMap<>(Map.of(
                "KVBENCH_DIR", Files.createDirectories(root.resolve("work")).toString()));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(
                SuiteRunner.USAGE,
                run(env, SmokeOnFixtures.jmh(), new ByteArrayOutputStream(), err, "smoke", "--tests", "4"));
        assertEquals(
                "run.sh: --tests 4: the smoke suite has 3 tests: 1 to 3 (KVBENCH_DRY_RUN=1 ./run.sh smoke lists them)\n",
                err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(
                SuiteRunner.USAGE,
                run(
                        env,
                        SmokeOnFixtures.jmh(),
                        new ByteArrayOutputStream(),
                        err,
                        "smoke",
                        "--tests",
                        "1",
                        "--shard",
                        "1/2"));
        assertEquals(
                "run.sh: --tests 1 with --shard 1/2: give one of them (--tests picks tests by number, --shard every n-th "
                        + "test for one of n machines)\n",
                err.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(root.resolve("results")));
    }

    @Test
    void theDryRunListsOnlyTheChosenTestsAndTheirTime() throws IOException {
        Map<String, String> env = new HashMap<>(Map.of(
                "KVBENCH_DIR", Files.createDirectories(root.resolve("work")).toString(), "KVBENCH_DRY_RUN", "1"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(
                0,
                run(env, SmokeOnFixtures.jmh(), out, err, "smoke", "--tests", "3,1"),
                err.toString(StandardCharsets.UTF_8));
        List<String> headings = out.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(l -> l.startsWith("test "))
                .toList();
        assertEquals(2, headings.size(), out.toString(StandardCharsets.UTF_8));
        assertTrue(headings.get(0).startsWith("test 1 of 3: "), headings.get(0));
        assertTrue(headings.get(1).startsWith("test 3 of 3: "), headings.get(1));
        assertTrue(
                out.toString(StandardCharsets.UTF_8).endsWith(" in all for tests 1,3 of 3 (a rough estimate)\n"),
                out.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(root.resolve("results")));
    }

    @Test
    void twoRunsOfSomeTestsEachSayWhichRanAndMergeIntoTheWholeSuite() throws IOException {
        Map<String, String> env = new HashMap<>(Map.of(
                "KVBENCH_DIR", Files.createDirectories(root.resolve("work")).toString()));
        FixtureJmh first = SmokeOnFixtures.jmh();
        FixtureJmh second = SmokeOnFixtures.jmh();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(
                0,
                run(env, first, new ByteArrayOutputStream(), err, "smoke", "--tests", "1-2"),
                err.toString(StandardCharsets.UTF_8));
        assertEquals(
                0,
                run(env, second, new ByteArrayOutputStream(), err, "smoke", "--tests=3"),
                err.toString(StandardCharsets.UTF_8));
        assertEquals(List.of(1, 2), first.ran);
        assertEquals(List.of(3), second.ran);
        Path one = root.resolve("results/20261124-smoke-tests1-2");
        Path two = root.resolve("results/20261124-smoke-tests3");
        String envOne = Files.readString(one.resolve("env.txt"));
        assertTrue(envOne.contains("\ntests: 1-2 of 3\n"), envOne);
        assertTrue(
                envOne.contains("command: ./run.sh smoke --tests 1-2\n"),
                "the resume command keeps the tests: " + envOne);
        assertTrue(Files.exists(two.resolve("out-3.csv")), "test 3 keeps its number");
        assertFalse(Files.exists(two.resolve("out-1.csv")));

        Report.main(new String[] {one.toString(), "--templates", "gnuplot", "--no-png"});
        String report = Files.readString(one.resolve("README.md"));
        assertTrue(
                report.contains("**Only tests 1-2 of the smoke suite's 3 ran** (`./run.sh smoke --tests 1-2`)"),
                report);
        assertFalse(report.contains("## Test 3: "), report);

        Path merged = root.resolve("results/20261124-smoke");
        Merge.main(new String[] {merged.toString(), one.toString(), two.toString()});
        String mergedEnv = Files.readString(merged.resolve("env.txt"));
        assertFalse(mergedEnv.contains("tests:"), "the merged folder holds every test: " + mergedEnv);
        Report.main(new String[] {merged.toString(), "--templates", "gnuplot", "--no-png"});
        String readme = Files.readString(merged.resolve("README.md"));
        assertFalse(readme.contains("**Only tests"), "the merged folder holds the whole suite");
        for (int n = 1; n <= 3; n++) {
            assertTrue(readme.contains("## Test " + n + ": "), "test " + n + " in the merged report");
        }
        assertTrue(
                readme.contains("This folder merges 2 runs of parts of the suite, each run on its own (`./run.sh SUITE "
                        + "--tests LIST`, merged"),
                readme);
        assertTrue(readme.contains("| 1, 2 | tests 1-2 of 3 | "), readme);
        assertTrue(readme.contains("| 3 | tests 3 of 3 | "), readme);
    }
}
