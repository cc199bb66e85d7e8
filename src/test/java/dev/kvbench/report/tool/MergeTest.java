package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.section.YcsbPeerSection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./process.sh --merge} of a suite whose tests carry more than {@code out-N.*}: the ycsb-peer fixture split
 * into two shards (odd and even tests, with a second round of test 1 on both tools), merged, gives the same side by
 * side with YCSB as the folder it came from, and every raw file of each test is in the merged folder under its own
 * number.
 */
class MergeTest {

    private static final Pattern NUMBER = Pattern.compile("(?:out|ycsb)-(\\d+)\\..*");

    @TempDir
    Path dir;

    @Test
    void mergingShardsOfTheYcsbPeerSuiteKeepsYcsbsOutputAndEveryRound() throws IOException {
        Path one = dir.resolve("shard1");
        Path two = dir.resolve("shard2");
        Files.createDirectories(one);
        Files.createDirectories(two);
        try (Stream<Path> files = Files.list(Fixtures.YCSB_PEER)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                Matcher m = NUMBER.matcher(name);
                if (name.equals("env.txt")) {
                    Files.copy(file, one.resolve(name));
                    Files.copy(file, two.resolve(name));
                } else if (m.matches()) {
                    Files.copy(file, (Integer.parseInt(m.group(1)) % 2 == 1 ? one : two).resolve(name));
                }
            }
        }
        // a second round of test 1 on both sides, and a stray file of test 2 that shard 1 did not run
        for (String ext : List.of(".csv", ".side.jsonl", ".txt")) {
            Files.copy(one.resolve("out-1" + ext), one.resolve("out-1.r2" + ext));
        }
        Files.copy(one.resolve("ycsb-1.run.txt"), one.resolve("ycsb-1.r2.run.txt"));
        Files.copy(one.resolve("ycsb-1.load.txt"), one.resolve("ycsb-1.r2.load.txt"));
        Files.writeString(
                one.resolve("ycsb-2.run.txt"), "# command: left from an interrupted run\n", StandardCharsets.UTF_8);

        Path merged = dir.resolve("merged");
        Map<Path, List<Integer>> tests = Merge.merge(merged, List.of(one, two));
        assertEquals(List.of(1, 3, 5, 7, 9, 11), tests.get(one));
        assertEquals(List.of(2, 4, 6, 8, 10, 12), tests.get(two));
        for (String name : List.of(
                "ycsb-1.properties",
                "ycsb-1.load.txt",
                "ycsb-1.run.txt",
                "ycsb-1.r2.run.txt",
                "ycsb-1.r2.load.txt",
                "out-1.r2.csv",
                "out-1.r2.side.jsonl",
                "out-1.r2.txt",
                "ycsb-12.properties",
                "ycsb-12.run.txt",
                "ycsb-6.load.txt",
                "out-6.meta",
                "out-6.env.txt")) {
            assertTrue(Files.exists(merged.resolve(name)), name + " in the merged folder");
        }
        assertEquals(
                Files.readString(two.resolve("ycsb-2.run.txt")),
                Files.readString(merged.resolve("ycsb-2.run.txt")),
                "test 2's YCSB output is its own shard's");

        Path whole = dir.resolve("whole");
        String expected = Fixtures.report(Fixtures.YCSB_PEER, whole, false);
        Report.write(merged, Path.of("gnuplot"), false);
        String readme = Files.readString(merged.resolve("README.md"), StandardCharsets.UTF_8);
        String table = section(expected);
        assertFalse(table.isEmpty());
        for (String workload : List.of("workloadb", "workloadc", "workloadd", "workloade", "workloadf")) {
            String row = table.lines()
                    .filter(l -> l.startsWith("| " + workload + " |"))
                    .findFirst()
                    .orElseThrow();
            assertTrue(section(readme).contains(row), workload + "'s row as in the unmerged folder:\n" + readme);
        }
        // test 1's second round, a copy of its first: both tools' figures with a ± of 0
        assertTrue(
                section(readme).contains("| workloada | 700 ± 0 | 8,491 ± 0 | 1,258 ± 0 | 40,453 ± 0 | 32× |"), readme);
    }

    private static String section(String readme) {
        int at = readme.indexOf("## " + YcsbPeerSection.HEADING);
        return at < 0 ? "" : readme.substring(at);
    }

    /** Folders of {@code --tests} runs that still leave some of the suite's tests out: the merged env.txt says which ran. */
    @Test
    void mergingRunsOfSomeTestsThatLeaveSomeOutSaysWhichRan() throws IOException {
        Path one = Files.createDirectories(dir.resolve("tests1-2"));
        Path four = Files.createDirectories(dir.resolve("tests4"));
        for (int n : List.of(1, 2, 4)) {
            Files.writeString(
                    (n == 4 ? four : one).resolve("out-" + n + ".csv"), "\"Benchmark\"\n", StandardCharsets.UTF_8);
        }
        Files.writeString(one.resolve("env.txt"), "suite: scale\ntests: 1-2 of 8\n", StandardCharsets.UTF_8);
        Files.writeString(four.resolve("env.txt"), "suite: scale\ntests: 4 of 8\n", StandardCharsets.UTF_8);
        Path merged = dir.resolve("merged");
        Merge.merge(merged, List.of(one, four));
        assertEquals(
                List.of("suite: scale", "shards: 2", "tests: 1-2,4 of 8"),
                Files.readAllLines(merged.resolve("env.txt")));
        assertEquals("1-4,6,8-9", Merge.ranges(List.of(1, 2, 3, 4, 6, 8, 9)));
    }

    /** A merged folder merged again with another run keeps each test's own machine and counts every shard it holds. */
    @Test
    void mergingAMergedFolderAgainKeepsItsTestsOwnMachinesAndCountsItsShards() throws IOException {
        Path one = Files.createDirectories(dir.resolve("tests1"));
        Path four = Files.createDirectories(dir.resolve("tests4"));
        Path three = Files.createDirectories(dir.resolve("tests3"));
        Map<Path, Integer> tests = Map.of(one, 1, four, 4, three, 3);
        tests.forEach((folder, n) -> {
            try {
                Files.writeString(folder.resolve("out-" + n + ".csv"), "\"Benchmark\"\n", StandardCharsets.UTF_8);
                Files.writeString(
                        folder.resolve("env.txt"),
                        "suite: scale\ncpu: host of test " + n + "\ntests: " + n + " of 8\n",
                        StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        Path first = dir.resolve("first");
        Merge.merge(first, List.of(one, four));
        Path again = dir.resolve("again");
        Merge.merge(again, List.of(first, three));
        assertEquals(
                List.of("suite: scale", "cpu: host of test 1", "shards: 3", "tests: 1,3-4 of 8"),
                Files.readAllLines(again.resolve("env.txt")));
        for (int n : List.of(1, 3, 4)) {
            assertTrue(
                    Files.readString(again.resolve("out-" + n + ".env.txt")).contains("cpu: host of test " + n + "\n"),
                    "out-" + n + ".env.txt is its own run's");
        }
    }

    /** Two shards of one suite run with other engines, or from other commits, are two experiments: refused. */
    @Test
    void shardsOfAnotherCommandOrCommitAreRefused() throws IOException {
        Path one = shard("one", 1, "./run.sh quick --shard 1/2 -p store=lmdb,rocksdb", "aaaaaaa1111");
        Path two = shard("two", 2, "./run.sh quick --shard 2/2 -p store=lmdb", "aaaaaaa1111");
        assertEquals(
                two + " ran ./run.sh quick -p store=lmdb and " + one + " ./run.sh quick -p store=lmdb,rocksdb: merge"
                        + " the shards of one command (the same -p values and options, each with its own --shard or"
                        + " --tests)",
                assertThrows(Refused.class, () -> Merge.merge(dir.resolve("out1"), List.of(one, two)))
                        .getMessage());
        Path other = shard("other", 2, "./run.sh quick --shard 2/2 -p store=lmdb,rocksdb", "bbbbbbb2222");
        assertEquals(
                other + " ran commit bbbbbbb and " + one + " commit aaaaaaa: merge the shards of one commit (check out"
                        + " one commit on every machine and run the shards again)",
                assertThrows(Refused.class, () -> Merge.merge(dir.resolve("out2"), List.of(one, other)))
                        .getMessage());
        assertFalse(Files.exists(dir.resolve("out1")), "nothing written");
        Path tests = shard("tests", 2, "./run.sh quick --tests 2 -p store=lmdb,rocksdb", "aaaaaaa1111");
        Merge.merge(dir.resolve("out3"), List.of(one, tests));
        assertEquals(
                "./run.sh quick -p store=lmdb,rocksdb",
                Merge.withoutShard("./run.sh quick --tests=1-3 -p store=lmdb,rocksdb"));
    }

    private Path shard(String name, int test, String command, String commit) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(name));
        Files.writeString(folder.resolve("out-" + test + ".csv"), "\"Benchmark\"\n", StandardCharsets.UTF_8);
        Files.writeString(
                folder.resolve("env.txt"),
                "suite: quick\ncommand: " + command + "\ngit.commit: " + commit + "\n",
                StandardCharsets.UTF_8);
        return folder;
    }
}
