package dev.kvbench.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Pointer;
import jnr.ffi.annotations.Out;

/**
 * The page cache of a folder's files, through libc (jnr-ffi, on the class path for lmdbjava): how much of them
 * the kernel holds in memory ({@code mincore} over a read-only mapping, which itself reads nothing), and dropping
 * it ({@code fdatasync}, then {@code posix_fadvise(POSIX_FADV_DONTNEED)} over each whole file), for a read pass
 * that starts cold. Only this folder's pages are dropped, never the machine's ({@code /proc/sys/vm/drop_caches}
 * would empty every process's cache, on a machine others share).
 *
 * <p>What a drop cannot reach: pages a process has mapped (LMDB's memory map of its data file, any engine that
 * maps its files) stay cached while mapped, and an engine's own cache (RocksDB's block cache, a Java heap cache)
 * is memory of the process, not page cache. {@link Drop#residentBytes} says how much of the files stayed cached.
 */
public final class PageCache {

    private static final int O_RDONLY = 0;
    private static final int POSIX_FADV_DONTNEED = 4;
    private static final int PROT_READ = 1;
    private static final int MAP_SHARED = 1;
    private static final long PAGE = 4096;
    /** mincore over at most this many bytes at a time (its vector is one byte per page). */
    private static final long CHUNK = 1L << 30;

    private static final LibC LIBC = load();

    /** The libc functions this needs. */
    public interface LibC {
        int open(String path, int flags);

        int close(int fd);

        int fdatasync(int fd);

        int posix_fadvise(int fd, long offset, long len, int advice);

        Pointer mmap(Pointer addr, long length, int prot, int flags, int fd, long offset);

        int munmap(Pointer addr, long length);

        int mincore(Pointer addr, long length, @Out byte[] vector);
    }

    private PageCache() {}

    /** Null when this JVM can call libc, else why not. */
    public static String missing() {
        return LIBC == null ? "libc could not be loaded through jnr-ffi" : null;
    }

    /**
     * What one drop did.
     *
     * @param fileBytes     bytes of the folder's files (apparent sizes)
     * @param residentBytes bytes of them still in the page cache after the drop
     */
    public record Drop(long fileBytes, long residentBytes) {}

    /** Writes back and drops the page cache of every file under {@code dir}; says how much stayed. */
    public static Drop drop(Path dir) {
        requireLibc();
        long files = 0;
        long resident = 0;
        for (Path file : files(dir)) {
            int fd = LIBC.open(file.toString(), O_RDONLY);
            if (fd < 0) {
                continue; // removed meanwhile (an LSM engine's compaction)
            }
            try {
                LIBC.fdatasync(fd); // dirty pages are not dropped: write them first
                int error = LIBC.posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
                if (error != 0) {
                    throw new IllegalStateException(
                            "posix_fadvise(DONTNEED) on " + file + " failed with error " + error);
                }
                long size = size(file);
                files += size;
                resident += resident(fd, size);
            } finally {
                LIBC.close(fd);
            }
        }
        return new Drop(files, resident);
    }

    /** Bytes of the files under {@code dir} in the page cache now. */
    public static long residentBytes(Path dir) {
        requireLibc();
        long resident = 0;
        for (Path file : files(dir)) {
            int fd = LIBC.open(file.toString(), O_RDONLY);
            if (fd >= 0) {
                try {
                    resident += resident(fd, size(file));
                } finally {
                    LIBC.close(fd);
                }
            }
        }
        return resident;
    }

    private static long resident(int fd, long size) {
        long resident = 0;
        for (long offset = 0; offset < size; offset += CHUNK) {
            long length = Math.min(CHUNK, size - offset);
            Pointer map = LIBC.mmap(null, length, PROT_READ, MAP_SHARED, fd, offset);
            if (map == null || map.address() == -1L) {
                return resident; // a file that cannot be mapped (a special file): counted as not cached
            }
            try {
                byte[] vector = new byte[(int) ((length + PAGE - 1) / PAGE)];
                if (LIBC.mincore(map, length, vector) == 0) {
                    long pages = 0;
                    for (byte b : vector) {
                        pages += b & 1;
                    }
                    resident += Math.min(length, pages * PAGE);
                }
            } finally {
                LIBC.munmap(map, length);
            }
        }
        return resident;
    }

    private static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).toList();
        } catch (IOException | UncheckedIOException e) {
            return List.of(); // a file removed while walking: the next drop sees the folder as it is then
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    private static void requireLibc() {
        if (LIBC == null) {
            throw new IllegalStateException("cannot drop the page cache: " + missing());
        }
    }

    private static LibC load() {
        try {
            return LibraryLoader.create(LibC.class).load("c");
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }
}
