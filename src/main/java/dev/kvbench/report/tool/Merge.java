package dev.kvbench.report.tool;

import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.section.ShardMachines;
import dev.kvbench.text.KeyValueFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * One results folder from the shard folders of several machines ({@code ./run.sh SUITE --shard i/n}
 * on each, or {@code --tests LIST}, some tests each): every test's raw files, which keep the suite's test numbers (so nothing is renumbered): {@code out-N.*},
 * its later rounds' {@code out-N.rR.*}, and the ycsb-peer suite's YCSB client output {@code ycsb-N.properties},
 * {@code ycsb-N.load.txt}, {@code ycsb-N.run.txt} and their rounds' {@code ycsb-N.rR.*}; and,
 * beside them, its machine's {@code env.txt} as {@code out-N.env.txt}, so that the report gives
 * each test its own machine ({@link ShardMachines}); a folder merged before gives its tests' own {@code out-N.env.txt}.
 * The merged {@code env.txt} is the first shard's, with {@code shards: K} (a merged folder counting the shards it holds), and, when the folders of {@code --tests} runs still leave some of the suite's
 * tests out, {@code tests: 1-4,6 of 8}. process.sh then writes the report.
 *
 * <pre>java -cp target/benchmarks.jar dev.kvbench.report.tool.Merge OUT SHARD...   # or ./process.sh --merge OUT SHARD...</pre>
 *
 * One line and exit status 2 for: fewer than two shards, a shard that is not a results folder,
 * shards of different suites, of different commands (other {@code -p} values) or commits, a test in two shards, an
 * OUT that already holds results.
 */
public final class Merge {

    /** The files that say a shard ran a test: its JMH CSV or its side file (round 1's). */
    private static final Pattern TEST_FILE = Pattern.compile("out-(\\d+)\\.(csv|side\\.jsonl)");
    /** Every raw file of a test, of any round, YCSB's client output included; one of its groups is the test's number. */
    private static final Pattern RAW_FILE =
            Pattern.compile("(?:out-(\\d+)(?:\\.r\\d+(?:-\\d+)?)?\\.(?:csv|txt|side\\.jsonl)|out-(\\d+)\\.meta"
                    + "|ycsb-(\\d+)(?:\\.r\\d+)?\\.(?:properties|load\\.txt|run\\.txt))");

    /** env.txt's {@code tests:} line of a {@code --tests} run ("1-4 of 8"): the suite's number of tests. */
    private static final Pattern TESTS_OF = Pattern.compile(".* of (\\d+)");

    private Merge() {}

    public static void main(String[] args) {
        try {
            if (args.length < 3) {
                throw new Refused(
                        "give the merged folder and two or more shard folders; usage: ./process.sh --merge OUT SHARD SHARD...");
            }
            List<Path> shards = new ArrayList<>();
            for (int i = 1; i < args.length; i++) {
                shards.add(Path.of(args[i]));
            }
            merge(Path.of(args[0]), shards);
            System.out.println("merged " + shards.size() + " shards into " + args[0]);
        } catch (Refused e) {
            System.err.println("merge: " + e.getMessage());
            System.exit(2);
        } catch (IOException | RuntimeException e) {
            System.err.println("merge: cannot merge the shards: " + e);
            System.exit(1);
        }
    }

    /** Copies every shard's tests into {@code out}; returns the test numbers by shard. */
    static Map<Path, List<Integer>> merge(Path out, List<Path> shards) throws IOException {
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new Refused(out + " is a file, not a folder: merge into a new folder");
        }
        Shards checked = Shards.of(shards);
        if (Files.isDirectory(out) && !testNumbers(out).isEmpty()) {
            throw new Refused(out + " already holds results: merge into a new folder");
        }

        Files.createDirectories(out);
        for (Map.Entry<Path, List<Integer>> entry : checked.tests().entrySet()) {
            copyTests(entry.getKey(), entry.getValue(), out);
        }
        writeEnv(shards.get(0).resolve("env.txt"), checked, out);
        return checked.tests();
    }

    /**
     * The shards' tests by shard, checked to be of one suite with each test in one shard; the tests they hold
     * together, the shards they count (a folder merged before counts its own), and the suite's number of tests
     * when a {@code --tests} folder's {@code env.txt} says it (0 otherwise).
     */
    private record Shards(Map<Path, List<Integer>> tests, List<Integer> merged, int runs, int suiteTests) {

        static Shards of(List<Path> shards) throws IOException {
            Map<Path, List<Integer>> tests = new LinkedHashMap<>();
            Map<Integer, Path> owner = new LinkedHashMap<>();
            String suite = null;
            Map<String, String> first = Map.of();
            int suiteTests = 0; // from a --tests folder's "tests: 1-4 of 8"
            int runs = 0; // a folder merged before counts the shards it holds
            for (Path shard : shards) {
                if (!Files.isDirectory(shard)) {
                    throw new Refused(
                            shard
                                    + " is not a folder; give the folders that ./run.sh SUITE --shard i/n (or --tests LIST) wrote");
                }
                Map<String, String> env = KeyValueFile.read(shard.resolve("env.txt"), ":");
                String of = env.getOrDefault("suite", "");
                String held = env.getOrDefault("shards", "1").trim();
                runs += held.matches("\\d+") ? Integer.parseInt(held) : 1;
                Matcher total = TESTS_OF.matcher(env.getOrDefault("tests", ""));
                if (total.matches()) {
                    suiteTests = Integer.parseInt(total.group(1));
                }
                if (suite == null) {
                    suite = of;
                    first = env;
                } else if (!suite.equals(of)) {
                    throw new Refused(shard + " holds the " + of + " suite and " + shards.get(0) + " the " + suite
                            + " suite: merge the shards of one suite");
                } else {
                    sameRun(shards.get(0), first, shard, env);
                }
                List<Integer> numbers = testNumbers(shard);
                if (numbers.isEmpty()) {
                    throw new Refused(
                            shard + " has no results (no out-N.csv or out-N.side.jsonl): run its shard first");
                }
                for (int n : numbers) {
                    Path before = owner.putIfAbsent(n, shard);
                    if (before != null) {
                        throw new Refused(
                                "test " + n + " is in both " + before + " and " + shard
                                        + ": merge the shards of one run, each --shard i/n of the same n once, or --tests runs that share no test");
                    }
                }
                tests.put(shard, numbers);
            }
            return new Shards(tests, owner.keySet().stream().sorted().toList(), runs, suiteTests);
        }
    }

    /**
     * Refuses a shard run with another command than the first shard's (other {@code -p} values, engines, options:
     * another experiment) or from another commit: merged, the Environment would name one command and one commit.
     * The parts that choose a shard's tests ({@code --shard i/n}, {@code --tests LIST}) may differ; a folder from
     * before env.txt recorded the command or the commit is not checked for it.
     */
    private static void sameRun(Path firstShard, Map<String, String> first, Path shard, Map<String, String> env) {
        String command = withoutShard(env.getOrDefault("command", ""));
        String firstCommand = withoutShard(first.getOrDefault("command", ""));
        if (!command.isEmpty() && !firstCommand.isEmpty() && !command.equals(firstCommand)) {
            throw new Refused(shard + " ran " + command + " and " + firstShard + " " + firstCommand
                    + ": merge the shards of one command (the same -p values and options, each with its own --shard"
                    + " or --tests)");
        }
        String commit = env.getOrDefault("git.commit", "");
        String firstCommit = first.getOrDefault("git.commit", "");
        if (!commit.isEmpty() && !firstCommit.isEmpty() && !commit.equals(firstCommit)) {
            throw new Refused(shard + " ran commit " + shortCommit(commit) + " and " + firstShard + " commit "
                    + shortCommit(firstCommit) + ": merge the shards of one commit (check out one commit on every"
                    + " machine and run the shards again)");
        }
    }

    /** A command without the part that chooses its tests: {@code --shard i/n} or {@code --tests LIST}. */
    static String withoutShard(String command) {
        return command.replaceAll("\\s+--(shard|tests)(=|\\s+)\\S+", "").trim();
    }

    private static String shortCommit(String commit) {
        return commit.substring(0, Math.min(7, commit.length()));
    }

    /** Copies the raw files of {@code shard}'s own {@code numbers} into {@code out}, each beside its machine's env.txt. */
    private static void copyTests(Path shard, List<Integer> numbers, Path out) throws IOException {
        try (Stream<Path> files = Files.list(shard)) {
            for (Path file : files.toList()) {
                Matcher m = RAW_FILE.matcher(file.getFileName().toString());
                // only the shard's own tests: a test another shard ran is that shard's, whatever is left here
                if (m.matches() && numbers.contains(number(m))) {
                    Files.copy(file, out.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        for (int n : numbers) {
            // a folder merged before keeps each test's own machine: its out-N.env.txt, not its merged env.txt
            Path env = Files.exists(shard.resolve(ResultsFolder.envFile(n)))
                    ? shard.resolve(ResultsFolder.envFile(n))
                    : shard.resolve("env.txt");
            if (Files.exists(env)) {
                Files.copy(env, out.resolve(ResultsFolder.envFile(n)), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** The merged env.txt: the {@code first} shard's, without its shard lines, then the shards and tests merged. */
    private static void writeEnv(Path first, Shards shards, Path out) throws IOException {
        List<String> env = new ArrayList<>();
        if (Files.exists(first)) {
            Files.readAllLines(first, StandardCharsets.UTF_8).stream()
                    .filter(line ->
                            !line.startsWith("shard:") && !line.startsWith("shards:") && !line.startsWith("tests:"))
                    .forEach(env::add);
        }
        env.add("shards: " + shards.runs());
        List<Integer> merged = shards.merged();
        int suiteTests = shards.suiteTests();
        if (suiteTests > 0
                && !merged.equals(IntStream.rangeClosed(1, suiteTests).boxed().toList())) {
            env.add("tests: " + ranges(merged) + " of " + suiteTests); // --tests folders that still leave some out
        }
        Files.write(out.resolve("env.txt"), env, StandardCharsets.UTF_8);
    }

    /** "1-4,6" of 1, 2, 3, 4, 6 (sorted). */
    static String ranges(List<Integer> numbers) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < numbers.size(); ) {
            int j = i;
            while (j + 1 < numbers.size() && numbers.get(j + 1) == numbers.get(j) + 1) {
                j++;
            }
            parts.add(i == j ? String.valueOf(numbers.get(i)) : numbers.get(i) + "-" + numbers.get(j));
            i = j + 1;
        }
        return String.join(",", parts);
    }

    /** The test number of a {@link #RAW_FILE} match. */
    private static int number(Matcher m) {
        for (int g = 1; g <= m.groupCount(); g++) {
            if (m.group(g) != null) {
                return Integer.parseInt(m.group(g));
            }
        }
        throw new IllegalStateException("no test number in " + m.group());
    }

    /** The test numbers that have a JMH CSV or a side file in {@code dir}. */
    private static List<Integer> testNumbers(Path dir) throws IOException {
        List<Integer> numbers = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                Matcher m = TEST_FILE.matcher(file.getFileName().toString());
                if (m.matches()) {
                    int n = Integer.parseInt(m.group(1));
                    if (!numbers.contains(n)) {
                        numbers.add(n);
                    }
                }
            }
        }
        numbers.sort(Integer::compare);
        return numbers;
    }
}
