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

    private Storage() {
    }

    /** Bytes allocated to {@code dir} and everything under it. */
    public static long allocatedBytes(Path dir) {
        ProcessBuilder du = new ProcessBuilder("du", "-s", "-B1", "--", dir.toString())
                .redirectErrorStream(true);
        try {
            Process process = du.start();
            String output;
            try (InputStream in = process.getInputStream()) {
                output = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
            int exit = process.waitFor();
            if (exit != 0) {
                throw new IllegalStateException("du -s -B1 " + dir + " failed (exit " + exit + "): " + output);
            }
            String[] fields = output.split("\\s+", 2);
            return Long.parseLong(fields[0]);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run du to measure " + dir + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring " + dir, e);
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
