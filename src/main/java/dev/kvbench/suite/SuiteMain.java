package dev.kvbench.suite;

import dev.kvbench.measure.Caches;
import dev.kvbench.measure.MemoryProfile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The entry point {@code run.sh} hands over to: {@code SUITE [JMH options...]}, run with this
 * machine's environment in the project folder {@code -Dkvbench.root} (default: the current one).
 */
public final class SuiteMain {

    private SuiteMain() {}

    public static void main(String[] args) {
        Path root = Path.of(System.getProperty("kvbench.root", "."))
                .toAbsolutePath()
                .normalize();
        SuiteRunner.Config config =
                new SuiteRunner.Config(root, System.getenv(), LocalDate.now(ZoneOffset.UTC), System.out, System.err);
        SuiteRunner runner = new SuiteRunner(
                config,
                workDir -> new JmhProcess(workDir, System.out),
                ReportStep.processSh(root),
                SuiteMain::environment);
        System.exit(runner.run(List.of(args)));
    }

    /**
     * The lines of env.txt that take other JVMs: the JVM's, from {@code dev.kvbench.report.tool.EnvJavaSide} in a JVM
     * with the benchmark flags, then the host's memory profile (about 2 s, once per results folder).
     */
    static List<String> environment() {
        List<String> lines = new ArrayList<>(javaSide());
        lines.addAll(MemoryProfile.measure(Caches.read()));
        return lines;
    }

    private static List<String> javaSide() {
        try {
            Process process = new ProcessBuilder(
                            Jvm.commandReadingStdout("dev.kvbench.report.tool.EnvJavaSide", List.of()))
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new SuiteFailure("could not describe the JVM for env.txt (see above)");
            }
            return out.lines().toList();
        } catch (IOException e) {
            throw new SuiteFailure("could not describe the JVM for env.txt: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteFailure("interrupted while describing the JVM for env.txt");
        }
    }
}
