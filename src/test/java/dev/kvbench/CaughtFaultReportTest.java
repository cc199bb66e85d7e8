package dev.kvbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.TurnLog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store that returns wrong data, caught by a check, reaches the report: {@code run.sh} runs a YCSB workload in
 * interleaved turns on real LMDB beside the test-only {@code faulty} engine (LMDB whose cursors skip an entry every
 * 500 moves), then writes the report as a user's run does ({@code process.sh}, the report tool on the folder the run
 * wrote). The report names the failure with its check's line and claims no check the faulty engine did not pass.
 */
class CaughtFaultReportTest {

    private static final String FAULTY = "faulty:fault=skip+at=500";

    @TempDir
    Path dir;

    @Test
    void aFaultCaughtInAnInterleavedYcsbRunIsListedByTheReportWhichClaimsNoCheckItFailed() throws Exception {
        Path results = dir.resolve("results");
        ProcessBuilder builder = new ProcessBuilder(
                "bash",
                BadInputTest.ROOT.resolve("run.sh").toString(),
                "workload",
                "workloade",
                "-p",
                "recordcount=1000",
                "-p",
                "store=lmdb," + FAULTY);
        // the test class path, so that the run's JVMs (the benchmark, each engine's) know the test-only engine
        builder.environment().put("KVBENCH_CLASSPATH", System.getProperty("java.class.path"));
        builder.environment()
                .put("KVBENCH_DIR", Files.createDirectories(dir.resolve("work")).toString());
        builder.environment().put("KVBENCH_RESULTS", results.toString());
        Path output = dir.resolve("output.txt");
        Process run = builder.redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        assertTrue(run.waitFor(5, TimeUnit.MINUTES), "run.sh finished within 5 minutes");
        String said = Files.readString(output, StandardCharsets.UTF_8);
        assertEquals(1, run.exitValue(), said);
        assertFalse(said.contains("could not be written"), said);

        String log = Files.readString(results.resolve("out-1.txt"), StandardCharsets.UTF_8);
        String failure = "ycsb on " + FAULTY + ": expected a scan of ";
        assertTrue(log.contains("kvbench: FAILED " + failure), log);
        assertFalse(log.lines().anyMatch(line -> line.equals(TurnLog.TURNS.stripTrailing())), "an empty turns line");
        assertTrue(log.contains("  " + FAULTY + ": no turns (it failed: its FAILED line says why)"), log);
        assertFalse(log.lines().anyMatch(line -> line.startsWith("  ranking: ") && line.contains(FAULTY)), log);

        String readme = Files.readString(results.resolve("README.md"), StandardCharsets.UTF_8);
        String engine = "Faulty LMDB (at=500, fault=skip)";
        assertTrue(
                readme.contains("Every read, scan and the final state of every record was verified on LMDB DB; "
                        + engine + " failed: " + failure),
                readme);
        assertTrue(readme.contains(": it has no number here and is not ranked."), readme);
        assertFalse(readme.contains("every record was verified."), readme);
        assertTrue(readme.contains("| " + engine + " | failed: " + failure), readme);
        assertTrue(readme.contains("| 1 | " + engine + " | ycsb | keys | failed | " + failure), readme);
        assertTrue(readme.contains("LMDB DB, the only engine that ran it to the end ("), readme);
    }
}
