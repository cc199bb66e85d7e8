package dev.kvbench.trial;

import dev.kvbench.results.SideFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test's trials writing their side file and work folders into a temporary folder of each test's own, and everything
 * put back after it (the properties, the stores undecorated, the folder deleted); registered with
 * {@code @RegisterExtension}, so that every test of trials starts the same way.
 */
public final class TrialFiles implements BeforeEachCallback, AfterEachCallback {

    private Path dir;

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("kvbench-trial-test");
        System.setProperty(SideFile.PROPERTY, side().toString());
        System.setProperty(WorkFolder.PROPERTY, workFolder().toString());
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        System.clearProperty(SideFile.PROPERTY);
        System.clearProperty(WorkFolder.PROPERTY);
        Trial.decorator = UnaryOperator.identity();
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(TrialFiles::delete);
        }
    }

    /** The side file the trials write. */
    public Path side() {
        return dir.resolve("out.side.jsonl");
    }

    /** The work folder the trials' folders go in. */
    public Path workFolder() {
        return dir.resolve("work");
    }

    private static void delete(Path path) {
        try {
            Files.delete(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
