package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scale workload no engine has a result for (readSeq on unordered engines only) gets a line, not a chart of no points. */
class ScaleNoResultTest {

    @TempDir
    Path dir;

    @Test
    void aWorkloadEveryEngineSkippedIsSaidInOneLineAndNotCharted() throws IOException {
        Files.writeString(dir.resolve("env.txt"), "suite: beyond\nwork.fs: tmpfs\n");
        Files.writeString(
                dir.resolve("out-1.meta"),
                String.join(
                        "\n",
                        "test=1",
                        "suite=beyond",
                        "title=Beyond",
                        "chart=scale",
                        "ranking=true",
                        "sweep=num",
                        "workloads=readKey readSeq",
                        "num=4000000",
                        "num.source=suite",
                        "work.dir=/var/tmp/k",
                        "work.fs=ext4",
                        "command=java -jar target/benchmarks.jar x",
                        "seconds=60",
                        "jmh.exit=0",
                        ""));
        Files.write(
                dir.resolve("out-1.csv"),
                List.of(
                        "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\","
                                + "\"Score Error (99.9%)\",\"Unit\",\"Param: intKey\",\"Param: num\",\"Param: sequential\",\"Param: store\","
                                + "\"Param: valSize\"",
                        "\"dev.kvbench.bench.ReadKeyBenchmark.readKey\",\"ss\",1,1,79120.1,NaN,\"ms/op\",true,4000000,"
                                + "false,chronicle,100"),
                StandardCharsets.UTF_8);
        List<String> side = new ArrayList<>();
        String params =
                "\"params\":{\"intKey\":\"true\",\"num\":\"4000000\",\"sequential\":\"false\",\"store\":\"chronicle\","
                        + "\"valSize\":\"100\"}";
        side.add("{\"benchmark\":\"dev.kvbench.bench.ReadKeyBenchmark.readKey\",\"workload\":\"readKey\"," + params
                + ",\"status\":\"ok\",\"reason\":null,\"metrics\":{\"flatBytes\":416000000}}");
        side.add("{\"benchmark\":\"dev.kvbench.bench.ReadSeqBenchmark.readSeq\",\"workload\":\"readSeq\"," + params
                + ",\"status\":\"skipped\",\"reason\":\"chronicle has no ordered cursor\",\"metrics\":{}}");
        Files.write(dir.resolve("out-1.side.jsonl"), side, StandardCharsets.UTF_8);
        Report.write(dir, Path.of("gnuplot"), true);
        String readme = Files.readString(dir.resolve("README.md"), StandardCharsets.UTF_8);
        assertTrue(
                readme.contains("**readSeq**: no engine here has a result (the failures section says why)."), readme);
        assertTrue(Files.exists(dir.resolve("1-int-rnd-v100-readKey.gp")), "readKey, which has a point, is charted");
        assertFalse(Files.exists(dir.resolve("1-int-rnd-v100-readSeq.gp")), "no chart of no points");
    }
}
