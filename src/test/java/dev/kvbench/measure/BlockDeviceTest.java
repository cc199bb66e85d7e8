package dev.kvbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A block device's readahead, read from sysfs: the disk's own, or for a partition its disk's. */
class BlockDeviceTest {

    @TempDir
    Path sys;

    @Test
    void aDiskReadsItsOwnQueueAndAPartitionItsDisks() throws IOException {
        Path disk = Files.createDirectories(sys.resolve("vda"));
        Files.writeString(disk.resolve("stat"), "1 2 3 4 5 6 7 8\n");
        Files.createDirectories(disk.resolve("queue"));
        Files.writeString(disk.resolve("queue").resolve("read_ahead_kb"), "8192\n");
        assertEquals(8192, new BlockDevice("vda", disk.resolve("stat")).readAheadKb());

        Path partition = Files.createDirectories(disk.resolve("vda1"));
        Files.writeString(partition.resolve("stat"), "1 2 3 4 5 6 7 8\n");
        assertEquals(
                8192,
                new BlockDevice("vda1", partition.resolve("stat")).readAheadKb(),
                "a partition has no queue of its own");
    }

    @Test
    void noQueueOrNoNumberIsMinusOne() throws IOException {
        Path disk = Files.createDirectories(sys.resolve("x").resolve("loop0"));
        Files.writeString(disk.resolve("stat"), "1 2 3 4 5 6 7 8\n");
        assertEquals(-1, new BlockDevice("loop0", disk.resolve("stat")).readAheadKb());
        Files.createDirectories(disk.resolve("queue"));
        Files.writeString(disk.resolve("queue").resolve("read_ahead_kb"), "none\n");
        assertEquals(-1, new BlockDevice("loop0", disk.resolve("stat")).readAheadKb());
    }
}
