package dev.kvbench.text;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The last line a helper process wrote to its log: what a failure of it says as its reason. */
public final class LastLine {

    private static final String NONE = "(no output)";

    private LastLine() {}

    /** The last non-blank line of {@code file}, or {@code (no output)} when there is none or it cannot be read. */
    public static String of(Path file) {
        try {
            List<String> lines = Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
            return lines.stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse(NONE);
        } catch (IOException e) {
            return NONE;
        }
    }
}
