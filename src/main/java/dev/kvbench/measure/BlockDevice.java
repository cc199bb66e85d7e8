package dev.kvbench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The block device a folder's file system is on, and its counter of sectors written
 * ({@code /sys/dev/block/MAJOR:MINOR/stat}, the seventh field; sectors of 512 bytes whatever the
 * device's own sector size). The counter is the whole device's: every process and the file
 * system's journal, counted when the write completes; a partition has a counter of its own.
 *
 * @param name the kernel's name of the device ({@code vda}, {@code nvme0n1p2})
 * @param stat its {@code stat} file
 */
public record BlockDevice(String name, Path stat) {

    static final Path SYS_DEV_BLOCK = Path.of("/sys/dev/block");
    private static final int SECTOR = 512;

    /** The device holding {@code dir}; empty when it has none (tmpfs, FUSE, overlayfs...) or it cannot be read. */
    public static Optional<BlockDevice> of(Path dir) {
        long dev;
        try {
            dev = ((Number) Files.getAttribute(dir, "unix:dev")).longValue();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.empty();
        }
        Path sys = SYS_DEV_BLOCK.resolve(majorMinor(dev));
        Path stat = sys.resolve("stat");
        if (!Files.isReadable(stat)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new BlockDevice(sys.toRealPath().getFileName().toString(), stat));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The device's readahead in KiB ({@code queue/read_ahead_kb}; a partition's is its disk's), or -1 when it cannot
     * be read. A page fault in a file's memory map reads a window of this size around the page it needs, unless the
     * mapping was advised random ({@code MADV_RANDOM}); a {@code read} reads ahead up to it when the reads run in order.
     */
    public long readAheadKb() {
        Path sys = stat.getParent();
        for (Path queue :
                java.util.List.of(sys.resolve("queue"), sys.resolve("..").resolve("queue"))) {
            String line = Proc.read(queue.resolve("read_ahead_kb"));
            if (line != null && line.trim().matches("\\d+")) {
                return Long.parseLong(line.trim());
            }
        }
        return -1;
    }

    /** {@code MAJOR:MINOR} of a Linux {@code dev_t} (glibc's encoding: 12 bits of major, 20 of minor, split). */
    static String majorMinor(long dev) {
        long major = ((dev >>> 8) & 0xfffL) | ((dev >>> 32) & ~0xfffL);
        long minor = (dev & 0xffL) | ((dev >>> 12) & ~0xffL);
        return major + ":" + minor;
    }

    /** Bytes written to the device since it came up. */
    public long writtenBytes() {
        String line = Proc.read(stat);
        if (line == null) {
            throw new IllegalStateException("cannot read " + stat);
        }
        return writtenSectors(line) * SECTOR;
    }

    /** The sectors-written field of a block device's {@code stat} line. */
    static long writtenSectors(String statLine) {
        String[] fields = statLine.trim().split("\\s+");
        if (fields.length < 7) {
            throw new IllegalStateException(
                    "a block device's stat line has " + fields.length + " fields, not 7 or more: " + statLine.trim());
        }
        return Long.parseLong(fields[6]);
    }
}
