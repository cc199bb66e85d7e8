package dev.kvbench.report.folder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a JMH {@code -rf csv} result file (JMH 1.37: RFC 4180, CRLF, header
 * {@code "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit","Param: x",...}).
 * Secondary-result rows ({@code benchmark:label}) are left out: the report uses primary scores.
 */
public final class JmhCsv {

    private static final String PARAM_PREFIX = "Param: ";

    /** One primary JMH result: score and 99.9% error in {@code unit} (error NaN when JMH gave none). */
    public record Score(RunKey key, String mode, int samples, double score, double error, String unit) {}

    private JmhCsv() {}

    public static List<Score> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Score> scores = new ArrayList<>();
        if (lines.isEmpty()) {
            return scores;
        }
        List<String> header = fields(lines.get(0));
        int benchmark = column(header, "Benchmark", file);
        int mode = column(header, "Mode", file);
        int samples = column(header, "Samples", file);
        int score = column(header, "Score", file);
        int error = column(header, "Score Error (99.9%)", file);
        int unit = column(header, "Unit", file);
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            List<String> row = fields(lines.get(i));
            if (row.size() < header.size()) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + " has " + row.size() + " of its "
                        + header.size() + " fields: the file is cut short (a run interrupted while writing it?); "
                        + "delete it and run the suite again to redo that test");
            }
            if (row.get(benchmark).contains(":")) {
                continue;
            }
            Map<String, String> params = new LinkedHashMap<>();
            for (int c = 0; c < header.size() && c < row.size(); c++) {
                if (header.get(c).startsWith(PARAM_PREFIX) && !row.get(c).isEmpty()) {
                    params.put(header.get(c).substring(PARAM_PREFIX.length()), row.get(c));
                }
            }
            try {
                scores.add(new Score(
                        new RunKey(row.get(benchmark), params),
                        row.get(mode),
                        (int) number(row.get(samples)),
                        number(row.get(score)),
                        number(row.get(error)),
                        row.get(unit)));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        file + " line " + (i + 1) + ": a Samples, Score or Score Error field is"
                                + " not a number (" + e.getMessage()
                                + "); the file is damaged: delete it and run the suite again"
                                + " to redo that test");
            }
        }
        return scores;
    }

    private static int column(List<String> header, String name, Path file) {
        int index = header.indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException(file + " is not a JMH CSV file: no \"" + name + "\" column");
        }
        return index;
    }

    /** A JMH number: "%f" in the JVM's locale, so "1234.5", "1234,5" or "NaN". */
    private static double number(String text) {
        String t = text.trim();
        if (t.isEmpty() || t.equalsIgnoreCase("NaN")) {
            return Double.NaN;
        }
        if (t.indexOf(',') >= 0 && t.indexOf('.') < 0) {
            t = t.replace(',', '.');
        }
        return Double.parseDouble(t.replace("\u00a0", "").replace(" ", ""));
    }

    /** Splits one RFC 4180 line: fields separated by commas, quoted when they hold commas or quotes. */
    static List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c != '\r') {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
