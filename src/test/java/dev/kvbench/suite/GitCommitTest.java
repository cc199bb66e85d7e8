package dev.kvbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** env.txt names the commit a suite ran and whether tracked files had changes; untracked results do not count. */
class GitCommitTest {

    private static int git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                "git",
                "-c",
                "user.name=kvbench",
                "-c",
                "user.email=kvbench@example.org",
                "-c",
                "commit.gpgsign=false",
                "-C",
                dir.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start()
                .waitFor();
    }

    @Test
    void namesTheHeadCommitAndWhetherTrackedFilesChanged(@TempDir Path dir) throws Exception {
        boolean haveGit;
        try {
            haveGit = git(dir, "init", "-q") == 0;
        } catch (IOException e) {
            haveGit = false;
        }
        assumeTrue(haveGit, "git is not installed");
        Files.writeString(dir.resolve("run.sh"), "echo\n");
        assertEquals(0, git(dir, "add", "run.sh"));
        assertEquals(0, git(dir, "commit", "-q", "-m", "first"));
        Files.createDirectories(dir.resolve("results/20261124-quick"));
        Files.writeString(dir.resolve("results/20261124-quick/env.txt"), "suite: quick\n");
        List<String> clean = GitCommit.lines(dir);
        assertTrue(clean.get(0).matches("git\\.commit: [0-9a-f]{40}"), clean.toString());
        assertEquals("git.clean: true", clean.get(1), "an untracked results folder leaves the tree clean");
        Files.writeString(dir.resolve("run.sh"), "echo changed\n");
        assertEquals(List.of(clean.get(0), "git.clean: false"), GitCommit.lines(dir));
    }

    @Test
    void outsideACheckoutTheCommitIsUnknown(@TempDir Path dir) {
        assertEquals(
                List.of("git.commit: unknown (" + dir + " is not a git checkout, or git is not installed)"),
                GitCommit.lines(dir));
    }
}
