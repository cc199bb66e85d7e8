package dev.kvbench.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The kvbench code a suite ran: {@code env.txt}'s {@code git.commit} (the checkout's HEAD) and
 * {@code git.clean} (false when tracked files had uncommitted changes; results folders and other
 * untracked files do not count). Without git or outside a checkout (a copied jar), the commit is
 * "unknown" with the reason, and no {@code git.clean} line.
 */
final class GitCommit {

    private static final long TIMEOUT_SECONDS = 10;

    private GitCommit() {}

    /** env.txt's lines for the checkout at {@code root}. */
    static List<String> lines(Path root) {
        List<String> lines = new ArrayList<>();
        String head = git(root, "rev-parse", "HEAD");
        if (head == null || !head.matches("[0-9a-f]{40}")) {
            lines.add("git.commit: unknown (" + root + " is not a git checkout, or git is not installed)");
            return lines;
        }
        lines.add("git.commit: " + head);
        String changes = git(root, "status", "--porcelain", "--untracked-files=no");
        if (changes != null) {
            lines.add("git.clean: " + changes.isEmpty());
        }
        return lines;
    }

    /**
     * The checkout's HEAD, with {@code -dirty} when tracked files have uncommitted changes; {@code unknown}
     * outside a checkout: what a results folder's mark compares before a run resumes it.
     */
    static String id(Path root) {
        String head = git(root, "rev-parse", "HEAD");
        if (head == null || !head.matches("[0-9a-f]{40}")) {
            return "unknown";
        }
        String changes = git(root, "status", "--porcelain", "--untracked-files=no");
        return changes == null || changes.isEmpty() ? head : head + "-dirty";
    }

    /** The trimmed output of {@code git -C root ARGS}, or null when it fails. */
    private static String git(Path root, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", root.toString()));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            process.getOutputStream().close();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return null;
            }
            return process.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
