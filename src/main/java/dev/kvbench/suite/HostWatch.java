package dev.kvbench.suite;

import dev.kvbench.measure.Canary;
import dev.kvbench.measure.Steal;
import dev.kvbench.report.folder.HostRounds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * Watches the host through a run: before each round of each test it times the {@link Canary}, and
 * over the round it reads the CPU time the hypervisor took from this guest (steal, {@code /proc/stat}).
 * One line per round goes to {@code host.tsv} in the results folder (test, round, part, canary ms,
 * steal %, seconds); at the end the run's summary goes to {@code env.txt} ({@code host.*}): the
 * canary's median and its drift (slowest over fastest), the rounds slower than the median by more
 * than {@link HostRounds#SLOW}, and the largest steal ({@link HostRounds} reads the file).
 */
final class HostWatch {

    static final String FILE = HostRounds.FILE;
    static final String HEADER = "test\tround\tpart\tcanaryMs\tstealPct\tseconds";

    /** One canary per JVM: building its 64 MiB cycle takes a moment. */
    private static Canary canary;

    private final Path file;
    private final DoubleSupplier timer;
    private double canaryMs;
    private long[] cpuBefore;
    private long began;

    /** A watch that times the {@link Canary}. */
    HostWatch(Path results) {
        this(results, () -> canary().millis());
    }

    /** A watch whose canary is {@code timer} (tests: a fixed time). */
    HostWatch(Path results, DoubleSupplier timer) {
        this.file = results.resolve(FILE);
        this.timer = timer;
    }

    /** Before a round: the canary, and the CPU counters to measure steal against. */
    void before() {
        canaryMs = timer.getAsDouble();
        cpuBefore = Steal.cpuTimes();
        began = System.nanoTime();
    }

    private static synchronized Canary canary() {
        if (canary == null) {
            canary = new Canary();
        }
        return canary;
    }

    /** After a round: its line in {@code host.tsv}. */
    void after(int test, int round, int part) {
        double seconds = (System.nanoTime() - began) / 1e9;
        double steal = Steal.percent(cpuBefore, Steal.cpuTimes());
        try {
            if (!Files.exists(file)) {
                Files.writeString(file, HEADER + "\n", StandardCharsets.UTF_8);
            }
            Files.writeString(
                    file,
                    String.format(
                            Locale.ROOT, "%d\t%d\t%d\t%.2f\t%.2f\t%.1f%n", test, round, part, canaryMs, steal, seconds),
                    StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** The summary lines for env.txt from {@code host.tsv} in {@code results}; none when it has no rounds. */
    static List<String> summary(Path results) {
        HostRounds host = HostRounds.read(results);
        if (host.isEmpty()) {
            return List.of();
        }
        double median = host.median();
        double fastest = host.fastest();
        double slowest = host.slowest();
        List<String> slow = new ArrayList<>();
        for (HostRounds.Round r : host.slow()) {
            slow.add(String.format(
                    Locale.ROOT, "test %d round %s (+%.0f%%)", r.test(), r.label(), 100 * host.overMedian(r)));
        }
        double steal = host.stealMax();
        return List.of(
                "host.rounds: " + host.rounds().size(),
                String.format(
                        Locale.ROOT, "host.canaryMs: %.2f (fastest %.2f, slowest %.2f)", median, fastest, slowest),
                String.format(Locale.ROOT, "host.canaryDriftPct: %.1f", 100 * (slowest / fastest - 1)),
                "host.slowRounds: " + (slow.isEmpty() ? "none" : String.join(", ", slow)),
                "host.stealMaxPct: " + (Double.isNaN(steal) ? "unknown" : String.format(Locale.ROOT, "%.2f", steal)));
    }
}
