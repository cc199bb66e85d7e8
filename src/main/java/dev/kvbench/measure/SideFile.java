package dev.kvbench.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.Map;

/**
 * The machine-readable measurements beside the JMH result file: one JSON object per line, one
 * line per trial, appended as soon as the trial ends (see CONTRACT.md). A line is written whole
 * under a file lock, so lines from the host and from forks never interleave.
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

    /** Appends one record as one line. */
    public void append(Map<String, ?> record) {
        byte[] line = (json(record) + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            Path parent = path.getParent();
            if (parent != null) {
                java.nio.file.Files.createDirectories(parent);
            }
            try (FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, StandardOpenOption.APPEND);
                 FileLock ignored = channel.lock()) {
                channel.write(java.nio.ByteBuffer.wrap(line));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the side file " + path + ": " + e.getMessage(), e);
        }
    }

    /** JSON for maps, strings, numbers, booleans and null: all a side file line holds. */
    static String json(Object value) {
        StringBuilder out = new StringBuilder();
        write(out, value);
        return out.toString();
    }

    private static void write(StringBuilder out, Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            Iterator<? extends Map.Entry<?, ?>> entries = map.entrySet().iterator();
            while (entries.hasNext()) {
                Map.Entry<?, ?> entry = entries.next();
                string(out, String.valueOf(entry.getKey()));
                out.append(':');
                write(out, entry.getValue());
                if (entries.hasNext()) {
                    out.append(',');
                }
            }
            out.append('}');
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            out.append(Double.isFinite(d) ? Double.toString(d) : "null");
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else {
            string(out, value.toString());
        }
    }

    private static void string(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
