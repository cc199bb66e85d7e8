package dev.kvbench.measure;

import java.nio.file.Path;

/**
 * The kernel's I/O accounting of this process, {@code /proc/self/io}: the bytes its threads (the
 * engine's background threads included: they are threads of this JVM) caused to be written to
 * storage, and the bytes it took back by truncating or deleting files whose pages were still dirty.
 *
 * <p>What it counts: the kernel charges a page to {@code write_bytes} when the page becomes dirty
 * (a {@code write()} into the page cache, a store into a shared memory map, or a direct I/O at
 * submission), so a page dirtied many times between two writebacks counts once, as the device
 * writes it once. What it misses: the file system's own journal and metadata writes (the jbd2
 * thread writes them), and writes of other processes. A page dirtied then dropped before writeback
 * (a file deleted in time) is in {@code cancelled_write_bytes}; {@link #netBytes()} takes it off.
 *
 * @param writeBytes          {@code write_bytes}
 * @param cancelledWriteBytes {@code cancelled_write_bytes}
 */
public record ProcessIo(long writeBytes, long cancelledWriteBytes) {

    static final Path SELF_IO = Proc.SELF.resolve("io");

    /** This process's counters now. */
    public static ProcessIo self() {
        String text = Proc.read(SELF_IO);
        if (text == null) {
            throw new IllegalStateException("cannot read " + SELF_IO + ": the kernel's per-process I/O accounting is"
                    + " needed to count the bytes written (Linux with CONFIG_TASK_IO_ACCOUNTING)");
        }
        return parse(text);
    }

    /** The counters of a {@code /proc/<pid>/io} text ({@code name: value} lines). */
    static ProcessIo parse(String text) {
        long write = -1;
        long cancelled = -1;
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = line.substring(0, colon).trim();
            if (name.equals("write_bytes") || name.equals("cancelled_write_bytes")) {
                long value;
                try {
                    value = Long.parseLong(line.substring(colon + 1).trim());
                } catch (NumberFormatException e) {
                    throw new IllegalStateException("/proc/self/io: " + name + " is not a number: " + line.trim(), e);
                }
                if (name.equals("write_bytes")) {
                    write = value;
                } else {
                    cancelled = value;
                }
            }
        }
        if (write < 0 || cancelled < 0) {
            throw new IllegalStateException(
                    "/proc/self/io has no " + (write < 0 ? "write_bytes" : "cancelled_write_bytes")
                            + " line: the kernel does not account I/O per process (CONFIG_TASK_IO_ACCOUNTING)");
        }
        return new ProcessIo(write, cancelled);
    }

    /** What happened between {@code earlier} and this. */
    public ProcessIo since(ProcessIo earlier) {
        return new ProcessIo(writeBytes - earlier.writeBytes, cancelledWriteBytes - earlier.cancelledWriteBytes);
    }

    /** Bytes written less those cancelled before they reached the device. */
    public long netBytes() {
        return writeBytes - cancelledWriteBytes;
    }
}
