package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.measure.Machine;
import dev.kvbench.trial.WorkFolder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner around the JMH runs, with a stand-in for JMH that writes what a completed (or
 * failed, or refused) run leaves: which tests run, what the folder holds, the exit codes.
 */
class SuiteRunnerTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 23);

    @TempDir
    Path root;

    private final Map<String, String> env = new HashMap<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final List<Path> reported = new ArrayList<>();
    private FakeJmh jmh;

    /** Completes every test with the exit status given for its number (0 when none), unless told otherwise. */
    static final class FakeJmh implements Launcher {
        final List<Integer> ran = new ArrayList<>();
        final Map<Integer, Integer> exits = new HashMap<>();
        final List<Integer> incomplete = new ArrayList<>();

        @Override
        public int run(PlannedTest test, Path part) {
            int n = test.number();
            ran.add(n);
            write(
                    part.resolve("out-" + n + ".txt"),
                    "# Run progress: 0.00% complete\n"
                            + (incomplete.contains(n)
                                    ? "kvbench: something went wrong\n"
                                    : "# Run complete. Total time: 00:00:01\n"));
            if (!incomplete.contains(n)) {
                write(
                        part.resolve("out-" + n + ".csv"),
                        "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\",\"Score Error (99.9%)\",\"Unit\"\n");
                write(part.resolve("out-" + n + ".side.jsonl"), "{}\n");
            }
            return exits.getOrDefault(n, 0);
        }

        @Override
        public void stop() {}

        static void write(Path file, String text) {
            try {
                Files.writeString(file, text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @BeforeEach
    void setUp() throws IOException {
        env.put("KVBENCH_DIR", Files.createDirectories(root.resolve("work")).toString());
        env.put("KVBENCH_DISK_DIR", root.resolve("disk").toString()); // never the machine's /var/tmp
        env.put("KVBENCH_ROUNDS", "1"); // one JMH run per test, unless a test says otherwise
        jmh = new FakeJmh();
    }

    /** What the report step exits with (process.sh's status). */
    private int reportStatus;

    /** The canary's time the host watch records (the real canary takes a moment per round). */
    private double canaryMs = 50;

    private int run(String... args) {
        SuiteRunner.Config config = new SuiteRunner.Config(
                root,
                env,
                TODAY,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        SuiteRunner runner = new SuiteRunner(
                config,
                workDir -> jmh,
                results -> {
                    reported.add(results);
                    return reportStatus;
                },
                () -> List.of("java.version: test"),
                results -> new HostWatch(results, () -> canaryMs));
        runner.powerCutMissing = () -> powerCutMissing;
        return runner.run(List.of(args));
    }

    /** What the runner is told the machine lacks for the power-cut test; null: nothing. */
    private String powerCutMissing;

    @Test
    void anAmplificationTestOneOfWhoseStoresMayFillTheDiskFolderIsRefusedNamingTheSizeThatFits() {
        Path disk = Path.of("/var/tmp/kvbench");
        long free = 80_000_000_000L;
        List<PlannedTest> tenMillion = Planner.plan(
                Suites.named("amp", Scaler.none()),
                UserArgs.of(List.of("-p", "num=10000000", "-p", "store=lmdb,rocksdb,mvstore,xodus,null")));
        UsageException refused = assertThrows(UsageException.class, () -> Room.checkAmp(disk, free, tenMillion));
        assertEquals(
                "the disk folder /var/tmp/kvbench has 80.0 GB free but the amplification test at 10,000,000 entries may "
                        + "need 523 GB for mvstore (MVStore keeps every page it rewrites: up to 4.5 KiB for each of the 11 puts per entry): "
                        + "pass fewer entries (-p num=1000000 fits), leave mvstore, xodus out "
                        + "(-p store=lmdb,rocksdb,null), or set KVBENCH_DISK_DIR to a bigger folder",
                refused.getMessage());
        Room.checkAmp(
                disk,
                free,
                Planner.plan(Suites.named("amp", Scaler.none()), UserArgs.of(List.of("-p", "num=1000000"))));
        Room.checkAmp(
                disk,
                free,
                Planner.plan(
                        Suites.named("amp", Scaler.none()),
                        UserArgs.of(List.of("-p", "num=10000000", "-p", "store=lmdb,rocksdb"))));
    }

    @Test
    void theAmpSuiteWithoutKvbenchDiskDirStopsWithExitStatus2BeforeAnythingRuns() {
        env.remove("KVBENCH_DISK_DIR");
        assertEquals(2, run("amp", "-p", "num=1000"));
        assertTrue(
                err.toString(StandardCharsets.UTF_8)
                        .contains(
                                "run.sh: KVBENCH_DISK_DIR is not set: write amplification is "
                                        + "measured on a disk folder; set KVBENCH_DISK_DIR to a writable folder on a disk file system"),
                err.toString(StandardCharsets.UTF_8));
        assertEquals(List.of(), jmh.ran);
        assertFalse(Files.exists(folder("amp")), "no results folder");
    }

    @Test
    void aDiskFolderThatIsAFileOrInMemoryIsNoPlaceForTheAmplificationTest() throws IOException {
        Path file = Files.writeString(root.resolve("afile"), "x");
        assertEquals(
                "KVBENCH_DISK_DIR=" + file
                        + " is not a folder; set KVBENCH_DISK_DIR to a writable folder on a disk file "
                        + "system (ext4, xfs...), e.g. KVBENCH_DISK_DIR=/var/tmp/kvbench ./run.sh amp",
                Folders.ampDiskProblem(file.toString(), "amp"));
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Machine.fileSystem(shm).equals("tmpfs")) {
            assertTrue(Folders.ampDiskProblem("/dev/shm/kvbench-amp-test/x", "report")
                    .startsWith("KVBENCH_DISK_DIR=/dev/shm/kvbench-amp-test/x is on tmpfs, in memory"));
            assertFalse(Files.exists(Path.of("/dev/shm/kvbench-amp-test")), "nothing created in memory");
        }
    }

    @Test
    void thePowercutSuiteAloneStopsWithTheMissingPieceAndExitStatus2() {
        powerCutMissing = "the power-cut test needs root (it mounts and unmounts a FUSE file system)";
        assertEquals(2, run("powercut"));
        assertTrue(
                err.toString(StandardCharsets.UTF_8)
                        .contains("./run.sh powercut cannot run on this machine: the power-cut " + "test needs root"),
                err.toString(StandardCharsets.UTF_8));
        assertEquals(List.of(), jmh.ran);
    }

    private Path folder(String suite) {
        return root.resolve("results").resolve("20261123-" + suite);
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void runsEveryTestOfTheSuiteIntoItsDatedFolderAndReportsIt() {
        assertEquals(0, run("quick", "-p", "num=1000", "-p", "store=lmdb"));
        Path results = folder("quick");
        assertEquals(List.of(1, 2), jmh.ran);
        for (int n = 1; n <= 2; n++) {
            for (String ext : List.of(".csv", ".txt", ".side.jsonl", ".meta")) {
                assertTrue(Files.exists(results.resolve("out-" + n + ext)), "out-" + n + ext);
            }
            assertFalse(Files.exists(results.resolve(".partial-" + n)));
        }
        assertTrue(Files.exists(results.resolve("env.txt")));
        assertEquals(List.of(results), reported);
        assertTrue(
                stdout().contains(
                                "test 1 of 2: Int keys in sequential order (20 runs, 1000 entries); elapsed 0 s, about "),
                stdout());
        assertTrue(stdout().contains("suite quick done in "), stdout());
    }

    @Test
    void quickIsTheDefaultSuite() {
        assertEquals(0, run("-p", "num=1000", "-p", "store=lmdb"));
        assertTrue(Files.isDirectory(folder("quick")));
    }

    @Test
    void theMetaFileTellsTheReportWhatTheTestIs() {
        assertEquals(0, run("quick", "-p", "store=lmdb"));
        Map<String, String> meta = Meta.read(folder("quick"), 2);
        assertEquals("2", meta.get("test"));
        assertEquals("quick", meta.get("suite"));
        assertEquals("Int keys in random order", meta.get("title"));
        assertEquals("panels", meta.get("chart"));
        assertEquals("true", meta.get("ranking"));
        assertEquals("", meta.get("sweep"));
        assertEquals("write readKey readSeq readRev readCrc readXxh64", meta.get("workloads"));
        assertEquals("100000", meta.get("num"));
        assertEquals("suite", meta.get("num.source"));
        assertEquals("0", meta.get("jmh.exit"));
        assertTrue(meta.containsKey("seconds"));
        assertTrue(meta.get("command").startsWith("java -jar target/benchmarks.jar "), meta.get("command"));
    }

    @Test
    void aDiskTestRunsInTheDiskFolderAndItsMetaNamesThatFolderAndItsFileSystem() throws IOException {
        Path disk = Path.of(env.get("KVBENCH_DISK_DIR"));
        env.put("KVBENCH_BUDGET", "20M");
        Map<Integer, Path> ranIn = new HashMap<>();
        SuiteRunner.Config config = new SuiteRunner.Config(
                root,
                env,
                TODAY,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        SuiteRunner runner = new SuiteRunner(
                config,
                workDir -> new Launcher() {
                    @Override
                    public int run(PlannedTest test, Path part) {
                        ranIn.put(test.number(), workDir);
                        return jmh.run(test, part);
                    }

                    @Override
                    public void stop() {}
                },
                results -> 0,
                () -> List.of("java.version: test"));
        runner.powerCutMissing = () -> null;
        assertEquals(0, runner.run(List.of("depths")), err.toString(StandardCharsets.UTF_8));
        Path work = Path.of(env.get("KVBENCH_DIR"));
        assertEquals(work, ranIn.get(1), "the deep-vs-flat test on the work folder");
        assertEquals(disk, ranIn.get(2), "and on the disk folder");
        Map<String, String> meta = Meta.read(folder("depths"), 2);
        assertEquals(disk.toString(), meta.get("work.dir"));
        assertEquals(Files.getFileStore(disk).type(), meta.get("work.fs"));
        assertEquals(work.toString(), Meta.read(folder("depths"), 1).get("work.dir"));
    }

    @Test
    void aScaledReportTestRecordsHowItWasSized() {
        env.put("KVBENCH_BUDGET", "20M");
        assertEquals(0, run("report", "-p", "store=lmdb"));
        Map<String, String> meta = Meta.read(folder("report"), 3);
        assertEquals("2000", meta.get("num"));
        assertEquals("scaled", meta.get("num.source"));
        assertEquals("10000000", meta.get("num.2016"));
        assertEquals("8180", meta.get("scale.entryBytes"));
        assertEquals("20971520", meta.get("scale.budgetBytes"));
        assertEquals("KVBENCH_BUDGET", meta.get("scale.budgetSource"));
        assertEquals("0.25", meta.get("scale.fraction"));
        assertEquals("sweep", meta.get("chart"));
        assertEquals("batchSize", meta.get("sweep"));
    }

    @Test
    void withoutKvbenchBudgetTheReportTakesItsOwnDefaultOf20MegabytesPerStore() {
        env.remove("KVBENCH_BUDGET");
        Assumptions.assumeTrue(
                Budget.of(null, Machine.memAvailable(), WorkFolder.usableBytes(Path.of(env.get("KVBENCH_DIR"))))
                                .bytes()
                        > Budget.REPORT_DEFAULT,
                "a machine of over 80 MiB");
        assertEquals(0, run("report", "-p", "store=lmdb"));
        Map<String, String> meta = Meta.read(folder("report"), 3);
        assertEquals("2000", meta.get("num"));
        assertEquals("20971520", meta.get("scale.budgetBytes"));
        assertEquals("report", meta.get("scale.budgetSource"));
        assertEquals("200000", Meta.read(folder("report"), 1).get("num"));
    }

    @Test
    void envTxtDescribesTheMachineAndTheResumeCommand() throws IOException {
        assertEquals(0, run("smoke", "-p", "store=lmdb"));
        String envTxt = Files.readString(folder("smoke").resolve("env.txt"));
        assertTrue(envTxt.startsWith("suite: smoke\ncommand: ./run.sh smoke -p store=lmdb\nstarted: "), envTxt);
        for (String key : List.of(
                "cpu.model: ",
                "cpu.cores: ",
                "memory.bytes: ",
                "os: ",
                "kernel: ",
                "work.dir: ",
                "work.fs: ",
                "work.freeBytes: ",
                "ulimit.n: ",
                "java.version: test")) {
            assertTrue(envTxt.contains("\n" + key), key);
        }
    }

    @Test
    void runningAgainResumesSkippingTheCompletedTests() {
        jmh.incomplete.add(2);
        assertEquals(1, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        assertTrue(
                err.toString(StandardCharsets.UTF_8).contains("test 2 did not complete"),
                err.toString(StandardCharsets.UTF_8));
        assertEquals(List.of(1, 2), jmh.ran);
        assertTrue(reported.isEmpty());

        jmh = new FakeJmh();
        assertEquals(0, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        assertEquals(List.of(2), jmh.ran, "test 1 was complete");
        assertTrue(stdout().contains("test 1 of 2: Int keys in sequential order: already complete, skipped"), stdout());
        assertEquals(List.of(folder("quick")), reported);
    }

    @Test
    void theResumeHintNamesTheResultsFolderTheRunWasGivenAndFollowingItResumes() {
        Path mine = root.resolve("mine");
        env.put("KVBENCH_RESULTS", mine.toString());
        jmh.incomplete.add(2);
        assertEquals(1, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        String said = err.toString(StandardCharsets.UTF_8);
        String hint = "KVBENCH_RESULTS=" + mine + " ./run.sh quick -p store=lmdb -p num=1000";
        assertTrue(said.contains("Fix the cause, then run " + hint + " to resume"), said);

        // the hint, as a shell would run it: the same variable, the same arguments
        jmh = new FakeJmh();
        String[] words = hint.split(" ");
        env.put("KVBENCH_RESULTS", words[0].substring("KVBENCH_RESULTS=".length()));
        assertEquals(0, run(java.util.Arrays.copyOfRange(words, 2, words.length)));
        assertEquals(List.of(2), jmh.ran, "test 1 was complete in " + mine);
        assertEquals(List.of(mine), reported);
    }

    @Test
    void theResumeHintOfAFolderBesideAFinishedOneNamesIt() throws IOException {
        Path finished = Files.createDirectories(
                root.resolve("results/" + TODAY.format(java.time.format.DateTimeFormatter.BASIC_ISO_DATE) + "-quick"));
        Files.writeString(finished.resolve("README.md"), "a published run\n");
        jmh.incomplete.add(2);
        assertEquals(1, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        Path second = finished.resolveSibling(finished.getFileName() + "-2");
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(
                said.contains("then run KVBENCH_RESULTS=" + second + " ./run.sh quick -p store=lmdb -p num=1000 to"
                        + " resume"),
                said);
    }

    @Test
    void anUnfinishedFolderOfAnEarlierDayIsResumed() throws IOException {
        Path earlier = root.resolve("results/20261120-quick");
        env.put("KVBENCH_RESULTS", "");
        jmh.incomplete.add(2);
        assertEquals(1, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        Files.move(folder("quick"), earlier);
        jmh = new FakeJmh();
        assertEquals(0, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        assertEquals(List.of(2), jmh.ran);
        assertFalse(Files.exists(folder("quick")));
        assertTrue(SuiteFolder.finished(earlier));
    }

    @Test
    void aResumedReportTestKeepsTheEntriesItWasPlannedWith() throws IOException {
        Path results = folder("report");
        Files.createDirectories(results);
        Files.writeString(results.resolve("out-2.meta"), "test=2\nnum=300\nnum.source=scaled\n");
        Scaler scaler = RunFolder.resumingScaler(results, Budget.of("20M", 0, 0));
        assertEquals(300, scaler.num(2, 1_000_000, 16373), "planned by the interrupted run");
        assertEquals(200_000, scaler.num(1, 1_000_000, 104), "not planned yet: scaled to the budget");
    }

    @Test
    void aCompletedTestRunWithOtherOptionsIsNotMixedIn() {
        jmh.incomplete.add(2);
        assertEquals(1, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        jmh = new FakeJmh();
        assertEquals(2, run("quick", "-p", "store=lmdb", "-p", "num=2000"));
        assertTrue(
                err.toString(StandardCharsets.UTF_8).contains("already holds test 1 run as: "),
                err.toString(StandardCharsets.UTF_8));
        assertTrue(jmh.ran.isEmpty());
    }

    @Test
    void aFinishedFolderIsNeverResumedTheRunStartsAFolderOfItsOwn() throws IOException {
        assertEquals(0, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        jmh = new FakeJmh();
        assertEquals(0, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        assertEquals(List.of(1, 2), jmh.ran, "measured again, nothing skipped");
        Path second = folder("quick").resolveSibling(folder("quick").getFileName() + "-2");
        assertTrue(Files.exists(second.resolve("out-2.csv")));
        assertTrue(stdout().contains(" holds a finished run; this run writes to results/"), stdout());
        assertFalse(stdout().contains("already complete, skipped"), stdout());
    }

    @Test
    void aPublishedFolderIsNotResumedEvenWhenUnfinished() throws IOException {
        jmh.incomplete.add(2);
        assertEquals(1, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        Files.delete(folder("quick").resolve(SuiteFolder.MARK)); // as a clone of a committed folder has it
        jmh = new FakeJmh();
        assertEquals(0, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        assertEquals(List.of(1, 2), jmh.ran);
        assertTrue(stdout().contains("was not started by a run on this machine"), stdout());
        assertFalse(Files.exists(folder("quick").resolve("out-2.csv")), "the published folder is left as it was");
    }

    @Test
    void aFolderFromAnotherCommitIsNotResumed() throws IOException {
        jmh.incomplete.add(2);
        assertEquals(1, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        Files.writeString(
                folder("quick").resolve(SuiteFolder.MARK),
                "machine=" + SuiteFolder.Origin.here(root).machine() + "\ncommit=0123456789ab\n");
        jmh = new FakeJmh();
        assertEquals(0, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        assertEquals(List.of(1, 2), jmh.ran);
        assertTrue(stdout().contains("was started at commit 0123456789ab"), stdout());
    }

    @Test
    void kvbenchResultsNamingAFinishedRunIsAUsageError() {
        env.put("KVBENCH_RESULTS", root.resolve("mine").toString());
        assertEquals(0, run("smoke", "-p", "store=lmdb"));
        jmh = new FakeJmh();
        assertEquals(2, run("smoke", "-p", "store=lmdb"));
        assertTrue(
                err.toString(StandardCharsets.UTF_8)
                        .contains("holds a finished run: a run only resumes a folder it started"),
                err.toString(StandardCharsets.UTF_8));
        assertTrue(jmh.ran.isEmpty());
    }

    /** JMH that scores readKey per store of its command: lmdb the same every round, rocksdb 20% slower each round. */
    static final class ScoringJmh implements Launcher {
        final List<List<String>> commands = new ArrayList<>();

        @Override
        public int run(PlannedTest test, Path part) throws InterruptedException {
            Thread.sleep(100); // every command takes the same time, so the rounds' time cap is the same on any machine
            int n = test.number();
            commands.add(test.args());
            String stores = test.args().stream()
                    .filter(a -> a.startsWith("store="))
                    .findFirst()
                    .orElseThrow()
                    .substring(6);
            StringBuilder csv = new StringBuilder(
                    "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\",\"Score Error (99.9%)\",\"Unit\",\"Param: store\"\n");
            int round = commands.size();
            for (String store : stores.split(",")) {
                double score = store.equals("rocksdb") ? 10 * Math.pow(1.2, round) : 10;
                csv.append("\"dev.kvbench.bench.ReadKeyBenchmark.readKey\",\"sample\",1,100,")
                        .append(score)
                        .append(",0.1,\"ms/op\",")
                        .append(store)
                        .append("\n");
            }
            FakeJmh.write(part.resolve("out-" + n + ".csv"), csv.toString());
            FakeJmh.write(part.resolve("out-" + n + ".txt"), "# Run complete. Total time: 00:00:01\n");
            FakeJmh.write(part.resolve("out-" + n + ".side.jsonl"), "");
            return 0;
        }

        @Override
        public void stop() {}
    }

    @Test
    void roundsShuffleTheEnginesAndOnlyWideRunsGetMoreRounds() throws IOException {
        ScoringJmh scoring = new ScoringJmh();
        env.put("KVBENCH_ROUNDS", "2-4");
        SuiteRunner.Config config = new SuiteRunner.Config(
                root,
                env,
                TODAY,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        SuiteRunner runner = new SuiteRunner(
                config,
                workDir -> scoring,
                results -> 0,
                () -> List.of("java.version: test"),
                results -> new HostWatch(results, () -> canaryMs));
        assertEquals(0, runner.run(List.of("smoke", "-p", "store=lmdb,rocksdb", "-p", "valSize=100")));
        Path smoke = folder("smoke");
        // test 1: two whole rounds, then round 3 (and 4, when the time cap allows it on a busy machine) for rocksdb
        // alone (its rounds keep drifting apart)
        assertTrue(Files.exists(smoke.resolve("out-1.csv")));
        assertTrue(Files.exists(smoke.resolve("out-1.r2.csv")));
        assertTrue(Files.exists(smoke.resolve("out-1.r3-1.csv")));
        assertFalse(Files.exists(smoke.resolve("out-1.r5-1.csv")), "at most 4 rounds");
        List<String> third = scoring.commands.get(2);
        assertTrue(third.contains("store=rocksdb"), third.toString());
        assertEquals("^(\\Qdev.kvbench.bench.ReadKeyBenchmark.readKey\\E)$", third.get(0));
        assertTrue(Files.readString(smoke.resolve("out-1.meta")).matches("(?s).*rounds=[34]\n.*"));
        List<String> host = Files.readAllLines(smoke.resolve(HostWatch.FILE));
        assertEquals(HostWatch.HEADER, host.get(0));
        assertTrue(host.get(1).startsWith("1\t1\t0\t50.00\t"), host.get(1));
        assertTrue(Files.readString(smoke.resolve("env.txt")).contains("\nhost.canaryDriftPct: 0.0\n"));
    }

    @Test
    void theStoresOfARoundAreShuffledReproducibly() {
        PlannedTest test = Planner.plan(Suites.named("quick", Scaler.none()), UserArgs.of(List.of()))
                .get(0);
        Rounds rounds = new Rounds(3, 3, 0.05, 3);
        List<String> first = RoundCommands.shuffled(test, rounds, 1);
        assertEquals(first, RoundCommands.shuffled(test, rounds, 1));
        assertFalse(first.equals(RoundCommands.shuffled(test, rounds, 2)));
        assertEquals(test.args(), RoundCommands.shuffled(test, Rounds.ONCE, 1), "a test run once runs as planned");
        String stores =
                first.stream().filter(a -> a.startsWith("store=")).findFirst().orElseThrow();
        String planned = test.args().stream()
                .filter(a -> a.startsWith("store="))
                .findFirst()
                .orElseThrow();
        assertEquals(
                Set.of(planned.split(",")).size(), Set.of(stores.split(",")).size());
    }

    @Test
    void aBadRoundsValueIsAUsageError() {
        env.put("KVBENCH_ROUNDS", "0");
        assertEquals(2, run("quick"));
        assertTrue(
                err.toString(StandardCharsets.UTF_8)
                        .contains(
                                "KVBENCH_ROUNDS=0: give the rounds per test as a number from 1 to 99 (3) or as the least and the most (2-4)"),
                err.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(root.resolve("results")));
    }

    @Test
    void aFailedRunStillGetsItsReportAndExits1() {
        jmh.exits.put(1, 1);
        assertEquals(1, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        assertEquals(List.of(1, 2), jmh.ran, "the other tests go on");
        assertEquals(List.of(folder("quick")), reported);
        assertTrue(
                err.toString(StandardCharsets.UTF_8).contains("some runs failed in test(s) 1;"),
                err.toString(StandardCharsets.UTF_8));
        assertEquals(
                List.of(1),
                RunSummary.failedTests(
                        folder("quick"),
                        Planner.plan(
                                Suites.named("quick", Scaler.none()),
                                UserArgs.of(List.of("-p", "store=lmdb", "-p", "num=1000")))));
    }

    @Test
    void aReportInterruptedLeavesTheFolderUnfinishedForTheSameCommandToWriteIt() {
        reportStatus = 130; // process.sh stopped by a Ctrl-C, which its trap says and exits with
        assertEquals(130, run("quick", "-p", "store=lmdb", "-p", "num=1000"));
        Path results = folder("quick");
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(
                said.contains("interrupted while writing the report: every test's results are kept in " + results
                        + "; run ./run.sh quick -p store=lmdb -p num=1000 again to write it (or ./process.sh " + results
                        + ")"),
                said);
        assertFalse(said.contains("could not be written"), said);
        assertFalse(markedFinished(results));
        assertTrue(Thread.interrupted(), "the runner kept its thread's interrupt"); // the JVM would end here

        reportStatus = 0;
        jmh = new FakeJmh();
        assertEquals(0, run("quick", "-p", "store=lmdb", "-p", "num=1000"), err.toString(StandardCharsets.UTF_8));
        assertEquals(List.of(), jmh.ran, "every test was complete");
        assertEquals(List.of(results, results), reported, "the report written on the rerun");
        assertTrue(markedFinished(results));
    }

    private static boolean markedFinished(Path results) {
        try {
            return Files.readString(results.resolve(SuiteFolder.MARK)).contains("finished=true");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aUsageErrorExits2AndWritesNoResultsFolder() {
        for (List<String> args : List.of(
                List.of("fast"),
                List.of("quick", "-rf", "json"),
                List.of("quick", "-p", "store=nosuch"),
                List.of("quick", "-p", "num=0"),
                List.of("report", "-p", "frobnicate=1"))) {
            assertEquals(2, run(args.toArray(String[]::new)), String.join(" ", args));
        }
        assertTrue(
                err.toString(StandardCharsets.UTF_8)
                        .startsWith(
                                "run.sh: unknown suite 'fast'; suites: smoke quick bindings report depths app crash"),
                err.toString(StandardCharsets.UTF_8));
        assertTrue(jmh.ran.isEmpty());
        assertFalse(Files.exists(root.resolve("results")));
    }

    @Test
    void aBudgetThatIsNotASizeIsAUsageError() {
        env.put("KVBENCH_BUDGET", "plenty");
        assertEquals(2, run("report"));
        assertFalse(Files.exists(root.resolve("results")));
    }

    @Test
    void aCommandLineJmhRefusesExits2AndLeavesNoResultsFolder() {
        jmh.incomplete.add(1);
        jmh.exits.put(1, 2);
        assertEquals(2, run("quick", "-p", "store=lmdb"));
        assertFalse(Files.exists(folder("quick")));
    }

    @Test
    void aDryRunPrintsThePlanAndWritesNothing() {
        env.put("KVBENCH_DRY_RUN", "1");
        env.remove("KVBENCH_ROUNDS");
        assertEquals(0, run("quick", "-p", "store=lmdb"));
        assertTrue(
                stdout().startsWith("test 1 of 2: Int keys in sequential order (20 runs, 100000 entries)\n"
                        + "    (memory at once: 1 store × 2 JVMs of 100,000 entries of 100 bytes, about "),
                stdout());
        assertTrue(stdout().contains("\n    (  lmdb: heap "), "each store's JVM: " + stdout());
        assertTrue(stdout().contains(")\n    java -jar target/benchmarks.jar "), "then the command: " + stdout());
        assertTrue(stdout().endsWith(" in all (a rough estimate)\n"), "the plan ends with its time: " + stdout());
        assertTrue(jmh.ran.isEmpty());
        assertFalse(Files.exists(root.resolve("results")));
    }

    @Test
    void kvbenchResultsChoosesTheFolder() {
        env.put("KVBENCH_RESULTS", root.resolve("mine").toString());
        assertEquals(0, run("smoke", "-p", "store=lmdb"));
        assertTrue(Files.exists(root.resolve("mine/out-1.csv")));
    }
}
