package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scale suite as the report draws it: two tests of the same workloads (small sizes, large sizes) charted
 * together as ns per entry against entries on log axes, a line per engine, storage and background CPU per
 * entry, and a sentence where an engine's time per entry grows by more than 1.5x between neighbouring sizes.
 * LMDB here costs 50 ns per entry up to 10^5 and 150 from 10^6; RocksDB 100 ns throughout.
 */
class ScaleReportTest {

    @TempDir
    static Path dir;

    static String readme;

    @BeforeAll
    static void generate() throws IOException {
        Files.writeString(dir.resolve("env.txt"), "suite: scale\nwork.fs: tmpfs\n");
        test(1, List.of(10_000L, 100_000L));
        test(2, List.of(1_000_000L, 10_000_000L));
        Files.writeString(
                dir.resolve("out-2.txt"),
                String.join(
                        "\n",
                        "# JMH version: 1.37",
                        "# Warmup: <none>",
                        "# Measurement: 3 iterations, 200 ms each",
                        "# Benchmark mode: Single shot invocation time",
                        "# Benchmark: dev.kvbench.bench.WriteBenchmark.write",
                        "",
                        "# Run complete. Total time: 00:01:00",
                        ""));
        Report.write(dir, Path.of("gnuplot"), true);
        readme = Files.readString(dir.resolve("README.md"), StandardCharsets.UTF_8);
    }

    private static void test(int n, List<Long> sizes) throws IOException {
        Files.writeString(
                dir.resolve("out-" + n + ".meta"),
                String.join(
                        "\n",
                        "test=" + n,
                        "suite=scale",
                        "title=Cost per entry by data size " + n,
                        "chart=scale",
                        "ranking=true",
                        "sweep=num",
                        "workloads=write readKey",
                        "num=" + sizes.get(sizes.size() - 1),
                        "num.source=suite",
                        "work.dir=/dev/shm/k",
                        "work.fs=tmpfs",
                        "command=java -jar target/benchmarks.jar x",
                        "seconds=60",
                        "jmh.exit=0",
                        ""));
        List<String> csv = new ArrayList<>(List.of("\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\","
                + "\"Score Error (99.9%)\",\"Unit\",\"Param: intKey\",\"Param: num\","
                + "\"Param: sequential\",\"Param: store\",\"Param: valSize\""));
        List<String> side = new ArrayList<>();
        for (long num : sizes) {
            for (String store : List.of("lmdb", "rocksdb")) {
                for (String workload : List.of("write", "readKey")) {
                    double ns = store.equals("rocksdb") ? 100 : num <= 100_000 ? 50 : 150;
                    double ms = ns * num / 1e6;
                    String bench = "dev.kvbench.bench."
                            + (workload.equals("write") ? "WriteBenchmark" : "ReadKeyBenchmark") + "." + workload;
                    csv.add(String.format(
                            Locale.ROOT,
                            "\"%s\",\"ss\",1,3,%f,%f,\"ms/op\",true,%d,false,%s,100",
                            bench,
                            ms,
                            ms / 50,
                            num,
                            store));
                    side.add("{\"benchmark\":\"" + bench + "\",\"workload\":\"" + workload + "\",\"params\":{"
                            + "\"intKey\":\"true\",\"num\":\"" + num + "\",\"sequential\":\"false\",\"store\":\""
                            + store
                            + "\",\"valSize\":\"100\"},\"status\":\"ok\",\"reason\":null,\"metrics\":{\"flatBytes\":"
                            + num * 104
                            + ",\"storage.afterCloseBytes\":" + num * 200
                            + ",\"cpu.measuredMs\":1000,\"cpu.backgroundMs\":"
                            + (store.equals("rocksdb") ? 500 : 0) + "}}");
                }
            }
        }
        if (n == 2) {
            // Xodus's write of 10^7 entries was killed by the trial timeout 600 s into its pass
            side.add("{\"benchmark\":\"dev.kvbench.bench.WriteBenchmark.write\",\"workload\":null,\"params\":{"
                    + "\"intKey\":\"true\",\"num\":\"10000000\",\"sequential\":\"false\",\"store\":\"xodus\","
                    + "\"valSize\":\"100\"},\"status\":\"failed\",\"reason\":\"write on xodus: no result within the trial"
                    + " timeout of 10 min (KVBENCH_TIMEOUT): ...\",\"metrics\":{\"timeout.passAtLeastMs\":600000}}");
        }
        Files.write(dir.resolve("out-" + n + ".csv"), csv, StandardCharsets.UTF_8);
        Files.write(dir.resolve("out-" + n + ".side.jsonl"), side, StandardCharsets.UTF_8);
    }

    @Test
    void chartsBothTestsTogetherAsNsPerEntryAgainstEntriesOnLogAxesUnderTheLastTest() throws IOException {
        assertTrue(readme.contains("Charted with test 2"), readme);
        assertTrue(
                readme.contains("### Int keys, random order, 100 B values"),
                "the group title names no one size\n" + readme);
        String dat = Files.readString(dir.resolve("2-int-rnd-v100-write.dat"), StandardCharsets.UTF_8);
        assertTrue(dat.contains("4 50 \"50.0\""), dat);
        assertTrue(dat.contains("7 150 \"150\""), dat);
        assertTrue(dat.contains("7 100 \"100\""), dat);
        String gp = Files.readString(dir.resolve("2-int-rnd-v100-write.gp"), StandardCharsets.UTF_8);
        assertTrue(gp.contains("\"10^4\" 4") && gp.contains("\"10^7\" 7"), gp);
        assertTrue(gp.contains("logscale"), gp);
    }

    @Test
    void saysWhereAnEnginesTimePerEntryGrowsAndWhichOnesStayFlat() {
        assertTrue(
                readme.contains(
                        "**write**, LMDB DB: time per entry grows 3.0x from 100,000 to 1,000,000 entries (50.0 to 150)."),
                readme);
        assertTrue(
                readme.contains(
                        "**readKey**: time per entry grows by at most 1.5x between neighbouring sizes for RocksDB."),
                readme);
    }

    @Test
    void theStabilityLineSaysWhichNumbersAreSingleShotPassesAndHowManyEach() {
        assertTrue(
                readme.contains(
                        "16 of 16 engine numbers are within 10% of their score (16 within 5%); 8 of them are single-shot"
                                + " passes, 3 measured per number: from so few passes JMH's 99.9% interval is seldom within 10% (none from one),"
                                + " so read those for their size and slope, not their last digit."),
                readme);
    }

    @Test
    void aPassTheTrialTimeoutStoppedShowsWhatItHadRunAsALowerBound() {
        assertTrue(readme.contains("| Xodus | — | — | — | > 60,000 |"), readme);
        assertTrue(
                readme.contains(
                        "\"> N\": the trial timeout (KVBENCH_TIMEOUT) killed the trial while that pass was under way"),
                readme);
    }

    @Test
    void chartsStoragePerEntryAndBackgroundCpuPerEntry() throws IOException {
        String storage = Files.readString(dir.resolve("2-int-rnd-v100-storage.dat"), StandardCharsets.UTF_8);
        assertEquals(8, storage.lines().filter(line -> line.contains(" 200 ")).count(), storage);
        String cpu = Files.readString(dir.resolve("2-int-rnd-v100-cpu.dat"), StandardCharsets.UTF_8);
        assertTrue(
                cpu.contains("5 50 \"50.0\""),
                "RocksDB's background CPU is half its benchmark thread's: 50 ns per entry\n" + cpu);
    }
}
