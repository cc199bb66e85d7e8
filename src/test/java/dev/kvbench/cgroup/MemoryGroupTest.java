package dev.kvbench.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kvbench.measure.PageCache;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory control group really holds what runs in it: a JVM started through the wrapper is in the group and
 * reads back the limit that was set, and the page cache of a file read inside the group stays under the limit.
 * Needs root and a memory controller; skipped with the reason without them.
 */
class MemoryGroupTest {

    private static final long LIMIT = 48L << 20;

    private static MemoryGroup.Controller controller() {
        MemoryGroup.Found found = MemoryGroup.find();
        assumeTrue(found.controller().isPresent(), found.missing());
        return found.controller().get();
    }

    @Test
    void aJvmStartedThroughTheWrapperIsInTheGroupAndSeesItsLimit(@TempDir Path dir) throws Exception {
        MemoryGroup.Controller controller = controller();
        try (MemoryGroup group = MemoryGroup.create(
                controller, "kvbench-test-" + ProcessHandle.current().pid(), LIMIT + 100)) {
            assertEquals(LIMIT, group.limit(), "the limit reads back as set, in whole pages");
            String java =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Path wrapper = group.wrapper(dir.resolve("java-in-group"), java);
            // the JVM prints the cgroup it is in and the memory limit its container support reads
            Process jvm = new ProcessBuilder(wrapper.toString(), "-XshowSettings:system", "-version")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(jvm.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, jvm.exitValue(), out);
            assertTrue(out.contains("Memory Limit: 48.00M"), "the JVM in the group reads the limit:\n" + out);

            Process sh = new ProcessBuilder(
                            group.wrapper(dir.resolve("sh-in-group"), "/bin/sh").toString(),
                            "-c",
                            "cat /proc/self/cgroup")
                    .redirectErrorStream(true)
                    .start();
            String cgroups = new String(sh.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            sh.waitFor(10, TimeUnit.SECONDS);
            String name = group.dir().getFileName().toString();
            assertTrue(
                    cgroups.lines()
                            .anyMatch(
                                    l -> l.endsWith("/" + name) && (controller.version() == 2 || l.contains("memory"))),
                    "the process is in " + group.dir() + ":\n" + cgroups);
        }
    }

    @Test
    void thePageCacheOfAFileReadInTheGroupStaysUnderTheLimit() throws Exception {
        MemoryGroup.Controller controller = controller();
        assumeTrue(PageCache.missing() == null, PageCache.missing());
        Path dir =
                Files.createDirectories(Path.of("target", "memory-group-test").toAbsolutePath());
        assumeFalse(
                Files.getFileStore(dir).type().equals("tmpfs"), "target/ is on tmpfs, whose pages a limit cannot drop");
        Path file = dir.resolve("data");
        byte[] block = new byte[1 << 20];
        new java.util.Random(1).nextBytes(block);
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int i = 0; i < 3 * (LIMIT >> 20); i++) {
                out.write(block);
            }
        }
        PageCache.drop(dir); // its pages were charged to this process's group as it wrote them
        assertTrue(PageCache.residentBytes(dir) < (1 << 20), "the drop emptied the file's page cache");
        try (MemoryGroup group = MemoryGroup.create(
                controller, "kvbench-test-cache-" + ProcessHandle.current().pid(), LIMIT)) {
            Process cat = new ProcessBuilder(
                            group.wrapper(dir.resolve("sh"), "/bin/sh").toString(),
                            "-c",
                            "cat '" + file + "' > /dev/null")
                    .inheritIO()
                    .start();
            assertTrue(cat.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, cat.exitValue());
            long cache = group.pageCache();
            long peak = group.peak();
            assertTrue(cache <= LIMIT, "page cache " + cache + " over the limit " + LIMIT);
            if (peak >= 0) {
                assertTrue(peak <= LIMIT, "peak " + peak + " over the limit " + LIMIT);
                assertTrue(peak > LIMIT / 2, "the reads were charged to the group: peak " + peak);
            }
            long resident = PageCache.residentBytes(List.of(file).get(0).getParent());
            assertTrue(resident <= LIMIT + (4 << 20), "of the 3x-limit file, " + resident + " bytes stayed cached");
            assertFalse(group.pids().size() > 0, "the reader has left the group");
        } finally {
            Files.deleteIfExists(dir.resolve("sh"));
            Files.deleteIfExists(file);
        }
    }

    private static void assumeFalse(boolean condition, String why) {
        assumeTrue(!condition, why);
    }

    @Test
    void findSaysWhyThereIsNoGroupWhenNotRoot(@TempDir Path dir) throws IOException {
        Path self = Files.writeString(dir.resolve("cgroup"), "0::/\n");
        Path mounts = Files.writeString(dir.resolve("mounts"), "cgroup2 /sys/fs/cgroup cgroup2 rw 0 0\n");
        MemoryGroup.Found found = MemoryGroup.find(self, mounts, false);
        assertTrue(found.controller().isEmpty());
        assertTrue(found.missing().startsWith("creating a memory control group needs root"), found.missing());
    }

    @Test
    void findPrefersTheV1MemoryHierarchyUnderTheProcesssOwnGroup(@TempDir Path dir) throws IOException {
        Path self = Files.writeString(dir.resolve("cgroup"), "4:memory:/a/b\n0::/\n");
        Path mount = Files.createDirectories(dir.resolve("memory/a/b"));
        Path mounts = Files.writeString(
                dir.resolve("mounts"),
                "cgroup " + dir.resolve("memory") + " cgroup rw,memory 0 0\n" + "cgroup2 " + dir.resolve("unified")
                        + " cgroup2 rw 0 0\n");
        MemoryGroup.Found found = MemoryGroup.find(self, mounts, true);
        assertEquals(new MemoryGroup.Controller(1, mount), found.controller().orElseThrow());
    }

    @Test
    void findTakesV2WhenItHasTheMemoryController(@TempDir Path dir) throws IOException {
        Path self = Files.writeString(dir.resolve("cgroup"), "0::/user.slice\n");
        Path root = Files.createDirectories(dir.resolve("cg"));
        Files.writeString(root.resolve("cgroup.controllers"), "cpu io memory pids\n");
        Files.createDirectories(root.resolve("user.slice"));
        Files.writeString(root.resolve("user.slice/cgroup.subtree_control"), "cpu\n");
        Path mounts = Files.writeString(dir.resolve("mounts"), "cgroup2 " + root + " cgroup2 rw 0 0\n");
        assertEquals(
                new MemoryGroup.Controller(2, root),
                MemoryGroup.find(self, mounts, true).controller().orElseThrow(),
                "its own group delegates no memory controller: the root, which may have children beside processes");
        Files.writeString(dir.resolve("cgroup2-none"), "");
        Files.writeString(root.resolve("cgroup.controllers"), "cpu io pids\n");
        MemoryGroup.Found none = MemoryGroup.find(self, mounts, true);
        assertTrue(none.missing().contains("has no memory controller"), none.missing());
    }
}
