package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.cli.Main;
import dev.kvbench.store.Engine;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.workload.DataSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What each test runs once the user's JMH arguments are merged in, and what it costs. */
class PlannerTest {

    /** The direct-API baselines of the six passes: LMDB, MVStore and RocksDB, each for write, readKey, readSeq and readRev. */
    private static final long DIRECT = 3 * 4;

    private static List<PlannedTest> plan(String suite, String... args) {
        return Planner.plan(Suites.named(suite, Scaler.none()), UserArgs.of(List.of(args)));
    }

    @Test
    void aTestWithoutStoresRunsEveryRegisteredEngine() {
        PlannedTest test = plan("smoke").get(0);
        assertEquals(String.join(",", Stores.names()), test.params().get("store"));
        assertEquals(
                Stores.names().size() * 6L + DIRECT,
                test.runs(),
                "engines x six workloads x one fork, and the baselines");
    }

    @Test
    void quickPlansEveryEngineButTheSecondBindingsAndBindingsPlansThose() {
        PlannedTest quick = plan("quick").get(0);
        assertEquals(SuiteParams.oneBindingEach(), quick.params().get("store"));
        assertTrue(quick.command().contains("-p store=" + SuiteParams.oneBindingEach() + " "), quick.command());
        assertEquals(
                ((Stores.names().size() - 4) * 6L + DIRECT) * QuickSuites.QUICK_JVMS,
                quick.runs(),
                "all but lmdb-bb, lmdb-lwjgl, lmdbjni, leveldb-java, in two JVMs each");
        PlannedTest bindings = plan("bindings").get(0);
        assertEquals(
                "lmdb,lmdb-bb,lmdb-lwjgl,lmdbjni,leveldb,leveldb-java,array,heap,null",
                bindings.params().get("store"));
        assertEquals(
                (9 * 6L + 4) * QuickSuites.QUICK_JVMS,
                bindings.runs(),
                "and LMDB's four direct baselines, in two JVMs each");
    }

    @Test
    void quickRunsOneHundredThousandEntriesWithTheSuitesSettings() {
        for (PlannedTest test : plan("quick")) {
            assertEquals(100_000, test.num());
            assertEquals("suite", test.numSource());
            assertEquals("100000", test.params().get("num"));
            assertEquals("2", test.options().get("-f"), "two JVMs per engine, paired JVM by JVM");
            assertTrue(test.args()
                    .containsAll(
                            List.of("-interleave", "true", "-wi", "0", "-i", "6", "-r", "100ms", "-foe", "false")));
        }
    }

    @Test
    void theUsersOptionsAndParametersReplaceTheSuitesOwn() {
        PlannedTest test = plan("quick", "-p", "num=50000", "-p", "store=lmdb,rocksdb", "-f", "3")
                .get(0);
        assertEquals(50_000, test.num());
        assertEquals("user", test.numSource());
        assertEquals("lmdb,rocksdb", test.params().get("store"));
        assertEquals("3", test.options().get("-f"));
        assertEquals(
                (2L * 6 + 2 * 4) * 3,
                test.runs(),
                "(2 stores x 6 workloads, and each one's 4 direct baselines) x 3 forks");
        assertEquals(
                List.of(
                        "\\.(write|readKey|readSeq|readRev|readCrc|readXxh64)$",
                        "-p",
                        "sequential=true",
                        "-p",
                        "intKey=true",
                        "-p",
                        "valSize=100",
                        "-interleave",
                        "true",
                        "-wi",
                        "0",
                        "-w",
                        "100ms",
                        "-i",
                        "6",
                        "-r",
                        "100ms",
                        "-foe",
                        "false",
                        "-p",
                        "num=50000",
                        "-p",
                        "store=lmdb,rocksdb",
                        "-f",
                        "3"),
                test.args());
        assertEquals(
                "java -jar target/benchmarks.jar '\\.(write|readKey|readSeq|readRev|readCrc|readXxh64)$' "
                        + "-p sequential=true -p intKey=true -p valSize=100 -interleave true -wi 0 -w 100ms -i 6 -r 100ms -foe false "
                        + "-p num=50000 -p store=lmdb,rocksdb -f 3",
                test.command());
    }

    @Test
    void eachTestsCommandLineKeepsTheParametersItsBenchmarksTake() {
        List<PlannedTest> smoke = plan("smoke", "-p", "num=500", "-p", "fanout=2", "-p", "store=lmdb");
        PlannedTest kv = smoke.get(0);
        PlannedTest tree = smoke.get(1);
        assertTrue(kv.args().contains("num=500") && !kv.args().contains("fanout=2"), kv.command());
        assertTrue(
                tree.args().contains("fanout=2")
                        && !tree.args().contains("num=500")
                        && !tree.args().contains("num=120"),
                tree.command());
        assertEquals(null, tree.params().get("num"), "dirWalk does not run with num");
        assertTrue(tree.args().contains("store=lmdb"), "a parameter both take goes to both");
    }

    @Test
    void aParameterNoTestOfTheSuiteTakesIsRefused() {
        UsageException e = assertThrows(UsageException.class, () -> plan("quick", "-p", "readers=4"));
        assertEquals(
                "-p readers=4: no test of the quick suite takes readers; its tests take: store, num, intKey, sequential,"
                        + " valSize, valRandom, batchSize, sync",
                e.getMessage());
    }

    @Test
    void directBaselinesLeftOutWithMinusEAreNotCounted() {
        assertEquals(
                (Stores.names().size() - 4) * 6L * QuickSuites.QUICK_JVMS,
                plan("quick", "-e", "Direct").get(0).runs());
        assertEquals(
                Map.of("lmdb", Set.of("write", "readKey", "readSeq", "readRev")),
                Main.baselines("\\.(write|readKey|readSeq|readRev)$", "-e", "MvStore|RocksDb"));
        assertEquals(Map.of(), Main.baselines("-no-such-option"), "the caller's checks name it");
    }

    @Test
    void theUsersPatternReplacesTheSuitesWorkloads() {
        PlannedTest test = plan("quick", "ReadKey", "-p", "num=1000").get(0);
        assertEquals("ReadKey", test.args().get(0));
        assertEquals(1, test.args().stream().filter("ReadKey"::equals).count());
    }

    @Test
    void theLargestOfSeveralEntryCountsSizesTheTest() {
        PlannedTest test = plan("smoke", "-p", "num=1000,30000,2000").get(0);
        assertEquals(30_000, test.num());
        assertEquals(
                (Stores.names().size() * 6L + DIRECT) * 3,
                test.runs(),
                "every engine x six workloads x three entry counts");
    }

    @Test
    void theSpaceEstimateIsWorkFoldersEstimateOfTheLargestDataSet() {
        List<PlannedTest> report =
                Planner.plan(Suites.named("report", (t, original, bytes) -> 10_000), UserArgs.of(List.of()));
        PlannedTest valueSizes = report.get(1);
        DataSpec largest = new DataSpec(10_000, true, false, 16369, false);
        assertEquals(largest, valueSizes.largest());
        assertEquals(6 * WorkFolder.estimate(largest), valueSizes.space(), "six stores at once, interleaved");
        PlannedTest smallValues = report.get(3);
        assertEquals(
                new DataSpec(10_000, false, false, 100, false), smallValues.largest(), "string keys are the larger");
        assertEquals(report.stream().mapToLong(PlannedTest::space).max().getAsLong(), Room.spaceNeeded(report));
    }

    @Test
    void theAmplificationTestsRoomIsThatOfItsMostDemandingStore() {
        DataSpec million = new DataSpec(1_000_000, true, false, 100, false);
        long base = WorkFolder.estimate(million);
        // MVStore and Xodus without its cleaner keep every page they rewrite: up to 4.5 KiB + the entry per put, 11
        // puts per entry
        long keeping = base + 11L * 1_000_000 * (4608 + 104);
        assertEquals(keeping, plan("amp", "-p", "num=1000000").get(0).space());
        assertEquals(
                keeping,
                plan("amp", "-p", "num=1000000", "-p", "store=rocksdb,xodus")
                        .get(0)
                        .space());
        assertEquals(
                base,
                plan("amp", "-p", "num=1000000", "-p", "store=lmdb,rocksdb")
                        .get(0)
                        .space(),
                "engines that give back what they overwrite need what any test of the data set needs");
        assertEquals(
                base,
                plan("amp", "-p", "num=1000000", "-p", "store=xodus:gc=true")
                        .get(0)
                        .space(),
                "Xodus with its cleaner");
    }

    @Test
    void reportTestsRunOnceEachInterleaved() {
        List<PlannedTest> report =
                Planner.plan(Suites.named("report", (t, original, bytes) -> 1000), UserArgs.of(List.of()));
        long limits = Stores.engines().stream().filter(Engine::isReference).count();
        long quickRows = Stores.names().size() - 4L; // all but lmdb-bb, lmdb-lwjgl, lmdbjni, leveldb-java
        // runs: workloads x stores (plus the limit rows where a test names its stores) x swept values, and the direct
        // baselines of the lmdb, mvstore and rocksdb specs (write, readKey, readSeq, readRev) x swept values
        assertEquals(
                List.of(
                        6 * (5 + limits) + 3 * 4,
                        (3 + limits) * 8 + 2 * 8,
                        (2 + limits) * 3 + 3,
                        (quickRows * 6L + DIRECT) * 4,
                        (quickRows * 3L + 3 * 3) * 2,
                        3 * (4 + limits) * 3 + 2 * 3 * 3,
                        2L * 6),
                report.stream().map(PlannedTest::runs).toList());
    }

    @Test
    void anInterleavedTestNeedsRoomForEveryStoreAtOnce() {
        List<PlannedTest> report =
                Planner.plan(Suites.named("report", (t, original, bytes) -> 10_000), UserArgs.of(List.of()));
        PlannedTest valueSizes = report.get(1);
        assertEquals(
                6 * WorkFolder.estimate(valueSizes.largest()),
                valueSizes.space(),
                "lmdb, leveldb, rocksdb and the limit rows");
        PlannedTest crash = Planner.plan(Suites.named("crash", Scaler.none()), UserArgs.of(List.of()))
                .get(0);
        assertEquals(
                WorkFolder.estimate(crash.largest()), crash.space(), "forks one after another: one store at a time");
    }

    @Test
    void theTimeEstimateCountsStartsIterationsAndPasses() {
        // quick, interleaved: a third of a JVM per run (the five reads share one JVM per engine, the write has its own)
        // of 2.5 s start + one pass of 100,000 x 104 B at 50 MB/s (0.208 s), + 1 s settling, halved (two JVMs load at
        // once), + (no warm-up rotation + 12 measured + a quarter as many again for undecided pairs) turns of one pass
        // (longer than 0.1 s + 0.025 s of untimed passes)
        PlannedTest quick =
                plan("quick", "-p", "store=lmdb", "-f", "1", "-i", "12").get(0);
        // per run, for the 6 Store runs and LMDB's 4 direct baselines alike
        assertEquals(Math.round(10 * ((2.708 / 3 + 1) / 2 + 15 * 0.208)), quick.seconds());
        // smoke's six workloads, interleaved: the same third of a JVM, + 1.25 turns of one pass of 2,000 x 104 B
        // (longer
        // than 1 ms + 0.25 ms; -i 1 cannot reach an interval, so no engine takes turns for one), per run; single shot
        // (the application workloads): 2.5 s + (warmups + iterations + 1)
        // passes, and their 1-second timed run
        List<PlannedTest> smoke = plan("smoke", "-p", "store=lmdb");
        double tiny = 2000 * 104 / 50e6;
        assertEquals(
                Math.round(10 * (((2.5 + tiny) / 3 + 1) / 2 + 1.25 * tiny)),
                smoke.get(0).seconds());
        assertEquals(
                Math.round(3 * (2.5 + 2 * 2000 * 104 / 50e6 + 1)), smoke.get(2).seconds());
    }

    @Test
    void anAmplificationTrialCostsItsLoadTenOverwritePassesAndItsReadBackOnADisk() {
        // 4 runs (2 stores x sync off and on) of a start and 12 passes of 1,000,000 entries
        assertEquals(
                Math.round(4 * (2.5 + 12 * 1_000_000 * TimeEstimate.AMP_SECONDS_PER_ENTRY_PASS)),
                plan("amp", "-p", "num=1000000", "-p", "store=lmdb,rocksdb")
                        .get(0)
                        .seconds());
    }

    @Test
    void mistakesInTheArgumentsAreUsageErrors() {
        assertEquals(
                "run.sh sets -rff itself (results go to the results folder); leave it out",
                assertThrows(UsageException.class, () -> plan("quick", "-rff", "x.csv"))
                        .getMessage());
        assertTrue(assertThrows(UsageException.class, () -> plan("quick", "-p", "store=nosuch"))
                .getMessage()
                .startsWith("unknown engine 'nosuch'"));
        assertTrue(assertThrows(UsageException.class, () -> plan("quick", "-p", "colour=red"))
                .getMessage()
                .startsWith("unknown parameter 'colour'"));
        assertThrows(UsageException.class, () -> plan("quick", "-p", "num=lots"));
        assertThrows(UsageException.class, () -> plan("quick", "-p", "valSize=2"));
        assertThrows(UsageException.class, () -> plan("quick", "-f", "many"));
    }

    @Test
    void aYcsbRunOnceForATimePlansThatTimeForEveryEngine() {
        WorkloadArgs timed =
                WorkloadArgs.of(List.of("workloada", "-p", "maxexecutiontime=600", "-p", "store=lmdb,rocksdb"));
        PlannedTest test = Planner.plan(
                        new Suite("workload", YcsbSuites.workload(timed.workload(), timed.props(), timed.properties())),
                        UserArgs.of(timed.rest()))
                .get(0);
        // a run of two 600-second phases once planned "about 5 s"
        assertTrue(test.seconds() >= 2 * 600, test.seconds() + " s for " + test.runs() + " runs");
    }

    @Test
    void aTestOfItsOwnSizeInAScaledSuiteRecordsTheUsersBudgetItWasNotScaledTo() {
        List<PlannedTest> report =
                Planner.plan(Suites.named("report", (t, original, bytes) -> 10_000), UserArgs.of(List.of()));
        PlannedTest depths = report.get(report.size() - 1);
        assertEquals("suite", depths.numSource(), depths.title());
        Budget budget = Budget.of("2G", 1L << 34, 1L << 34);
        List<String> lines = Meta.lines("report", depths, budget, Path.of("/tmp"));
        assertTrue(lines.contains("scale.budgetSource=KVBENCH_BUDGET"), lines.toString());
        assertTrue(lines.contains("scale.budgetBytes=" + budget.bytes()), lines.toString());
        assertFalse(
                Meta.lines("report", depths, Budget.of(null, 1L << 34, 1L << 34), Path.of("/tmp")).stream()
                        .anyMatch(line -> line.startsWith("scale.")),
                "the machine's own budget: nothing for the report to say");
    }
}
