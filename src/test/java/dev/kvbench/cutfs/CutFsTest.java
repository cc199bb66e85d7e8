package dev.kvbench.cutfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cutfs, the power-cut file system: what a cut keeps (what was synced) and what it loses. Skipped,
 * with the reason, on a machine without FUSE, root or a C compiler and libfuse3.
 */
class CutFsTest {

    @TempDir
    Path temp;

    private CutFs fs;

    @BeforeEach
    void needsFuse() {
        String missing = Build.missing();
        Assumptions.assumeTrue(missing == null, missing);
    }

    @AfterEach
    void unmount() {
        if (fs != null) {
            fs.close();
        }
    }

    private Path mount(CutFs.Names names) {
        fs = CutFs.mount(temp.resolve("fs"), names);
        return fs.root();
    }

    @Test
    void aSyncedWriteSurvivesACut() throws IOException {
        Path root = mount(CutFs.Names.POSIX);
        write(root.resolve("a"), "synced", true);
        syncDirectory(root);
        fs.cut();
        assertEquals("synced", read(root.resolve("a")));
    }

    @Test
    void anUnsyncedWriteIsLost() throws IOException {
        Path root = mount(CutFs.Names.POSIX);
        write(root.resolve("a"), "synced", true);
        syncDirectory(root);
        try (FileChannel ch =
                FileChannel.open(root.resolve("a"), StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ch.write(ByteBuffer.wrap(" and more".getBytes(StandardCharsets.UTF_8)));
        }
        assertEquals("synced and more", read(root.resolve("a")));
        fs.cut();
        assertEquals("synced", read(root.resolve("a")));
    }

    @Test
    void aFileCreatedButNeverSyncedComesBackEmptyOnceItsDirectoryIsSynced() throws IOException {
        Path root = mount(CutFs.Names.POSIX);
        write(root.resolve("a"), "never synced", false);
        syncDirectory(root);
        fs.cut();
        assertEquals("", read(root.resolve("a")));
    }

    @Test
    void aWriteToAFileOpenedWithDsyncSurvives() throws IOException {
        Path root = mount(CutFs.Names.POSIX);
        try (FileChannel ch = FileChannel.open(
                root.resolve("a"), StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.DSYNC)) {
            ch.write(ByteBuffer.wrap("dsync".getBytes(StandardCharsets.UTF_8)));
        }
        syncDirectory(root);
        fs.cut();
        assertEquals("dsync", read(root.resolve("a")));
    }

    @Test
    void aCreateOrRenameSurvivesOnlyOnceItsDirectoryIsSynced() throws IOException {
        Path root = mount(CutFs.Names.POSIX);
        write(root.resolve("old"), "data", true);
        write(root.resolve("unnamed"), "synced, its name not", true);
        syncDirectory(root);
        Files.move(root.resolve("old"), root.resolve("new"));
        write(root.resolve("later"), "synced, its name not", true);
        fs.cut();
        assertEquals(List.of("old", "unnamed"), names(root), "nothing after the last directory sync");
        Files.move(root.resolve("old"), root.resolve("new"));
        Files.delete(root.resolve("unnamed"));
        syncDirectory(root);
        fs.cut();
        assertEquals(List.of("new"), names(root));
        assertEquals("data", read(root.resolve("new")));
    }

    @Test
    void withNamesFileAnFsyncOfAFileAlsoKeepsItsName() throws IOException {
        Path root = mount(CutFs.Names.FILE);
        write(root.resolve("synced"), "kept", true);
        write(root.resolve("unsynced"), "lost", false);
        fs.cut();
        assertEquals(List.of("synced"), names(root));
        assertEquals("kept", read(root.resolve("synced")));
    }

    @Test
    void withNamesJournalAnyFsyncKeepsEveryNameSoFarButNoUnsyncedData() throws IOException {
        Path root = mount(CutFs.Names.JOURNAL);
        Files.createDirectory(root.resolve("store"));
        write(root.resolve("store").resolve("old"), "data", true);
        Files.move(root.resolve("store").resolve("old"), root.resolve("store").resolve("new"));
        write(root.resolve("store").resolve("unsynced"), "lost", false);
        write(root.resolve("other"), "synced last", true);
        write(root.resolve("after"), "after the last fsync", false);
        fs.cut();
        assertEquals(List.of("other", "store"), names(root));
        assertEquals(List.of("new", "unsynced"), names(root.resolve("store")));
        assertEquals("data", read(root.resolve("store").resolve("new")));
        assertEquals("", read(root.resolve("store").resolve("unsynced")), "its name was committed, its data not");
    }

    @Test
    void aSubdirectoryKeepsOnlyWhatItsOwnSyncKept() throws IOException {
        Path root = mount(CutFs.Names.POSIX);
        Files.createDirectory(root.resolve("store"));
        syncDirectory(root);
        write(root.resolve("store").resolve("a"), "in store", true);
        syncDirectory(root.resolve("store"));
        write(root.resolve("store").resolve("b"), "not named", true);
        fs.cut();
        assertEquals(List.of("a"), names(root.resolve("store")));
        assertEquals("in store", read(root.resolve("store").resolve("a")));
    }

    @Test
    void aForcedSharedMappingSurvivesAndAnUnforcedOneIsLost() throws IOException {
        Path root = mount(CutFs.Names.POSIX);
        Path file = root.resolve("mapped");
        try (FileChannel ch =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, 3 * 4096);
            map.put(0, (byte) 1);
            map.force(); // msync(MS_SYNC): the dirty page is written back through FUSE, then fsync
            map.put(4096, (byte) 2);
            map.put(8192, (byte) 3); // never forced
        }
        syncDirectory(root);
        assertEquals(2, Files.readAllBytes(file)[4096], "the unforced write is visible before the cut");
        fs.cut();
        byte[] after = Files.readAllBytes(file);
        assertEquals(3 * 4096, after.length, "the size was synced with the first force");
        assertEquals(1, after[0]);
        assertArrayEquals(new byte[] {0, 0}, new byte[] {after[4096], after[8192]});
    }

    @Test
    void aCutfsLeftMountedByAKilledRunIsUnmountedByTheNextAndNothingStays() throws Exception {
        Path folder = temp.resolve("fs");
        fs = CutFs.mount(folder, CutFs.Names.POSIX); // closed by unmount() if the test fails before the next mount
        write(fs.root().resolve("a"), "x", true);
        // a killed run: its cutfs process lives on (it is not the JVM's), still mounted
        ProcessHandle daemon = ProcessHandle.current()
                .children()
                .filter(p -> p.info().command().orElse("").endsWith("cutfs"))
                .findFirst()
                .orElseThrow();
        fs = CutFs.mount(folder, CutFs.Names.POSIX);
        assertTrue(CutFs.mounted(fs.root()));
        assertFalse(Files.exists(fs.root().resolve("a")), "a new mount is empty");
        daemon.onExit().get(10, TimeUnit.SECONDS);
        fs.close();
        fs = null;
        assertFalse(Files.exists(folder), "nothing stays in the work folder");
        assertEquals(
                List.of(),
                CutFs.mountPoints().stream()
                        .filter(p -> p.startsWith(temp.toString()))
                        .toList());
    }

    private static void write(Path file, String text, boolean sync) throws IOException {
        try (FileChannel ch = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
            if (sync) {
                ch.force(true);
            }
        }
    }

    /** fsync of a directory, as engines do it from Java. */
    private static void syncDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    private static List<String> names(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
