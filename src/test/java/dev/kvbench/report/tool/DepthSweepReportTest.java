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
 * The deep-vs-flat test as the report draws it: runs of {@code fs:depth=0..2} charted as time and
 * storage against depth (the store option as the swept parameter), and the file system the test's
 * folder was on said beside it. The folder is written here, three depths with made-up times.
 */
class DepthSweepReportTest {

    @TempDir
    static Path dir;

    static String readme;

    private static final double[] WRITE_MS = {900, 1200, 1500};
    private static final double[] READ_MS = {400, 450, 500};
    private static final long[] STORAGE = {409_600_000, 410_652_672, 679_096_320};

    @BeforeAll
    static void generate() throws IOException {
        Files.writeString(dir.resolve("env.txt"), "suite: report\nwork.fs: tmpfs\n");
        Files.writeString(
                dir.resolve("out-1.meta"),
                String.join(
                        "\n",
                        "test=1",
                        "suite=report",
                        "title=File system by directory depth, disk folder",
                        "chart=sweep",
                        "ranking=true",
                        "sweep=depth",
                        "workloads=write readKey",
                        "num=100000",
                        "num.source=suite",
                        "work.dir=/var/tmp/kvbench",
                        "work.fs=ext4",
                        "command=java -jar target/benchmarks.jar x",
                        "seconds=60",
                        "jmh.exit=0",
                        ""));
        List<String> csv = new ArrayList<>(List.of("\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\","
                + "\"Score Error (99.9%)\",\"Unit\",\"Param: batchSize\",\"Param: intKey\",\"Param: num\","
                + "\"Param: sequential\",\"Param: store\",\"Param: sync\",\"Param: valRandom\",\"Param: valSize\""));
        List<String> side = new ArrayList<>();
        for (int depth = 0; depth < 3; depth++) {
            for (String workload : List.of("write", "readKey")) {
                double ms = workload.equals("write") ? WRITE_MS[depth] : READ_MS[depth];
                String bench = "dev.kvbench.bench." + (workload.equals("write") ? "WriteBenchmark" : "ReadKeyBenchmark")
                        + "." + workload;
                csv.add(String.format(
                        Locale.ROOT,
                        "\"%s\",\"ss\",1,10,%f,%f,\"ms/op\",1000000,true,100000,false," + "fs:depth=%d,false,false,100",
                        bench,
                        ms,
                        ms / 50,
                        depth));
                side.add("{\"benchmark\":\"" + bench + "\",\"workload\":\"" + workload + "\",\"params\":{\"batchSize\":"
                        + "\"1000000\",\"intKey\":\"true\",\"num\":\"100000\",\"sequential\":\"false\",\"store\":"
                        + "\"fs:depth=" + depth + "\",\"sync\":\"false\",\"valRandom\":\"false\",\"valSize\":\"100\"},"
                        + "\"status\":\"ok\",\"reason\":null,\"metrics\":{\"flatBytes\":10400000,"
                        + "\"storage.afterCloseBytes\":" + STORAGE[depth] + ",\"storage.files\":100000}}");
            }
        }
        Files.write(dir.resolve("out-1.csv"), csv, StandardCharsets.UTF_8);
        Files.write(dir.resolve("out-1.side.jsonl"), side, StandardCharsets.UTF_8);
        Report.write(dir, Path.of("gnuplot"), true);
        readme = Files.readString(dir.resolve("README.md"), StandardCharsets.UTF_8);
    }

    @Test
    void saysWhichFileSystemTheTestRanOn() {
        assertTrue(readme.contains("Work folder: `/var/tmp/kvbench`, file system ext4."), readme);
    }

    @Test
    void chartsTimeAndStorageAgainstDepthForTheOneFileSystemStore() throws IOException {
        String dat = Files.readString(dir.resolve("1-int-rnd-v100.dat"), StandardCharsets.UTF_8);
        long bars = dat.lines().filter(line -> line.endsWith("\"File system\"")).count();
        assertEquals(6, bars, "three depths, write and readKey, one bar each:\n" + dat);
        assertTrue(file("1-int-rnd-v100.gp").contains("\"2\" 2"), "a tic per depth");
        assertTrue(file("1-int-rnd-v100.gp").contains("directory depth"), "the axis says what is swept");
        assertTrue(Files.exists(dir.resolve("1-int-rnd-v100-storage.dat")));
        assertTrue(readme.contains("- **write**, File system: fastest with depth 0 (900 ms/pass)."), readme);
        assertTrue(readme.contains("- **readKey**, File system: fastest with depth 0 (400 ms/pass)."), readme);
    }

    private static String file(String name) throws IOException {
        return Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
    }
}
