package dev.kvbench.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.cli.Main;
import dev.kvbench.results.Metric;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.trial.WorkFolder;
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
        Map<String, TrialRecord> byStore = writeWithoutFailOnError("crashy:fault=segv,crashy:fault=hang,treemap");
        String errors = err.toString(StandardCharsets.UTF_8);
        assertEquals(3, byStore.size(), byStore.toString());

        TrialRecord crashed = byStore.get("crashy:fault=segv");
        deleteCrashReport(crashed);
        assertEquals(TrialRecord.Status.FAILED, crashed.status());
        assertTrue(
                crashed.reason().startsWith("write on crashy:fault=segv: the JVM crashed: SIGSEGV"), crashed.reason());
        assertFalse(crashed.tail().isEmpty());
        assertTrue(crashed.tail().size() <= ForkWatch.TAIL_LINES, crashed.tail().toString());
        assertTrue(
                crashed.tail().stream()
                        .anyMatch(line ->
                                line.contains("SIGSEGV") || line.contains("fatal error") || line.contains("hs_err")),
                crashed.tail().toString());

        TrialRecord hung = byStore.get("crashy:fault=hang");
        assertEquals(TrialRecord.Status.FAILED, hung.status());
        // the pass (one iteration of single-shot mode) was under way: how long it had run is a lower bound of its time
        double passMs = ((Number) hung.metrics().get(Metric.TIMEOUT_PASS_MS)).doubleValue();
        assertTrue(passMs > 5_000 && passMs <= 15_500, hung.metrics().toString());
        assertTrue(
                hung.reason()
                        .startsWith(
                                "write on crashy:fault=hang: no result within the trial timeout of 15 s (KVBENCH_TIMEOUT): "
                                        + "the JVM hung or ran far longer than expected, and was killed; its pass had run "),
                hung.reason());
        assertTrue(
                hung.reason().matches(".* s when it was killed \\(at least [\\d,]+ µs per entry of 2,000\\)"),
                hung.reason());

        TrialRecord good = byStore.get("treemap");
        assertEquals(TrialRecord.Status.OK, good.status(), good.reason());
        List<String> rows = Files.readAllLines(csv);
        assertEquals(1, rows.stream().filter(row -> row.contains(",treemap,")).count(), rows.toString());
        assertTrue(errors.contains("kvbench: FAILED write on crashy:fault=segv: the JVM crashed: SIGSEGV"), errors);
        assertTrue(errors.contains("kvbench: FAILED write on crashy:fault=hang: no result within"), errors);
    }

    /**
     * A store whose preflight check (one JVM opens a store of every engine before any trial)
     * crashes or hangs that JVM fails alone: its trials are failed with the cause and the JVM's last
     * lines, the stores after it are checked in a new JVM, and they run.
     */
    @Test
    void aStoreThatCrashesOrHangsThePreflightFailsAndTheOtherStoresAreCheckedAndRun() throws IOException {
        Path csv = dir.resolve("out.csv");
        Map<String, TrialRecord> byStore =
                writeWithoutFailOnError("crashy:fault=segv+at=open,treemap,crashy:fault=hang+at=open,lmdb");
        String errors = err.toString(StandardCharsets.UTF_8);
        assertEquals(4, byStore.size(), byStore.toString());
        TrialRecord crashed = byStore.get("crashy:fault=segv+at=open");
        deleteCrashReport(crashed);
        String segv =
                "crashy:fault=segv+at=open failed its preflight check (open a store, write and read back 100 entries"
                        + " with int keys and valSize=100): the JVM crashed: SIGSEGV";
        assertEquals(TrialRecord.Status.FAILED, crashed.status());
        assertTrue(crashed.reason().startsWith(segv), crashed.reason());
        assertTrue(crashed.reason().endsWith("; the stores after it were checked in a new JVM"), crashed.reason());
        assertTrue(
                crashed.tail().stream().anyMatch(line -> line.contains("SIGSEGV")),
                crashed.tail().toString());
        assertTrue(crashed.tail().size() <= ForkWatch.TAIL_LINES, crashed.tail().toString());

        TrialRecord hung = byStore.get("crashy:fault=hang+at=open");
        assertEquals(TrialRecord.Status.FAILED, hung.status());
        assertEquals(
                "crashy:fault=hang+at=open failed its preflight check (open a store, write and read back 100 entries"
                        + " with int keys and valSize=100): no answer within 15 s (at most 5 min, less when KVBENCH_TIMEOUT is"
                        + " shorter): the engine hung, and its JVM was killed; the stores after it were checked in a new JVM",
                hung.reason());

        for (String store : List.of("treemap", "lmdb")) {
            assertEquals(
                    TrialRecord.Status.OK,
                    byStore.get(store).status(),
                    byStore.get(store).reason());
            assertEquals(
                    1,
                    Files.readAllLines(csv).stream()
                            .filter(row -> row.contains("," + store + ","))
                            .count());
        }
        assertTrue(errors.contains("kvbench: FAILED " + segv), errors);
        assertTrue(errors.contains("kvbench: FAILED crashy:fault=hang+at=open failed its preflight check"), errors);
    }

    /** With fail on error on (JMH's default), a store that crashes the preflight stops the run before any trial. */
    @Test
    void withFailOnErrorACrashedPreflightRunsNothing() throws IOException {
        int exit = Main.run(
                "-f",
                "1",
                "-wi",
                "0",
                "-i",
                "1",
                "-bm",
                "ss",
                "-p",
                "store=treemap,crashy:fault=segv+at=open",
                "-p",
                "num=2000",
                "-rf",
                "csv",
                "-rff",
                dir.resolve("out.csv").toString(),
                "WriteBenchmark");
        String errors = err.toString(StandardCharsets.UTF_8);
        List<TrialRecord> records = new SideFile(dir.resolve("out.side.jsonl")).read();
        records.forEach(ForkIsolationTest::deleteCrashReport);
        assertEquals(Main.FAILED, exit, errors);
        assertEquals(1, records.size(), records.toString());
        assertEquals("crashy:fault=segv+at=open", records.get(0).params().get("store"));
        assertTrue(
                errors.contains("kvbench: a store failed its preflight check and fail on error is on: nothing was run"
                        + " (-foe false runs the other stores)"),
                errors);
        assertTrue(
                errors.lines()
                        .filter(line -> line.startsWith("kvbench: FAILED "))
                        .allMatch(line -> line.startsWith(
                                "kvbench: FAILED crashy:fault=segv+at=open failed its preflight check")),
                errors);
    }

    /** Runs the write benchmark on {@code stores} with -foe false, which must fail; its side file's lines by store. */
    private Map<String, TrialRecord> writeWithoutFailOnError(String stores) throws IOException {
        int exit = Main.run(
                "-f",
                "1",
                "-wi",
                "0",
                "-i",
                "1",
                "-bm",
                "ss",
                "-foe",
                "false",
                "-p",
                "store=" + stores,
                "-p",
                "num=2000",
                "-rf",
                "csv",
                "-rff",
                dir.resolve("out.csv").toString(),
                "WriteBenchmark");
        assertEquals(Main.FAILED, exit, err.toString(StandardCharsets.UTF_8));
        return new SideFile(dir.resolve("out.side.jsonl"))
                .read().stream().collect(Collectors.toMap(r -> r.params().get("store"), Function.identity()));
    }

    /** The crash report (DeadTrials.ERROR_FILE, outside dir) a dead JVM's last lines name. */
    private static void deleteCrashReport(TrialRecord record) {
        for (String line : record == null ? List.<String>of() : record.tail()) {
            Matcher report = Pattern.compile("(/\\S*kvbench-hs_err_\\d+\\.log)").matcher(line);
            if (report.find()) {
                try {
                    Files.deleteIfExists(Path.of(report.group(1)));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }
    }
}
