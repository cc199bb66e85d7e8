package dev.kvbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.opentest4j.TestAbortedException;

/**
 * A small file system for the disk-full cases of {@link BadInputTest}: a tmpfs mounted as a
 * case's work folder, big enough for kvbench's space checks (before the preflight and before
 * each trial), then shrunk to what it holds plus 1 MiB as soon as the trial's store is open, as
 * another program filling the disk during the trial would. The engine then runs out of room in
 * the middle of its write pass, for real. Mounting needs root with CAP_SYS_ADMIN; without them
 * the case is skipped with that reason, never passed.
 */
final class SmallDisk {

    private static final long MIB = 1L << 20;
    private static final List<Path> MOUNTED = Collections.synchronizedList(new ArrayList<>());
    private static final Pattern CRASH_REPORT = Pattern.compile("(/\\S*kvbench-hs_err_\\d+\\.log)");

    private SmallDisk() {}

    /** Mounts a tmpfs of {@code mib} MiB on {@code dir}; aborts the case when this machine does not allow it. */
    static void mount(Path dir, int mib) throws IOException {
        Files.createDirectories(dir);
        Exec mount;
        try {
            mount = exec("mount", "-t", "tmpfs", "-o", "size=" + mib + "m", "tmpfs", dir.toString());
        } catch (IOException e) {
            throw new TestAbortedException("cannot run mount to make a small tmpfs: " + e.getMessage());
        }
        if (mount.exit() != 0) {
            throw new TestAbortedException("cannot mount a " + mib + " MiB tmpfs as the work folder (needs root with "
                    + "CAP_SYS_ADMIN; this is uid " + uid() + "): "
                    + mount.output().strip());
        }
        MOUNTED.add(dir);
    }

    /**
     * Waits until a trial's store under {@code work} has a file named {@code file} (it is open: every
     * space check has passed), then shrinks the file system to its use plus 1 MiB. Returns when done,
     * or when interrupted (the command ended first).
     */
    static void fillWhenOpened(Path work, String file) throws IOException {
        try {
            while (!opened(work, file)) {
                Thread.sleep(5);
            }
            for (int attempt = 0; attempt < 50 && !Thread.currentThread().isInterrupted(); attempt++) {
                FileStore store = Files.getFileStore(work);
                long used = store.getTotalSpace() - store.getUnallocatedSpace();
                // the engine writes on meanwhile: a size below its use is refused, then tried again
                if (exec("mount", "-o", "remount,size=" + (used + MIB) / 1024 + "k", work.toString())
                                .exit()
                        == 0) {
                    return;
                }
            }
            throw new IllegalStateException("could not shrink the tmpfs on " + work);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean opened(Path work, String file) throws IOException {
        try (Stream<Path> files = Files.walk(work, 4)) {
            return files.anyMatch(f -> f.getFileName().toString().equals(file)
                    && work.relativize(f).toString().matches("run-\\d+/write-[^/]+/store/.*"));
        } catch (java.io.UncheckedIOException | java.nio.file.NoSuchFileException e) {
            return false; // a folder deleted while listed
        }
    }

    /** The work folder is left empty (the dead trial's store removed); the crash report is deleted, the tmpfs unmounted. */
    static void checkAndUnmount(Path dir) throws IOException {
        Path work = dir.resolve("work");
        try (Stream<Path> left = Files.list(work)) {
            assertEquals(List.of(), left.toList(), "the work folder is cleaned up");
        } finally {
            Path log = dir.resolve("jmh.txt");
            if (Files.exists(log)) {
                Matcher report = CRASH_REPORT.matcher(Files.readString(log, StandardCharsets.UTF_8));
                while (report.find()) {
                    Files.deleteIfExists(Path.of(report.group(1)));
                }
            }
            unmount(work);
        }
    }

    static void unmountAll() {
        for (Path dir : new ArrayList<>(MOUNTED)) {
            unmount(dir);
        }
    }

    private static void unmount(Path dir) {
        try {
            if (exec("umount", dir.toString()).exit() != 0) {
                exec("umount", "-l", dir.toString());
            }
            MOUNTED.remove(dir);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String uid() {
        try {
            return exec("id", "-u").output().strip();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private record Exec(int exit, String output) {}

    private static Exec exec(String... command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Exec(-1, command[0] + " did not end in 30 s");
            }
            return new Exec(process.exitValue(), output);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Exec(-1, "interrupted");
        }
    }
}
