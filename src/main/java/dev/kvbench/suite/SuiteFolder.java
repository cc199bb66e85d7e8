package dev.kvbench.suite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The results folder of a suite: {@code results/<YYYYMMDD>-<suite>/}, or the newest unfinished
 * folder of the same suite (so that running it again resumes it), or {@code KVBENCH_RESULTS}.
 */
final class SuiteFolder {

    private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;

    private SuiteFolder() {
    }

    /** The folder for {@code suite} run on {@code today} in the project {@code root}; {@code configured} wins when set. */
    static Path choose(Path root, String suite, LocalDate today, String configured) {
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        Path results = root.resolve("results");
        Path todays = results.resolve(today.format(DAY) + "-" + suite);
        if (Files.isDirectory(todays) || !Files.isDirectory(results)) {
            return todays;
        }
        try (Stream<Path> dirs = Files.list(results)) {
            List<Path> ofSuite = dirs.filter(Files::isDirectory)
                    .filter(d -> d.getFileName().toString().endsWith("-" + suite)).sorted().toList();
            if (!ofSuite.isEmpty() && !finished(ofSuite.get(ofSuite.size() - 1))) {
                return ofSuite.get(ofSuite.size() - 1);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + results, e);
        }
        return todays;
    }

    /** A folder is finished when every test it planned (every {@code out-N.meta}) has its JMH CSV. */
    static boolean finished(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(name -> name.matches("out-\\d+\\.meta"))
                    .allMatch(name -> Files.exists(dir.resolve(name.replace(".meta", ".csv"))));
        } catch (IOException e) {
            return true;
        }
    }

    /** Test {@code n} is complete when its CSV exists and its log says JMH completed the run. */
    static boolean complete(Path dir, int n) {
        Path log = dir.resolve("out-" + n + ".txt");
        if (!Files.exists(dir.resolve("out-" + n + ".csv")) || !Files.exists(log)) {
            return false;
        }
        return anyLine(log, l -> l.startsWith("# Run complete"));
    }

    /** Whether a line of {@code file} matches {@code test} (false when it cannot be read). */
    static boolean anyLine(Path file, Predicate<String> test) {
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.anyMatch(test);
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }
}
