package dev.kvbench.suite;

import dev.kvbench.measure.Machine;
import dev.kvbench.text.KeyValueFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code out-N.meta}: what test N is, for the report ({@code title}, {@code about}, {@code chart},
 * {@code ranking}, {@code sweep}, {@code workloads}, {@code num}, {@code num.source}, how a scaled
 * count was reached, {@code work.dir} and {@code work.fs}: the folder its stores lived in and that
 * folder's file system, {@code command}), and once it ran, {@code seconds} and {@code jmh.exit}.
 */
final class Meta {

    private Meta() {}

    static Path file(Path results, int n) {
        return results.resolve("out-" + n + ".meta");
    }

    /** The meta file of test {@code n} as {@code key=value} pairs (empty when there is none). */
    static Map<String, String> read(Path results, int n) {
        try {
            return KeyValueFile.read(file(results, n), "=");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file(results, n), e);
        }
    }

    /** The lines of a test's meta file before it runs. */
    static List<String> lines(String suite, PlannedTest planned, Budget budget, Path workDir) {
        Experiment test = planned.test();
        List<String> lines = new ArrayList<>();
        lines.add("test=" + planned.number());
        lines.add("suite=" + suite);
        lines.add("title=" + planned.title());
        lines.add("about=" + test.about());
        lines.add("chart=" + test.chart().kind());
        lines.add("ranking=" + test.chart().ranked());
        lines.add("sweep=" + test.chart().sweep());
        lines.add("workloads=" + test.workloadList());
        lines.add("num=" + planned.num());
        lines.add("num.source=" + planned.numSource());
        if (planned.numSource().equals("scaled")) {
            lines.add("num.2016=" + test.entries().original());
            lines.add("scale.entryBytes=" + test.entryBytes());
            lines.add("scale.budgetBytes=" + budget.bytes());
            lines.add("scale.budgetSource=" + budget.source());
            lines.add("scale.fraction=" + Budget.FRACTION);
            lines.add("scale.memAvailableBytes=" + budget.memAvailable());
            lines.add("scale.workFreeBytes=" + budget.workFree());
        } else if (planned.numSource().equals("suite") && "KVBENCH_BUDGET".equals(budget.source())) {
            // a test of its own fixed size (the deep-vs-flat test's 100,000 files) beside scaled ones: the report says
            // that the user's budget left it as it is
            lines.add("scale.budgetBytes=" + budget.bytes());
            lines.add("scale.budgetSource=" + budget.source());
        }
        lines.add("work.dir=" + workDir);
        lines.add("work.fs=" + Machine.fileSystem(workDir));
        MemoryPlan.of(planned, MemoryPlan.inMemory(workDir))
                .ifPresent(plan -> lines.addAll(plan.metaLines(budget.memAvailable())));
        lines.add("command=" + planned.command());
        return lines;
    }

    /**
     * Describes the test before it runs; a meta planned by an interrupted run with the same
     * command is kept, so the report still says how that run was sized.
     */
    static void write(Path results, String suite, PlannedTest planned, Budget budget, Path workDir) {
        if (planned.command().equals(read(results, planned.number()).get("command"))) {
            return;
        }
        Path file = file(results, planned.number());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.write(tmp, lines(suite, planned, budget, workDir), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Records how long the test took and JMH's exit status. */
    static void finish(Path results, int n, long seconds, int exit) {
        try {
            Files.write(
                    file(results, n),
                    List.of("seconds=" + seconds, "jmh.exit=" + exit),
                    StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file(results, n), e);
        }
    }

    /** Appends {@code lines} to test {@code n}'s meta file. */
    static void append(Path results, int n, List<String> lines) {
        try {
            Files.write(file(results, n), lines, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file(results, n), e);
        }
    }

    /** Records how many rounds the test ran, of the least and most its rounds allowed. */
    static void rounds(Path results, int n, int rounds, Rounds repeat) {
        try {
            Files.write(
                    file(results, n),
                    List.of(
                            "rounds=" + rounds,
                            "rounds.min=" + repeat.min(),
                            "rounds.max=" + repeat.max(),
                            "rounds.target=" + repeat.target()),
                    StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file(results, n), e);
        }
    }
}
