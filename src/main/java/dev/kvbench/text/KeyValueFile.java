package dev.kvbench.text;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the small text files run.sh writes: {@code key=value} lines (test metadata,
 * {@code out-N.meta}) or {@code key: value} lines ({@code env.txt}), in file order. Values are
 * taken literally (no escapes), so regular expressions and paths survive as written; '#' starts
 * a comment line.
 */
public final class KeyValueFile {

    private KeyValueFile() {}

    public static Map<String, String> read(Path file, String separator) throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return values;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int at = line.indexOf(separator);
            if (line.isBlank() || line.startsWith("#") || at <= 0) {
                continue;
            }
            values.put(
                    line.substring(0, at).trim(),
                    line.substring(at + separator.length()).trim());
        }
        return values;
    }
}
