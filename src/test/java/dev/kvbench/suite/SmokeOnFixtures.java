package dev.kvbench.suite;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * The smoke suite run by {@link SuiteRunner} with each test's JMH run stood in for by a committed fixture's raw
 * files: what the tests of a suite's parts ({@code --shard}, {@code --tests}) run and merge.
 */
final class SmokeOnFixtures {

    /** The committed fixture test of the same kind as each smoke test. */
    private static final Map<Integer, String> FIXTURE =
            Map.of(1, "results/out-4", 2, "app-results/out-4", 3, "app-results/out-1");

    private SmokeOnFixtures() {}

    static FixtureJmh jmh() {
        return new FixtureJmh(n -> Path.of("src/test/resources/fixtures").resolve(FIXTURE.get(n)));
    }

    /** {@code ./run.sh args} under {@code root} on 2026-11-24; its exit status. */
    static int run(
            Path root,
            Map<String, String> env,
            FixtureJmh jmh,
            ByteArrayOutputStream out,
            ByteArrayOutputStream err,
            String... args) {
        SuiteRunner.Config config = new SuiteRunner.Config(
                root,
                env,
                LocalDate.of(2026, 11, 24),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new SuiteRunner(config, workDir -> jmh, results -> 0, () -> List.of("java.version: test"))
                .run(List.of(args));
    }
}
