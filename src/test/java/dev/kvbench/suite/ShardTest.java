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
 * {@code --shard i/n}: which tests a shard runs, where it writes them, and two shards of the smoke
 * suite (each test's JMH run stood in for by a fixture's raw files) merged into one report that
 * gives each test its own machine.
 */
class ShardTest {

    @TempDir
    Path root;

    private int run(Map<String, String> env, FixtureJmh jmh, ByteArrayOutputStream err, String... args) {
        return SmokeOnFixtures.run(root, env, jmh, new ByteArrayOutputStream(), err, args);
    }

    @Test
    void aShardHoldsEveryNthTestFromItsOwnAndNeverNone() {
        Shard second = Shard.parse("2/3");
        assertEquals(
                List.of(2, 5, 8),
                Stream.iterate(1, n -> n + 1).limit(9).filter(second::holds).toList());
        assertTrue(Stream.iterate(1, n -> n + 1).limit(9).allMatch(Shard.ALL::holds));
        assertEquals(second, Shard.of(List.of("-p", "num=10", "--shard", "2/3")));
        assertEquals(second, Shard.of(List.of("--shard=2/3")));
        assertEquals(List.of("-p", "num=10"), Shard.without(List.of("-p", "num=10", "--shard", "2/3")));
        assertEquals("-shard2of3", second.folderSuffix());
        assertEquals("", Shard.ALL.folderSuffix());
        assertEquals(List.of("shard: 2/3"), second.envLines());
    }

    @Test
    void aShardOutsideItsCountOrNotINIsAUsageError() {
        assertEquals(
                "--shard 3/2: the shard must be from 1 to the number of shards (1 to 2), e.g. --shard 1/2",
                assertThrows(UsageException.class, () -> Shard.parse("3/2")).getMessage());
        assertEquals(
                "--shard 0/2: the shard must be from 1 to the number of shards (1 to 2), e.g. --shard 1/2",
                assertThrows(UsageException.class, () -> Shard.parse("0/2")).getMessage());
        assertTrue(assertThrows(UsageException.class, () -> Shard.parse("a/b"))
                .getMessage()
                .startsWith("--shard a/b is not i/n"));
        assertTrue(assertThrows(UsageException.class, () -> Shard.of(List.of("--shard")))
                .getMessage()
                .startsWith("--shard  is not i/n"));
    }

    @Test
    void moreShardsThanTestsIsAUsageErrorAndWritesNothing() throws IOException {
        Map<String, String> env = new HashMap<>(Map.of(
                "KVBENCH_DIR", Files.createDirectories(root.resolve("work")).toString()));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(SuiteRunner.USAGE, run(env, SmokeOnFixtures.jmh(), err, "smoke", "--shard", "4/4"));
        assertEquals(
                "run.sh: --shard 4/4: the smoke suite has 3 tests, so shard 4 would run none; use at most 3 shards\n",
                err.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(root.resolve("results")));
    }

    @Test
    void twoShardsOfTheSmokeSuiteMergeIntoOneReportWithEachTestsMachine() throws IOException {
        Map<String, String> env = new HashMap<>(Map.of(
                "KVBENCH_DIR", Files.createDirectories(root.resolve("work")).toString()));
        FixtureJmh first = SmokeOnFixtures.jmh();
        FixtureJmh second = SmokeOnFixtures.jmh();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, run(env, first, err, "smoke", "--shard", "1/2"), err.toString(StandardCharsets.UTF_8));
        assertEquals(0, run(env, second, err, "smoke", "--shard", "2/2"), err.toString(StandardCharsets.UTF_8));
        assertEquals(List.of(1, 3), first.ran);
        assertEquals(List.of(2), second.ran);
        Path one = root.resolve("results/20261124-smoke-shard1of2");
        Path two = root.resolve("results/20261124-smoke-shard2of2");
        String envOne = Files.readString(one.resolve("env.txt"));
        assertTrue(envOne.contains("\nshard: 1/2\n"), envOne);
        assertTrue(
                envOne.contains("command: ./run.sh smoke --shard 1/2\n"),
                "the resume command keeps the shard: " + envOne);
        // the second machine: another CPU
        Files.writeString(
                two.resolve("env.txt"),
                Files.readString(two.resolve("env.txt"))
                        .replaceFirst("cpu.model: .*", "cpu.model: The Second Machine"));

        Path merged = root.resolve("results/20261124-smoke");
        Merge.main(new String[] {merged.toString(), one.toString(), two.toString()});
        Report.main(new String[] {merged.toString(), "--templates", "gnuplot", "--no-png"});
        String readme = Files.readString(merged.resolve("README.md"));
        for (int n = 1; n <= 3; n++) {
            assertTrue(readme.contains("## Test " + n + ": "), "test " + n + " in the merged report");
        }
        String machines = readme.substring(readme.indexOf(
                "This folder merges 2 runs of parts of the suite, each run on its own (`./run.sh SUITE --shard i/n`"));
        List<String> rows = machines.lines()
                .filter(line -> line.startsWith("| 1, 3 |") || line.startsWith("| 2 |"))
                .toList();
        assertEquals(2, rows.size(), machines);
        assertTrue(rows.get(0).startsWith("| 1, 3 | 1/2 | "), rows.get(0));
        assertTrue(rows.get(1).startsWith("| 2 | 2/2 | The Second Machine, "), rows.get(1));
    }
}
