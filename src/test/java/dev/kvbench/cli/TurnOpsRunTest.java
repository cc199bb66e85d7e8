package dev.kvbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.Json;
import dev.kvbench.results.Metric;
import dev.kvbench.results.SideFile;
import dev.kvbench.trial.WorkFolder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -p turnOps=N}: the interleaved 2016 read passes in turns of N operations on real engines, each turn checked;
 * a bad value, or the parameter without {@code -interleave true}, one line before anything runs.
 */
class TurnOpsRunTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private PrintStream originalOut;
    private PrintStream originalErr;

    @BeforeEach
    void capture() {
        originalOut = System.out;
        originalErr = System.err;
        PrintStream both = new PrintStream(out, true, StandardCharsets.UTF_8);
        System.setOut(both);
        System.setErr(both);
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
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyTurnOfTwoEnginesRunsTurnOpsOperationsAndIsChecked() throws IOException {
        Path csv = dir.resolve("ops.csv");
        int exit = Main.run(
                "-interleave",
                "true",
                "-wi",
                "1",
                "-i",
                "3",
                "-r",
                "10ms",
                "-p",
                "store=heap,mvstore",
                "-p",
                "num=500",
                "-p",
                "turnOps=50",
                "-rf",
                "csv",
                "-rff",
                csv.toString(),
                "bench.(ReadKeyBenchmark|ReadSeqBenchmark|ReadCrcBenchmark)");
        assertEquals(Main.OK, exit, output());
        List<String> rows = Files.readAllLines(csv);
        assertEquals(1 + 6, rows.size(), rows.toString());
        int column = List.of(rows.get(0).split(",")).indexOf("\"Param: turnOps\"");
        assertTrue(column > 0, rows.get(0));
        for (String row : rows.subList(1, rows.size())) {
            assertTrue(row.contains("\"turns\""), row);
            assertEquals("50", row.split(",")[column], row);
        }
        // one time per turn: as many passes as turns (a whole pass's turn gives one or more)
        String log = output();
        assertTrue(
                log.contains("# Turns: turnOps = 50 operations per turn, the same on every engine, timed as one and"
                        + " checked (ms/op is ms per turn; -r does not apply)\n"),
                log);
        assertTrue(log.matches("(?s).*, (\\d+) turns, \\1 passes;.*"), log);
        List<String> side = Files.readAllLines(dir.resolve("ops.side.jsonl"));
        assertEquals(6, side.size(), side.toString());
        for (String line : side) {
            Map<?, ?> record = (Map<?, ?>) Json.parse(line);
            assertEquals("ok", record.get("status"), line);
            Map<?, ?> metrics = (Map<?, ?>) record.get("metrics");
            assertEquals(50, ((Number) metrics.get(Metric.KV_TURN_OPS)).intValue(), line);
            // the last turn's check: 50 of 50 found or iterated
            assertEquals(50, ((Number) metrics.get(Metric.VERIFY_EXPECTED)).intValue(), line);
            assertEquals(50, ((Number) metrics.get(Metric.VERIFY_FOUND)).intValue(), line);
        }
    }

    @Test
    void aBadTurnOpsIsOneLineAndExitCodeTwo() {
        assertRefused(
                "kvbench: -p turnOps=-1: turnOps must be a whole number from 0 (whole passes) to num=500 (a turn's"
                        + " cursor range lies in the data set)",
                "-interleave",
                "true",
                "-p",
                "turnOps=-1");
        assertRefused(
                "kvbench: -p turnOps=501: turnOps must be a whole number from 0 (whole passes) to num=500 (a turn's"
                        + " cursor range lies in the data set)",
                "-interleave",
                "true",
                "-p",
                "turnOps=501");
        assertRefused(
                "kvbench: -p turnOps=many: turnOps must be a whole number from 0 (whole passes) to num=500 (a turn's"
                        + " cursor range lies in the data set)",
                "-interleave",
                "true",
                "-p",
                "turnOps=many");
        assertRefused(
                "kvbench: -p turnOps sets the operations of an interleaved turn: give -interleave true, or leave"
                        + " turnOps out for JMH's whole passes",
                "-p",
                "turnOps=50");
    }

    @Test
    void turnOpsBesideAnApplicationWorkloadIsCheckedByItsOwnFamilyOnly() {
        // readKeyThreads runs in JMH forks and takes no turnOps; the application workloads' check must not refuse it
        Main.check(
                "-interleave",
                "true",
                "-p",
                "turnOps=50",
                "-p",
                "store=heap",
                "-p",
                "num=500",
                "bench.(ReadKeyThreadsBenchmark|ReadSeqBenchmark)");
    }

    private void assertRefused(String line, String... args) {
        out.reset();
        List<String> all = new java.util.ArrayList<>(List.of(args));
        all.addAll(List.of("-p", "store=heap", "-p", "num=500", "bench.ReadSeqBenchmark"));
        assertEquals(Main.USAGE, Main.run(all.toArray(String[]::new)), output());
        assertTrue(output().contains(line + "\n"), output());
    }
}
