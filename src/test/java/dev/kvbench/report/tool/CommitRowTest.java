package dev.kvbench.report.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.report.section.EnvironmentSection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's environment table names the commit that ran, or says that a folder from before did not record it. */
class CommitRowTest {

    @Test
    void aFolderFromBeforeSaysNotRecorded(@TempDir Path dir) throws IOException {
        String readme = Fixtures.report(ReportTest.FIXTURE, dir);
        assertTrue(readme.contains("\n| Commit | not recorded |\n"), readme);
    }

    @Test
    void aRecordedCommitIsShownWithTheStateOfItsTree(@TempDir Path dir) throws IOException {
        Fixtures.copy(ReportTest.FIXTURE, dir);
        Path env = dir.resolve("env.txt");
        Files.writeString(
                env,
                Files.readString(env)
                        .replace(
                                "command: ./run.sh report\n",
                                "command: ./run.sh report\ngit.commit: fa4a3c4cafe0000000000000000000000000beef\ngit.clean: false\n"));
        Report.write(dir, Path.of("gnuplot"), true);
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(
                readme.contains("\n| Commit | fa4a3c4cafe0000000000000000000000000beef with uncommitted changes |\n"),
                readme);
        assertTrue(!readme.contains("| git.clean |"), "no raw key row");
        assertEquals("fa4a3c4 (clean tree)", EnvironmentSection.commit("fa4a3c4", "true"));
    }
}
