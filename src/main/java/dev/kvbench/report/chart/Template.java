package dev.kvbench.report.chart;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A gnuplot template from {@code gnuplot/}: text with {@code @NAME@} placeholders. */
final class Template {

    private static final Pattern PLACEHOLDER = Pattern.compile("@([A-Z_]+)@");

    private final String name;
    private final String text;

    private Template(String name, String text) {
        this.name = name;
        this.text = text;
    }

    static Template load(Path dir, String name) throws IOException {
        Path file = dir.resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(
                    "chart template " + file + " is missing; run process.sh from a kvbench checkout");
        }
        return new Template(name, Files.readString(file, StandardCharsets.UTF_8));
    }

    /** The text with every placeholder replaced; a placeholder without a value is an error. */
    String fill(Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalStateException("template " + name + " uses @" + m.group(1) + "@, which has no value");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }
}
