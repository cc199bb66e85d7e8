package dev.kvbench.workload.readhalf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.results.Json;
import dev.kvbench.results.Metric;
import java.io.IOException;
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
 * A workload family is its package and one registration line, proved where a user goes: readHalf runs from the
 * benchmark jar ({@code cli.Main}), plainly and interleaved, and as its own suite through {@code run.sh} to the
 * report, each on real LMDB beside the test-only {@code faulty} engine (LMDB that loses or misorders an entry), whose
 * wrong pass readHalf's own check fails, loudly, while LMDB's passes. The JVMs run the test class path
 * ({@code KVBENCH_CLASSPATH} for {@code run.sh}), as {@code CaughtFaultReportTest} does for an engine; and no file of
 * the project outside this package and its services line names the family.
 */
class ReadHalfTest {

    private static final Path ROOT = Path.of("").toAbsolutePath();
    private static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final String CLASSPATH = System.getProperty("java.class.path");
    private static final String NUM = "2000";

    @TempDir
    Path dir;

    /** Runs {@code command} with the work and results folders in {@link #dir}; its exit status and output. */
    private Ran run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile());
        builder.environment().put("KVBENCH_CLASSPATH", CLASSPATH);
        builder.environment()
                .put("KVBENCH_DIR", Files.createDirectories(dir.resolve("work")).toString());
        builder.environment().put("KVBENCH_RESULTS", dir.resolve("results").toString());
        builder.environment().put("KVBENCH_NO_INSTALL", "1");
        Path output = dir.resolve("output.txt");
        Process process = builder.redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "finished within 5 minutes: " + command);
        return new Ran(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }

    private record Ran(int exit, String said) {}

    /** The benchmark jar's command line for readHalf on LMDB and {@code faulty}, one short iteration. */
    private List<String> jar(String faulty, String... more) {
        List<String> command = new ArrayList<>(List.of(
                JAVA,
                "-Djmh.ignoreLock=true",
                "-cp",
                CLASSPATH,
                "dev.kvbench.cli.Main",
                "readHalf",
                "-p",
                "store=lmdb," + faulty,
                "-p",
                "num=" + NUM,
                "-f",
                "1",
                "-wi",
                "0",
                "-i",
                "1",
                "-r",
                "1ms",
                "-rf",
                "csv",
                "-rff",
                dir.resolve("out.csv").toString()));
        command.addAll(List.of(more));
        return command;
    }

    /** The side file's lines by store: LMDB's verified, the faulty engine's failed with {@code failure}. */
    @SuppressWarnings("unchecked")
    private static void lmdbPassedFaultyFailed(Path side, String faulty, String failure) throws IOException {
        List<Map<String, Object>> lines = new ArrayList<>();
        for (String line : Files.readAllLines(side)) {
            lines.add((Map<String, Object>) Json.parse(line));
        }
        assertEquals(2, lines.size(), lines.toString());
        for (Map<String, Object> line : lines) {
            assertEquals("readHalf", line.get("workload"), line.toString());
            Map<?, ?> params = (Map<?, ?>) line.get("params");
            if (params.get("store").equals("lmdb")) {
                assertEquals("ok", line.get("status"), line.toString());
                Map<?, ?> metrics = (Map<?, ?>) line.get("metrics");
                assertEquals(Long.valueOf(NUM), metrics.get(Metric.VERIFY_FOUND), line.toString());
            } else {
                assertEquals(faulty, params.get("store"), line.toString());
                assertEquals("failed", line.get("status"), line.toString());
                assertTrue(String.valueOf(line.get("reason")).startsWith(failure), line.toString());
            }
        }
    }

    @Test
    void fromTheJarAStoreThatSkipsAnEntryFailsItsOwnCountAndLmdbPasses() throws Exception {
        String faulty = "faulty:fault=skip+at=300";
        Ran ran = run(jar(faulty));

        assertNotEquals(0, ran.exit(), ran.said());
        String failure = "readHalf on " + faulty + ": expected " + NUM + " found ";
        assertTrue(ran.said().contains("kvbench: FAILED " + failure), ran.said());
        assertTrue(ran.said().contains(" (entries iterated and keys found)"), ran.said());
        // the fork's failure reaches JMH's host whole: no trace of an exception JMH could not serialise
        assertFalse(ran.said().contains("NotSerializableException"), ran.said());
        assertFalse(ran.said().contains("\tat "), ran.said());
        lmdbPassedFaultyFailed(dir.resolve("out.side.jsonl"), faulty, failure);
    }

    @Test
    void interleavedAStoreThatMisordersTwoKeysFailsItsOwnFoldAndLmdbTakesTurns() throws Exception {
        String faulty = "faulty:fault=reorder+at=300";
        Ran ran = run(jar(faulty, "-interleave", "true"));

        assertNotEquals(0, ran.exit(), ran.said());
        String failure = "readHalf on " + faulty + ": expected the first half's keys in ascending order, up to the"
                + " boundary key (fold ";
        assertTrue(ran.said().contains("kvbench: FAILED " + failure), ran.said());
        assertTrue(ran.said().contains("found other entries or another order (fold "), ran.said());
        assertTrue(ran.said().contains("# Benchmark mode: interleaved turns"), ran.said());
        lmdbPassedFaultyFailed(dir.resolve("out.side.jsonl"), faulty, failure);
    }

    @Test
    void runShsHelpListsItsSuiteFromTheRegistry() throws Exception {
        Ran ran = run(List.of("bash", ROOT.resolve("run.sh").toString(), "--help"));

        assertEquals(0, ran.exit(), ran.said());
        assertTrue(ran.said().contains("\n  " + ReadHalfFamily.SUITE + " "), ran.said());
        assertTrue(ran.said().contains("\n  quick    "), ran.said());
        assertTrue(ran.said().contains("\n\nOptions after SUITE"), ran.said());
    }

    @Test
    void itsOwnSuiteRunsThroughRunShToAReportThatNamesTheFailure() throws Exception {
        String faulty = "faulty:fault=drop+at=500";
        Ran ran = run(
                List.of("bash", ROOT.resolve("run.sh").toString(), ReadHalfFamily.SUITE, "-p", "store=lmdb," + faulty));

        assertEquals(1, ran.exit(), ran.said());
        Path results = dir.resolve("results");
        String failure =
                "readHalf on " + faulty + ": expected " + NUM + " found 1999 (entries iterated and keys found)";
        String log = Files.readString(results.resolve("out-1.txt"), StandardCharsets.UTF_8);
        assertTrue(log.contains("kvbench: FAILED " + failure), log);
        lmdbPassedFaultyFailed(results.resolve("out-1.side.jsonl"), faulty, failure);
        String readme = Files.readString(results.resolve("README.md"), StandardCharsets.UTF_8);
        assertTrue(readme.contains("readHalf on every engine"), readme);
        assertTrue(readme.contains(failure), readme);
    }

    /** The family needs no edit outside its package and its line: nothing else in the project's code names it. */
    @Test
    void nothingOutsideItsPackageAndItsServicesLineNamesIt() throws IOException {
        Path own = ROOT.resolve("src/test/java/dev/kvbench/workload/readhalf");
        Path services = ROOT.resolve("src/test/resources/META-INF/services/dev.kvbench.trial.WorkloadFamily");
        List<Path> naming = new ArrayList<>();
        for (Path root : List.of(ROOT.resolve("src"), ROOT.resolve("run.sh"), ROOT.resolve("process.sh"))) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    if (!file.startsWith(own)
                            && Files.readString(file, StandardCharsets.ISO_8859_1)
                                    .toLowerCase(java.util.Locale.ROOT)
                                    .contains("readhalf")) {
                        naming.add(ROOT.relativize(file));
                    }
                }
            }
        }
        assertEquals(List.of(ROOT.relativize(services)), naming);
        assertEquals(
                1,
                Files.readAllLines(services).stream()
                        .filter(line -> line.contains("readhalf"))
                        .count());
    }
}
