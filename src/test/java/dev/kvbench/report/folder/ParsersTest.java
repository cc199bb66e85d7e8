package dev.kvbench.report.folder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.Stability;
import dev.kvbench.results.TurnLog;
import dev.kvbench.text.KeyValueFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The readers of the raw files: JMH CSV and log, key-value files (side files: results.SideFileTest). */
class ParsersTest {

    @TempDir
    Path dir;

    @Test
    void readsJmhCsvAsJmh137WritesIt() throws IOException {
        // Verbatim shape of JMH 1.37 -rf csv: CRLF, quoted header, params sorted by name, NaN error, a secondary
        // result.
        Path csv = dir.resolve("out-1.csv");
        Files.writeString(
                csv,
                "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\",\"Score Error (99.9%)\",\"Unit\",\"Param: num\",\"Param: store\"\r\n"
                        + "\"dev.kvbench.bench.ReadKey.readKey\",\"ss\",1,2,0.171240,NaN,\"ms/op\",10,lmdb\r\n"
                        + "\"dev.kvbench.bench.Write.write\",\"ss\",1,6,\"1,5\",0.006485,\"s/op\",10,\"lmdb:sync=true+x=1\"\r\n"
                        + "\"dev.kvbench.bench.Write.write:gc.count\",\"ss\",1,6,3.000000,NaN,\"counts\",10,lmdb\r\n");
        List<JmhCsv.Score> scores = JmhCsv.read(csv);
        assertEquals(2, scores.size());
        JmhCsv.Score readKey = scores.get(0);
        assertEquals("readKey", readKey.key().workload());
        assertEquals(Map.of("num", "10", "store", "lmdb"), readKey.key().params());
        assertEquals(0.17124, readKey.score(), 1e-9);
        assertTrue(Double.isNaN(readKey.error()));
        JmhCsv.Score write = scores.get(1);
        assertEquals("lmdb:sync=true+x=1", write.key().store());
        assertEquals(1.5, write.score(), 1e-9, "a decimal comma (JMH formats with the JVM's locale)");
        assertEquals(1500, TestRun.toMs(write.score(), write.unit()), 1e-9);
    }

    @Test
    void aThroughputBecomesTheTimePerOperationAtThatRate() {
        // dirWalk: 2,000 walks/s ± 100 is 0.5 ms per walk ± 0.025
        assertEquals(0.5, TestRun.toMs(2000, "ops/s"), 1e-12);
        assertEquals(0.025, TestRun.errorToMs(2000, 100, "ops/s"), 1e-12);
        assertEquals(3.0, TestRun.errorToMs(1.5, 0.003, "s/op"), 1e-12);
    }

    @Test
    void aVariantsTurnsAndJvmAreReadUnderItsWholeSpecFlagsAndAll() throws IOException {
        String store = "lmdb:jdk=25+jvmArgs=-XX:+AlwaysPreTouch -Xmx2g";
        Path file = dir.resolve("out-1.txt");
        Files.write(
                file,
                List.of(
                        "# Variant: " + store
                                + " | library=0.9.3 | java=25.0.1+8-LTS | vm=OpenJDK 64-Bit Server VM | gc=G1 Young"
                                + " Generation | flags=-XX:+AlwaysPreTouch -Xmx2g | home=/opt/jdk-25",
                        "# Benchmark: dev.kvbench.bench.ReadSeqBenchmark.readSeq (2 measured rotations at most)",
                        "  lmdb                          2.000 ±    0.100 ms/op ( 5.0%), 2 turns, 20 passes",
                        "    turns (ms/op, in order): 2.0 2.2",
                        "    in rotations: 1 2",
                        "  " + store + "      1.900 ±    0.100 ms/op ( 5.3%), 2 turns, 20 passes",
                        "    turns (ms/op, in order): 1.8 2.0",
                        "    in rotations: 1 2",
                        "# Run complete."));
        JmhLog log = JmhLog.read(file);
        assertEquals(Map.of(1, 1.8, 2, 2.0), log.turns("dev.kvbench.bench.ReadSeqBenchmark.readSeq", store));
        assertEquals(Map.of(1, 2.0, 2, 2.2), log.turns("dev.kvbench.bench.ReadSeqBenchmark.readSeq", "lmdb"));
        assertEquals(1, log.variants().size());
        assertEquals(store, log.variants().get(0).store());
        assertEquals("-XX:+AlwaysPreTouch -Xmx2g", log.variants().get(0).facts().get("flags"));
    }

    @Test
    void splitsQuotedCsvFields() {
        assertEquals(List.of("a", "b,c", "say \"hi\"", ""), JmhCsv.fields("a,\"b,c\",\"say \"\"hi\"\"\",\r"));
    }

    @Test
    void readsSettingsFailuresAndCompletionFromTheJmhLog() throws IOException {
        JmhLog log = JmhLog.read(Path.of("src/test/resources/fixtures/results/out-4.txt"));
        assertTrue(log.complete());
        assertEquals(2, log.forks());
        assertEquals("3 iterations, single-shot each", log.settings().get("Measurement"));
        assertEquals(1, log.failures().size());
        Map.Entry<RunKey, String> failure = log.failures().entrySet().iterator().next();
        assertEquals("mapdb", failure.getKey().store());
        assertEquals("false", failure.getKey().param("sequential"));
        assertEquals(
                "java.lang.IllegalStateException: readKey on mapdb: expected 10000 found 9999", failure.getValue());
    }

    @Test
    void readsTheInterleaversDriftLinesAndTheResultSaysItDrifted() throws IOException {
        Path out = dir.resolve("out-1.txt");
        Files.writeString(
                out,
                String.join(
                        "\n",
                        "# Benchmark: dev.kvbench.bench.ReadSeqBenchmark.readSeq (29 measured rotations at most; 3.2 s to start)",
                        "  host factor per rotation: 1.044 1.053 0.989",
                        "  lmdb                          1.851 ±    0.189 ms/op (10.2%), 29 turns, 1553 passes; CPU ...",
                        "    turns (ms/op, in order): 2.053 1.920 1.822",
                        "  mvstore                       1.373 ±    0.541 ms/op (39.4%), 29 turns, 2053 passes; CPU ...",
                        "    turns (ms/op, in order): 1.524 1.545 1.136",
                        Stability.driftLine(1.2e6, 1.98e6),
                        "# Benchmark: dev.kvbench.bench.ReadKeyBenchmark.readKey (29 measured rotations at most; 3.2 s to start)",
                        "  mvstore                       9.0 ±    0.1 ms/op (1.1%), 29 turns, 53 passes; CPU ...",
                        ""));
        JmhLog log = JmhLog.read(out);
        assertArrayEquals(
                new double[] {1.2, 1.98}, log.drift("dev.kvbench.bench.ReadSeqBenchmark.readSeq", "mvstore"), 1e-9);
        assertNull(log.drift("dev.kvbench.bench.ReadSeqBenchmark.readSeq", "lmdb"), "lmdb's turns did not drift");
        assertNull(log.drift("dev.kvbench.bench.ReadKeyBenchmark.readKey", "mvstore"), "another benchmark's");

        Map<String, Double> metrics = new HashMap<>(Map.of(TestRun.DRIFT_FIRST, 1.2, TestRun.DRIFT_LAST, 1.98));
        Result drifted = new Result(
                new RunKey("dev.kvbench.bench.ReadSeqBenchmark.readSeq", Map.of("store", "mvstore")),
                1.373,
                0.541,
                Result.Status.OK,
                null,
                metrics);
        assertEquals(
                "unstable: ± 39% of the score, its own time drifted from 1.20 to 1.98 ms/pass over its turns (+65%),"
                        + " the host's divided out",
                drifted.instability());
    }

    @Test
    void readsEachTurnsJvmWhereTheLogNamesItAndTheKeysRemainderElsewhere() throws IOException {
        Path out = dir.resolve("out-1.txt");
        Files.writeString(
                out,
                String.join(
                        "\n",
                        "# Fork: 1 of 2",
                        "# Benchmark: dev.kvbench.bench.ReadSeqBenchmark.readSeq (2 measured rotations at most; 3.2 s to start)",
                        "  lmdb                          1.851 ±    0.189 ms/op (10.2%), 6 turns, 15 passes; CPU ...",
                        TurnLog.TURNS + "1.8 1.9 1.8 1.9 1.7 1.7",
                        TurnLog.ROTATIONS + "1 2 3 4 80 81",
                        TurnLog.JVMS + "1 2 1 2 3 4",
                        "  mvstore                       1.6 ±    0.541 ms/op (39.4%), 4 turns, 20 passes; CPU ...",
                        TurnLog.TURNS + "1.6 2.1 1.6 2.1",
                        TurnLog.ROTATIONS + "1 2 3 4",
                        ""));
        JmhLog log = JmhLog.read(out);
        String readSeq = "dev.kvbench.bench.ReadSeqBenchmark.readSeq";
        assertEquals(Map.of(1, 0, 2, 1, 3, 0, 4, 1, 80, 2, 81, 3), Map.copyOf(log.jvms(readSeq, "lmdb")));
        assertNull(log.jvms(readSeq, "mvstore"), "a log without the line: the key's remainder says the JVM");
        assertEquals(6, log.turns(readSeq, "lmdb").size());
    }

    @Test
    void readsKeyValueFilesLiterally() throws IOException {
        Path meta = dir.resolve("out-1.meta");
        Files.writeString(meta, "# comment\ncommand=java -jar x.jar '\\.(write|readKey)$' -p a=b\n");
        assertEquals(
                "java -jar x.jar '\\.(write|readKey)$' -p a=b",
                KeyValueFile.read(meta, "=").get("command"));
    }
}
