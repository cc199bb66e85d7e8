package dev.kvbench.report.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RoundScoresTest {

    @TempDir
    Path dir;

    private static JmhCsv.Score score(double ms, double error) {
        return new JmhCsv.Score(
                new RunKey("dev.kvbench.bench.ReadKeyBenchmark.readKey", Map.of("store", "lmdb")),
                "sample",
                100,
                ms,
                error,
                "ms/op");
    }

    @Test
    void oneRoundIsJmhsScoreAndError() {
        double[] interval = RoundScores.interval(List.of(score(10, 0.5)));
        assertEquals(10, interval[0]);
        assertEquals(0.5, interval[1]);
    }

    @Test
    void severalRoundsGiveTheMedianAndTheFarthestRound() {
        double[] interval = RoundScores.interval(List.of(score(10, 0.1), score(13, 0.1), score(11, 0.1)));
        assertEquals(11, interval[0]);
        assertEquals(2, interval[1], 1e-9, "13 is 2 from the median");
    }

    @Test
    void fromFiveRoundsOneOutlyingRoundDoesNotSetTheInterval() {
        double[] interval = RoundScores.interval(
                List.of(score(10, 0.1), score(10.5, 0.1), score(11, 0.1), score(11.5, 0.1), score(30, 0.1)));
        assertEquals(11, interval[0]);
        assertEquals(0.5, interval[1], 1e-9);
    }

    @Test
    void theIntervalIsNeverNarrowerThanTheRoundsOwnErrors() {
        double[] interval = RoundScores.interval(List.of(score(10, 0.8), score(10, 0.9), score(10, 1.0)));
        assertEquals(0.9, interval[1], 1e-9);
    }

    @Test
    void roundFilesAreReadInRoundOrderAndWideRunsNamed() throws IOException {
        String header =
                "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\",\"Score Error (99.9%)\",\"Unit\",\"Param: store\"\n";
        Files.writeString(
                dir.resolve("out-1.csv"),
                header
                        + "\"dev.kvbench.bench.ReadKeyBenchmark.readKey\",\"sample\",1,100,10.0,0.1,\"ms/op\",lmdb\n"
                        + "\"dev.kvbench.bench.ReadKeyBenchmark.readKey\",\"sample\",1,100,20.0,0.1,\"ms/op\",rocksdb\n");
        Files.writeString(
                dir.resolve("out-1.r2.csv"),
                header
                        + "\"dev.kvbench.bench.ReadKeyBenchmark.readKey\",\"sample\",1,100,10.2,0.1,\"ms/op\",lmdb\n"
                        + "\"dev.kvbench.bench.ReadKeyBenchmark.readKey\",\"sample\",1,100,26.0,0.1,\"ms/op\",rocksdb\n");
        Files.writeString(dir.resolve("out-1.r10-1.csv"), header);
        Files.writeString(dir.resolve("out-12.csv"), header);
        assertEquals(List.of("out-1", "out-1.r2", "out-1.r10-1"), RoundScores.stems(dir, 1));
        assertEquals(
                Map.of("dev.kvbench.bench.ReadKeyBenchmark.readKey", Set.of("rocksdb")),
                RoundScores.wide(dir, 1, 0.05));
    }
}
