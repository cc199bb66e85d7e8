package dev.kvbench.cgroup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;

/**
 * A memory control group that holds the benchmark forks of one test to a limit, page cache included: a
 * folder created under the cgroup this JVM is in (cgroup v1's memory controller: {@code memory.limit_in_bytes},
 * and {@code memory.memsw.limit_in_bytes} when swap is accounted; cgroup v2: {@code memory.max} and
 * {@code memory.swap.max=0}), which a process joins by writing its pid into {@code cgroup.procs}.
 *
 * <p>A JVM is started in it through {@link #wrapper}: a two-line shell script that writes its own pid into the
 * group and then {@code exec}s java, so that the JVM is in the group from its first instruction, and only it
 * (JMH's host JVM and the suite runner stay outside). {@link #close} removes the group; its page cache goes back
 * to the parent group.
 */
public final class MemoryGroup implements AutoCloseable {

    /** Bytes of one page: the kernel keeps a limit as a whole number of pages. */
    public static final long PAGE = 4096;

    private final Controller controller;
    private final Path dir;
    private final long limit;

    private MemoryGroup(Controller controller, Path dir, long limit) {
        this.controller = controller;
        this.dir = dir;
        this.limit = limit;
    }

    /** Where and how this machine limits a group's memory. */
    public record Controller(int version, Path parent) {

        /** "cgroup v1 (memory controller at /sys/fs/cgroup/memory)". */
        public String describe() {
            return "cgroup v" + version + " (" + (version == 1 ? "memory controller" : "unified hierarchy")
                    + ", groups under " + parent + ")";
        }
    }

    /** The controller this machine offers, or why there is none (not root, no memory controller). */
    public static Found find() {
        return find(Path.of("/proc/self/cgroup"), Path.of("/proc/self/mounts"), isRoot());
    }

    /** What {@link #find} found: a controller, or the reason there is none. */
    public record Found(Optional<Controller> controller, String missing) {

        static Found none(String why) {
            return new Found(Optional.empty(), why);
        }
    }

    static Found find(Path selfCgroup, Path mounts, boolean root) {
        if (!root) {
            return Found.none("creating a memory control group needs root (this runs as uid " + uid() + ")");
        }
        List<String> groups;
        List<String> mounted;
        try {
            groups = Files.readAllLines(selfCgroup, StandardCharsets.UTF_8);
            mounted = Files.readAllLines(mounts, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Found.none("cannot read " + selfCgroup + " or " + mounts + " (" + e.getMessage()
                    + "): no control groups here");
        }
        // cgroup v1: a hierarchy with the memory controller
        for (String line : mounted) {
            String[] f = line.split(" ");
            if (f.length >= 4
                    && f[2].equals("cgroup")
                    && List.of(f[3].split(",")).contains("memory")) {
                Path mount = Path.of(f[1]);
                String own = ownPath(groups, "memory");
                Path parent = own == null ? mount : mount.resolve(own.substring(1));
                if (Files.isDirectory(parent)) {
                    return new Found(Optional.of(new Controller(1, parent)), "");
                }
            }
        }
        // cgroup v2: the unified hierarchy with memory among its controllers
        for (String line : mounted) {
            String[] f = line.split(" ");
            if (f.length >= 3 && f[2].equals("cgroup2")) {
                Path mount = Path.of(f[1]);
                String own = ownPath(groups, "");
                Path ownDir = own == null ? mount : mount.resolve(own.substring(1));
                if (has(ownDir.resolve("cgroup.subtree_control"), "memory")) {
                    return new Found(Optional.of(new Controller(2, ownDir)), "");
                }
                if (has(mount.resolve("cgroup.controllers"), "memory")) {
                    return new Found(
                            Optional.of(new Controller(2, mount)), ""); // the root may have processes and children
                }
                return Found.none("the cgroup2 hierarchy at " + mount + " has no memory controller (it is bound to a v1"
                        + " hierarchy, or off) and no v1 hierarchy has it mounted");
            }
        }
        return Found.none("no control group hierarchy with the memory controller is mounted (/proc/self/mounts has"
                + " neither a cgroup mount with 'memory' nor cgroup2)");
    }

    /** This process's path in the hierarchy of {@code controller} ("" for the v2 line {@code 0::/path}). */
    private static String ownPath(List<String> groups, String controller) {
        for (String line : groups) {
            String[] f = line.split(":", 3);
            if (f.length == 3
                    && (controller.isEmpty()
                            ? f[0].equals("0") && f[1].isEmpty()
                            : List.of(f[1].split(",")).contains(controller))) {
                return f[2];
            }
        }
        return null;
    }

    private static boolean has(Path file, String word) {
        try {
            return List.of(Files.readString(file).trim().split("\\s+")).contains(word);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Creates the group {@code name} under the controller's parent with a limit of {@code limit} bytes (rounded
     * down to whole pages), swap included, and checks that the kernel took it.
     *
     * @throws IllegalStateException when the group cannot be created or the limit reads back otherwise
     */
    public static MemoryGroup create(Controller controller, String name, long limit) {
        long pages = limit / PAGE * PAGE;
        Path dir = controller.parent().resolve(name);
        try {
            if (controller.version() == 2) {
                Path control = controller.parent().resolve("cgroup.subtree_control");
                if (!has(control, "memory")) {
                    Files.writeString(control, "+memory");
                }
            }
            if (Files.isDirectory(dir)) {
                remove(dir);
            }
            Files.createDirectory(dir);
        } catch (IOException e) {
            throw new IllegalStateException("cannot create the memory control group " + dir + ": " + e.getMessage(), e);
        }
        MemoryGroup group = new MemoryGroup(controller, dir, pages);
        try {
            if (controller.version() == 1) {
                Files.writeString(dir.resolve("memory.limit_in_bytes"), Long.toString(pages));
                Path memsw = dir.resolve("memory.memsw.limit_in_bytes");
                if (Files.exists(memsw)) {
                    Files.writeString(memsw, Long.toString(pages));
                }
            } else {
                Files.writeString(dir.resolve("memory.max"), Long.toString(pages));
                Path swap = dir.resolve("memory.swap.max");
                if (Files.exists(swap)) {
                    Files.writeString(swap, "0");
                }
            }
            long read = group.limit();
            if (read != pages) {
                throw new IllegalStateException("the memory control group " + dir + " reads back a limit of " + read
                        + " bytes, not the " + pages + " written");
            }
        } catch (IOException | RuntimeException e) {
            group.close();
            throw new IllegalStateException("cannot set the memory limit of " + dir + ": " + e.getMessage(), e);
        }
        return group;
    }

    /** The group's folder. */
    public Path dir() {
        return dir;
    }

    public Controller controller() {
        return controller;
    }

    /** The file a process writes its pid into to join the group. */
    public Path procs() {
        return dir.resolve("cgroup.procs");
    }

    /** The limit as the kernel reads it back now. */
    public long limit() {
        return number(controller.version() == 1 ? "memory.limit_in_bytes" : "memory.max");
    }

    /** The limit as it was set (whole pages). */
    public long limitSet() {
        return limit;
    }

    /** The group's memory now: its processes' memory and the page cache charged to it. */
    public long usage() {
        return number(controller.version() == 1 ? "memory.usage_in_bytes" : "memory.current");
    }

    /** The most the group held since it was created; -1 where the kernel does not keep it (v2 before 5.19). */
    public long peak() {
        Path file = dir.resolve(controller.version() == 1 ? "memory.max_usage_in_bytes" : "memory.peak");
        return Files.exists(file) ? number(file.getFileName().toString()) : -1;
    }

    /** The page cache charged to the group now ({@code cache} in v1's memory.stat, {@code file} in v2's). */
    public long pageCache() {
        return stat(controller.version() == 1 ? "cache" : "file");
    }

    /** Processes of the group the kernel's OOM killer killed (0 where the kernel does not count them). */
    public long oomKills() {
        Path file = dir.resolve(controller.version() == 1 ? "memory.oom_control" : "memory.events");
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 2 && f[0].equals("oom_kill")) {
                    return Long.parseLong(f[1]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    private long stat(String name) {
        try {
            for (String line : Files.readAllLines(dir.resolve("memory.stat"), StandardCharsets.UTF_8)) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 2 && f[0].equals(name)) {
                    return Long.parseLong(f[1]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve("memory.stat"), e);
        }
        return 0;
    }

    private long number(String file) {
        try {
            String value = Files.readString(dir.resolve(file)).trim();
            return value.equals("max") ? Long.MAX_VALUE : Long.parseLong(value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve(file), e);
        }
    }

    /** The pids in the group now. */
    public List<Long> pids() {
        try {
            return Files.readAllLines(procs(), StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isBlank())
                    .map(l -> Long.parseLong(l.trim()))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * Writes {@code file}: a shell script that moves itself into this group and then runs {@code java} with its
     * arguments ({@code exec}: the JVM keeps the script's pid, so it is in the group from its start). It stops
     * with status 125 and a line on stderr when it cannot join the group.
     */
    public Path wrapper(Path file, String java) {
        String script = "#!/bin/sh\n"
                + "# kvbench: run java inside the memory control group " + dir + "\n"
                + "echo $$ > " + quote(procs().toString())
                + " || { echo \"kvbench: cannot join the memory control group "
                + dir + "\" >&2; exit 125; }\n"
                + "exec " + quote(java) + " \"$@\"\n";
        try {
            Files.writeString(file, script, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /**
     * Removes the group. Processes still in it (a fork that outlived its run) are moved to the parent first, never
     * killed; retried for a few seconds while the kernel lets go of the last ones.
     */
    @Override
    public void close() {
        remove(dir);
    }

    private static void remove(Path dir) {
        Path parentProcs = dir.getParent().resolve("cgroup.procs");
        for (int attempt = 0; attempt < 50; attempt++) {
            try {
                for (String pid : Files.readAllLines(dir.resolve("cgroup.procs"), StandardCharsets.UTF_8)) {
                    if (!pid.isBlank()) {
                        try {
                            Files.writeString(parentProcs, pid.trim());
                        } catch (IOException e) {
                            // gone meanwhile
                        }
                    }
                }
            } catch (IOException e) {
                // no procs file: the group is gone
            }
            try {
                Files.deleteIfExists(dir); // rmdir: a cgroup folder's files are not removable, rmdir removes them
                return;
            } catch (IOException e) {
                if (!Files.isDirectory(dir)) {
                    return;
                }
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        System.err.println(
                "kvbench: could not remove the memory control group " + dir + "; remove it with rmdir " + dir);
    }

    private static boolean isRoot() {
        return "0".equals(uid());
    }

    private static String uid() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Uid:")) {
                    return line.split("\\s+")[1];
                }
            }
        } catch (IOException e) {
            // below
        }
        return String.valueOf(System.getProperty("user.name"));
    }
}
