package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Shape;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.trial.JvmMemory;
import dev.kvbench.trial.WorkFolder;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What an interleaved test's JVMs and stores hold at once, counted before anything runs, and the line that refuses it. */
class MemoryPlanTest {

    private static final long GIB = 1L << 30;
    /** The ycsb suite's stores (the test class path registers test-only engines too). */
    private static final String THIRTEEN =
            "lmdb,leveldb,rocksdb,mvstore,mapdb,xodus,chronicle,sqlite,bdbje,fs,array,heap,null";

    private static List<PlannedTest> ycsb(long records, String... args) {
        return Planner.plan(
                new Suite("ycsb", YcsbSuites.ycsb(Map.of("recordcount", Long.toString(records)))),
                UserArgs.of(List.of(args)));
    }

    private static List<MemoryPlan> plans(List<PlannedTest> tests) {
        return tests.stream()
                .flatMap(test -> MemoryPlan.of(test, true).stream())
                .toList();
    }

    @Test
    void aBlockThatFitsCountsEveryStoreInEachOfItsJvms() {
        PlannedTest quick = Planner.plan(
                        Suites.named("quick", Scaler.none()),
                        UserArgs.of(List.of("-p", "num=2000", "-p", "store=lmdb,rocksdb")))
                .get(0);
        MemoryPlan plan = MemoryPlan.of(quick, true).orElseThrow();
        assertEquals(2, plan.forks(), "quick holds two JVMs per store");
        Shape shape = plan.sizing().shape();
        long one = 0;
        for (String spec : List.of("lmdb", "rocksdb")) {
            one += JvmMemory.of(StoreSpec.parse(spec), shape, List.of()).total(true);
        }
        assertEquals(2 * one, plan.need());
        assertTrue(plan.fits(4 * GIB), "two stores of 2,000 entries in four JVMs fit 4 GiB: " + plan.need());
        assertTrue(
                plan.need() > 4 * (JvmMemory.BASE_HEAP + JvmMemory.NON_HEAP),
                "every JVM counts its heap and the JVM's own memory");
        MemoryPlan.check("quick", List.of(plan), 4 * GIB); // no refusal
        PlannedTest same = MemoryPlan.grouped(List.of(quick), true, 4 * GIB).get(0);
        assertEquals(quick, same, "a test that fits runs as one group, as planned");
        assertFalse(same.split());
        assertEquals(quick.command(), same.command());
        assertTrue(MemoryPlan.of(quick, false).orElseThrow().need() < plan.need(), "files on a disk are not counted");
    }

    @Test
    void aTestOfOneStoreAtATimeHasNoPlan() {
        PlannedTest crash = Planner.plan(Suites.named("crash", Scaler.none()), UserArgs.of(List.of()))
                .get(0);
        assertTrue(MemoryPlan.of(crash, true).isEmpty());
    }

    @Test
    void aBlockThatDoesNotFitIsRefusedInOneLineWhoseAdviceFits() {
        List<PlannedTest> tests = ycsb(1_000_000, "-p", "store=" + THIRTEEN);
        List<MemoryPlan> plans = plans(tests);
        long available = 16 * GIB;
        assertFalse(plans.get(0).fits(available));
        UsageException refused = assertThrows(UsageException.class, () -> MemoryPlan.check("ycsb", plans, available));
        String line = refused.getMessage();
        assertFalse(line.contains("\n"), line);
        Matcher said = Pattern.compile(
                        "^\\./run\\.sh ycsb: test 1 \\(YCSB A: update heavy\\) holds 13 stores of"
                                + " 1,000,000 YCSB records at once, which need about (.+) \\(heaps, caches and the stores' files on"
                                + " tmpfs\\); this machine has 16\\.1 GB available \\(MemAvailable less a margin\\): at most (\\d+) of"
                                + " the 13 stores fit at once \\(-p store=([^)]+)\\), or all 13 fit with -p recordcount=(\\d+)$")
                .matcher(line);
        assertTrue(said.matches(), line);
        long usable = JvmMemory.usable(available);
        List<String> fewer = List.of(said.group(3).split(","));
        assertEquals(Integer.parseInt(said.group(2)), fewer.size());
        List<PlannedTest> withFewer = ycsb(1_000_000, "-p", "store=" + said.group(3));
        for (MemoryPlan plan : plans(withFewer)) {
            assertTrue(plan.need() <= usable, "the stores it names fit every test: " + plan.need());
        }
        long records = Long.parseLong(said.group(4));
        assertTrue(records < 1_000_000 && records >= 100);
        for (MemoryPlan plan : plans(ycsb(records, "-p", "store=" + THIRTEEN))) {
            assertTrue(plan.need() <= usable, "the recordcount it names fits every test: " + plan.need());
        }
        MemoryPlan.check("ycsb", plans(ycsb(records, "-p", "store=" + THIRTEEN)), available);
    }

    @Test
    void aBlockThatDoesNotFitRunsInGroupsThatFitEachHoldingTheAnchor() {
        List<PlannedTest> tests = ycsb(300_000, "-p", "store=" + THIRTEEN);
        long available = 16 * GIB;
        long usable = JvmMemory.usable(available);
        MemoryPlan whole = MemoryPlan.of(tests.get(0), true).orElseThrow();
        assertFalse(whole.fits(available));
        String anchor = whole.anchor();
        List<PlannedTest> grouped = MemoryPlan.grouped(tests, true, available);
        PlannedTest test = grouped.get(0);
        assertTrue(test.split(), "split: " + test.groups());
        assertEquals(anchor, test.anchor());
        assertFalse(List.of("array", "heap", "null").contains(anchor), "a limit row is never the anchor: " + anchor);
        for (String spec : THIRTEEN.split(",")) {
            if (!List.of("array", "heap", "null").contains(spec)) {
                assertTrue(
                        whole.need(List.of(anchor), 300_000) <= whole.need(List.of(spec), 300_000),
                        "the anchor is the ranked store of least memory: " + anchor + " against " + spec);
            }
        }
        MemoryPlan split = MemoryPlan.of(test, true).orElseThrow();
        List<String> seen = new java.util.ArrayList<>();
        for (List<String> group : test.groups()) {
            assertTrue(group.contains(anchor), "every group holds the anchor: " + group);
            assertTrue(split.need(group, 300_000) <= usable, "every group fits: " + group);
            group.stream().filter(spec -> !seen.contains(spec)).forEach(seen::add);
            assertTrue(group.size() >= 2, "a group is the anchor and at least one more: " + group);
        }
        assertEquals(
                List.of(THIRTEEN.split(",")).stream().sorted().toList(),
                seen.stream().sorted().toList());
        int others = test.groups().stream().mapToInt(List::size).sum()
                - test.groups().size();
        assertEquals(12, others, "every store but the anchor in one group only");
        assertTrue(split.fits(available));
        MemoryPlan.check("ycsb", plans(grouped), available); // no refusal
        assertTrue(test.seconds() > tests.get(0).seconds(), "the anchor runs once per group");
        assertTrue(test.space() < tests.get(0).space(), "the work folder holds one group at a time");
        List<String> args = test.groupArgs(2);
        assertTrue(args.contains("store=" + String.join(",", test.groups().get(1))), args.toString());
        List<String> meta = TestRunner.groupLines(test);
        assertEquals("groups=" + test.groups().size(), meta.get(0));
        assertEquals("groups.anchor=" + anchor, meta.get(1));
        assertEquals("group.1=" + String.join(",", test.groups().get(0)), meta.get(2));
        String line = split.lines(available).get(0);
        assertTrue(line.contains(test.groups().size() + " groups that fit, each holding the anchor " + anchor), line);
        assertTrue(split.groupLine(1).startsWith("(group 1 of " + test.groups().size() + ": "), split.groupLine(1));
        // the meta gives the largest group's need as the test's, and each group's own
        List<String> planMeta = split.metaLines(available);
        long largest = 0;
        for (int g = 1; g <= test.groups().size(); g++) {
            long own = split.need(test.groups().get(g - 1), 300_000);
            largest = Math.max(largest, own);
            assertTrue(planMeta.contains("memory.plan.group." + g + ".needBytes=" + own), planMeta.toString());
        }
        assertEquals("memory.plan.needBytes=" + largest, planMeta.get(0));
    }

    @Test
    void anEnginesVariantsShareAGroupSoThatTheirPairIsDirect() {
        // three engines whose JVMs and stores need the same memory, so that an even cut of the stores alone fits
        String stores = "lmdb:collector=G1,lmdb:collector=Parallel,mapdb:collector=G1,mapdb:collector=Parallel,"
                + "chronicle:collector=G1,chronicle:collector=Parallel";
        PlannedTest quick = Planner.plan(
                        Suites.named("quick", Scaler.none()),
                        UserArgs.of(List.of("-p", "num=2000", "-p", "store=" + stores)))
                .get(0);
        MemoryPlan whole = MemoryPlan.of(quick, true).orElseThrow();
        String anchor = whole.anchor();
        assertTrue(anchor.startsWith("lmdb:"), "the ranked store of least memory: " + anchor);
        List<String> others =
                whole.specs().stream().filter(spec -> !spec.equals(anchor)).toList();
        // room for the anchor and three more: by the stores alone the even cut would part MapDB's two collectors
        long usable = whole.need(List.of(anchor, others.get(0), others.get(1), others.get(2)), 2_000) + (1L << 20);
        long available = usable + GIB;
        assertEquals(usable, JvmMemory.usable(available));
        List<List<String>> groups =
                MemoryPlan.grouped(List.of(quick), true, available).get(0).groups();
        assertEquals(2, groups.size(), groups.toString());
        for (String engine : List.of("mapdb", "chronicle")) {
            long holding = groups.stream()
                    .filter(group -> group.stream().anyMatch(spec -> spec.startsWith(engine + ":")))
                    .count();
            assertEquals(1, holding, engine + "'s two collectors in one group: " + groups);
        }
        for (List<String> group : groups) {
            assertTrue(group.contains(anchor), group.toString());
            assertTrue(whole.need(group, 2_000) <= usable, "every group fits: " + group);
        }
        assertEquals(
                List.of(
                        List.of("lmdb:collector=G1", "lmdb:collector=Parallel"),
                        List.of("mapdb:collector=G1", "mapdb:collector=Parallel"),
                        List.of("chronicle:collector=G1", "chronicle:collector=Parallel")),
                StoreGroups.units(List.of(stores.split(","))));
    }

    @Test
    void aBlockWhoseAnchorAndAnyOtherStoreDoNotFitIsRefusedInOneLine() {
        List<PlannedTest> tests = ycsb(20_000_000, "-p", "store=" + THIRTEEN);
        long available = 16 * GIB;
        List<PlannedTest> grouped = MemoryPlan.grouped(tests, true, available);
        assertFalse(
                grouped.get(0).split(),
                "no group of two fits: " + grouped.get(0).groups());
        UsageException refused =
                assertThrows(UsageException.class, () -> MemoryPlan.check("ycsb", plans(grouped), available));
        String line = refused.getMessage();
        assertFalse(line.contains("\n"), line);
        assertTrue(
                line.startsWith("./run.sh ycsb: test 1 (YCSB A: update heavy) holds 13 stores of 20,000,000 YCSB"
                        + " records at once"),
                line);
        assertFalse(line.contains("stores fit at once (-p store="), "not even two stores fit: " + line);
    }

    @Test
    void aUsersOwnHeapStandsAndIsCounted() {
        PlannedTest quick = Planner.plan(
                        Suites.named("quick", Scaler.none()),
                        UserArgs.of(List.of("-p", "num=2000", "-p", "store=lmdb", "-jvmArgsAppend", "-Xmx3g")))
                .get(0);
        JvmMemory jvm = MemoryPlan.of(quick, true).orElseThrow().jvm("lmdb", 2000);
        assertTrue(jvm.heapGiven());
        assertEquals(3 * GIB, jvm.heap());
    }

    @Test
    void ycsbRecordsTakeTheRoomOfYcsbRecordsInEveryJvm() {
        PlannedTest test = ycsb(20_000, "-p", "store=lmdb,rocksdb,mvstore").get(0);
        // 20,000 records of 10 fields of 100 bytes (kvbench's 16-byte header within them) and keys of up to 23 bytes
        long flat = 20_000L * (1000 + 23);
        assertEquals(3 * WorkFolder.estimate(flat, 20_000), test.space(), "three stores, one JVM each");
        assertTrue(test.space() > 3 * 2 * 20_000L * 1000, "not 100-byte entries: " + test.space());
        PlannedTest twoJvms =
                ycsb(20_000, "-p", "store=lmdb,rocksdb,mvstore", "-f", "2").get(0);
        assertEquals(2 * test.space(), twoJvms.space(), "a store in each of its two JVMs");
    }
}
