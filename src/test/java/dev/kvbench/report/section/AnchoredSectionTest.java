package dev.kvbench.report.section;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.results.PairedRatio;
import dev.kvbench.results.TurnLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test run in two groups with the anchor in each, read from its files as the suite writes them (out-N.* and
 * out-N.g2.*, the groups in the meta file): the test's runs, turns that never pair across groups, and the section that
 * ranks the engines through the anchor.
 */
class AnchoredSectionTest {

    private static final String READ_SEQ = "dev.kvbench.bench.ReadSeqBenchmark.readSeq";
    private static final int ROTATIONS = 40;
    private static final String HEADER = "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\","
            + "\"Score Error (99.9%)\",\"Unit\",\"Param: num\",\"Param: store\"";

    @TempDir
    Path dir;

    private static double[] turns(double ms, double host, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] turns = new double[ROTATIONS];
        for (int r = 0; r < ROTATIONS; r++) {
            turns[r] = ms * host * (1 + 0.02 * (2 * random.nextDouble() - 1));
        }
        return turns;
    }

    /** One group's log and CSV: each store's turns in rotations 1 to 40, its score their mean. */
    private void group(String stem, Map<String, double[]> stores) throws IOException {
        List<String> log = new ArrayList<>(List.of("# Benchmark: " + READ_SEQ + " (40 measured rotations at most)"));
        List<String> csv = new ArrayList<>(List.of(HEADER));
        StringBuilder rotations = new StringBuilder();
        for (int r = 1; r <= ROTATIONS; r++) {
            rotations.append(r == 1 ? "" : " ").append(r);
        }
        stores.forEach((store, times) -> {
            double mean = java.util.Arrays.stream(times).average().orElseThrow();
            log.add(String.format(
                    Locale.ROOT, "  %-28s %.3f ±    0.010 ms/op ( 1.0%%), 40 turns, 400 passes", store, mean));
            StringBuilder line = new StringBuilder(TurnLog.TURNS);
            for (int r = 0; r < times.length; r++) {
                line.append(r == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.4f", times[r]));
            }
            log.add(line.toString());
            log.add(TurnLog.ROTATIONS + rotations);
            csv.add(String.format(
                    Locale.ROOT, "\"%s\",\"avgt\",1,40,%.6f,0.010000,\"ms/op\",1000,%s", READ_SEQ, mean, store));
        });
        log.add("# Run complete.");
        Files.write(dir.resolve(stem + ".txt"), log);
        Files.write(dir.resolve(stem + ".csv"), csv);
    }

    @Test
    void enginesOfTwoGroupsAreReadAsOneTestAndRankedThroughTheAnchor() throws IOException {
        Files.write(dir.resolve("env.txt"), List.of("cpu.model: test"));
        Files.write(
                dir.resolve("out-1.meta"),
                List.of(
                        "title=Int keys in sequential order",
                        "chart=bars",
                        "groups=2",
                        "groups.anchor=lmdb",
                        "group.1=lmdb,mvstore",
                        "group.2=lmdb,xodus"));
        // group 1 on a quiet host; group 2 while the host was 1.5x slower: xodus's score (4.5 ms) against mvstore's
        // (2.5 ms) says 1.8x, through the anchor it is 1.2x (3.0 ÷ 2.5)
        group(
                "out-1",
                new java.util.LinkedHashMap<>(Map.of("lmdb", turns(2.0, 1.0, 1), "mvstore", turns(2.5, 1.0, 2))));
        group(
                "out-1.g2",
                new java.util.LinkedHashMap<>(Map.of("lmdb", turns(2.0, 1.5, 3), "xodus", turns(3.0, 1.5, 4))));

        ResultsFolder folder = ResultsFolder.load(dir);
        assertEquals(1, folder.tests.size(), "a group's files are not a test of their own");
        TestRun test = folder.tests.get(0);
        assertEquals(
                List.of("lmdb", "mvstore", "xodus"),
                test.results.stream().map(Result::store).sorted().toList(),
                "the anchor once, from group 1");
        assertEquals(2, test.groups.size());
        Result mvstore = test.results.stream()
                .filter(r -> r.store().equals("mvstore"))
                .findFirst()
                .orElseThrow();
        Result xodus = test.results.stream()
                .filter(r -> r.store().equals("xodus"))
                .findFirst()
                .orElseThrow();
        assertEquals(0, PairedRatio.of(mvstore.turns(), xodus.turns()).pairs(), "turns of two groups never pair");

        Markdown md = new Markdown();
        new AnchoredSection(folder, folder.specs(), md).write();
        String text = md.toString();
        assertTrue(text.contains("## Engines in groups"), text);
        assertTrue(text.contains("group 2: "), text);
        assertTrue(text.contains("through the anchor"), text);
        assertEquals(List.of(test), AnchoredSection.split(folder), "the Contents list links the section");
        int lmdbRow = text.indexOf("| 1 |");
        int xodusRow = text.indexOf("| 3 |");
        assertTrue(lmdbRow > 0 && xodusRow > lmdbRow, text);
        String last = text.substring(xodusRow, text.indexOf('\n', xodusRow));
        assertTrue(last.contains("1.2"), "xodus 1.2x slower than mvstore through the anchor: " + last);
        assertTrue(last.contains("through the anchor"), last);
        String second = text.substring(text.indexOf("| 2 |"), text.indexOf('\n', text.indexOf("| 2 |")));
        assertTrue(second.contains("mvstore") || second.contains("MVStore"), second);
        assertTrue(second.contains("1.25"), "mvstore 1.25x slower than the anchor, paired in group 1: " + second);
        assertTrue(second.endsWith(", paired |"), second);
    }

    @Test
    void aTestOfOneGroupWritesNoSection() throws IOException {
        Files.write(dir.resolve("env.txt"), List.of("cpu.model: test"));
        Files.write(dir.resolve("out-1.meta"), List.of("title=t", "chart=bars"));
        group(
                "out-1",
                new java.util.LinkedHashMap<>(Map.of("lmdb", turns(2.0, 1.0, 1), "mvstore", turns(2.5, 1.0, 2))));
        ResultsFolder folder = ResultsFolder.load(dir);
        Markdown md = new Markdown();
        new AnchoredSection(folder, folder.specs(), md).write();
        assertEquals("", md.toString());
        assertTrue(folder.tests.get(0).groups.isEmpty());
    }
}
