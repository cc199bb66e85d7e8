package dev.kvbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * process.sh and run.sh as a user runs them. run.sh is exercised with KVBENCH_DRY_RUN=1, which
 * prints each test's JMH command instead of running it (the benchmarks themselves are not needed).
 */
class ScriptsTest {

    @TempDir
    Path dir;

    record Outcome(int status, String out, String err) {
    }

    private Outcome run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(env);
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        builder.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process process = builder.start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "finished within 2 minutes: " + String.join(" ", command));
        return new Outcome(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private Map<String, String> reportClassPath() {
        return Map.of("KVBENCH_CLASSPATH", System.getProperty("java.class.path"));
    }

    @Test
    void processFailsWithOneClearLineOnAFolderWithoutResults() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Outcome outcome = run(reportClassPath(), "bash", "process.sh", empty.toString());
        assertEquals(1, outcome.status());
        assertEquals("process.sh: " + empty + " has no results (no out-N.csv or out-N.side.jsonl): "
                + "run ./run.sh SUITE first, then ./process.sh on the folder it names\n", outcome.err());
    }

    @Test
    void processRendersEveryChartOfTheFixture() throws Exception {
        assumeTrue(run(Map.of(), "bash", "-c", "command -v gnuplot").status() == 0,
                "gnuplot is not installed (sudo apt-get install gnuplot-nox); charts not checked");
        Path results = dir.resolve("results");
        Fixtures.copy(ReportTest.FIXTURE, results);
        Outcome outcome = run(reportClassPath(), "bash", "process.sh", results.toString());
        assertEquals(0, outcome.status(), outcome.err());
        assertTrue(outcome.out().contains("rendered 11 charts"), outcome.out());
        List<Path> scripts = new ArrayList<>();
        try (Stream<Path> files = Files.list(results)) {
            files.filter(f -> f.toString().endsWith(".gp")).forEach(scripts::add);
        }
        assertEquals(11, scripts.size());
        for (Path script : scripts) {
            Path png = results.resolve(script.getFileName().toString().replace(".gp", ".png"));
            assertTrue(Files.size(png) > 5000, png + " is a real chart");
            try (InputStream in = Files.newInputStream(png)) {
                byte[] magic = in.readNBytes(4);
                assertEquals("PNG", new String(magic, 1, 3, StandardCharsets.US_ASCII), png + " is a PNG");
            }
        }
    }

    private Map<String, String> dryRun(String budget) throws IOException {
        return Map.of("KVBENCH_DRY_RUN", "1", "KVBENCH_DIR", Files.createDirectories(dir.resolve("work")).toString(),
                "KVBENCH_RESULTS", dir.resolve("results").toString(), "KVBENCH_BUDGET", budget);
    }

    @Test
    void runRejectsAnUnknownSuiteNamingTheSuites() throws Exception {
        Outcome outcome = run(dryRun(""), "bash", "run.sh", "fast");
        assertEquals(1, outcome.status());
        assertEquals("run.sh: unknown suite 'fast'; suites: smoke quick report (e.g. ./run.sh quick)\n", outcome.err());
    }

    @Test
    void runPassesOptionsToJmhReplacingTheSuitesOwn() throws Exception {
        Outcome outcome = run(dryRun(""), "bash", "run.sh", "quick", "-p", "num=50000", "-f", "2");
        assertEquals(0, outcome.status(), outcome.err());
        assertTrue(outcome.out().contains("test 1 of 2: Int keys in sequential order (96 runs, 50000 entries)"), outcome.out());
        assertTrue(outcome.out().contains("java -jar target/benchmarks.jar '\\.(write|readKey|readSeq|readRev|readCrc|readXxh64)$' "
                + "-p sequential=true -p intKey=true -p valSize=100 -wi 1 -i 3 -w 1s -r 1s -foe false -p num=50000 -f 2\n"), outcome.out());
    }

    @Test
    void quickIsTheDefaultSuite() throws Exception {
        Outcome outcome = run(dryRun(""), "bash", "run.sh");
        assertEquals(0, outcome.status(), outcome.err());
        assertTrue(outcome.out().startsWith("test 1 of 2: Int keys in sequential order"), outcome.out());
    }

    @Test
    void reportSuiteScalesEntriesToTheBudget() throws Exception {
        Outcome outcome = run(dryRun("200M"), "bash", "run.sh", "report");
        assertEquals(0, outcome.status(), outcome.err());
        // 200 MiB = 209,715,200 B: 1M x 104 B fits; 1M x 16,373 B does not: 12,808 fit, rounded down to 10,000.
        assertTrue(outcome.out().contains("test 1 of 6: LMDB settings: sync, writeMap, forceSafe (30 runs, 1000000 entries)"), outcome.out());
        assertTrue(outcome.out().contains("test 2 of 6: Value sizes around LMDB page boundaries (24 runs, 10000 entries)"), outcome.out());
        assertTrue(outcome.out().contains("-p batchSize=200,2000,20000"), outcome.out());
        assertTrue(outcome.out().contains("test 6 of 6: Native engines and Chronicle, large values (36 runs, 10000 entries)"), outcome.out());
    }
}
