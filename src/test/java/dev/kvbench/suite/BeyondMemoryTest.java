package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.cli.Main;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** The beyond-memory tests' arithmetic: each test's limit and heap, the refusals, the wrapper in the command line. */
class BeyondMemoryTest {

    private static List<PlannedTest> plan(String... args) {
        return Planner.plan(Suites.named("beyond", Scaler.none()), UserArgs.of(List.of(args)));
    }

    @Test
    void lmdbRunsBeyondMemoryWithAndWithoutReadaheadSideBySideInBothSuites() {
        for (String suite : List.of("beyond", "scale")) {
            List<Experiment> beyond = Suites.named(suite, Scaler.none()).tests().stream()
                    .filter(Experiment::limited)
                    .toList();
            assertEquals(4, beyond.size(), suite);
            for (Experiment test : beyond) {
                List<String> stores = List.of(test.params().get("store").split(","));
                int lmdb = stores.indexOf("lmdb");
                assertTrue(lmdb >= 0, stores.toString());
                assertEquals("lmdb:readAhead=false", stores.get(lmdb + 1), stores.toString());
                assertTrue(test.about().contains("lmdb:readAhead=false, MDB_NORDAHEAD"), test.about());
            }
        }
    }

    @Test
    void theSuiteHasAWarmAndAColdTestPerSizeEachLimitedToAQuarterOfItsData() {
        List<PlannedTest> plan = plan();
        assertEquals(4, plan.size());
        assertTrue(plan.stream().allMatch(t -> t.test().limited() && t.test().folder() == Experiment.Folder.DISK));
        PlannedTest first = plan.get(0);
        assertEquals(10_000_000L * 104, BeyondMemory.smallestFlat(first));
        assertEquals(
                10_000_000L * 104 / 4 / (1 << 20) * (1 << 20), BeyondMemory.limit(first, null), "a quarter, whole MiB");
        assertEquals(247L << 20, BeyondMemory.limit(first, null), "1.04 GB / 4 = 247.96 MiB, rounded down");
        assertEquals(
                104L << 20,
                BeyondMemory.heap(247L << 20, 10_000_000),
                "the harness's 83 MB and half of the 52 MB that the"
                        + " JVM's 80 MiB, the harness's heap and its 40 MB of direct buffers leave, whole MiB");
        assertEquals(91L << 20, BeyondMemory.heap(247L << 20, 4_000_000));
        assertEquals(
                44L << 20, BeyondMemory.heap(BeyondMemory.MIN_LIMIT, 2_000_000), "44 MiB under the smallest limit");
        assertEquals(
                BeyondMemory.harnessHeap(7_000_000) / (1 << 20) * (1 << 20),
                BeyondMemory.heap(BeyondMemory.MIN_LIMIT, 7_000_000),
                "a limit the JVM and the harness fill leave the heap the harness's data alone: the engine's heap runs out, with its reason");
        assertEquals(100_000_000L * 104 / 4 / (1 << 20) * (1 << 20), BeyondMemory.limit(plan.get(2), null));
        assertEquals(512L << 20, BeyondMemory.limit(first, "512M"), "KVBENCH_MEM_LIMIT in place of the ratio");
        assertTrue(
                plan.get(1).command().contains("-Dkvbench.cache=cold"),
                plan.get(1).command());
        assertTrue(
                plan.stream()
                        .noneMatch(t -> t.command().contains("store=heap")
                                || t.command().contains(",array")),
                "the rows that hold the data in the heap are left out");
        for (String cached : List.of(
                "rocksdb:blockCacheMb=32+writeBufferMb=16",
                "leveldb:cacheMb=32+writeBufferMb=16",
                "sqlite:cacheMb=32",
                "bdbje:cacheMb=32")) {
            assertTrue(
                    List.of(first.params().get("store").split(",")).contains(cached),
                    cached + ": an engine whose cache is sized from the data gets one that fits the limit: "
                            + first.params().get("store"));
        }
    }

    @Test
    void theEstimateCountsTheInsertsAndLookupsThatMissTheCacheAtTheDevicesPace() {
        List<PlannedTest> plan = plan("-p", "store=rocksdb,lmdb,null", "-p", "num=10000000");
        PlannedTest warm = plan.get(0);
        PlannedTest cold = plan.get(1);
        long limit = 247L << 20;
        // the page cache's share: the engine's half of the heap, 104 MiB less the harness's 83 MB
        double perEntry = 10_000_000 * (1 - (double) ((104L << 20) - 83_000_000) / (10_000_000L * 104));
        double read = BeyondMemory.DEVICE_READ_SECONDS;
        double insert = BeyondMemory.DEVICE_INSERT_SECONDS;
        // LMDB: write's three passes insert, readKey's and readSeq's loads insert, readKey's three passes look up;
        // RocksDB appends, so only its lookups count; null keeps nothing; both have a direct baseline, which runs the
        // same
        assertEquals(
                Math.round(2 * ((3 * insert + insert + 3 * read + insert) + 3 * read) * perEntry),
                BeyondMemory.deviceSeconds(warm, limit));
        assertEquals(
                Math.round(2 * ((insert + 3 * read) + 3 * read) * perEntry),
                BeyondMemory.deviceSeconds(cold, limit),
                "readKey alone");
        assertEquals(
                Set.of("lmdb", "mvstore", "rocksdb"),
                Main.baselines(warm.args().toArray(String[]::new)).keySet(),
                "the engines whose direct baseline doubles their runs");
        assertEquals(
                Math.round(((3 * insert + insert + 3 * read + insert) + 3 * read) * perEntry),
                BeyondMemory.deviceSeconds(
                        plan("-p", "store=rocksdb,lmdb,null", "-p", "num=10000000", "-e", "Direct")
                                .get(0),
                        limit),
                "-e Direct leaves the baselines out, and the estimate counts each engine once");
        assertTrue(
                BeyondMemory.deviceSeconds(warm, limit) > 5 * 3600,
                "two engines at 10^7 beyond memory take hours: " + BeyondMemory.deviceSeconds(warm, limit));
        assertTrue(
                BeyondMemory.deviceSeconds(warm, limit) > 10 * warm.seconds(),
                "the device, not the passes in memory, decides");
        assertEquals(
                0,
                BeyondMemory.deviceSeconds(
                        plan("-p", "store=null", "-p", "num=10000000").get(0), limit),
                "the harness's row reads nothing from the device");
    }

    @Test
    void aDeviceThatReadsFarAheadIsNamedInThePlan() {
        assertEquals("", BeyondMemory.readAheadLine("vda", 128), "the kernel's default");
        assertEquals("", BeyondMemory.readAheadLine("vda", 512));
        assertEquals(
                "(the disk folder's device, vda, reads ahead 8,192 KiB: beyond memory an engine that reads through a memory"
                        + " map without advising random access (plain lmdb, LevelDB's tables) reads that much per page fault, and its"
                        + " random reads crawl; root sets it in /sys/block/vda/queue/read_ahead_kb, or with blockdev --setra in 512-byte sectors)",
                BeyondMemory.readAheadLine("vda", 8192));
        Assertions.assertDoesNotThrow(
                () -> BeyondMemory.readAheadLine(Path.of("/nonexistent/kvbench/disk")),
                "a folder not made yet is looked up through its nearest parent (here /), without failing");
    }

    @Test
    void aTitleNamingTheSuitesSizeSaysWhichSizesTheUserRanInstead() {
        PlannedTest own = plan().get(0);
        assertEquals("Beyond memory on a disk: 10,000,000 entries", own.title());
        PlannedTest replaced = plan("-p", "num=2000000").get(0);
        assertEquals("Beyond memory on a disk: 10,000,000 entries (run with -p num=2,000,000)", replaced.title());
        assertTrue(Meta.lines("beyond", replaced, Budget.of(null, 1L << 30, 1L << 30), Path.of("/tmp"))
                .contains("title=Beyond memory on a disk: 10,000,000 entries (run with -p num=2,000,000)"));
        assertTrue(
                replaced.heading(4)
                        .startsWith("test 1 of 4: Beyond memory on a disk: 10,000,000 entries (run with"
                                + " -p num=2,000,000) (57 runs"),
                replaced.heading(4));
    }

    @Test
    void aLimitNotBelowTheDataIsRefusedWithTheSizeThatWouldBeFourTimesIt() {
        PlannedTest test = plan("-p", "num=10000000").get(0);
        UsageException e =
                assertThrows(UsageException.class, () -> BeyondMemory.check(test, 1_040_000_000L, "1040000000"));
        assertTrue(
                e.getMessage().contains("is not below the data of test 1 (10,000,000 entries: 1.04 GB of flat data)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("-p num=40000000 is 4x the limit"), e.getMessage());
        BeyondMemory.check(test, 1_039_999_999L, "1039999999"); // one byte under the data passes
    }

    @Test
    void aLimitTooSmallForAJvmNamesTheEntriesThatGiveEnough() {
        PlannedTest test = plan("-p", "num=1000000").get(0);
        long limit = BeyondMemory.limit(test, null);
        assertEquals(104_000_000L / 4 / (1 << 20) * (1 << 20), limit);
        UsageException e = assertThrows(UsageException.class, () -> BeyondMemory.check(test, limit, null));
        // 160 MiB x 4 = 671,088,640 bytes = 6,452,776.9 entries of 104 bytes: 6,452,777, rounded up to 7,000,000
        assertTrue(e.getMessage().contains("-p num=7000000 gives a 168 MB limit"), e.getMessage());
        assertEquals(7_000_000, BeyondMemory.entriesFor(test, BeyondMemory.MIN_LIMIT * 4));
        assertEquals(10_000_000, BeyondMemory.entriesFor(test, 10_000_000L * 104), "an exact size stays");
    }

    @Test
    void theHeapJoinsTheForksFlagsAndTheWrapperReplacesTheJvm() {
        assertEquals(
                List.of("x", "-jvmArgsAppend", "-Dkvbench.cache=cold -Xmx124m"),
                BeyondMemory.withHeap(List.of("x", "-jvmArgsAppend", "-Dkvbench.cache=cold"), 124L << 20));
        assertEquals(
                List.of("x", "-jvmArgsAppend", "-Xmx1g"),
                BeyondMemory.withHeap(List.of("x", "-jvmArgsAppend", "-Xmx1g"), 124L << 20),
                "the user's own -Xmx stays");
        assertEquals(List.of("x", "-jvmArgsAppend", "-Xmx124m"), BeyondMemory.withHeap(List.of("x"), 124L << 20));
        assertEquals("/opt/jdk/bin/java", BeyondMemory.java(List.of("x", "-jvm", "/opt/jdk/bin/java")));
        assertEquals(
                List.of("x", "-f", "1", "-jvm", "/tmp/w"),
                BeyondMemory.throughWrapper(List.of("x", "-jvm", "/opt/jdk/bin/java", "-f", "1"), Path.of("/tmp/w")));
    }

    @Test
    void aTmpfsDiskFolderIsRefused() {
        UsageException e =
                assertThrows(UsageException.class, () -> BeyondMemory.checkDiskFolder(Path.of("/dev/shm/x"), "tmpfs"));
        assertTrue(e.getMessage().startsWith("the disk folder /dev/shm/x is on tmpfs"), e.getMessage());
        BeyondMemory.checkDiskFolder(Path.of("/var/tmp/x"), "ext4");
    }

    @Test
    void theDeviceOfAFolderIsTheSourceOfItsLongestMountPoint() {
        String device = BeyondMemory.device(Path.of("/proc/self"));
        assertEquals("proc", device);
    }
}
