package dev.kvbench.suite;

import dev.kvbench.measure.Caches;
import dev.kvbench.measure.CpuIdentity;
import dev.kvbench.measure.Machine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code env.txt}: the machine the suite ran on, as {@code key: value} lines: the suite and the
 * command that resumes it, the git commit of the code and whether its tree was clean
 * ({@link GitCommit}), CPU (its model name, and the vendor, family, model, stepping and microcode that make its host
 * class, {@link CpuIdentity}), its caches and the huge page setting ({@link Caches}), cores, memory, OS, kernel, the
 * work folder and its file system and free space, the open-file limit, then what takes other JVMs: the Java side (JVM,
 * flags, engine versions) printed by {@code dev.kvbench.report.tool.EnvJavaSide}, and the host's memory profile
 * ({@code dev.kvbench.measure.MemoryProfile}). Written once per folder: a resumed suite keeps it, and does not measure
 * the profile again.
 */
final class EnvFile {

    /**
     * The system property {@code run.sh} sets to the 1-minute load before it built the jar, when it did: the load at the
     * start, read just after the build, is then mostly the build's own (a minute's average that has not yet decayed).
     */
    static final String LOAD_BEFORE_BUILD = "kvbench.loadBeforeBuild";

    private EnvFile() {}

    /** The machine's lines. */
    static List<String> machineLines(String suite, String command, Path workDir, long workFree) {
        List<String> lines = new ArrayList<>();
        lines.add("suite: " + suite);
        lines.add("command: " + command);
        lines.add("started: " + Instant.now().truncatedTo(ChronoUnit.SECONDS));
        lines.addAll(GitCommit.lines(Path.of(System.getProperty("kvbench.root", "."))
                .toAbsolutePath()
                .normalize()));
        lines.add("cpu.model: " + Machine.cpuModel());
        lines.addAll(CpuIdentity.read().envLines());
        lines.addAll(Caches.read().envLines());
        lines.add("cpu.cores: " + Machine.cores());
        double load = Machine.loadAverage();
        lines.add("load.start: " + (load < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", load)));
        String beforeBuild = System.getProperty(LOAD_BEFORE_BUILD, "");
        if (beforeBuild.matches("\\d+(\\.\\d+)?")) {
            lines.add("load.beforeBuild: " + beforeBuild);
        }
        lines.add("memory.bytes: " + Machine.memTotal());
        int reporting = Machine.pageReportingOrder();
        lines.add("memory.pageReporting: " + (reporting < 0 ? "off" : "order " + reporting));
        lines.add("os: " + Machine.osName());
        lines.add("kernel: " + Machine.kernel());
        lines.add("work.dir: " + workDir);
        lines.add("work.fs: " + Machine.fileSystem(workDir));
        lines.add("work.freeBytes: " + workFree);
        long limit = Machine.openFileLimit();
        lines.add("ulimit.n: " + (limit < 0 ? "unknown" : limit));
        return lines;
    }

    /** Writes {@code results/env.txt} unless it exists; {@code javaSide} prints the JVM's lines. */
    static void write(Path results, List<String> machine, JavaSide javaSide) {
        Path file = results.resolve("env.txt");
        if (Files.exists(file)) {
            return;
        }
        List<String> lines = new ArrayList<>(machine);
        lines.addAll(javaSide.lines());
        Path tmp = results.resolve("env.txt.tmp");
        try {
            Files.write(tmp, lines, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Sets {@code lines} ({@code key: value}) in {@code results/env.txt}: a key already there (a resumed
     * run's earlier summary) is replaced, others are added at the end. Nothing when there are no lines.
     */
    static void append(Path results, List<String> lines) {
        Path file = results.resolve("env.txt");
        if (lines.isEmpty() || !Files.exists(file)) {
            return;
        }
        try {
            List<String> keys =
                    lines.stream().map(l -> l.substring(0, l.indexOf(':') + 1)).toList();
            List<String> kept = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .filter(l -> keys.stream().noneMatch(l::startsWith))
                    .toList());
            kept.addAll(lines);
            Files.write(file, kept, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The lines of env.txt that take other JVMs: the JVM's side and the memory profile. */
    @FunctionalInterface
    interface JavaSide {
        List<String> lines();
    }
}
