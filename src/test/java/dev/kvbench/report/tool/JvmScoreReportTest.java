package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.results.OrderStatistics;
import dev.kvbench.results.TurnLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine for which JVMs were added is scored by the median over its JVMs, and a pair of two such engines that stays
 * undecided, one of them in two groups of JVMs, is answered "depends on the JVM" and counted as decided; a run without
 * JVMs added reads as it was published. The fixture is the published Zen 4 run 20261207-quick-3, whose test 2 readCrc
 * added two JVMs each for BDB JE and RocksDB; the bimodal case rewrites those two engines' turns there.
 */
class JvmScoreReportTest {

    private static final Path QUICK_2 = Path.of("results/20261207-quick-2");
    private static final Path QUICK_3 = Path.of("results/20261207-quick-3");
    private static final String READ_CRC = "# Benchmark: dev.kvbench.bench.ReadCrcBenchmark.readCrc";

    @Test
    void aRunWithoutJvmsAddedReadsAsPublished(@TempDir Path dir) throws IOException {
        Path copy = dir.resolve(QUICK_2.getFileName());
        Fixtures.copy(QUICK_2, copy);
        Report.write(copy, Path.of("gnuplot"), true);
        assertEquals(Files.readString(QUICK_2.resolve("README.md")), Files.readString(copy.resolve("README.md")));
    }

    @Test
    void anEngineWithJvmsAddedIsScoredByTheMedianOverItsJvms(@TempDir Path dir) throws IOException {
        Path copy = dir.resolve(QUICK_3.getFileName());
        Fixtures.copy(QUICK_3, copy);
        Report.write(copy, Path.of("gnuplot"), true);
        // the published report is the one this rule writes: reprocessing it changes nothing
        assertEquals(Files.readString(QUICK_3.resolve("README.md")), Files.readString(copy.resolve("README.md")));
        List<String> now = Files.readAllLines(copy.resolve("README.md"));
        // the Method's steady-state line names the two engines scored over their JVMs, and test 2's time table gives
        // their readCrc cells as the median of their 4 JVMs' medians with the fastest and slowest JVM, where the
        // pooled medians of their turns were 27.2 ± 0.80 and 25.4 ± 2.2
        assertTrue(
                now.stream()
                        .anyMatch(line ->
                                line.contains("more turns in a JVM narrow only the spread within it: test 2 readCrc,"
                                        + " RocksDB 27.2 ms/pass over 4 JVMs (26.6-27.4); test 2 readCrc, BDB JE 25.8"
                                        + " ms/pass over 4 JVMs (24.0-27.7).")),
                "the Method names the scores over JVMs");
        List<String> overJvms =
                now.stream().filter(line -> line.contains(" over 4 JVMs) |")).toList();
        assertEquals(2, overJvms.size(), String.join("\n", overJvms));
        assertTrue(overJvms.get(0).startsWith("| RocksDB |"), overJvms.get(0));
        assertTrue(overJvms.get(0).contains("| 27.2 (26.6-27.4 over 4 JVMs) |"), overJvms.get(0));
        assertTrue(overJvms.get(1).startsWith("| BDB JE |"), overJvms.get(1));
        assertTrue(overJvms.get(1).contains("| 25.8 (24.0-27.7 over 4 JVMs) |"), overJvms.get(1));
        // the chart's whiskers are the same fastest and slowest JVM, not the median JVM ± the wider side
        String rocksDb = Files.readAllLines(copy.resolve("2-int-rnd-v100.dat")).stream()
                .filter(line -> line.endsWith("\"RocksDB\"") && line.contains("\"27.2\""))
                .findFirst()
                .orElseThrow();
        String[] columns = rocksDb.split(" ");
        assertEquals(26.6, Double.parseDouble(columns[7]), 0.05, rocksDb);
        assertEquals(27.4, Double.parseDouble(columns[8]), 0.05, rocksDb);
    }

    @Test
    void aBimodalPairDependsOnTheJvmAndCountsAsDecided(@TempDir Path dir) throws IOException {
        Path bimodal = dir.resolve("20261207-quick-3");
        Fixtures.copy(QUICK_3, bimodal);
        // BDB JE's JVMs 1 and 3 at 2.6 ms, 2 and 4 at 3.4; RocksDB's all at 3.0: each JVM pair decided, half each way
        readCrcTurns(bimodal, "bdbje", jvm -> jvm % 2 == 1 ? 2.6 : 3.4);
        readCrcTurns(bimodal, "rocksdb", jvm -> 3.0);
        Report.write(bimodal, Path.of("gnuplot"), true);
        String readme = Files.readString(bimodal.resolve("README.md"));
        String test2 = readme.lines()
                .filter(line -> line.startsWith("| Test 2:"))
                .findFirst()
                .orElseThrow();
        String readCrc = test2.split(" \\| ")[5];
        assertTrue(readCrc.startsWith("depends on the JVM: "), readCrc);
        assertTrue(readCrc.contains(" faster in 2 of 4 JVM pairs, "), readCrc);
        assertTrue(readCrc.endsWith(" in 2"), readCrc);
        assertTrue(readCrc.contains("BDB JE (") && readCrc.contains("RocksDB ("), readCrc);
        assertTrue(readme.contains("cells are decided (") && readme.contains(", 1 depends on the JVM)"), readme);
        assertTrue(readme.contains("\"depends on the JVM\": which is faster rests on which JVMs ran"), readme);
        assertEquals(decided(QUICK_3), decided(bimodal), "MVStore's win there became a pair that depends on the JVM");
        assertTrue(
                readme.contains("| 2.99 (2.57-3.40 over 4 JVMs) |"),
                "BDB JE's score over its JVMs, not its pooled turns");

        // a later run where BDB JE is the faster in every JVM: the runs do not contradict each other
        Path faster = dir.resolve("20261208-quick-3");
        Fixtures.copy(QUICK_3, faster);
        rerun(faster, "2026-12-08");
        readCrcTurns(faster, "bdbje", jvm -> 2.6);
        readCrcTurns(faster, "rocksdb", jvm -> 3.0);
        Path out = Compare.run(List.of(
                bimodal.toString(),
                faster.toString(),
                "--templates",
                "gnuplot",
                "--out",
                dir.resolve("c").toString()));
        String compare = Files.readString(out.resolve("README.md"));
        assertTrue(compare.contains("or a pair that depends on the JVM)"), compare);
        assertFalse(compare.contains("neither names the other's among its ties"), compare);

        // and a later run with the same pair still split, its JVMs the other way round: they agree
        Path again = dir.resolve("20261209-quick-3");
        Fixtures.copy(bimodal, again);
        rerun(again, "2026-12-09");
        readCrcTurns(again, "bdbje", jvm -> jvm % 2 == 1 ? 3.4 : 2.6);
        out = Compare.run(List.of(
                bimodal.toString(),
                again.toString(),
                "--templates",
                "gnuplot",
                "--out",
                dir.resolve("d").toString()));
        assertTrue(Files.readString(out.resolve("README.md")).contains("yes (both depend on the JVM)"));
    }

    /** Makes {@code folder} a later run, started on {@code day}: a copy of a folder is one run, not a rerun. */
    private static void rerun(Path folder, String day) throws IOException {
        Path env = folder.resolve("env.txt");
        String text = Files.readString(env);
        assertTrue(text.contains("started: 2026-12-07T"), text);
        Files.writeString(env, text.replace("started: 2026-12-07T", "started: " + day + "T"));
    }

    /** "9 of 12": the decided cells, as the results index counts them. */
    private static String decided(Path folder) throws IOException {
        return ResultsIndex.decidedCells(ResultsFolder.load(folder));
    }

    /**
     * Rewrites {@code store}'s turns of test 2's readCrc in {@code folder}: each JVM's turns (the JVM 1-based, as the log
     * names it) scaled so that their median is {@code ms} of the JVM. Scaled, not made up, the turns keep the host's
     * phases that the other engines' host factors divide out.
     */
    private static void readCrcTurns(Path folder, String store, IntToDoubleFunction ms) throws IOException {
        Path log = folder.resolve("out-2.txt");
        List<String> lines = new ArrayList<>(Files.readAllLines(log));
        int at = lines.indexOf(lines.stream()
                .filter(line -> line.startsWith(READ_CRC))
                .findFirst()
                .orElseThrow());
        while (!lines.get(at).startsWith("  " + store + " ")) {
            at++;
        }
        int turnLine = at + 1;
        int jvmLine = at + 3;
        assertTrue(lines.get(turnLine).startsWith(TurnLog.TURNS), lines.get(turnLine));
        assertTrue(lines.get(jvmLine).startsWith(TurnLog.JVMS), lines.get(jvmLine));
        int[] jvms = Arrays.stream(lines.get(jvmLine)
                        .substring(TurnLog.JVMS.length())
                        .trim()
                        .split(" "))
                .mapToInt(Integer::parseInt)
                .toArray();
        double[] turns = Arrays.stream(lines.get(turnLine)
                        .substring(TurnLog.TURNS.length())
                        .trim()
                        .split(" "))
                .mapToDouble(Double::parseDouble)
                .toArray();
        Map<Integer, Double> medians = new HashMap<>();
        for (int jvm : jvms) {
            int of = jvm;
            medians.computeIfAbsent(
                    jvm,
                    j -> OrderStatistics.median(IntStream.range(0, turns.length)
                            .filter(k -> jvms[k] == of)
                            .mapToDouble(k -> turns[k])
                            .sorted()
                            .toArray()));
        }
        List<String> times = new ArrayList<>();
        for (int k = 0; k < turns.length; k++) {
            double time = turns[k] * ms.applyAsDouble(jvms[k]) / medians.get(jvms[k]);
            times.add(String.format(Locale.ROOT, "%.4f", time));
        }
        lines.set(turnLine, TurnLog.TURNS + String.join(" ", times));
        Files.writeString(log, String.join("\n", lines) + "\n");
    }
}
