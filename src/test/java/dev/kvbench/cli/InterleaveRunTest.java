package dev.kvbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.interleave.Turns;
import dev.kvbench.results.Json;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.TurnLog;
import dev.kvbench.trial.WorkFolder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -interleave true}: real stores in JVMs of their own, measured turn by turn; the rest still JMH's. */
class InterleaveRunTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalOut;
    private PrintStream originalErr;

    @BeforeEach
    void capture() {
        originalOut = System.out;
        originalErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        System.setProperty("jmh.ignoreLock", "true");
        System.setProperty(WorkFolder.PROPERTY, dir.resolve("work").toString());
    }

    @AfterEach
    void restore() {
        System.setOut(originalOut);
        System.setErr(originalErr);
        System.clearProperty(SideFile.PROPERTY);
        System.clearProperty(WorkFolder.PROPERTY);
    }

    private String output() {
        return out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyStoreOfABlockGetsItsTurnsAndOneVerifiedTrial() throws IOException {
        Path csv = dir.resolve("out.csv");
        int exit = Main.run(
                "-interleave",
                "true",
                "-wi",
                "1",
                "-i",
                "3",
                "-r",
                "20ms",
                "-p",
                "store=lmdb,heap,mvstore",
                "-p",
                "num=500",
                "-rf",
                "csv",
                "-rff",
                csv.toString(),
                "bench.(ReadSeqBenchmark|WriteBenchmark)");
        assertEquals(Main.OK, exit, output());
        String log = out.toString(StandardCharsets.UTF_8);
        // a score has its error, unless the log names the engine's JVM as without a steady state (its turns at a few
        // microseconds a pass may not settle in 24 rotations), when the error is unknown
        assertRows(
                csv,
                6,
                "\"dev\\.kvbench\\.bench\\.(ReadSeqBenchmark\\.readSeq|WriteBenchmark\\.write)\",\"turns\","
                        + "1,[1-9][0-9],[0-9.]+,([0-9.]+"
                        + (log.contains("    steady state: JVM 1: no steady state") ? "|NaN" : "")
                        + "),\"ms/op\",.*");
        assertTrue(log.contains("# Benchmark mode: interleaved turns"), log);
        assertTrue(log.contains("# Run complete."), log);
        assertTrue(log.contains("# Measurement: turns of 20 ms per JVM after 5 ms of untimed passes"), log);
        // -i 3 is fewer turns than an interval needs: every engine takes turns until it has the 11 one needs
        assertTrue(
                log.contains("until the extra rotations have taken half as long as the warmup and fewest ones (the time"
                        + " cap)"),
                log);
        assertTrue(log.contains("    in rotations: 1 2 3 4 5 6 7 8 9 10 11"), log);
        assertTrue(log.contains("  ranking: lmdb < mvstore") || log.contains("  ranking: mvstore < lmdb"), log);
        assertTrue(log.contains("  rotations: the warmup and fewest 3 in "), log);
        assertTrue(log.contains("  host factor per rotation: - - -"), log);
        assertTrue(log.contains("; 0 turns divided by a host factor, median as measured "), log);
        List<String> side = Files.readAllLines(dir.resolve("out.side.jsonl"));
        assertEquals(6, side.size(), side.toString());
        for (String line : side) {
            Map<?, ?> record = (Map<?, ?>) Json.parse(line);
            assertEquals("ok", record.get("status"), line);
        }
    }

    @Test
    void theTimeCapStopsNoEngineShortOfTheTurnsAnIntervalNeeds() throws IOException {
        Path csv = dir.resolve("cap.csv");
        // 4 fewest rotations: the extra ones take as long as those (the cap) after 8, but every engine still has no
        // interval then, and the block goes on to 11 turns. On a quiet machine it stops there or one later; on a loaded
        // one the fewest rotations can take longer than the extra ones, so the cap comes a few rotations later. An
        // engine whose first turns were not yet steady takes turns until 11 are (18 turns once, under a quiet JDK 25
        // run). Either way it stops short of the 32 rotations -i 4 allows.
        int exit = Main.run(
                "-interleave",
                "true",
                "-wi",
                "0",
                "-i",
                "4",
                "-r",
                "10ms",
                "-p",
                "store=lmdb,heap,mvstore",
                "-p",
                "num=300",
                "-rf",
                "csv",
                "-rff",
                csv.toString(),
                "bench.ReadSeqBenchmark");
        assertEquals(Main.OK, exit, output());
        assertFalse(output().contains("kvbench: -i 4:"), output());
        assertRows(
                csv,
                3,
                "\"dev\\.kvbench\\.bench\\.ReadSeqBenchmark\\.readSeq\",\"turns\",1,(1[1-9]|2[0-9]|3[01]),[0-9.]+,"
                        + "[0-9.]+,\"ms/op\",.*");
    }

    @Test
    void aTrialTimeoutOfZeroIsNoTimeoutForTheEnginesJvms() throws IOException {
        Path csv = dir.resolve("untimed.csv");
        System.setProperty("kvbench.timeout", "0");
        int exit;
        try {
            exit = Main.run(
                    "-interleave",
                    "true",
                    "-wi",
                    "0",
                    "-i",
                    "1",
                    "-r",
                    "10ms",
                    "-p",
                    "store=lmdb,heap",
                    "-p",
                    "num=300",
                    "-rf",
                    "csv",
                    "-rff",
                    csv.toString(),
                    "bench.ReadSeqBenchmark");
        } finally {
            System.clearProperty("kvbench.timeout");
        }
        assertEquals(Main.OK, exit, output());
        assertFalse(output().contains("killed"), output());
        assertRows(csv, 2, "\"dev\\.kvbench\\.bench\\.ReadSeqBenchmark\\.readSeq\",\"turns\",.*");
    }

    /**
     * {@code csv} has a header and {@code count} rows, each matching {@code pattern}. A row whose error is NaN, a
     * score with no interval, must be an engine the log explains: it took fewer turns than an interval needs, or the
     * log names a JVM of it that was not flat. A short run on a loaded machine can leave an engine without a steady
     * state, and the interleaver then gives its score no interval by design; never silently.
     */
    private void assertRows(Path csv, int count, String pattern) throws IOException {
        List<String> rows = Files.readAllLines(csv);
        assertEquals(1 + count, rows.size(), rows.toString());
        long withoutInterval = 0;
        for (String row : rows.subList(1, rows.size())) {
            boolean nan = row.contains(",NaN,\"ms/op\",");
            withoutInterval += nan ? 1 : 0;
            assertTrue(row.replaceFirst(",NaN,\"ms/op\",", ",0,\"ms/op\",").matches(pattern), row);
        }
        assertEquals(withoutInterval, explainedWithoutInterval(output()), output());
    }

    /**
     * How many engines the log gives a score with no interval ("± NaN") and explains: fewer turns than an interval
     * needs, or a line below naming a JVM that was not flat ({@link TurnLog#STEADY}).
     */
    private static long explainedWithoutInterval(String log) {
        Pattern score = Pattern.compile("  \\S.* ± +(\\S+) ms/op .*, (\\d+) turns, .*");
        long explained = 0;
        boolean open = false;
        for (String line : log.split("\n")) {
            Matcher m = score.matcher(line);
            if (m.matches()) {
                boolean nan = m.group(1).equals("NaN");
                boolean few = Integer.parseInt(m.group(2)) < Turns.fewestForInterval();
                explained += nan && few ? 1 : 0;
                open = nan && !few;
            } else if (open && line.startsWith(TurnLog.STEADY)) {
                explained++;
                open = false;
            }
        }
        return explained;
    }

    @Test
    void readWorkloadsShareEachEnginesJvmAndLoadedStore() throws IOException {
        Path csv = dir.resolve("reads.csv");
        // chronicle has no ordered cursor: readKey only, in its own JVM beside the others' shared ones
        int exit = Main.run(
                "-interleave",
                "true",
                "-wi",
                "1",
                "-i",
                "2",
                "-r",
                "10ms",
                "-p",
                "store=lmdb,mvstore,chronicle",
                "-p",
                "num=400",
                "-rf",
                "csv",
                "-rff",
                csv.toString(),
                "bench.(ReadKeyBenchmark|ReadSeqBenchmark|ReadRevBenchmark)");
        assertEquals(Main.OK, exit, output());
        List<String> rows = Files.readAllLines(csv);
        assertEquals(1 + 3 + 2 + 2, rows.size(), rows.toString());
        String log = out.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("# Run progress: block 1 of 1, "), log);
        assertTrue(log.contains("workload 3 of 3 on the same JVMs and loaded stores"), log);
        List<String> side = Files.readAllLines(dir.resolve("reads.side.jsonl")).stream()
                .filter(line -> !line.contains("\"status\":\"skipped\",\"reason\":\"chronicle has no ordered cursor\""))
                .toList();
        assertEquals(7, side.size(), side.toString());
        Map<String, Integer> loads = new HashMap<>();
        for (String line : side) {
            Map<?, ?> record = (Map<?, ?>) Json.parse(line);
            assertEquals("ok", record.get("status"), line);
            Map<?, ?> metrics = (Map<?, ?>) record.get("metrics");
            Map<?, ?> params = (Map<?, ?>) record.get("params");
            assertEquals(400L, ((Number) metrics.get("verify.expected")).longValue(), line);
            assertEquals(400L, ((Number) metrics.get("verify.found")).longValue(), line);
            if (!metrics.containsKey("store.loadedBy")) {
                loads.merge(String.valueOf(params.get("store")), 1, Integer::sum);
            }
        }
        // each engine wrote its store once; its later read trials opened it again
        assertEquals(Map.of("lmdb", 1, "mvstore", 1, "chronicle", 1), loads, side.toString());
        try (var left = Files.list(dir.resolve("work"))) {
            assertEquals(List.of(), left.toList(), "trial folders left behind");
        }
    }

    @Test
    void aYcsbRunPhaseTakesTurnsOfTheSameOperationsOnEveryEngineAndIsVerified() throws IOException {
        Path csv = dir.resolve("ycsb.csv");
        int exit = ycsbInTurns(csv, "lmdb,rocksdb,heap", "workloade", "recordcount=500;threadcount=1;maxscanlength=20");
        assertEquals(Main.OK, exit, output());
        assertRows(
                csv,
                3,
                "\"dev\\.kvbench\\.bench\\.YcsbBenchmark\\.ycsb\",\"turns\",1,[1-9][0-9],[0-9.]+,[0-9.]+,"
                        + "\"ms/op\",.*");
        String log = out.toString(StandardCharsets.UTF_8);
        assertTrue(
                log.contains("  rotation w1: ") && log.contains("  rotation w6: ") && !log.contains("  rotation w7: "),
                "two probe rotations and four of full turns before the measured ones: " + log);
        assertTrue(
                log.contains("# Warmup: YCSB: 2 probe rotations of 100 operations, then 4 rotations of full turns\n"),
                "the header says so: " + log);
        java.util.regex.Matcher sizes = java.util.regex.Pattern.compile(
                        "  turns of operations: (\\S+) (\\d+), (\\S+)" + " (\\d+), (\\S+) (\\d+) ")
                .matcher(log);
        assertTrue(sizes.find(), log);
        assertEquals(sizes.group(2), sizes.group(4), "the same operations in every engine's turn: " + log);
        assertEquals(sizes.group(2), sizes.group(6), log);
        assertTrue(sameOperationsInEveryRotation(log, 3) >= 11, log);
        List<String> side = Files.readAllLines(dir.resolve("ycsb.side.jsonl"));
        assertEquals(3, side.size(), side.toString());
        Map<Object, Object> scans = new HashMap<>();
        for (String line : side) {
            Map<?, ?> record = (Map<?, ?>) Json.parse(line);
            assertEquals("ok", record.get("status"), line);
            Map<?, ?> metrics = (Map<?, ?>) record.get("metrics");
            long turns = ((Number) metrics.get("ycsb.run.turns")).longValue();
            long turnOps = ((Number) metrics.get("ycsb.run.turnOps")).longValue();
            assertTrue(turns >= 11, line);
            assertEquals(turns * turnOps, ((Number) metrics.get("ycsb.run.ops")).longValue(), line);
            assertTrue(((Number) metrics.get("ycsb.verifiedRecords")).longValue() >= 500, line);
            assertTrue(
                    metrics.containsKey("ycsb.load.opsPerSec") && metrics.containsKey("ycsb.run.SCAN.service.p99Ns"),
                    line);
            Object before = scans.putIfAbsent(turns, metrics.get("ycsb.run.SCAN.count"));
            if (before != null) {
                assertEquals(before, metrics.get("ycsb.run.SCAN.count"), "as many turns, as many scans: " + side);
            }
        }
        try (var left = Files.list(dir.resolve("work"))) {
            assertEquals(List.of(), left.toList(), "trial folders left behind");
        }
    }

    @Test
    void everyEngineOfAYcsbBlockRunsTheSameOperationsInEachRotationThoughOneIsFarSlower() throws IOException {
        Path csv = dir.resolve("same.csv");
        // MVStore commits every update of workload A to its file: the slowest engine, which once took turns of its own
        int exit = ycsbInTurns(csv, "lmdb,rocksdb,mvstore", "workloada", "recordcount=2000;threadcount=1");
        assertEquals(Main.OK, exit, output());
        String log = out.toString(StandardCharsets.UTF_8);
        int measured = sameOperationsInEveryRotation(log, 3);
        assertEquals(
                log.lines()
                        .filter(line -> line.matches("  rotation [0-9]+: .*"))
                        .count(),
                measured,
                log);
        for (String line : Files.readAllLines(dir.resolve("same.side.jsonl"))) {
            assertEquals("ok", ((Map<?, ?>) Json.parse(line)).get("status"), line);
        }
    }

    /** {@code workload} with {@code props} on {@code stores} in interleaved turns of 20 ms, its rows into {@code csv}. */
    private static int ycsbInTurns(Path csv, String stores, String workload, String props) {
        return Main.run(
                "-interleave",
                "true",
                "-wi",
                "1",
                "-i",
                "3",
                "-r",
                "20ms",
                "-p",
                "store=" + stores,
                "-p",
                "workload=" + workload,
                "-p",
                "props=" + props + ";interleave=true",
                "-rf",
                "csv",
                "-rff",
                csv.toString(),
                "bench.YcsbBenchmark");
    }

    /**
     * Every line of operations in {@code log} gives each engine of its rotation the same operations, and the measured
     * rotations follow one another along the one sequence with all {@code engines} in the first; the measured ones.
     */
    private static int sameOperationsInEveryRotation(String log, int engines) {
        List<String> lines =
                log.lines().filter(line -> line.startsWith(TurnLog.OPERATIONS)).toList();
        assertFalse(lines.isEmpty(), log);
        long next = -1;
        int measured = 0;
        for (String line : lines) {
            String[] turns = line.substring(line.indexOf(": ") + 2).split(", ");
            Set<String> ranges = new HashSet<>();
            for (String turn : turns) {
                ranges.add(turn.substring(turn.indexOf(' ') + 1));
            }
            assertEquals(1, ranges.size(), "one range per rotation: " + line);
            if (line.startsWith(TurnLog.OPERATIONS + "w")) {
                continue;
            }
            String[] range = ranges.iterator().next().split("-");
            if (measured++ == 0) {
                assertEquals(engines, turns.length, line);
            } else {
                assertEquals(next, Long.parseLong(range[0]), "the rotation after the last one's operations: " + line);
            }
            next = Long.parseLong(range[1]) + 1;
        }
        return measured;
    }

    @Test
    void benchmarksThatDoNotInterleaveRunInJmhAndSaySo() throws IOException {
        Path csv = dir.resolve("mixed.csv");
        int exit = Main.run(
                "-interleave",
                "true",
                "-f",
                "0",
                "-wi",
                "0",
                "-i",
                "2",
                "-r",
                "20ms",
                "-p",
                "store=lmdb",
                "-p",
                "num=300",
                "-rf",
                "csv",
                "-rff",
                csv.toString(),
                "(bench.ReadKeyBenchmark|DirectLmdbBenchmark)\\.readKey$");
        assertEquals(Main.OK, exit, output());
        assertTrue(output().contains("kvbench: -interleave: DirectLmdbBenchmark.readKey run in JMH forks"), output());
        List<String> rows = Files.readAllLines(csv);
        assertTrue(
                rows.stream().anyMatch(r -> r.startsWith("\"dev.kvbench.bench.ReadKeyBenchmark.readKey\",\"turns\"")),
                rows.toString());
        assertTrue(
                rows.stream()
                        .anyMatch(r -> r.startsWith("\"dev.kvbench.direct.DirectLmdbBenchmark.readKey\",\"sample\"")),
                rows.toString());
    }

    @Test
    void aValueOtherThanTrueOrFalseIsOneLineAndExitCodeTwo() {
        assertEquals(Main.USAGE, Main.run("-interleave", "yes", "-p", "store=lmdb"));
        assertTrue(
                err.toString(StandardCharsets.UTF_8).startsWith("kvbench: -interleave yes: give -interleave true"),
                output());
        assertEquals(1, err.toString(StandardCharsets.UTF_8).lines().count(), output());
    }
}
