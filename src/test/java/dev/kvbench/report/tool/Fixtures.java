package dev.kvbench.report.tool;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Copies the committed fixture folder, so tests never write into the source tree, and reports on the copy. */
final class Fixtures {

    /** A real tiny ycsb-peer run: YCSB's own client's output beside kvbench's (YcsbPeerReportTest says how it was made). */
    static final Path YCSB_PEER = Path.of("src/test/resources/fixtures/ycsb-peer-results");

    private Fixtures() {}

    /** Copies {@code fixture} into {@code dir}, writes its report with the repository's templates, and returns README.md. */
    static String report(Path fixture, Path dir) throws IOException {
        return report(fixture, dir, true);
    }

    /** As {@link #report(Path, Path)}; with {@code png} false, the charts' data and scripts but no images (faster). */
    static String report(Path fixture, Path dir, boolean png) throws IOException {
        copy(fixture, dir);
        Report.write(dir, Path.of("gnuplot"), png);
        return Files.readString(dir.resolve("README.md"), StandardCharsets.UTF_8);
    }

    static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, to.resolve(file.getFileName()));
            }
        }
    }
}
