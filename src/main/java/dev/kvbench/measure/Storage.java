package dev.kvbench.measure;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The bytes a folder really occupies: the sum of {@code st_blocks * 512} over its files, as
 * {@code du} computes it (hard links counted once), not the apparent sizes {@code ls} shows.
 *
 * <p>Java cannot read {@code st_blocks} (no file attribute view exposes it, and jnr-posix is not
 * on the class path), so this runs {@code du -s -B1} once per measurement: a few milliseconds,
 * always outside the timed region, and its CPU belongs to a child process, not to this JVM's
 * CPU figures. GNU coreutils' {@code du} is on every Linux this benchmark targets.
 */
public final class Storage {

    private Storage() {}

    /** Bytes allocated to {@code dir} and everything under it. */
    public static long allocatedBytes(Path dir) {
        String output = run("measure " + dir, "du", "-s", "-B1", "--", dir.toString());
        return Long.parseLong(output.split("\\s+", 2)[0]);
    }

    /**
     * Runs {@code command} (a coreutils command, to {@code what}) and returns what it printed;
     * a failure to start it, or an exit status other than 0, is an exception naming it.
     */
    static String run(String what, String... command) {
        String line = String.join(" ", command).replace(" -- ", " ");
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String output;
            try (InputStream in = process.getInputStream()) {
                output = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
            int exit = process.waitFor();
            if (exit != 0) {
                throw new IllegalStateException(line + " failed (exit " + exit + "): " + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command[0] + " to " + what + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while trying to " + what, e);
        }
    }

    /** Regular files in {@code dir} and its subfolders. */
    public static long fileCount(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).count();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }
}
