package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Stores;
import dev.kvbench.workload.ycsb.WorkloadProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The suites as a specification: which tests each has, with which parameters and JMH settings. */
class SuitesTest {

    private static final List<String> SIX = List.of("write", "readKey", "readSeq", "readRev", "readCrc", "readXxh64");

    private static List<String> titles(Suite suite) {
        return suite.tests().stream().map(Experiment::title).toList();
    }

    @Test
    void everyRegisteredSuiteBuildsUnderItsOwnNameWithQuickTheDefault() {
        List<String> names = Suites.names();
        assertEquals(Set.copyOf(names).size(), names.size(), "each suite registered once: " + names);
        assertTrue(names.contains(Suites.DEFAULT), Suites.DEFAULT + " among " + names);
        for (String name : names) {
            Suite suite;
            try {
                suite = Suites.named(name, Scaler.none());
            } catch (UsageException e) {
                // a suite of arguments of its own (a workload file) says what to give
                assertTrue(e.getMessage().startsWith("give "), name + ": " + e.getMessage());
                continue;
            }
            assertEquals(name, suite.name());
            assertFalse(suite.tests().isEmpty(), name + " has tests");
        }
        assertEquals("quick", Suites.DEFAULT);
        assertEquals("quick", SuiteCommand.suiteName(List.of()));
        assertEquals("quick", SuiteCommand.suiteName(List.of("-p", "num=10")));
        assertEquals("report", SuiteCommand.suiteName(List.of("report", "-f", "3")));
    }

    /** run.sh's opening comment, its usage, around the suites' lines. */
    private static final String BEFORE_SUITES = "# into charts and a report with process.sh.\n#\n";

    private static final String AFTER_SUITES = "#\n# Options after SUITE";

    /**
     * run.sh's usage lists the registered suites as {@link Suites#usage} writes them (lines of at most 112 characters
     * with the comment's {@code "# "}); it is rewritten with {@code -Dkvbench.writeDocs=true}.
     */
    @Test
    void runShsUsageListsTheRegisteredSuites() throws IOException {
        Path script = Path.of("run.sh");
        String have = Files.readString(script);
        int from = have.indexOf(BEFORE_SUITES);
        int to = have.indexOf(AFTER_SUITES, from);
        assertTrue(from > 0 && to > from, "run.sh's usage has its suites between its first paragraph and its options");
        from += BEFORE_SUITES.length();
        StringBuilder lines = new StringBuilder();
        Set<String> testsOwn = ShippedSuites.testsOwn();
        Suites.usage(110, name -> !testsOwn.contains(name))
                .forEach(line -> lines.append("# ").append(line).append('\n'));
        String want = have.substring(0, from) + lines + have.substring(to);
        if (Boolean.getBoolean("kvbench.writeDocs")) {
            Files.writeString(script, want);
        }
        assertEquals(
                want,
                Files.readString(script),
                "run.sh's list of suites is out of date: run ./mvnw -B test -Dtest=SuitesTest -Dkvbench.writeDocs=true");
    }

    /** The README's list of suites (its human text, by hand) names exactly the registered suites. */
    @Test
    void theReadmesSuiteListNamesExactlyTheRegisteredSuites() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int from = readme.indexOf("\n## Suites\n");
        assertTrue(from >= 0, "README.md has a section Suites");
        int to = readme.indexOf("\n## ", from + 1);
        Matcher named = Pattern.compile("`([a-z][a-z-]*)`\\s+\\(").matcher(readme.substring(from, to));
        Set<String> listed = new TreeSet<>();
        while (named.find()) {
            listed.add(named.group(1));
        }
        Set<String> registered = new TreeSet<>(Suites.names());
        registered.removeAll(ShippedSuites.testsOwn());
        assertEquals(registered, listed);
    }

    @Test
    void anUnknownSuiteIsAUsageErrorNamingTheSuites() {
        UsageException e = assertThrows(UsageException.class, () -> Suites.named("fast", Scaler.none()));
        assertEquals(
                "unknown suite 'fast'; suites: " + String.join(" ", Suites.names()) + " (e.g. ./run.sh quick)",
                e.getMessage());
    }

    @Test
    void appRunsEachApplicationWorkloadAsOneTestWithItsOwnChart() {
        Suite app = Suites.named("app", Scaler.none());
        assertEquals(
                List.of("readWhileWriting", "prefixScan", "readKeyThreads", "dirWalk", "dirWalk", "dirWalk"),
                app.tests().stream().map(t -> String.join(",", t.workloads())).toList());
        assertEquals(
                List.of("concurrent", "concurrent", "threads", "dirWalk", "dirWalk", "dirWalk"),
                app.tests().stream().map(t -> t.chart().kind()).toList());
        assertEquals("2", app.tests().get(0).params().get("readers"), "2 readers, as the lead's figures need");
        assertEquals("10000", app.tests().get(0).params().get("writesPerSec"));
        assertEquals("readers", app.tests().get(2).chart().sweep());
    }

    @Test
    void smokeRunsEveryWorkloadOfEveryEngineOnceOnTinyDataUnranked() {
        Suite smoke = Suites.named("smoke", Scaler.none());
        assertEquals(3, smoke.tests().size());
        Experiment test = smoke.tests().get(0);
        assertEquals(
                SuiteParams.SIX, test.workloads(), "the six workloads (and their direct baselines, same method names)");
        assertFalse(
                Pattern.compile(test.pattern())
                        .matcher("dev.kvbench.crash.CrashBenchmark.crash")
                        .find(),
                "the crash test is a suite of its own");
        assertTrue(
                Pattern.compile(test.pattern())
                        .matcher("dev.kvbench.direct.DirectLmdbBenchmark.readSeq")
                        .find(),
                "the direct-API baselines run beside the Store path");
        assertFalse(test.params().containsKey("store"), "every registered engine");
        assertEquals(2000, test.entries().num());
        assertFalse(test.chart().ranked());
        // interleaved as quick runs them (read workloads sharing each engine's JVM), one pass a turn, no settling
        assertEquals(
                Map.of(
                        "-interleave",
                        "true",
                        "-f",
                        "1",
                        "-wi",
                        "0",
                        "-i",
                        "1",
                        "-r",
                        "1ms",
                        "-foe",
                        "false",
                        "-jvmArgsAppend",
                        "-Dkvbench.settle.maxMs=0"),
                test.options());
        Experiment walk = smoke.tests().get(1);
        assertEquals("\\.dirWalk$", walk.pattern());
        assertEquals("3", walk.params().get("fanout"));
        assertEquals("4", walk.params().get("depth"));
        assertEquals("all", walk.params().get("fields"));
        assertFalse(walk.chart().ranked());
        assertEquals(Map.of("-bm", "ss", "-f", "1", "-wi", "0", "-i", "1", "-foe", "false"), walk.options());
        Experiment app = smoke.tests().get(2);
        assertEquals(List.of("readWhileWriting", "prefixScan", "readKeyThreads"), app.workloads());
        assertEquals("1", app.params().get("duration"));
        assertEquals(walk.options(), app.options());
    }

    @Test
    void appWalksEveryEngineOnLongAndFiveEnginesInThreeEncodingsAndAtTwoThreads() {
        List<Experiment> walks = Suites.named("app", Scaler.none()).tests().subList(3, 6);
        assertEquals(
                List.of("1", "1", "2"),
                walks.stream().map(t -> t.options().get("-t")).toList());
        assertEquals(
                List.of("LONG", "LONG,PROTO,FLAT_BUFFER", "LONG"),
                walks.stream().map(t -> t.params().get("encoding")).toList());
        assertFalse(walks.get(0).params().containsKey("store"), "every registered engine on LONG");
        for (Experiment walk : walks.subList(1, 3)) {
            assertEquals(
                    SuiteParams.withLimits("lmdb,rocksdb,leveldb,mvstore,xodus"),
                    walk.params().get("store"));
            assertTrue(walk.about().contains("to keep the suite near 15 minutes"), walk.about());
        }
        for (Experiment walk : walks) {
            assertEquals("encoding", walk.chart().sweep(), "one group per tree: the encodings side by side");
            assertEquals(List.of("dirWalk"), walk.workloads());
            assertEquals(
                    "10", walk.options().get("-i"), "ten measured iterations: a 99.9% interval that can be within 10%");
            assertEquals("300ms", walk.options().get("-r"));
        }
    }

    @Test
    void quickRunsTheSixWorkloadsOnSequentialAndRandomIntKeysInSampleModeWithOneFork() {
        Suite quick = Suites.named("quick", Scaler.none());
        assertEquals(List.of("Int keys in sequential order", "Int keys in random order"), titles(quick));
        assertIntKeyTests(quick, SuiteParams.oneBindingEach());
    }

    @Test
    void quickRunsOneBindingPerEngineWithTheLimitRowsAndNamesTheSuiteThatComparesTheOthers() {
        Suite quick = Suites.named("quick", Scaler.none());
        Set<String> expected = new HashSet<>(Stores.names());
        expected.removeAll(List.of("lmdb-bb", "lmdb-lwjgl", "lmdbjni", "leveldb-java"));
        for (Experiment test : quick.tests()) {
            List<String> stores = List.of(test.params().get("store").split(","));
            assertEquals(expected, new HashSet<>(stores), "every registered engine but the second bindings, once each");
            assertEquals(stores.size(), expected.size(), test.params().get("store"));
            assertTrue(
                    stores.containsAll(List.of("lmdb", "leveldb", "rocksdb", "array", "heap", "null")),
                    stores.toString());
        }
        assertEquals(
                "Every engine through one binding each (lmdb-bb, lmdb-lwjgl, lmdbjni and leveldb-java are left to the"
                        + " bindings suite) on the six workloads of the 2016 report, keys inserted in ascending order.",
                quick.tests().get(0).about());
    }

    @Test
    void bindingsRunsEachEngineWithItsSecondBindingsAndTheLimitRowsOnQuicksTests() {
        Suite bindings = Suites.named("bindings", Scaler.none());
        Suite quick = Suites.named("quick", Scaler.none());
        assertEquals("bindings", bindings.name());
        assertEquals(titles(quick), titles(bindings));
        String stores = "lmdb,lmdb-bb,lmdb-lwjgl,lmdbjni,leveldb,leveldb-java,array,heap,null";
        assertEquals(stores, QuickSuites.bindingRows());
        assertIntKeyTests(bindings, stores);
        assertTrue(
                bindings.tests()
                        .get(0)
                        .about()
                        .startsWith(
                                "Each engine that Java reaches through more than one binding,"
                                        + " beside its others (lmdb beside lmdb-bb, lmdb-lwjgl and lmdbjni; leveldb beside leveldb-java) on the six"),
                bindings.tests().get(0).about());
        assertEquals(quick.tests().get(1).about(), bindings.tests().get(1).about());
    }

    /** The two tests of quick (and of bindings) over {@code stores}: the six workloads, sequential then random int keys, sample mode. */
    private static void assertIntKeyTests(Suite suite, String stores) {
        List<String> orders = List.of("true", "false");
        assertEquals(2, suite.tests().size());
        for (int i = 0; i < 2; i++) {
            Experiment test = suite.tests().get(i);
            assertEquals(SIX, test.workloads());
            assertEquals(
                    Map.of("store", stores, "sequential", orders.get(i), "intKey", "true", "valSize", "100"),
                    test.params());
            assertEquals(
                    Map.of(
                            "-interleave",
                            "true",
                            "-f",
                            "2",
                            "-wi",
                            "0",
                            "-w",
                            "100ms",
                            "-i",
                            "6",
                            "-r",
                            "100ms",
                            "-foe",
                            "false"),
                    test.options(),
                    "interleaved: 2 JVMs per engine, 100 ms turns, no warm-up rotation (each JVM settles), 6 measured per JVM");
            assertEquals(Rounds.ONCE, test.repeat(), "interleaving replaces the rounds");
            assertEquals(100_000, test.entries().num());
            assertFalse(test.entries().scaled());
            assertEquals("panels", test.chart().kind());
        }
    }

    @Test
    void reportRunsTests1To6OfThe2016ReportThenTheDeepVsFlatTestInterleavedAsQuickIs() {
        Suite report = Suites.named("report", Scaler.none());
        assertEquals(
                List.of(
                        "LMDB settings: sync, writeMap, forceSafe",
                        "Value sizes around LMDB page boundaries",
                        "LSM batch sizes",
                        "All engines, small values",
                        "All engines, values of about 2 KB",
                        "Native engines and Chronicle, large values",
                        "File system by directory depth, work folder"),
                titles(report));
        for (Experiment test : report.tests()) {
            assertEquals(
                    Map.of(
                            "-interleave",
                            "true",
                            "-f",
                            "1",
                            "-wi",
                            "1",
                            "-w",
                            "100ms",
                            "-i",
                            "8",
                            "-r",
                            "100ms",
                            "-foe",
                            "false"),
                    test.options(),
                    test.title() + ": interleaved, 100 ms turns, 8 to 24 measured rotations");
            assertFalse(
                    test.workloads().stream()
                            .anyMatch(w -> List.of("crash", "powercut", "amp").contains(w)),
                    "the durability tests are suites of their own");
        }
        assertEquals(
                List.of(DurabilitySuites.crash(), DurabilitySuites.crash().onDisk(DurabilitySuites.CRASH_ON_DISK)),
                Suites.named("crash", Scaler.none()).tests());
        assertEquals(
                List.of(DurabilitySuites.powerCut()),
                Suites.named("powercut", Scaler.none()).tests());
        assertEquals(List.of("powercut"), DurabilitySuites.powerCut().workloads());
        assertEquals(
                SuiteParams.oneBindingEach(),
                report.tests().get(3).params().get("store"),
                "one binding per engine, as quick");
        assertEquals(
                SuiteParams.oneBindingEach(), report.tests().get(4).params().get("store"));
        assertFalse(report.tests().get(3).params().get("store").contains("lmdb-bb"));
        List<Experiment> tests1To6 = report.tests().subList(0, 6);
        tests1To6.forEach(test -> assertTrue(test.entries().scaled(), test.title()));
        List<Integer> originals =
                tests1To6.stream().map(t -> t.entries().original()).toList();
        assertEquals(List.of(1_000_000, 1_000_000, 10_000_000, 1_000_000, 10_000_000, 10_000_000), originals);
        assertEquals(
                List.of("settings", "sweep", "sweep", "panels", "panels", "panels", "sweep"),
                report.tests().stream().map(t -> t.chart().kind()).toList());
        assertEquals("valSize", report.tests().get(1).chart().sweep());
        assertEquals("batchSize", report.tests().get(2).chart().sweep());
        assertEquals(
                "lmdb,lmdb:sync=true,lmdb:writeMap=false,lmdb-bb,lmdb-bb:forceSafe=true,array,heap,null",
                report.tests().get(0).params().get("store"));
        assertEquals("true,false", report.tests().get(3).params().get("intKey"));
        assertEquals(
                List.of("write", "readKey", "readSeq"), report.tests().get(5).workloads());
    }

    @Test
    void reportEntryBytesAreTheLongestKeyPlusTheLargestValue() {
        List<Integer> bytes = Suites.named("report", Scaler.none()).tests().stream()
                .map(Experiment::entryBytes)
                .toList();
        assertEquals(List.of(104, 16373, 8180, 116, 2030, 16372, 104), bytes);
    }

    @Test
    void reportEndsWithTheDeepVsFlatTestOnTheWorkFolderAndOnADisk() {
        List<Experiment> tests = Suites.named("depths", Scaler.none()).tests();
        Experiment work = tests.get(0);
        Experiment disk = tests.get(1);
        assertEquals(
                work,
                Suites.named("report", Scaler.none()).tests().get(6),
                "the report ends with it on the work folder");
        assertEquals(2, tests.size());
        for (Experiment test : List.of(work, disk)) {
            assertEquals(
                    "fs:depth=0,fs:depth=1,fs:depth=2,fs:depth=3,fs:depth=4,fs:depth=5",
                    test.params().get("store"));
            assertEquals(List.of("write", "readKey"), test.workloads());
            assertEquals(100_000, test.entries().num());
            assertFalse(test.entries().scaled(), "the reference's own size");
            assertEquals("depth", test.chart().sweep());
        }
        assertEquals(Experiment.Folder.WORK, work.folder());
        assertEquals(Experiment.Folder.DISK, disk.folder());
    }

    @Test
    void theLimitRowsJoinATestThatNamesItsStoresOnce() {
        assertEquals("lmdb,rocksdb,array,heap,null", SuiteParams.withLimits("lmdb,rocksdb"));
        assertEquals("lmdb,null,array,heap", SuiteParams.withLimits("lmdb,null"));
    }

    @Test
    void lsmBatchSizesAreAllEntriesATenthAndAHundredth() {
        Suite report = Suites.named("report", (test, original, entryBytes) -> 20_000);
        assertEquals("200,2000,20000", report.tests().get(2).params().get("batchSize"));
    }

    @Test
    void ycsbRunsEachCoreWorkloadAsOneTestWithTheSuitesSizeAndTheUsersOverrides() {
        Suite suite = new Suite("ycsb", YcsbSuites.ycsb(Map.of("recordcount", "2000")));
        assertEquals(6, suite.tests().size());
        for (int i = 0; i < 6; i++) {
            Experiment test = suite.tests().get(i);
            assertEquals(List.of("ycsb"), test.workloads());
            assertEquals("workload" + (char) ('a' + i), test.params().get("workload"));
            assertEquals(
                    "recordcount=2000;threadcount=1;loadbatchsize=1000;interleave=true",
                    test.params().get("props"),
                    "in turns the ranking decides how many operations run");
            assertEquals(2000, test.entries().num());
            assertEquals("ycsb", test.chart().kind());
            // interleaved as quick: every engine's run phase in turns, paired by rotation, once
            assertEquals("true", test.options().get("-interleave"));
            assertEquals(
                    Integer.toString(YcsbSuites.YCSB_ROTATIONS), test.options().get("-i"));
            assertEquals(Rounds.ONCE, test.repeat());
        }
        // a paced run is YCSB's own kind: once per engine, in rounds
        Experiment paced = YcsbSuites.ycsb(Map.of("target", "1000")).get(0);
        assertEquals(
                "recordcount=" + YcsbSuites.YCSB_RECORDS
                        + ";operationcount=10000;threadcount=1;loadbatchsize=1000;target=1000;interleave=false",
                paced.params().get("props"));
        assertEquals(YcsbSuites.YCSB_ROUNDS, paced.repeat());
        assertEquals("ss", paced.options().get("-bm"));
        assertEquals(
                Rounds.ONCE,
                YcsbSuites.ycsbPeer(Map.of()).get(0).repeat(),
                "ycsb-peer runs once unless KVBENCH_ROUNDS");
    }

    @Test
    void ycsbPeerRunsRocksDbThenTheNullStoreOnEachCoreWorkloadLoadedAsYcsbLoads() {
        Suite suite = new Suite("ycsb-peer", YcsbSuites.ycsbPeer(Map.of()));
        assertEquals(12, suite.tests().size());
        for (int i = 0; i < 12; i++) {
            Experiment test = suite.tests().get(i);
            assertEquals("workload" + (char) ('a' + i % 6), test.params().get("workload"));
            assertEquals(i < 6 ? "rocksdb" : "null", test.params().get("store"));
            assertEquals(
                    i < 6
                            ? "recordcount=100000;operationcount=100000;threadcount=2"
                            : "recordcount=100000;operationcount=1000000;threadcount=2",
                    test.params().get("props"),
                    "one insert per commit, as YCSB loads; ten times the operations for the clients' costs");
        }
        Suite tiny =
                new Suite("ycsb-peer", YcsbSuites.ycsbPeer(Map.of("recordcount", "1000", "operationcount", "2000")));
        assertEquals(
                "recordcount=1000;operationcount=2000;threadcount=2",
                tiny.tests().get(0).params().get("props"));
        assertEquals(
                "recordcount=1000;operationcount=20000;threadcount=2",
                tiny.tests().get(6).params().get("props"));
    }

    @Test
    void ycsbPeerGivesYcsbEveryPropertyOfItsOwnThatKvbenchHasInForceAndNoneOfKvbenchs() {
        List<PlannedTest> plan = Planner.plan(
                new Suite("ycsb-peer", YcsbSuites.ycsbPeer(Map.of("recordcount", "1000"))), UserArgs.of(List.of()));
        String f = YcsbPeer.properties(plan.get(5));
        for (String line : List.of(
                "workload=site.ycsb.workloads.CoreWorkload",
                "recordcount=1000",
                "operationcount=100000",
                "threadcount=2",
                "fieldcount=10",
                "fieldlength=100",
                "readproportion=0.5",
                "readmodifywriteproportion=0.5",
                "requestdistribution=zipfian",
                "insertorder=hashed",
                "insertcount=1000")) {
            assertTrue(f.lines().anyMatch(line::equals), line + " in\n" + f);
        }
        for (String name : List.of("loadbatchsize", "batchsize", "keyformat", "seed", "sync", "deleteproportion")) {
            assertFalse(f.lines().anyMatch(l -> l.startsWith(name + "=")), name + " is kvbench's: " + f);
        }
        assertEquals(YcsbPeer.ROCKSDB_CLIENT, YcsbPeer.binding(plan.get(0)));
        assertEquals(YcsbPeer.BASIC_DB, YcsbPeer.binding(plan.get(6)));
        assertEquals(List.of("load", "run"), YcsbPeer.phases(YcsbPeer.ROCKSDB_CLIENT));
        assertEquals(List.of("run"), YcsbPeer.phases(YcsbPeer.BASIC_DB), "BasicDB keeps nothing: nothing to load");
        UsageException e = assertThrows(
                UsageException.class,
                () -> YcsbPeer.properties(Planner.plan(
                                new Suite("ycsb-peer", YcsbSuites.ycsbPeer(Map.of("loadbatchsize", "100"))),
                                UserArgs.of(List.of()))
                        .get(0)));
        assertEquals(
                "-p loadbatchsize=100 is kvbench's, and YCSB's client would not follow it: the ycsb-peer suite runs "
                        + "the same workload on both, so leave it out",
                e.getMessage());
    }

    @Test
    void theWorkloadCommandSplitsYcsbsOverridesFromJmhsParameters() {
        WorkloadArgs args = WorkloadArgs.of(
                List.of("workloadb", "-p", "recordcount=500", "-p", "store=lmdb", "-p", "threadcount=2", "-f", "1"));
        assertEquals("workloadb", args.workload());
        assertEquals("recordcount=500;threadcount=2;interleave=true", args.props());
        assertEquals(List.of("-p", "store=lmdb", "-f", "1"), args.rest());
        assertEquals(0.95, args.properties().proportion(WorkloadProperties.Op.READ));
        UsageException e = assertThrows(
                UsageException.class, () -> WorkloadArgs.of(List.of("workloada", "-p", "readproprtion=1")));
        assertTrue(
                e.getMessage()
                        .startsWith("unknown property 'readproprtion' in workloada; did you mean 'readproportion'?"),
                e.getMessage());
    }

    @Test
    void aUsersWorkloadRunsInterleavedUnlessItIsPacedTimedOrSaysOtherwise() {
        Experiment turns = YcsbSuites.workload(
                        "workloada",
                        WorkloadArgs.of(List.of("workloada")).props(),
                        WorkloadArgs.of(List.of("workloada")).properties())
                .get(0);
        assertEquals("interleave=true", turns.params().get("props"));
        assertEquals("true", turns.options().get("-interleave"));
        assertEquals(YcsbSuites.YCSB_TURN, turns.options().get("-r"));
        for (String once : List.of("interleave=false", "target=500", "maxexecutiontime=5")) {
            WorkloadArgs args = WorkloadArgs.of(List.of("workloada", "-p", once));
            assertEquals(once, args.props(), "nothing added to " + once);
            assertFalse(args.properties().inTurns(), once);
            Experiment test = YcsbSuites.workload("workloada", args.props(), args.properties())
                    .get(0);
            assertEquals("ss", test.options().get("-bm"), once);
        }
        UsageException e = assertThrows(
                UsageException.class,
                () -> WorkloadArgs.of(List.of("workloada", "-p", "interleave=true", "-p", "target=500")));
        assertTrue(e.getMessage().contains("use interleave=false to run the phase once"), e.getMessage());
    }

    @Test
    void ycsbsWorkloadPropertyIsAPropertyAndNeverTheBenchmarksWorkloadFile() {
        WorkloadArgs args = WorkloadArgs.of(List.of("workloada", "-p", "workload=site.ycsb.workloads.CoreWorkload"));
        assertEquals("workloada", args.workload());
        assertEquals("workload=site.ycsb.workloads.CoreWorkload;interleave=true", args.props());
        assertEquals(List.of(), args.rest(), "nothing reaches JMH's own workload parameter");
        UsageException e = assertThrows(
                UsageException.class, () -> WorkloadArgs.of(List.of("workloada", "-p", "workload=workloadc")));
        assertTrue(
                e.getMessage()
                        .endsWith("the workload file is the argument after the suite: ./run.sh workload workloadc"),
                e.getMessage());
    }

    @Test
    void scaleSweepsEntriesFrom10ToThe4thUpAndLeavesOutWhatTheBudgetCannotHoldWithTheReason() {
        Suite suite = Suites.named("scale", (test, original, entryBytes) -> Math.min(original, 10_000_000));
        Experiment small = suite.tests().get(0);
        Experiment large = suite.tests().get(1);
        assertEquals("10000,100000", small.params().get("num"));
        assertEquals("1000000,10000000", large.params().get("num"));
        assertEquals("ss", large.options().get("-bm"));
        assertEquals("scale", large.chart().kind());
        assertTrue(large.about().contains("Left out: 100,000,000 entries"), large.about());
        assertEquals(List.of("readWhileWriting"), suite.tests().get(2).workloads());
        assertEquals("2026,2027", suite.tests().get(3).params().get("valSize"));
        assertEquals(Rounds.ONCE, large.repeat());
    }

    @Test
    void ampRunsEveryEngineThroughOneBindingButFsBesideTheNullRowSyncOffAndOnInTheDiskFolder() {
        Suite amp = Suites.named("amp", Scaler.none());
        assertEquals(1, amp.tests().size());
        Experiment test = amp.tests().get(0);
        assertEquals(List.of("amp"), test.workloads());
        assertEquals(Experiment.Folder.DISK, test.folder());
        assertEquals("false,true", test.params().get("sync"));
        List<String> stores = List.of(test.params().get("store").split(","));
        assertTrue(stores.containsAll(List.of("lmdb", "rocksdb", "leveldb", "mvstore", "null")), stores.toString());
        assertFalse(stores.contains("fs") || stores.contains("lmdb-bb") || stores.contains("array"), stores.toString());
        assertEquals(50_000, test.entries().num());
        assertEquals(List.of(test), Suites.named("amp", Scaler.none()).tests(), "the amp suite's only test");
    }
}
