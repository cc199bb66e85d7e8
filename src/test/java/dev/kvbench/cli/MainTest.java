package dev.kvbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.Json;
import dev.kvbench.results.Metric;
import dev.kvbench.results.SideFile;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.TestsOwn;
import dev.kvbench.trial.Trial;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.trial.WorkloadFamilies;
import dev.kvbench.workload.FaultyStore;
import dev.kvbench.workload.Workload;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.TimeValue;

/** The jar's command line: JMH's own options, kvbench's checks, exit codes and messages. */
class MainTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalErr;

    @BeforeEach
    void captureErrors() {
        originalErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        System.setProperty("jmh.ignoreLock", "true");
        System.setProperty(WorkFolder.PROPERTY, dir.resolve("work").toString());
    }

    @AfterEach
    void restore() {
        System.setErr(originalErr);
        System.clearProperty(SideFile.PROPERTY);
        System.clearProperty(WorkFolder.PROPERTY);
        Trial.decorator = UnaryOperator.identity();
    }

    private String errors() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void listingTheParametersNamesEveryWorkloadWithEveryParameterAndEveryEngine() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream originalOut = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            assertEquals(Main.OK, Main.run("-lp"));
        } finally {
            System.setOut(originalOut);
        }
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        for (Workload workload : Workload.values()) {
            int at = -1;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith("dev.kvbench.") && lines.get(i).endsWith("." + workload.label())) {
                    at = i;
                }
            }
            assertTrue(at >= 0, workload + " is not listed: " + lines);
            List<String> block = new ArrayList<>();
            for (int i = at + 1; i < lines.size() && lines.get(i).startsWith("  param "); i++) {
                block.add(lines.get(i));
            }
            for (String name : WorkloadFamilies.of(workload).paramNames()) {
                assertEquals(
                        1,
                        block.stream()
                                .filter(line -> line.startsWith("  param \"" + name + "\" = {"))
                                .count(),
                        workload + " lists " + name + " once: " + block);
            }
            String stores = block.stream()
                    .filter(line -> line.startsWith("  param \"store\""))
                    .findFirst()
                    .orElseThrow();
            for (String engine : Stores.names()) {
                assertTrue(stores.matches(".*[{ ]" + Pattern.quote(engine) + "[,}].*"), engine + " in " + stores);
            }
        }
    }

    @Test
    void listingTheParametersShowsEveryRegisteredEngineAsTheDefaultStores() {
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            assertEquals(Main.OK, Main.run("-lp", "ReadKey"));
        } finally {
            System.setOut(original);
        }
        String storeLine = out.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(line -> line.contains("\"store\""))
                .findFirst()
                .orElseThrow();
        for (String name : DefaultStoresTest.registered()) {
            assertTrue(storeLine.contains(name), storeLine);
        }
        assertTrue(storeLine.contains("treemap"), "the test-only engine: " + storeLine);
    }

    /** A preflight JVM that ends before its first answer without a crash did not start: no store is blamed. */
    @Test
    void aPreflightJvmThatCannotStartIsOneLineNamingNoStore() {
        assertEquals(
                Main.FAILED,
                Main.run("-jvm", "/bin/false", "-p", "store=treemap,lmdb", "-p", "num=100", "WriteBenchmark"));
        assertEquals("kvbench: the preflight JVM ended (exit 1) before it checked any store: no output\n", errors());
    }

    @Test
    void aBadParameterIsOneLineAndExitCodeTwo() {
        assertEquals(Main.USAGE, Main.run("-p", "num=0", "-e", TestsOwn.benchmarkExclude()));
        assertEquals("kvbench: num=0: num must be a whole number above 0\n", errors());
    }

    @Test
    void fewerThanOneReaderIsOneLineAndExitCodeTwoBeforeAnyStoreOpens() {
        assertEquals(Main.USAGE, Main.run("-p", "readers=0", "readWhileWriting"));
        assertEquals("kvbench: readers=0 must be >= 1 (reader threads, or cores)\n", errors());
    }

    @Test
    void aNegativeWriteRateIsOneLineAndExitCodeTwo() {
        assertEquals(Main.USAGE, Main.run("-p", "writesPerSec=-1", "readWhileWriting"));
        assertEquals("kvbench: writesPerSec=-1 must be >= 0 (0 = as fast as it can)\n", errors());
    }

    @Test
    void aDurationBelowOneSecondIsOneLineAndExitCodeTwo() {
        assertEquals(Main.USAGE, Main.run("-p", "duration=0", "prefixScan"));
        assertEquals("kvbench: duration=0 must be >= 1 (seconds)\n", errors());
    }

    @Test
    void fewerThanOneKeyPerPrefixIsOneLineAndExitCodeTwo() {
        assertEquals(Main.USAGE, Main.run("-p", "keysPerPrefix=0", "prefixScan"));
        assertEquals("kvbench: keysPerPrefix=0 must be >= 1 (keys per 12-byte prefix)\n", errors());
    }

    @Test
    void theThreadScalingTakesReaderCountsOnlyFromOneUp() {
        assertEquals(Main.USAGE, Main.run("-p", "readers=1,-2", "readKeyThreads"));
        assertEquals("kvbench: readers=-2 must be >= 1 (reader threads, or cores)\n", errors());
    }

    @Test
    void anUnknownSpecIsOneLineThatListsTheEngines() {
        assertEquals(Main.USAGE, Main.run("-p", "store=lmdb,nosuchdb"));
        assertTrue(errors().startsWith("kvbench: unknown engine 'nosuchdb'; valid engines: "), errors());
        assertEquals(1, errors().lines().count());
    }

    @Test
    void aBadJmhOptionIsOneLine() {
        assertEquals(Main.USAGE, Main.run("-f", "many"));
        assertTrue(errors().startsWith("kvbench: "), errors());
        assertEquals(1, errors().lines().count());
    }

    @Test
    void aValueTheEngineCannotHoldIsRefusedBeforeAnyBenchmark() {
        // LMDB's keys are at most 511 bytes, its values are not limited: a 2 GB value is (the data set's 2 GiB limit)
        assertEquals(Main.USAGE, Main.run("-p", "store=lmdb", "-p", "valSize=3", "ReadKey"));
        assertEquals("kvbench: valSize must be >= 4 (a value holds at least its key as an int), was 3\n", errors());
    }

    @Test
    void aRunWritesTheResultFileAndOneSideLinePerTrial() throws IOException {
        Path csv = dir.resolve("out.csv");
        int exit = Main.run(
                "-f",
                "0",
                "-wi",
                "0",
                "-i",
                "1",
                "-bm",
                "ss",
                "-p",
                "store=lmdb",
                "-p",
                "num=300",
                "-rf",
                "csv",
                "-rff",
                csv.toString(),
                "ReadSeqBenchmark|WriteBenchmark");
        assertEquals(Main.OK, exit, errors());
        List<String> rows = Files.readAllLines(csv);
        assertEquals(3, rows.size(), rows.toString());
        assertTrue(rows.get(1).startsWith("\"dev.kvbench.bench.ReadSeqBenchmark.readSeq\",\"ss\""), rows.get(1));
        List<String> side = Files.readAllLines(dir.resolve("out.side.jsonl"));
        assertEquals(2, side.size());
        for (String line : side) {
            assertEquals("ok", ((Map<?, ?>) Json.parse(line)).get("status"));
        }
    }

    @Test
    void aWrongStoreEndsTheRunWithExitOneAndTheVerificationMessage() throws IOException {
        // JMH keeps a failed in-process benchmark's state for the next in-process run of the same
        // benchmark, so this test uses one no other test here runs.
        Trial.decorator = store -> new FaultyStore(store, FaultyStore.Fault.DROP, 10);
        Path csv = dir.resolve("bad.csv");
        int exit = Main.run(
                "-f",
                "0",
                "-wi",
                "0",
                "-i",
                "1",
                "-bm",
                "ss",
                "-p",
                "store=lmdb",
                "-p",
                "num=300",
                "-rf",
                "csv",
                "-rff",
                csv.toString(),
                "ReadKeyBenchmark");
        assertEquals(Main.FAILED, exit);
        assertTrue(errors().contains("kvbench: FAILED readKey on lmdb: expected 300 found 299 (keys found)"), errors());
        Map<?, ?> line = (Map<?, ?>)
                Json.parse(Files.readAllLines(dir.resolve("bad.side.jsonl")).get(0));
        assertEquals("failed", line.get("status"));
    }

    @Test
    void badDirWalkParametersAreOneLineAndExitCodeTwoBeforeAnyStoreOpens() {
        String[][] cases = {
            {
                "encoding=XML",
                "kvbench: encoding=XML is not an encoding; encodings: LONG,PADDING_50,PADDING_100,"
                        + "PADDING_150,PADDING_200,PADDING_250,PROTO,PROTO_LONG,FLAT_BUFFER,FLAT_BUFFER_LONG"
            },
            {"fanout=0", "kvbench: fanout=0: fanout must be a whole number of at least 1"},
            {"depth=-1", "kvbench: depth=-1: depth must be a whole number of at least 1"},
            {"fields=some", "kvbench: fields=some is not id or all"},
        };
        for (String[] c : cases) {
            err.reset();
            assertEquals(Main.USAGE, Main.run("-p", "store=lmdb", "-p", c[0], "DirWalk"), c[0]);
            assertEquals(c[1] + "\n", errors(), c[0]);
        }
    }

    @Test
    void aTreeTooBigForTheWorkFolderIsOneLineAndExitCodeTwo() {
        assertEquals(Main.USAGE, Main.run("-p", "store=lmdb", "-p", "fanout=1000", "-p", "depth=3", "DirWalk"));
        assertTrue(
                errors().startsWith("kvbench: not enough space for the largest dirWalk tree (a tree of 1001001000"
                        + " directories"),
                errors());
        assertEquals(1, errors().lines().count());
    }

    @Test
    void aDirWalkRunRecordsWalksLookupsAllocationAndStorage() throws IOException {
        for (Map<?, ?> metrics : okRun(
                "walk",
                2,
                "-r",
                "100ms",
                "-p",
                "store=lmdb",
                "-p",
                "fanout=4",
                "-p",
                "depth=3",
                "-p",
                "encoding=LONG,FLAT_BUFFER",
                "-p",
                "fields=all",
                "DirWalkBenchmark")) {
            assertEquals(4.0, ((Number) metrics.get("dirWalk.lookupsPerWalk")).doubleValue(), metrics.toString());
            assertTrue(((Number) metrics.get("dirWalk.walks")).longValue() > 0, metrics.toString());
            assertTrue(((Number) metrics.get("alloc.bytesPerWalk")).longValue() >= 0, metrics.toString());
            assertTrue(((Number) metrics.get("storage.afterCloseBytes")).longValue() > 0, metrics.toString());
        }
    }

    @Test
    void theConcurrentRunsRecordTheirReadsWriterAndLatency() throws IOException {
        for (Map<?, ?> metrics : okRun(
                "app",
                2,
                "-p",
                "store=lmdb",
                "-p",
                "num=2000",
                "-p",
                "readers=1",
                "-p",
                "writesPerSec=1000",
                "-p",
                "duration=1",
                "-p",
                "writer=true",
                "ReadWhileWritingBenchmark|PrefixScanBenchmark")) {
            long ops = ((Number) metrics.get(Metric.READ_OPS)).longValue();
            assertTrue(ops > 0, metrics.toString());
            assertEquals(ops, ((Number) metrics.get(Metric.VERIFY_FOUND)).longValue(), metrics.toString());
            assertEquals(1.0, ((Number) metrics.get(Metric.READERS)).doubleValue(), metrics.toString());
            assertEquals(1000.0, ((Number) metrics.get(Metric.WRITE_TARGET)).doubleValue(), metrics.toString());
            assertTrue(metrics.containsKey(Metric.latency("p50")), metrics.toString());
        }
    }

    /**
     * Runs {@code args} in this JVM, one measured iteration, into {@code stem}.csv, and returns the metrics of its
     * side file's lines, which are {@code count}, each {@code ok}.
     */
    private List<Map<?, ?>> okRun(String stem, int count, String... args) throws IOException {
        List<String> run = new ArrayList<>(List.of(
                "-f",
                "0",
                "-wi",
                "0",
                "-i",
                "1",
                "-rf",
                "csv",
                "-rff",
                dir.resolve(stem + ".csv").toString()));
        run.addAll(List.of(args));
        assertEquals(Main.OK, Main.run(run.toArray(String[]::new)), errors());
        List<String> side = Files.readAllLines(dir.resolve(stem + ".side.jsonl"));
        assertEquals(count, side.size(), side.toString());
        List<Map<?, ?>> metrics = new ArrayList<>();
        for (String line : side) {
            Map<?, ?> record = (Map<?, ?>) Json.parse(line);
            assertEquals("ok", record.get("status"), line);
            metrics.add((Map<?, ?>) record.get("metrics"));
        }
        return metrics;
    }

    @Test
    void jmhsIterationTimeoutLeavesTheTrialTimeoutToTheForksWatcher() {
        assertEquals(TimeValue.seconds(12 * 60 + 60), BenchmarkRun.iterationTimeout(12 * 60));
        assertEquals(TimeValue.days(365), BenchmarkRun.iterationTimeout(0));
    }
}
