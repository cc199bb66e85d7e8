package dev.kvbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trial whose JVM dies or hangs is a failed trial with its cause and its last lines, and the
 * run goes on: real JMH forks of the test-only {@code crashy} engine, which writes to address 0
 * or parks forever at its 1000th put, beside {@code treemap}, which works.
 */
class ForkIsolationTest {

    @TempDir
    Path dir;
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalErr;

    @BeforeEach
    void setUp() {
        originalErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        System.setProperty("jmh.ignoreLock", "true");
        System.setProperty(WorkFolder.PROPERTY, dir.resolve("work").toString());
        System.setProperty(TrialTimeout.PROPERTY, "15s");
    }

    @AfterEach
    void restore() {
        System.setErr(originalErr);
        System.clearProperty(WorkFolder.PROPERTY);
        System.clearProperty(TrialTimeout.PROPERTY);
    }

    @Test
    void aCrashedAndAHungTrialAreFailedWithTheirCausesAndTheWorkingEngineStillRuns() throws IOException {
        Path csv = dir.resolve("out.csv");
        int exit = Main.run("-f", "1", "-wi", "0", "-i", "1", "-bm", "ss", "-foe", "false",
                "-p", "store=crashy:fault=segv,crashy:fault=hang,treemap", "-p", "num=2000",
                "-rf", "csv", "-rff", csv.toString(), "WriteBenchmark");
        String errors = err.toString(StandardCharsets.UTF_8);
        assertEquals(Main.FAILED, exit, errors);

        Map<String, TrialRecord> byStore = new SideFile(dir.resolve("out.side.jsonl")).read().stream()
                .collect(Collectors.toMap(r -> r.params().get("store"), Function.identity()));
        assertEquals(3, byStore.size(), byStore.toString());

        TrialRecord crashed = byStore.get("crashy:fault=segv");
        for (String line : crashed == null ? List.<String>of() : crashed.tail()) {
            Matcher report = Pattern.compile("(/\\S*kvbench-hs_err_\\d+\\.log)").matcher(line);
            if (report.find()) {
                Files.deleteIfExists(Path.of(report.group(1))); // the crash report (DeadTrials.ERROR_FILE) outside dir
            }
        }
        assertEquals(TrialRecord.Status.FAILED, crashed.status());
        assertTrue(crashed.reason().startsWith("write on crashy:fault=segv: the JVM crashed: SIGSEGV"), crashed.reason());
        assertFalse(crashed.tail().isEmpty());
        assertTrue(crashed.tail().size() <= ForkWatch.TAIL_LINES, crashed.tail().toString());
        assertTrue(crashed.tail().stream().anyMatch(line -> line.contains("SIGSEGV")
                || line.contains("fatal error") || line.contains("hs_err")), crashed.tail().toString());

        TrialRecord hung = byStore.get("crashy:fault=hang");
        assertEquals(TrialRecord.Status.FAILED, hung.status());
        assertEquals("write on crashy:fault=hang: no result within the trial timeout of 15 s (KVBENCH_TIMEOUT): "
                + "the JVM hung or ran far longer than expected, and was killed", hung.reason());

        TrialRecord good = byStore.get("treemap");
        assertEquals(TrialRecord.Status.OK, good.status(), good.reason());
        List<String> rows = Files.readAllLines(csv);
        assertEquals(1, rows.stream().filter(row -> row.contains(",treemap,")).count(), rows.toString());
        assertTrue(errors.contains("kvbench: FAILED write on crashy:fault=segv: the JVM crashed: SIGSEGV"), errors);
        assertTrue(errors.contains("kvbench: FAILED write on crashy:fault=hang: no result within"), errors);
    }
}
