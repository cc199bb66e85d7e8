package dev.kvbench.suite;

import dev.kvbench.fork.ProcessTree;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a test as {@code java -jar target/benchmarks.jar} would: {@code dev.kvbench.cli.Main}
 * in a JVM of its own (no JVM flags here: Main gives them to every fork), its output in
 * {@code out-N.txt}, and about once a minute JMH's latest progress line on the console.
 */
final class JmhProcess implements Launcher {

    private static final long PROGRESS_EVERY_MS = 60_000;

    private final Path workDir;
    private final PrintStream out;
    private volatile Process running;

    JmhProcess(Path workDir, PrintStream out) {
        this.workDir = workDir;
        this.out = out;
    }

    @Override
    public int run(PlannedTest test, Path part) throws InterruptedException {
        int n = test.number();
        List<String> args = new ArrayList<>(test.args());
        args.addAll(
                List.of("-rf", "csv", "-rff", part.resolve("out-" + n + ".csv").toString()));
        Path log = part.resolve("out-" + n + ".txt");
        ProcessBuilder builder = new ProcessBuilder(Jvm.command("dev.kvbench.cli.Main", args))
                .directory(part.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("KVBENCH_DIR", workDir.toString());
        // the benchmark ends itself when this runner dies (dev.kvbench.fork.ParentWatch)
        builder.environment()
                .put("KVBENCH_PARENT_PID", Long.toString(ProcessHandle.current().pid()));
        try {
            running = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start java for test " + n + ": " + e.getMessage(), e);
        }
        String last = "";
        long next = System.currentTimeMillis() + PROGRESS_EVERY_MS;
        while (!running.waitFor(2, TimeUnit.SECONDS)) {
            if (System.currentTimeMillis() >= next) {
                next += PROGRESS_EVERY_MS;
                String line = progress(log);
                if (!line.isEmpty() && !line.equals(last)) {
                    out.println("    test " + n + ": " + line);
                    last = line;
                }
            }
        }
        int exit = running.exitValue();
        running = null;
        return exit;
    }

    @Override
    public void stop() {
        Process process = running;
        if (process == null) {
            return;
        }
        ProcessTree.end(process, false);
    }

    /** JMH's latest {@code # Run progress:} line, without its prefix. */
    private static String progress(Path log) {
        String prefix = "# Run progress: ";
        String last = "";
        try {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                if (line.startsWith(prefix)) {
                    last = line.substring(prefix.length());
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
        return last;
    }
}
