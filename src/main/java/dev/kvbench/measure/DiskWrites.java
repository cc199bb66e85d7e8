package dev.kvbench.measure;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What a disk folder's device has been asked to write, read at the end of a phase after its file
 * system is synced ({@code sync -f}), so that everything the phase dirtied has gone to the device
 * and none of it is carried into the next phase: this process's I/O accounting ({@link ProcessIo},
 * the figure the amplification test reports) and, as a cross-check, the device's own counter
 * ({@link BlockDevice}: other processes' writes and the journal's included).
 */
public final class DiskWrites {

    /** The counters at one moment; {@code deviceBytes} is -1 when the folder's device has no readable counter. */
    public record Reading(ProcessIo process, long deviceBytes) {

        /** What was written between {@code earlier} and this. */
        public Reading since(Reading earlier) {
            return new Reading(
                    process.since(earlier.process),
                    deviceBytes < 0 || earlier.deviceBytes < 0 ? -1 : deviceBytes - earlier.deviceBytes);
        }
    }

    private final Path dir;
    private final Optional<BlockDevice> device;

    private DiskWrites(Path dir, Optional<BlockDevice> device) {
        this.dir = dir;
        this.device = device;
    }

    /**
     * The writes to {@code dir}'s disk; refused for a folder in memory (tmpfs, ramfs), where nothing
     * reaches a device.
     */
    public static DiskWrites of(Path dir) {
        String fs = Machine.fileSystem(dir);
        if (inMemory(fs)) {
            throw new IllegalArgumentException(
                    dir + " is on " + fs + ", in memory: write amplification needs a folder on a disk"
                            + " (./run.sh amp: set KVBENCH_DISK_DIR to one, e.g. /var/tmp/kvbench)");
        }
        return new DiskWrites(dir, BlockDevice.of(dir));
    }

    /** True for the file systems that keep files in memory and write nothing to a device. */
    public static boolean inMemory(String fileSystem) {
        return fileSystem.equals("tmpfs") || fileSystem.equals("ramfs");
    }

    /** The device's name, or empty when its counter cannot be read. */
    public Optional<String> deviceName() {
        return device.map(BlockDevice::name);
    }

    /** Syncs the folder's file system, then reads the counters. */
    public Reading syncAndRead() {
        sync(dir);
        return new Reading(
                ProcessIo.self(), device.map(BlockDevice::writtenBytes).orElse(-1L));
    }

    /** {@code sync -f dir}: writes back every dirty page and the journal of the file system holding {@code dir} (syncfs). */
    static void sync(Path dir) {
        Storage.run("flush " + dir, "sync", "-f", "--", dir.toString());
    }
}
