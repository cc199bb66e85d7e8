package dev.kvbench.suite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Stands in for a test's JMH run: writes, for test N, the raw files of a committed fixture test ({@code STEM.csv},
 * {@code STEM.side.jsonl}, {@code STEM.txt}) as a completed run's {@code out-N.*}, and remembers which tests it ran.
 */
final class FixtureJmh implements Launcher {

    private final IntFunction<Path> fixture;
    final List<Integer> ran = new ArrayList<>();

    /** {@code fixture}: test number → the fixture's stem ({@code .../out-4}). */
    FixtureJmh(IntFunction<Path> fixture) {
        this.fixture = fixture;
    }

    @Override
    public int run(PlannedTest test, Path part) {
        ran.add(test.number());
        Path from = fixture.apply(test.number());
        try {
            for (String ext : List.of(".csv", ".side.jsonl", ".txt")) {
                Files.copy(Path.of(from + ext), part.resolve("out-" + test.number() + ext));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return 0;
    }

    @Override
    public void stop() {}
}
