package dev.kvbench.suite;

import dev.kvbench.measure.DiskWrites;
import dev.kvbench.measure.Machine;
import dev.kvbench.trial.WorkFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where a suite's stores live: the work folder ({@code KVBENCH_DIR}, tmpfs by default) and the disk folder
 * ({@code KVBENCH_DISK_DIR}) of {@link Experiment.Folder#DISK} tests; each created when missing and checked writable,
 * one line (exit 2) when it is not.
 */
final class Folders {

    /** Where {@link Experiment.Folder#DISK} tests keep their stores unless KVBENCH_DISK_DIR says otherwise: the root file system. */
    static final Path DEFAULT_DISK_DIR = Path.of("/var/tmp/kvbench");

    static final String DISK_ENVIRONMENT = "KVBENCH_DISK_DIR";

    private Folders() {}

    /** The work folder: KVBENCH_DIR, else /dev/shm/kvbench (tmpfs) where it exists; created and checked writable. */
    static Path work(Map<String, String> env) {
        String configured = env.get(WorkFolder.ENVIRONMENT);
        Path dir = configured == null || configured.isBlank()
                ? WorkFolder.base()
                : Path.of(configured).toAbsolutePath();
        return writable(dir, "the work folder", "set KVBENCH_DIR to a writable folder (tmpfs preferred)");
    }

    /** The disk folder: KVBENCH_DISK_DIR, else {@link #DEFAULT_DISK_DIR}; created and checked writable. */
    static Path disk(Map<String, String> env) {
        return writable(
                configuredDisk(env),
                "the disk folder",
                "set KVBENCH_DISK_DIR to a writable folder on a disk file system");
    }

    /** The option of {@code ./run.sh --clean}: remove what killed runs left, and run nothing. */
    static final String CLEAN = "--clean";

    /**
     * Removes what killed runs left in {@code folder} (their {@code run-<pid>} folders, {@link WorkFolder#removeStale})
     * and says so on {@code out}, naming each; says nothing when nothing was left (unless {@code always}).
     */
    static void removeStale(Path folder, String what, java.io.PrintStream out, boolean always) {
        java.util.List<String> removed = WorkFolder.removeStale(folder);
        if (!removed.isEmpty()) {
            out.println("run.sh: removed the stores a killed run left in the " + what + " " + folder + ": "
                    + String.join(", ", removed));
        } else if (always) {
            out.println("run.sh: the " + what + " " + folder + " holds nothing a killed run left");
        }
    }

    /** {@code ./run.sh --clean}: what killed runs left in the work folder and the disk folder, removed and named. */
    static void clean(Map<String, String> env, java.io.PrintStream out) {
        removeStale(work(env), "work folder", out, true);
        Path disk = configuredDisk(env);
        if (Files.isDirectory(disk)) {
            removeStale(disk, "disk folder", out, true);
        }
    }

    /** KVBENCH_DISK_DIR, else {@link #DEFAULT_DISK_DIR}, as configured: neither created nor checked (the plan's lines). */
    static Path configuredDisk(Map<String, String> env) {
        String configured = env.get(DISK_ENVIRONMENT);
        return configured == null || configured.isBlank()
                ? DEFAULT_DISK_DIR
                : Path.of(configured).toAbsolutePath();
    }

    /**
     * Null when {@code configured} (KVBENCH_DISK_DIR) is a writable folder on a disk file system (created when
     * missing), else what is wrong with it and what is allowed: the amplification test counts what a disk is
     * asked to write, so it has no default folder and refuses one in memory (tmpfs, ramfs).
     */
    static String ampDiskProblem(String configured, String suite) {
        String fix = "set KVBENCH_DISK_DIR to a writable folder on a disk file system (ext4, xfs...), e.g. "
                + "KVBENCH_DISK_DIR=/var/tmp/kvbench ./run.sh " + suite;
        if (configured == null || configured.isBlank()) {
            return "KVBENCH_DISK_DIR is not set: write amplification is measured on a disk folder; " + fix;
        }
        Path dir = Path.of(configured).toAbsolutePath();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            return "KVBENCH_DISK_DIR=" + configured + " is not a folder; " + fix;
        }
        Path existing = dir;
        while (existing.getParent() != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        String fs = Machine.fileSystem(existing); // before creating anything in it
        if (DiskWrites.inMemory(fs)) {
            return "KVBENCH_DISK_DIR=" + configured + " is on " + fs + ", in memory, where no write reaches a disk; "
                    + fix;
        }
        String why = whyNotWritable(dir);
        if (why != null) {
            return "KVBENCH_DISK_DIR=" + configured + " is not writable (" + why + "); " + fix;
        }
        return null;
    }

    private static Path writable(Path dir, String what, String fix) {
        String why = whyNotWritable(dir);
        if (why != null) {
            throw new UsageException(what + " " + dir + " is not writable (" + why + "): " + fix);
        }
        return dir;
    }

    /** Null when {@code dir} is a folder this process can write in (created when missing), else why not. */
    private static String whyNotWritable(Path dir) {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".kvbench-probe-", "");
            Files.delete(probe);
            return null;
        } catch (IOException e) {
            return WorkFolder.why(e);
        }
    }
}
