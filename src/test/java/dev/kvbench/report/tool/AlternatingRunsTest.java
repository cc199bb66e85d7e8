package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.folder.Metrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The side-by-side summary: results matched across tools by method and shared parameters, ratios per round. */
class AlternatingRunsTest {

    @TempDir
    Path dir;

    private Path csv(String name, String header, String... rows) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(
                file,
                "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\",\"Score Error (99.9%)\",\"Unit\"" + header
                        + "\r\n" + String.join("\r\n", rows) + "\r\n");
        return file;
    }

    private AlternatingRuns.Run kv(int round, double readSeq, double direct) throws IOException {
        Path file = csv(
                "kv-" + round + ".csv",
                ",\"Param: store\",\"Param: sequential\",\"Param: sync\"",
                "\"dev.kvbench.bench.DirectLmdbBenchmark.readSeq\",\"sample\",1,100," + direct
                        + ",0.01,\"ms/op\",lmdb,true,false",
                "\"dev.kvbench.bench.ReadSeqBenchmark.readSeq\",\"sample\",1,100," + readSeq
                        + ",0.01,\"ms/op\",lmdb,true,false",
                "\"dev.kvbench.bench.ReadSeqBenchmark.readSeq:p0.50\",\"sample\",1,100,1.9,NaN,\"ms/op\",lmdb,true,false",
                "\"dev.kvbench.bench.WriteBenchmark.write\",\"sample\",1,100,8.0,0.01,\"ms/op\",lmdb,true,false");
        Files.writeString(
                dir.resolve("kv-" + round + ".side.jsonl"),
                "{\"benchmark\":\"dev.kvbench.bench.DirectLmdbBenchmark.readSeq\","
                        + "\"workload\":\"readSeq\",\"params\":{\"store\":\"lmdb\",\"sequential\":\"true\"},\"status\":\"ok\",\"reason\":null,"
                        + "\"metrics\":{\"harness.ratio\":1.02}}\n");
        return AlternatingRuns.read(file, false);
    }

    private AlternatingRuns.Run peer(int round, double readSeq) throws IOException {
        // the peer's readers have no sync parameter, its writer has: readSeq still matches without it
        return AlternatingRuns.read(
                csv(
                        "peer-" + round + ".csv",
                        ",\"Param: sequential\",\"Param: sync\",\"Param: writeMap\"",
                        "\"org.lmdbjava.bench.LmdbJavaAgrona.readSeq\",\"sample\",1,100," + readSeq
                                + ",0.01,\"ms/op\",true,,true",
                        "\"org.lmdbjava.bench.LmdbJavaAgrona.write\",\"sample\",1,100,8.0,0.01,\"ms/op\",true,false,true"),
                false);
    }

    @Test
    void matchesByMethodAndSharedParametersAndGivesRatiosPerRound() throws IOException {
        Map<String, List<AlternatingRuns.Run>> runs = new LinkedHashMap<>();
        runs.put("peer", List.of(peer(0, 2.0), peer(1, 1.9), peer(2, 2.1)));
        runs.put("kv", List.of(kv(0, 2.2, 5.0), kv(1, 1.9, 5.0), kv(2, 2.1, 5.0)));
        String md = AlternatingRuns.summary(runs);
        // per round 1.10, 1.00, 1.00: median 1.000, range 1.000-1.100; the direct baseline's score is not a result
        assertTrue(md.contains("| readSeq sequential=true | 2.000 | 2.100 | 1.000 [1.000-1.100] |"), md);
        assertTrue(md.contains("| readSeq Store/direct sequential=true | - | 1.020 | - |"), md);
        assertTrue(md.contains("Every run started on an idle machine."), md);
        assertEquals(2, md.lines().filter(line -> line.startsWith("| readSeq")).count(), md);
        assertTrue(md.contains("| write sequential=true sync=false | 8.000 | 8.000 | 1.000 [1.000-1.000] |"), md);
    }

    @Test
    void aMissingResultFileIsAnEmptyRun() throws IOException {
        AlternatingRuns.Run run = AlternatingRuns.read(dir.resolve("absent.csv"), true);
        assertTrue(run.scores().isEmpty());
        assertTrue(run.busy());
    }

    @Test
    void medianOfEvenAndOddCounts() {
        assertEquals(2.0, Metrics.median(List.of(3.0, 1.0, 2.0)));
        assertEquals(2.5, Metrics.median(List.of(4.0, 1.0, 2.0, 3.0)));
    }
}
