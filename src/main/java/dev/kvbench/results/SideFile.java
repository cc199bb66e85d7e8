package dev.kvbench.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The side file: the machine-readable measurements beside the JMH result file, one
 * {@link TrialRecord} per line, appended as soon as the trial ends (docs/results-format.md).
 * A line is written whole under a file lock, so lines from the host and from forks never
 * interleave. The benchmarks write it; the report and the runner read it back here.
 */
public final class SideFile {

    /** The system property that tells a benchmark JVM where the side file is. */
    public static final String PROPERTY = "kvbench.side";
    /** The side file when the result file is not named. */
    public static final String DEFAULT_NAME = "kvbench-side.jsonl";

    private final Path path;

    public SideFile(Path path) {
        this.path = path;
    }

    /** The side file this JVM writes: {@code -Dkvbench.side}, else {@value #DEFAULT_NAME} here. */
    public static SideFile current() {
        String configured = System.getProperty(PROPERTY);
        return new SideFile(Path.of(configured == null || configured.isBlank() ? DEFAULT_NAME : configured)
                .toAbsolutePath());
    }

    /**
     * The side file beside a JMH result file: {@code DIR/out-N.csv} gives {@code DIR/out-N.side.jsonl};
     * no result file gives {@value #DEFAULT_NAME} in the working directory.
     */
    public static Path besideResult(String resultFile) {
        if (resultFile == null || resultFile.isBlank()) {
            return Path.of(DEFAULT_NAME).toAbsolutePath();
        }
        Path result = Path.of(resultFile).toAbsolutePath();
        String name = result.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        return result.resolveSibling(stem + ".side.jsonl");
    }

    public Path path() {
        return path;
    }

    /**
     * Appends one record as one line. A thread that was interrupted (JMH interrupts a benchmark thread at its iteration
     * timeout, and the trial then records why it failed) appends all the same: its interrupt is set aside while the
     * file is locked and written (an interrupted thread's channel would close at once), and set again after.
     */
    @SuppressWarnings("try") // the file lock is held for the block, never read
    public void append(TrialRecord record) {
        byte[] line = (record.toJson() + "\n").getBytes(StandardCharsets.UTF_8);
        boolean interrupted = Thread.interrupted();
        try {
            Path parent = path.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            try (FileChannel channel = FileChannel.open(
                            path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
                    FileLock ignored = channel.lock()) {
                channel.write(java.nio.ByteBuffer.wrap(line));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the side file " + path + ": " + e.getMessage(), e);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Every record in the file; a bad line is an error naming the file and the line. */
    public List<TrialRecord> read() throws IOException {
        return readFrom(0);
    }

    /**
     * The records appended after the first {@code offset} bytes (the file's size before a run),
     * or none when there is no file.
     */
    public List<TrialRecord> readFrom(long offset) throws IOException {
        List<TrialRecord> records = new ArrayList<>();
        if (!Files.exists(path)) {
            return records;
        }
        byte[] bytes = Files.readAllBytes(path);
        int from = (int) Math.min(Math.max(offset, 0), bytes.length);
        String[] lines = new String(bytes, from, bytes.length - from, StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].trim();
            if (line.isEmpty()) {
                continue;
            }
            try {
                records.add(TrialRecord.parse(line));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(path + " line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return records;
    }
}
