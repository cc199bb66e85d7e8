package dev.kvbench.cutfs;

import dev.kvbench.text.LastLine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A mounted cutfs: a FUSE file system that keeps what was written but not yet synced apart from
 * what was, and can lose the former on command, as a device loses it when the power goes
 * ({@code src/main/c/cutfs/cutfs.c} says exactly what a sync makes durable). Its folder holds
 * {@code durable/} (what survives a cut), {@code live/} (what the mount shows until the cut) and
 * {@code mnt/}, the mount point, where a store goes.
 *
 * <p>{@link #cut()} is the power cut: the file system's process is killed with SIGKILL, which
 * aborts its FUSE connection (nothing more reaches it, dirty pages of shared mappings the kernel
 * still held are dropped with the connection), the dead mount is detached, and the file system is
 * started again from {@code durable/} alone. {@link #close()} unmounts and deletes the folder.
 */
public final class CutFs implements AutoCloseable {

    /** When an fsync of a file also makes its name durable in its directory. */
    public enum Names {
        /** Only an fsync of the directory makes a create, rename or unlink in it durable (POSIX). */
        POSIX("posix"),
        /** An fsync of a file also makes the name it was synced under durable. */
        FILE("file"),
        /**
         * Any fsync, of a file or a directory, makes every create, rename and unlink so far durable:
         * what a file system with one metadata journal (ext4, XFS) does when an fsync commits it.
         */
        JOURNAL("journal");

        final String option;

        Names(String option) {
            this.option = option;
        }
    }

    private static final String TYPE = "fuse.cutfs";
    private static final long MOUNT_WAIT_MS = 10_000;

    private final Path folder;
    private final Path binary;
    private final Names names;
    private Process process;

    private CutFs(Path folder, Path binary, Names names) {
        this.folder = folder;
        this.binary = binary;
        this.names = names;
    }

    /**
     * Mounts a new, empty cutfs in {@code folder} (created; a cutfs left mounted there by a killed
     * run is unmounted first, and whatever the folder held is deleted).
     */
    public static CutFs mount(Path folder, Names names) {
        Path binary = Build.binary();
        unmountStale(folder);
        deleteTree(folder);
        try {
            Files.createDirectories(folder.resolve("durable"));
            Files.createDirectories(folder.resolve("live"));
            Files.createDirectories(folder.resolve("mnt"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the cutfs folder " + folder + ": " + e.getMessage(), e);
        }
        CutFs fs = new CutFs(folder.toAbsolutePath(), binary, names);
        fs.start();
        return fs;
    }

    /** The mount point: the folder to put a store in. */
    public Path root() {
        return folder.resolve("mnt");
    }

    /** The power cut: everything not synced is lost, and the file system comes back with what is left. */
    public void cut() {
        kill();
        start();
    }

    /** Unmounts (nothing more is made durable) and deletes the folder. */
    @Override
    public void close() {
        kill();
        deleteTree(folder);
    }

    private void start() {
        List<String> command = List.of(
                binary.toString(),
                folder.resolve("durable").toString(),
                folder.resolve("live").toString(),
                root().toString(),
                "-o",
                "dirsync=" + names.option);
        Path log = folder.resolve("cutfs.log");
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start cutfs (" + binary + "): " + e.getMessage(), e);
        }
        long deadline = System.currentTimeMillis() + MOUNT_WAIT_MS;
        while (!mounted(root())) {
            if (!process.isAlive() || System.currentTimeMillis() > deadline) {
                process.destroyForcibly();
                throw new IllegalStateException("cutfs did not mount " + root() + ": " + LastLine.of(log));
            }
            sleep(10);
        }
    }

    private void kill() {
        if (process != null) {
            process.destroyForcibly();
            try {
                process.waitFor(MOUNT_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
        detach(root());
    }

    /**
     * Unmounts every cutfs mounted under {@code base} (left by a run that was killed before it
     * could unmount); returns how many.
     */
    public static int unmountStale(Path base) {
        String prefix = base.toAbsolutePath().normalize().toString();
        int n = 0;
        for (String point : mountPoints()) {
            if (point.equals(prefix) || point.startsWith(prefix + "/")) {
                detach(Path.of(point));
                n++;
            }
        }
        return n;
    }

    /** Whether a cutfs is mounted at {@code point}. */
    public static boolean mounted(Path point) {
        return mountPoints().contains(point.toAbsolutePath().normalize().toString());
    }

    /** The mount points of every cutfs, from {@code /proc/self/mountinfo}. */
    static List<String> mountPoints() {
        List<String> points = new ArrayList<>();
        Path info = Path.of("/proc/self/mountinfo");
        if (!Files.isReadable(info)) {
            return points;
        }
        try {
            for (String line : Files.readAllLines(info, StandardCharsets.UTF_8)) {
                String[] f = line.split(" ");
                int dash = line.indexOf(" - ");
                if (f.length > 4 && dash > 0 && line.substring(dash + 3).startsWith(TYPE + " ")) {
                    points.add(unescape(f[4]));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + info + ": " + e.getMessage(), e);
        }
        return points;
    }

    /** mountinfo writes a space, tab, newline and backslash in octal: {@code \040}. */
    private static String unescape(String field) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 3 < field.length()) {
                out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Lazily unmounts {@code point} while a cutfs is mounted there (a dead one too). */
    private static void detach(Path point) {
        for (int attempt = 0; attempt < 50 && mounted(point); attempt++) {
            run(List.of("umount", "-l", point.toString()));
            if (mounted(point)) {
                run(List.of("fusermount3", "-u", "-z", point.toString()));
                sleep(20);
            }
        }
        if (mounted(point)) {
            throw new IllegalStateException("cannot unmount the cutfs at " + point + ": run umount -l " + point);
        }
    }

    private static void run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            p.waitFor(MOUNT_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            // the other command is tried
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Deletes {@code path} without following symbolic links and without crossing into a mount. */
    static void deleteTree(Path path) {
        if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (mounted(path)) {
            throw new IllegalStateException("will not delete the mounted cutfs " + path);
        }
        try {
            if (Files.isDirectory(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                try (var children = Files.list(path)) {
                    for (Path child : children.toList()) {
                        deleteTree(child);
                    }
                }
            }
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path + ": " + e.getMessage(), e);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
