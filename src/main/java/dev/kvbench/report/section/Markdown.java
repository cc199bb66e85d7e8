package dev.kvbench.report.section;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A Markdown document built line by line, with tables whose numeric columns align right. */
public final class Markdown {

    private final StringBuilder out = new StringBuilder();

    public Markdown heading(int level, String text) {
        out.append("#".repeat(level)).append(' ').append(text).append("\n\n");
        return this;
    }

    public Markdown paragraph(String text) {
        out.append(text).append("\n\n");
        return this;
    }

    /** A bullet list of {@code items}, leaving out empty ones (an item that does not apply). */
    public Markdown bullets(List<String> items) {
        List<String> shown = items.stream().filter(item -> !item.isEmpty()).toList();
        if (!shown.isEmpty()) {
            shown.forEach(item -> out.append("- ").append(item).append('\n'));
            out.append('\n');
        }
        return this;
    }

    /** A fenced block of lines shown as they are (a crashed JVM's last output). */
    Markdown block(List<String> lines) {
        out.append("```\n");
        lines.forEach(line -> out.append(line.replace("```", "'''")).append('\n'));
        out.append("```\n\n");
        return this;
    }

    public Markdown image(String alt, String file) {
        out.append("![").append(alt).append("](").append(file).append(")\n\n");
        return this;
    }

    /** A table; a column of numbers (cells that are numbers, or empty, a dash or a status word) is right-aligned. */
    public Markdown table(List<String> header, List<List<String>> rows) {
        out.append(row(header));
        List<String> rule = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            int column = i;
            boolean numeric = rows.stream().anyMatch(r -> column < r.size() && number(r.get(column)))
                    && rows.stream().allMatch(r -> column >= r.size() || number(r.get(column)) || blank(r.get(column)));
            rule.add(numeric ? "---:" : "---");
        }
        out.append(row(rule));
        rows.forEach(r -> out.append(row(r)));
        out.append('\n');
        return this;
    }

    private static boolean number(String cell) {
        return cell.matches("[+-]?[0-9][0-9,.]*( ?[A-Za-z%]{1,3})?( ± .*| \\(.*\\))?");
    }

    private static boolean blank(String cell) {
        return cell.isEmpty() || cell.matches("—|skipped|failed|not run");
    }

    private static String row(List<String> cells) {
        return "| "
                + String.join(
                        " | ", cells.stream().map(c -> c.replace("|", "\\|")).toList()) + " |\n";
    }

    /** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to dashes. */
    static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "").replace(' ', '-');
    }

    static String code(String text) {
        return "`" + text + "`";
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
