package dev.kvbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The counters of the amplification test: the parser of {@code /proc/<pid>/io}, the block device's
 * {@code stat} line and {@code dev_t}, and, on a real disk folder, that a synced write of 4 MB is
 * counted.
 */
class DiskWritesTest {

    @TempDir
    Path dir;

    @Test
    void parsesWriteAndCancelledBytesOfProcIo() {
        ProcessIo io = ProcessIo.parse("rchar: 6976\nwchar: 12\nsyscr: 10\nsyscw: 1\nread_bytes: 4096\n"
                + "write_bytes: 1232896\ncancelled_write_bytes: 8192\n");
        assertEquals(new ProcessIo(1_232_896, 8192), io);
        assertEquals(1_224_704, io.netBytes());
        assertEquals(new ProcessIo(1_228_800, 4096), io.since(new ProcessIo(4096, 4096)));
    }

    @Test
    void aProcIoWithoutWriteBytesSaysTheKernelDoesNotAccountIt() {
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> ProcessIo.parse("rchar: 1\nwchar: 2\n"));
        assertEquals(
                "/proc/self/io has no write_bytes line: the kernel does not account I/O per process "
                        + "(CONFIG_TASK_IO_ACCOUNTING)",
                e.getMessage());
        assertThrows(IllegalStateException.class, () -> ProcessIo.parse("write_bytes: x\ncancelled_write_bytes: 0\n"));
    }

    @Test
    void readsSectorsWrittenFromABlockDevicesStatLine() {
        assertEquals(
                40_372_288L,
                BlockDevice.writtenSectors(
                        "  177445    26883  5427938   115606   914462   389045 "
                                + "40372288   314564        0   165860   553923   728153      126 193537384    99266   181465    24486\n"));
        assertThrows(IllegalStateException.class, () -> BlockDevice.writtenSectors("1 2 3"));
    }

    @Test
    void splitsADevTIntoMajorAndMinorAsGlibcDoes() {
        assertEquals("254:0", BlockDevice.majorMinor(0xfe00));
        assertEquals("8:17", BlockDevice.majorMinor(0x811));
        assertEquals(
                "259:65536",
                BlockDevice.majorMinor((259L << 8) | ((65536L & ~0xffL) << 12)) /* minor 65536: its low byte is 0 */);
    }

    @Test
    void aFolderInMemoryIsRefused() {
        Path shm = Path.of("/dev/shm");
        assumeTrue(Files.isDirectory(shm) && Machine.fileSystem(shm).equals("tmpfs"), "no tmpfs at /dev/shm");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DiskWrites.of(shm));
        assertTrue(
                e.getMessage()
                        .startsWith("/dev/shm is on tmpfs, in memory: write amplification needs a folder on a disk"),
                e.getMessage());
    }

    @Test
    void aSyncedWriteOnADiskIsCountedByTheProcessAndTheDevice() throws IOException {
        assumeFalse(DiskWrites.inMemory(Machine.fileSystem(dir)), "the temporary folder is in memory");
        DiskWrites disk = DiskWrites.of(dir);
        DiskWrites.Reading before = disk.syncAndRead();
        int size = 4 << 20;
        try (FileChannel file =
                FileChannel.open(dir.resolve("data"), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer block = ByteBuffer.allocate(size);
            while (block.hasRemaining()) {
                file.write(block);
            }
        }
        DiskWrites.Reading written = disk.syncAndRead().since(before);
        assertTrue(written.process().netBytes() >= size, written.toString());
        assertTrue(written.process().netBytes() < 2L * size + (1 << 20), "this JVM wrote little else: " + written);
        if (disk.deviceName().isPresent()) {
            assertTrue(written.deviceBytes() >= size, "the device saw the write too: " + written);
        }
    }
}
