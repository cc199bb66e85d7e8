package dev.kvbench.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.workload.DataSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkFolderTest {

    @TempDir
    Path dir;

    @Test
    void thePropertyChoosesTheFolder() {
        String previous = System.getProperty(WorkFolder.PROPERTY);
        try {
            System.setProperty(WorkFolder.PROPERTY, dir.toString());
            assertEquals(dir, WorkFolder.base());
        } finally {
            restore(previous);
        }
    }

    @Test
    void withoutSettingsTheFolderIsOnTmpfsWhereThereIsOne() {
        assertEquals(dir.resolve("kvbench"), WorkFolder.defaultBase(dir));
        assertEquals(
                Path.of(System.getProperty("java.io.tmpdir"), "kvbench").toAbsolutePath(),
                WorkFolder.defaultBase(dir.resolve("no-tmpfs-here")));
    }

    @Test
    void onLinuxWithoutSettingsTheFolderIsInDevShm() {
        // kvbench runs on Linux, which has a writable /dev/shm; KVBENCH_DIR (when the test runs with it) wins
        String previous = System.getProperty(WorkFolder.PROPERTY);
        try {
            System.clearProperty(WorkFolder.PROPERTY);
            String environment = System.getenv(WorkFolder.ENVIRONMENT);
            Path expected = environment == null || environment.isBlank()
                    ? Path.of("/dev/shm/kvbench")
                    : Path.of(environment).toAbsolutePath();
            assertEquals(expected, WorkFolder.base());
        } finally {
            restore(previous);
        }
    }

    @Test
    void aFileSystemTooSmallIsRefusedWithOneLineThatSaysWhatToDo() {
        long tooMuch = WorkFolder.usableBytes(dir) * 2 + 1;
        WorkFolder.NoSpaceException e = assertThrows(
                WorkFolder.NoSpaceException.class,
                () -> WorkFolder.requireSpace(dir, tooMuch, "readKey on lmdb with 10 entries"));
        assertTrue(
                e.getMessage().startsWith("not enough space for readKey on lmdb with 10 entries in " + dir),
                e.getMessage());
        assertTrue(e.getMessage().contains("-Dkvbench.dir=... (or KVBENCH_DIR)"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        WorkFolder.requireSpace(dir, 1, "a tiny trial");
    }

    @Test
    void theEstimateCoversTwiceTheDataPlusIndexes() {
        DataSpec data = new DataSpec(1_000_000, true, false, 100, false);
        assertEquals(2 * 104_000_000L + 256_000_000L + (64L << 20), WorkFolder.estimate(data));
    }

    @Test
    void aFullDiskIsRecognisedFromTheEnginesMessage() {
        String full = WorkFolder.diskFull(new RuntimeException("IO error: No space left on device"), dir);
        assertTrue(full.startsWith("no space left on "), full);
        assertNull(WorkFolder.diskFull(new RuntimeException("corrupt"), dir));
    }

    @Test
    void tooManyOpenFilesIsExplainedWithTheLimit() {
        String hint = WorkFolder.openFilesHint("Cannot run program \"du\": error=24, Too many open files");
        assertTrue(hint.startsWith("; too many open files for this process's limit"), hint);
        assertTrue(hint.contains("(ulimit -n): raise it with 'ulimit -n 1000000'"), hint);
        assertEquals("", WorkFolder.openFilesHint("No space left on device"));
    }

    @Test
    void emptyingAFolderDeletesWhatItHeld() throws IOException {
        Files.createDirectories(dir.resolve("t/store/sub"));
        Files.write(dir.resolve("t/store/sub/file"), new byte[3]);
        WorkFolder.empty(dir.resolve("t"));
        try (var listing = Files.list(dir.resolve("t"))) {
            assertEquals(0, listing.count());
        }
        WorkFolder.delete(dir.resolve("t"));
        assertFalse(Files.exists(dir.resolve("t")));
    }

    @Test
    void deletingAFolderRemovesNestedFoldersAndLinksButNotWhatALinkPointsTo() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.write(outside.resolve("kept"), new byte[1]);
        Path store = dir.resolve("store");
        for (int i = 0; i < 3; i++) {
            Path sub = Files.createDirectories(store.resolve("a" + i + "/b" + i));
            for (int j = 0; j < 50; j++) {
                Files.write(sub.resolve("f" + j), new byte[j]);
            }
            Files.write(store.resolve("a" + i + "/top"), new byte[2]);
        }
        Files.createSymbolicLink(store.resolve("a0/link-to-outside"), outside);
        Files.createSymbolicLink(store.resolve("dangling"), dir.resolve("nowhere"));
        WorkFolder.delete(store);
        assertFalse(Files.exists(store, java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(outside.resolve("kept")), "a link's target is not the store's to delete");
    }

    @Test
    void deletingALinkToAFolderRemovesTheLinkOnly() throws IOException {
        Path target = Files.createDirectories(dir.resolve("target"));
        Files.write(target.resolve("kept"), new byte[1]);
        Path link = Files.createSymbolicLink(dir.resolve("link"), target);
        WorkFolder.delete(link);
        assertFalse(Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(target.resolve("kept")));
    }

    private static void restore(String previous) {
        if (previous == null) {
            System.clearProperty(WorkFolder.PROPERTY);
        } else {
            System.setProperty(WorkFolder.PROPERTY, previous);
        }
    }
}
