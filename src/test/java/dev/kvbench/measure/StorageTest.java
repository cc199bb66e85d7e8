package dev.kvbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StorageTest {

    private static final int MIB = 1 << 20;
    /** File systems allocate whole blocks (4 KiB here) and may add an indirect block or two. */
    private static final int SLACK = 64 * 1024;

    @TempDir
    Path dir;

    @Test
    void aWrittenFileOccupiesItsSizeRoundedToBlocks() throws IOException {
        byte[] bytes = new byte[MIB + 100];
        new Random(1).nextBytes(bytes);
        Files.write(dir.resolve("data"), bytes);
        long allocated = Storage.allocatedBytes(dir);
        assertTrue(allocated >= MIB + 100 && allocated <= MIB + 100 + SLACK, "allocated " + allocated);
    }

    @Test
    void aSparseFileOccupiesNothingThoughItsApparentSizeIsLarge() throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(dir.resolve("sparse").toFile(), "rw")) {
            file.setLength(64L * MIB);
        }
        assertEquals(64L * MIB, Files.size(dir.resolve("sparse")));
        assertTrue(Storage.allocatedBytes(dir) < SLACK, "a hole is not storage");
    }

    @Test
    void filesAreCountedInSubfoldersToo() throws IOException {
        Files.write(dir.resolve("a"), new byte[10]);
        Files.createDirectories(dir.resolve("sub"));
        Files.write(dir.resolve("sub/b"), new byte[10]);
        assertEquals(2, Storage.fileCount(dir));
    }
}
