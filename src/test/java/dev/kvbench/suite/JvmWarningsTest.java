package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kvbench.store.BuildFacts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The child JVMs whose standard output is read keep the JVM's own warnings off it. The warning
 * that broke a CI run: {@code [0.001s][warning][perf,memops] Cannot use file /tmp/hsperfdata_<user>/<pid>
 * because it is locked by another process}, printed when another process (in another container
 * sharing /tmp) holds the perf file of the child's pid. run.sh read it as the first JVM flag.
 */
class JvmWarningsTest {

    @Test
    void aChildWhoseOutputIsReadSendsTheJvmsWarningsToStderr() throws Exception {
        List<String> clean = Jvm.commandReadingStdout("dev.kvbench.report.tool.EnvJavaSide", List.of("--jvm-flags"));
        assertTrue(
                clean.containsAll(BuildFacts.WARNINGS_TO_STDERR),
                "Jvm.commandReadingStdout leaves the JVM's warnings on stdout");

        List<String> bare = new ArrayList<>(clean);
        bare.removeAll(BuildFacts.WARNINGS_TO_STDERR);
        String plain = stdoutWithPerfFileLocked(bare);
        assumeTrue(
                plain.startsWith("[") && plain.contains("hsperfdata"),
                "could not make the JVM warn about a locked perf file here: " + plain);

        String out = stdoutWithPerfFileLocked(clean);
        assertFalse(out.contains("warning"), out);
        assertTrue(out.trim().equals(BuildFacts.jvmFlags().trim()), out);
    }

    @Test
    void runShReadsTheFlagsWithTheJvmsWarningsOnStderr() throws IOException {
        String runSh = Files.readString(Path.of("run.sh"));
        String line = runSh.lines()
                .filter(l -> l.contains("EnvJavaSide --jvm-flags"))
                .findFirst()
                .orElseThrow();
        assertTrue(line.contains(String.join(" ", BuildFacts.WARNINGS_TO_STDERR)), line);
    }

    /**
     * The standard output of {@code command}, started by a shell that first has {@code flock} hold
     * the perf file of its own pid, the pid the JVM gets by {@code exec}.
     */
    private static String stdoutWithPerfFileLocked(List<String> command) throws Exception {
        String script = "dir=/tmp/hsperfdata_$(id -un); mkdir -p \"$dir\"; f=$dir/$$; : > \"$f\";"
                + " flock \"$f\" sleep 10 >/dev/null 2>&1 & sleep 0.5; exec \"$@\"";
        List<String> shell = new ArrayList<>(List.of("bash", "-c", script, "bash"));
        shell.addAll(command);
        Process process = new ProcessBuilder(shell)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the JVM did not finish");
        // the locker is the JVM's child after exec; it ends with its sleep and is reaped by init
        process.descendants().forEach(ProcessHandle::destroy);
        return out;
    }
}
