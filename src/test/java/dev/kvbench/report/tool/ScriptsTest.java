package dev.kvbench.report.tool;

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
 * process.sh as a user runs it. (run.sh only prepares the machine and hands over to
 * {@code dev.kvbench.suite.SuiteMain}, whose plans are tested in {@code dev.kvbench.suite}.)
 */
class ScriptsTest {

    @TempDir
    Path dir;

    record Outcome(int status, String out, String err) {}

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
        assertEquals(
                "process.sh: " + empty + " has no results (no out-N.csv or out-N.side.jsonl): "
                        + "run ./run.sh SUITE first, then ./process.sh on the folder it names\n",
                outcome.err());
    }

    /**
     * A failed build of the jar (run.sh and process.sh build it when stale) shows the compiler's findings: an Error
     * Prone finding is a warning that -Werror turns into "warnings found", which {@code mvnw -q} hid. The log is a
     * real one, of a build with a planted finding.
     */
    @Test
    void aFailedBuildShowsTheFindingNotOnlyThatThereWasOne() throws Exception {
        Outcome outcome = run(
                Map.of(),
                "bash",
                "-c",
                "source process.sh && build_findings src/test/resources/fixtures/build/maven-error-prone-finding.txt");
        assertEquals(0, outcome.status(), outcome.err());
        assertEquals(
                List.of(
                        "[WARNING] /home/user/kvbench/src/main/java/dev/kvbench/suite/Shell.java:[31,23] [MissingOverride]"
                                + " toString overrides method in Object; expected @Override",
                        "    (see https://errorprone.info/bugpattern/MissingOverride)",
                        "  Did you mean '@Override public String toString() {'?",
                        "[ERROR] COMPILATION ERROR : ",
                        "[ERROR] warnings found and -Werror specified",
                        "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.13.0:compile"
                                + " (default-compile) on project kvbench: Compilation failure",
                        "[ERROR] warnings found and -Werror specified"),
                outcome.out().lines().toList());
    }

    @Test
    void processRendersEveryChartOfTheFixture() throws Exception {
        assumeTrue(
                run(Map.of(), "bash", "-c", "command -v gnuplot").status() == 0,
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
}
