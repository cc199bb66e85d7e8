package dev.kvbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Capability;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.trial.TestsOwn;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/** How a command line becomes JMH runs and skips, with a stand-in for the forked preflight. */
class RunPlanTest {

    /** Says lmdb-bb has no ordered cursor, null keeps nothing, and refuses values over 1000 bytes for leveldb. */
    private static final Preflight PRETEND = checks -> {
        Map<Preflight.Check, Set<Capability>> result = new LinkedHashMap<>();
        for (Preflight.Check check : checks) {
            if (check.spec().engine().equals("leveldb") && check.valSize() > 1000) {
                throw new IllegalArgumentException(check.store() + " cannot hold values of " + check.valSize());
            }
            result.put(
                    check,
                    switch (check.spec().engine()) {
                        case "lmdb-bb" -> EnumSet.noneOf(Capability.class);
                        case "null" -> EnumSet.of(Capability.ORDERED, Capability.DISCARDS);
                        default -> EnumSet.of(Capability.ORDERED);
                    });
        }
        return result;
    };

    /** The plan of {@code args}, as a user's jar makes it: without the benchmarks of the tests' own families. */
    private static RunPlan plan(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("-e", TestsOwn.benchmarkExclude()));
        return RunPlan.of(new CommandLineOptions(all.toArray(String[]::new)), PRETEND);
    }

    @Test
    void aStoreWithoutACursorIsSkippedForCursorWorkloadsAndRunForTheRest() throws Exception {
        RunPlan plan = plan("-p", "store=lmdb,lmdb-bb", "-p", "num=10");
        assertEquals(5, plan.skips.size(), "readSeq, readRev, readCrc, readXxh64 and prefixScan");
        for (RunPlan.Skip skip : plan.skips) {
            assertEquals("lmdb-bb", skip.store());
            assertEquals("lmdb-bb has no ordered cursor", skip.reason());
        }
        assertEquals(2, plan.runs.size());
        RunPlan.Run both = plan.runs.stream()
                .filter(r -> r.stores().size() == 2)
                .findFirst()
                .orElseThrow();
        assertEquals(
                List.of(
                        "dev.kvbench.bench.DirWalkBenchmark.dirWalk",
                        "dev.kvbench.bench.ReadKeyBenchmark.readKey",
                        "dev.kvbench.bench.ReadKeyThreadsBenchmark.readKeyThreads",
                        "dev.kvbench.bench.WriteBenchmark.write",
                        "dev.kvbench.amp.AmpBenchmark.amp",
                        "dev.kvbench.bench.ReadWhileWritingBenchmark.readWhileWriting",
                        "dev.kvbench.bench.YcsbBenchmark.ycsb",
                        "dev.kvbench.crash.CrashBenchmark.crash",
                        "dev.kvbench.crash.PowerCutBenchmark.powercut"),
                both.benchmarks());
    }

    @Test
    void aStoreThatKeepsNothingRunsWriteAndReadKeyOnlyEvenWithAnEmptyCursor() throws Exception {
        RunPlan plan = plan("-p", "store=null", "-p", "num=10");
        assertEquals(10, plan.skips.size());
        for (RunPlan.Skip skip : plan.skips) {
            String b = skip.benchmark();
            assertEquals(
                    b.endsWith("dirWalk")
                            ? "null keeps nothing: a walk would stop at the root's first lookup"
                            : b.endsWith("crash") || b.endsWith("powercut")
                                    ? "null keeps nothing: a crash has nothing to lose"
                                    : b.endsWith("readWhileWriting") || b.endsWith("readKeyThreads")
                                            ? "null keeps nothing: its reads would find nothing to verify"
                                            : "null keeps nothing: a cursor pass over it is empty and would time nothing",
                    skip.reason(),
                    b);
        }
        assertEquals(1, plan.runs.size());
        assertEquals(
                List.of(
                        "dev.kvbench.bench.ReadKeyBenchmark.readKey",
                        "dev.kvbench.bench.WriteBenchmark.write",
                        "dev.kvbench.amp.AmpBenchmark.amp",
                        "dev.kvbench.bench.YcsbBenchmark.ycsb"),
                plan.runs.get(0).benchmarks(),
                "YCSB and the amplification test run on null: the harness's own cost");
    }

    /** Says every store but rocksdb is ordered, and that rocksdb's check crashed its JVM. */
    private static final Preflight ROCKSDB_CRASHES = new Preflight() {
        private final Map<StoreSpec, Preflight.Death> dead = new LinkedHashMap<>();

        @Override
        public Map<Preflight.Check, Set<Capability>> check(Collection<Preflight.Check> checks) {
            Map<Preflight.Check, Set<Capability>> result = new LinkedHashMap<>();
            for (Preflight.Check check : checks) {
                if (check.spec().engine().equals("rocksdb")) {
                    dead.put(
                            check.spec(),
                            new Preflight.Death("rocksdb failed its preflight check: SIGSEGV", List.of("# SIGSEGV")));
                } else {
                    result.put(check, EnumSet.of(Capability.ORDERED));
                }
            }
            return result;
        }

        @Override
        public Map<StoreSpec, Preflight.Death> dead() {
            return dead;
        }
    };

    @Test
    void aStoreWhosePreflightDiedFailsEveryTrialItWouldRunAndTheOthersRun() throws Exception {
        RunPlan plan = RunPlan.of(
                new CommandLineOptions(
                        "-p",
                        "store=lmdb,rocksdb",
                        "-p",
                        "num=10",
                        "-p",
                        "sync=false,true",
                        "WriteBenchmark",
                        "ReadKeyBenchmark"),
                ROCKSDB_CRASHES);
        assertEquals(4, plan.died.size(), "write and readKey, sync false and true: " + plan.died);
        for (RunPlan.Died died : plan.died) {
            assertEquals("rocksdb", died.store());
            assertEquals(
                    "rocksdb failed its preflight check: SIGSEGV", died.death().reason());
        }
        assertEquals(
                List.of(List.of("lmdb"), List.of("lmdb")),
                plan.runs.stream().map(RunPlan.Run::stores).toList());
        assertTrue(plan.skips.isEmpty(), plan.skips.toString());
    }

    @Test
    void aPlanWhoseOnlyStoreDiedInThePreflightIsNotRefusedButReportsTheFailure() throws Exception {
        RunPlan plan = RunPlan.of(
                new CommandLineOptions("-p", "store=rocksdb", "-p", "num=10", "WriteBenchmark"), ROCKSDB_CRASHES);
        assertTrue(plan.runs.isEmpty());
        assertEquals(1, plan.died.size());
    }

    @Test
    void aPlanInWhichEveryPairIsSkippedIsRefused() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> plan("-p", "store=lmdb-bb", "-p", "num=10", "ReadSeq"));
        assertEquals(
                "nothing to run: every selected benchmark and store is skipped (lmdb-bb has no ordered cursor)",
                e.getMessage());
    }

    @Test
    void aScanningYcsbWorkloadSkipsTheUnorderedEnginesBeforeThePreflightOpensThem() throws Exception {
        List<String> opened = new java.util.ArrayList<>();
        Preflight recording = checks -> {
            checks.forEach(check -> opened.add(check.store()));
            return PRETEND.check(checks);
        };
        RunPlan plan = RunPlan.of(
                new CommandLineOptions(
                        "YcsbBenchmark",
                        "-p",
                        "workload=workloade",
                        "-p",
                        "props=recordcount=100",
                        "-p",
                        "store=lmdb,chronicle,fs"),
                recording);
        assertEquals(List.of("lmdb"), opened, "only the ordered engine is opened by the preflight");
        assertEquals(
                List.of(
                        "chronicle has no ordered cursor, and workloade (scanproportion=0.95) scans",
                        "fs has no ordered cursor, and workloade (scanproportion=0.95) scans"),
                plan.skips.stream().map(RunPlan.Skip::reason).toList());
        assertEquals(
                List.of(List.of("lmdb")),
                plan.runs.stream().map(RunPlan.Run::stores).toList());
    }

    @Test
    void aScanningYcsbWorkloadOnUnorderedEnginesOnlyIsOneLineBeforeAnythingOpens() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Main.check(
                        "YcsbBenchmark",
                        "-p",
                        "workload=workloade",
                        "-p",
                        "props=recordcount=100",
                        "-p",
                        "store=chronicle,leveldb-java"));
        assertTrue(
                e.getMessage()
                        .startsWith("nothing to run: workloade (scanproportion=0.95) scans, which needs an ordered "
                                + "cursor, and chronicle, leveldb-java have none; engines with one: bdbje, "),
                e.getMessage());
        assertTrue(e.getMessage().contains(" lmdb, ") && e.getMessage().contains(" rocksdb, "), e.getMessage());
        assertTrue(
                !e.getMessage().contains(" fs,") && !e.getMessage().contains(" null,"),
                "neither unordered nor limit rows");
    }

    @Test
    void aYcsbWorkloadWithoutScansRunsOnUnorderedEngines() throws Exception {
        RunPlan plan = plan(
                "YcsbBenchmark", "-p", "workload=workloada", "-p", "props=recordcount=100", "-p", "store=chronicle");
        assertTrue(plan.skips.isEmpty(), plan.skips.toString());
        assertEquals(
                List.of(List.of("chronicle")),
                plan.runs.stream().map(RunPlan.Run::stores).toList());
    }

    @Test
    void skippedLinesCoverEveryCombinationOfTheOtherParameters() throws Exception {
        RunPlan plan = plan("-p", "store=lmdb-bb,lmdb", "-p", "num=10,20", "-p", "valSize=8,16", "ReadSeq");
        List<Map<String, String>> combos =
                plan.combinations("dev.kvbench.bench.ReadSeqBenchmark.readSeq", "lmdb-bb", "false");
        assertEquals(4, combos.size());
        assertEquals(
                List.of("store", "num", "intKey", "sequential", "valSize", "valRandom", "batchSize", "sync"),
                List.copyOf(combos.get(0).keySet()));
    }

    @Test
    void skippedPrefixScanLinesCarryTheApplicationParametersOfTheirRun() throws Exception {
        RunPlan plan =
                plan("-p", "store=lmdb-bb,lmdb", "-p", "num=10", "prefixScan"); // lmdb runs: a plan must run something
        assertEquals(1, plan.skips.size());
        assertEquals("lmdb-bb has no ordered cursor", plan.skips.get(0).reason());
        List<Map<String, String>> combos = plan.combinations(plan.skips.get(0).benchmark(), "lmdb-bb", "false");
        assertEquals(
                List.of("false", "true"),
                combos.stream().map(c -> c.get("writer")).toList(),
                "one line per value of writer, as the runs that ran have");
        assertEquals("10", combos.get(0).get("keysPerPrefix"));
    }

    @Test
    void theEnginesRefusalOfAShapeIsTheOneLineError() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> plan("-p", "store=leveldb", "-p", "valSize=4000"));
        assertEquals("leveldb cannot hold values of 4000", e.getMessage());
    }

    @Test
    void theLargestDataSetIsKnownForTheSpaceCheck() throws Exception {
        RunPlan plan = plan("-p", "store=lmdb", "-p", "num=10,1000", "-p", "intKey=true,false", "-p", "valSize=8,100");
        assertEquals(1000, plan.largest.num());
        assertEquals(116_000, plan.largest.flatBytes());
    }

    @Test
    void aSelectionThatMatchesNothingIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan("NoSuchBenchmark"));
        assertTrue(e.getMessage().startsWith("no benchmark matches"), e.getMessage());
    }
}
