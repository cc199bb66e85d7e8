package dev.kvbench.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Small readers of Linux {@code /proc/self}. Each returns -1 or empty when a file is missing. */
final class Proc {

    static final Path SELF = Path.of("/proc/self");
    private static final Path TASKS = SELF.resolve("task");
    private static final long NANOS_PER_TICK = 10_000_000L; // USER_HZ is 100 on every Linux ABI

    private Proc() {}

    /** The kernel id of the calling thread, from the {@code /proc/thread-self} link. */
    static int currentTid() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
            return Integer.parseInt(target.substring(target.lastIndexOf('/') + 1));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Ids of the process's live threads. */
    static List<Integer> tids() {
        List<Integer> tids = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                tids.add(Integer.parseInt(task.getFileName().toString()));
            }
        } catch (IOException | RuntimeException e) {
            // a missing /proc gives an empty list
        }
        return tids;
    }

    /** The thread's name as the kernel knows it (at most 15 characters), or null when gone. */
    static String comm(int tid) {
        String comm = read(TASKS.resolve(tid + "/comm"));
        return comm == null ? null : comm.strip();
    }

    /**
     * The thread's CPU time in nanoseconds: the first field of {@code schedstat} (exact), else
     * utime + stime of {@code stat} (10 ms ticks); -1 when the thread is gone.
     */
    static long threadCpuNanos(int tid) {
        String schedstat = read(TASKS.resolve(tid + "/schedstat"));
        if (schedstat != null) {
            int space = schedstat.indexOf(' ');
            try {
                return Long.parseLong(space < 0 ? schedstat.strip() : schedstat.substring(0, space));
            } catch (NumberFormatException e) {
                // fall back to stat
            }
        }
        return statCpuNanos(read(TASKS.resolve(tid + "/stat")));
    }

    /** utime + stime of a {@code stat} line, in nanoseconds; -1 for null. */
    static long statCpuNanos(String stat) {
        if (stat == null) {
            return -1;
        }
        // Fields after the command name, which is in parentheses and may itself hold spaces.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long utime = Long.parseLong(fields[11]);
        long stime = Long.parseLong(fields[12]);
        return (utime + stime) * NANOS_PER_TICK;
    }

    /** Open file descriptors of the process, not counting the one used to count them. */
    static int openFds() {
        int count = 0;
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(SELF.resolve("fd"))) {
            for (Path ignored : fds) {
                count++;
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return count - 1;
    }

    /** A value in kB of {@code /proc/self/status} (e.g. {@code VmHWM}) in bytes, or -1. */
    static long statusBytes(String key) {
        String status = read(SELF.resolve("status"));
        if (status == null) {
            return -1;
        }
        for (String line : status.split("\n")) {
            if (line.startsWith(key + ":")) {
                String[] fields = line.substring(key.length() + 1).trim().split("\\s+");
                return Long.parseLong(fields[0]) * 1024;
            }
        }
        return -1;
    }

    static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
