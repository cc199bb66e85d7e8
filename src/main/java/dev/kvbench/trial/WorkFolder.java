package dev.kvbench.trial;

import dev.kvbench.workload.DataSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where stores live while they are measured: {@code -Dkvbench.dir}, else the environment
 * variable {@code KVBENCH_DIR}, else {@code /dev/shm/kvbench} where {@code /dev/shm} exists
 * (tmpfs, as in the 2016 runs), else {@code kvbench} in the JVM's temp folder. Each trial works
 * in its own subfolder, emptied before and after.
 */
public final class WorkFolder {

    public static final String PROPERTY = "kvbench.dir";
    public static final String ENVIRONMENT = "KVBENCH_DIR";
    private static final long MIB = 1L << 20;
    /** Read once, early: with every file descriptor taken, /proc/self/limits cannot be read to say so. */
    private static final String OPEN_FILES = softLimit("Max open files");

    private WorkFolder() {}

    /** The work folder this JVM uses (not created). */
    public static Path base() {
        String configured = System.getProperty(PROPERTY);
        if (configured == null || configured.isBlank()) {
            configured = System.getenv(ENVIRONMENT);
        }
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath();
        }
        return defaultBase(Path.of("/dev/shm"));
    }

    /** The folder when none is set: {@code kvbench} on {@code tmpfs} when it is a writable folder, else in the temp folder. */
    static Path defaultBase(Path tmpfs) {
        if (Files.isDirectory(tmpfs) && Files.isWritable(tmpfs)) {
            return tmpfs.resolve("kvbench");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "kvbench").toAbsolutePath();
    }

    /**
     * Bytes a trial of {@code data} may need: twice the flat data (LMDB pages can be half empty,
     * an LSM compaction writes a second copy while the first still exists), 256 bytes per entry
     * of index and page overhead (Xodus used ~370 per 100-byte entry in 2016, within the
     * doubling), and 64 MiB for logs and manifests. The write workload deletes each store before
     * the next, so one store at a time is counted. LMDB's compacting copy is only made when the
     * space left after the store allows it.
     */
    public static long estimate(DataSpec data) {
        return estimate(data.flatBytes(), data.num());
    }

    /** {@link #estimate(DataSpec)} for any data of {@code flatBytes} bytes in {@code entries} entries. */
    public static long estimate(long flatBytes, long entries) {
        return 2 * flatBytes + 256L * entries + 64 * MIB;
    }

    /** Refuses, with one line that says what to do, when {@code dir}'s file system has less than {@code needed}. */
    public static void requireSpace(Path dir, long needed, String what) {
        long usable = usableBytes(dir);
        if (usable >= 0 && usable < needed) {
            throw new NoSpaceException("not enough space for " + what + " in " + dir + " (" + fileStore(dir)
                    + "): needs about " + mib(needed) + ", " + mib(usable)
                    + " usable; free some space or point -D" + PROPERTY + "=... (or " + ENVIRONMENT
                    + ") at a bigger file system");
        }
    }

    /** Usable bytes of the file system holding {@code dir} (or its nearest existing parent), -1 if unknown. */
    public static long usableBytes(Path dir) {
        try {
            return Files.getFileStore(existing(dir)).getUsableSpace();
        } catch (IOException e) {
            return -1;
        }
    }

    private static long totalBytes(Path dir) {
        try {
            return Files.getFileStore(existing(dir)).getTotalSpace();
        } catch (IOException e) {
            return -1;
        }
    }

    /** A readable name of the file system holding {@code dir}, e.g. {@code /dev/shm (tmpfs)}. */
    public static String fileStore(Path dir) {
        try {
            FileStore store = Files.getFileStore(existing(dir));
            return store.toString().contains(store.type()) ? store.toString() : store + " " + store.type();
        } catch (IOException e) {
            return "unknown file system";
        }
    }

    /**
     * When {@code failure} looks like a full file system (ENOSPC in any message, or almost no
     * space left on {@code dir}'s file system), a line saying so; otherwise null.
     */
    public static String diskFull(Throwable failure, Path dir) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            if (message.contains("no space left")
                    || message.contains("enospc")
                    || message.contains("disk full")
                    || message.contains("not enough space")) {
                return "no space left on " + fileStore(dir) + " while working in " + dir;
            }
        }
        long usable = usableBytes(dir);
        if (usable >= 0 && usable < 4 * MIB && totalBytes(dir) > 0) {
            return "no space left on " + fileStore(dir) + " (" + mib(usable) + " usable) while working in " + dir;
        }
        return null;
    }

    /**
     * Deletes the {@code run-<pid>} folders in {@code base} whose process is gone (a run killed
     * with SIGKILL cannot clean up after itself), first unmounting any cutfs left mounted in them;
     * returns each one's name and size ({@code run-1234 (12.0 MiB)}), for the line that says so.
     * Folders of live processes are left alone.
     */
    public static List<String> removeStale(Path base) {
        if (!Files.isDirectory(base)) {
            return List.of();
        }
        List<String> removed = new ArrayList<>();
        try (var folders = Files.list(base)) {
            for (Path folder : folders.toList()) {
                String name = folder.getFileName().toString();
                if (name.matches("run-\\d{1,18}")
                        && ProcessHandle.of(Long.parseLong(name.substring(4))).isEmpty()) {
                    dev.kvbench.cutfs.CutFs.unmountStale(
                            folder); // a power-cut test's file system, mounted when its run was killed
                    long bytes = bytesUnder(folder);
                    delete(folder);
                    removed.add(name + " (" + mib(bytes) + ")");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the work folder " + base + ": " + e.getMessage(), e);
        }
        return removed;
    }

    /** The bytes of the files under {@code folder}, as far as they can be read. */
    private static long bytesUnder(Path folder) {
        try (var files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(file -> {
                        try {
                            return Files.size(file);
                        } catch (IOException e) {
                            return 0;
                        }
                    })
                    .sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }

    /**
     * When {@code message} says a file hit the size limit (EFBIG, "File too large"), or a native
     * library could not be unpacked while a file size limit is set, a hint naming {@code ulimit -f};
     * otherwise "".
     */
    public static String fileSizeHint(String message) {
        String limit = fileSizeLimit();
        String text = String.valueOf(message);
        boolean tooLarge = text.contains("EFBIG") || text.contains("File too large");
        if (!tooLarge && (limit.isEmpty() || !text.contains("shared library"))) {
            return "";
        }
        return "; a file reached this process's file size limit (ulimit -f" + (limit.isEmpty() ? "" : " is " + limit)
                + "): raise it with 'ulimit -f unlimited'";
    }

    /** The soft file size limit of this process in bytes, "" when unlimited or unknown. */
    private static String fileSizeLimit() {
        String soft = softLimit("Max file size");
        return soft.isEmpty() ? "" : soft + " bytes";
    }

    /**
     * When {@code message} says a file or process could not be opened because this process has
     * too many open files (EMFILE, "Too many open files"), a hint naming the limit
     * ({@code ulimit -n}) and how to raise it; otherwise "". An LSM engine (LevelDB, RocksDB) keeps
     * a file open per table, and each JVM its jars.
     */
    public static String openFilesHint(String message) {
        String text = String.valueOf(message);
        boolean said = text.contains("Too many open files") || text.contains("EMFILE") || text.contains("error: 24 ");
        // JDK 21+ starts programs through a helper whose failure to load its libraries names no errno
        if (!said && !(text.contains("Cannot run program") && nearOpenFileLimit())) {
            return "";
        }
        String limit = OPEN_FILES;
        return "; too many open files for this process's limit" + (limit.isEmpty() ? "" : " of " + limit)
                + " (ulimit -n): raise it with 'ulimit -n 1000000' (or nofile in /etc/security/limits.conf)";
    }

    /** Whether this process has (nearly) all the files open its limit allows: too few left to start a program. */
    static boolean nearOpenFileLimit() {
        if (!OPEN_FILES.matches("\\d+")) {
            return false;
        }
        try (var fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count() + 16 >= Long.parseLong(OPEN_FILES);
        } catch (IOException | UncheckedIOException e) {
            return String.valueOf(e.getMessage()).contains("Too many open files");
        }
    }

    /** The soft limit named {@code name} in /proc/self/limits, "" when unlimited or unknown. */
    private static String softLimit(String name) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (line.startsWith(name)) {
                    String soft = line.substring(name.length()).trim().split("\\s+")[0];
                    return soft.equals("unlimited") ? "" : soft;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return "";
    }

    /** Creates {@code dir} empty: deletes whatever it held. */
    public static Path empty(Path dir) {
        delete(dir);
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot create the work folder " + dir + ": " + why(e) + "; set -D" + PROPERTY + "=... (or "
                            + ENVIRONMENT + ") to a writable folder",
                    e);
        }
    }

    /**
     * Deletes {@code path} and everything under it; a missing path is fine. A folder is emptied name by name through a
     * {@link SecureDirectoryStream} where the platform has one (Linux): one {@code unlinkat} per file and no
     * {@code stat}, where walking the tree costs two. Between the file system store's write passes this is what the
     * harness spends most on: 100,000 files took 2.1 s to delete by walking, longer than the pass that wrote them, a
     * cost of the harness that fell on one engine's turns alone.
     */
    public static void delete(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try {
            if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
                    if (entries instanceof SecureDirectoryStream<Path> secure) {
                        emptyByName(secure, path);
                    }
                }
            }
            walkAndDelete(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * Deletes everything in the folder {@code open} is open on, {@code dir}: each name unlinked as a file, and a name
     * that will not unlink because it is a folder emptied and removed the same way.
     */
    private static void emptyByName(SecureDirectoryStream<Path> open, Path dir) throws IOException {
        List<Path> folders = new ArrayList<>();
        for (Path entry : open) {
            Path name = entry.getFileName();
            try {
                open.deleteFile(name);
            } catch (NoSuchFileException gone) {
                // deleted meanwhile
            } catch (FileSystemException e) {
                if (!Files.isDirectory(dir.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                    throw e;
                }
                folders.add(name);
            }
        }
        for (Path name : folders) {
            try (SecureDirectoryStream<Path> sub = open.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
                emptyByName(sub, dir.resolve(name));
            }
            open.deleteDirectory(name);
        }
    }

    /** Deletes {@code path} and what is left under it, walking the tree. */
    private static void walkAndDelete(Path path) throws IOException {
        Files.walkFileTree(path, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * Why {@code e} happened, in words: Java's file exceptions often carry only the path
     * ({@code AccessDeniedException: /x}).
     */
    public static String why(IOException e) {
        String reason = e instanceof java.nio.file.AccessDeniedException
                ? "permission denied"
                : e instanceof NoSuchFileException
                        ? "no such file or folder"
                        : e instanceof java.nio.file.FileAlreadyExistsException
                                ? "a file of that name is in the way"
                                : e instanceof java.nio.file.NotDirectoryException
                                        ? "not a folder"
                                        : e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null
                                                ? fs.getReason()
                                                : String.valueOf(e.getMessage());
        String file = e instanceof java.nio.file.FileSystemException fs ? fs.getFile() : null;
        return file == null || reason.contains(file) ? reason : reason + ": " + file;
    }

    /** Bytes for people: {@code 812.3 MiB}, {@code 24.0 GiB}, {@code 1.7 TiB}. */
    public static String mib(long bytes) {
        double value = bytes / (double) MIB;
        String unit = "MiB";
        for (String next : new String[] {"GiB", "TiB", "PiB", "EiB"}) {
            if (Math.abs(value) < 1024) {
                break;
            }
            value /= 1024;
            unit = next;
        }
        return String.format(Locale.ROOT, "%,.1f %s", value, unit);
    }

    private static Path existing(Path dir) {
        Path p = dir.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        return p == null ? Path.of("/") : p;
    }

    /** The file system cannot hold what a trial needs. */
    public static final class NoSpaceException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public NoSpaceException(String message) {
            super(message);
        }
    }
}
