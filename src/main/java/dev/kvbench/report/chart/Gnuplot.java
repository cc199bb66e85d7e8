package dev.kvbench.report.chart;

import dev.kvbench.text.Numbers;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a {@link Figure} as {@code STEM.dat} (one data block per panel) and {@code STEM.gp} (the
 * templates {@code figure.gp} and {@code panel.gp} filled in); gnuplot renders {@code STEM.png}.
 */
public final class Gnuplot {

    private final Template figureTemplate;
    private final Template panelTemplate;
    private final Template linesTemplate;

    public Gnuplot(Path templates) throws IOException {
        this.figureTemplate = Template.load(templates, "figure.gp");
        this.panelTemplate = Template.load(templates, "panel.gp");
        this.linesTemplate = Template.load(templates, "lines.gp");
    }

    /** Writes a line chart: {@code STEM.dat}, one block per series, and {@code STEM.gp}. */
    public void write(LineChart chart, Path dir) throws IOException {
        writeFiles(dir, chart.stem(), data(chart), script(chart));
    }

    private static void writeFiles(Path dir, String stem, String data, String script) throws IOException {
        Files.writeString(dir.resolve(stem + ".dat"), data, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(stem + ".gp"), script, StandardCharsets.UTF_8);
    }

    static String data(LineChart chart) {
        StringBuilder out = dataFile(chart.stem(), chart.title(), "x y label (" + chart.yUnit() + ")");
        for (int i = 0; i < chart.series().size(); i++) {
            LineChart.Series series = chart.series().get(i);
            startBlock(out, i, "series " + i + ": " + series.label());
            for (double[] point : series.points()) {
                out.append(num(point[0]))
                        .append(' ')
                        .append(num(point[1]))
                        .append(' ')
                        .append(quote(Double.isNaN(point[1]) ? "" : Numbers.sig3(point[1])))
                        .append('\n');
            }
        }
        return out.toString();
    }

    private String script(LineChart chart) {
        List<String> tics = new ArrayList<>();
        double xmin = Double.MAX_VALUE;
        double xmax = -Double.MAX_VALUE;
        for (Figure.Tic tic : chart.tics()) {
            tics.add("\"" + escape(tic.label()) + "\" " + num(tic.x()));
            xmin = Math.min(xmin, tic.x());
            xmax = Math.max(xmax, tic.x());
        }
        double pad = xmax > xmin ? (xmax - xmin) * 0.05 : 0.5;
        List<String> plots = new ArrayList<>();
        for (int i = 0; i < chart.series().size(); i++) {
            LineChart.Series series = chart.series().get(i);
            plots.add("data index " + i + " using 1:2 with linespoints lw 2 pt 7 dt " + (series.dashed() ? 2 : 1)
                    + " lc rgb \"" + rgb(series.rgb())
                    + "\" title \"" + escape(series.label()) + "\"");
        }
        Map<String, String> values = new HashMap<>();
        values.put("STEM", chart.stem());
        values.put("TITLE", escape(chart.title()));
        values.put("XLABEL", escape(chart.xLabel()));
        values.put("YLABEL", escape(chart.yLabel()));
        values.put("LOGSCALE", chart.log() ? "set logscale y" : "unset logscale y");
        values.put("YMIN", chart.log() ? "*" : "0");
        values.put("XMIN", num(xmin - pad));
        values.put("XMAX", num(xmax + pad));
        values.put("XTICS", String.join(", ", tics));
        values.put("PLOTS", plots.isEmpty() ? "NaN notitle" : String.join(", \\\n     ", plots));
        return linesTemplate.fill(values);
    }

    public void write(Figure figure, Path dir) throws IOException {
        writeFiles(dir, figure.stem(), data(figure), script(figure));
    }

    static String data(Figure figure) {
        StringBuilder out = dataFile(
                figure.stem(),
                figure.title(),
                "x xlow xhigh value error rgb fill whiskerLow whiskerHigh whiskerStyle text note label");
        for (int i = 0; i < figure.panels().size(); i++) {
            Figure.Panel panel = figure.panels().get(i);
            startBlock(
                    out,
                    i,
                    "panel " + i + ": " + panel.title() + " (" + panel.axis().unit() + ")");
            for (Figure.Bar bar : panel.bars()) {
                Figure.Whisker whisker = bar.whisker(panel.axis());
                out.append(String.format(
                        Locale.ROOT,
                        "%s %s %s %s %s %d %d %s %s %d %s %s %s%n",
                        num(bar.x()),
                        num(bar.x() - bar.half()),
                        num(bar.x() + bar.half()),
                        num(bar.value()),
                        num(bar.error()),
                        bar.rgb(),
                        bar.fill().ordinal(),
                        num(whisker.low()),
                        num(whisker.high()),
                        whisker.style(),
                        quote(Double.isNaN(bar.value()) ? "" : bar.text()),
                        quote(bar.note()),
                        quote(bar.label())));
            }
        }
        return out.toString();
    }

    /** A data file's first lines: its name and the chart's title, then what its {@code columns} hold. */
    private static StringBuilder dataFile(String stem, String title, String columns) {
        return new StringBuilder("# " + stem + ".dat: " + title + "\n# " + columns + "\n");
    }

    /**
     * Starts data block {@code index} of a file, under a comment line {@code heading}: gnuplot's {@code index} counts
     * blocks set apart by two blank lines.
     */
    private static void startBlock(StringBuilder out, int index, String heading) {
        if (index > 0) {
            out.append("\n\n");
        }
        out.append("# ").append(heading).append('\n');
    }

    /** A panel wider than this many pixels gets a row of its own. */
    private static final int WIDE_PANEL = 1_400;

    private String script(Figure figure) {
        int n = figure.panels().size();
        int bars = figure.panels().stream().mapToInt(p -> p.bars().size()).max().orElse(1);
        // Panels side by side, up to three a row, unless one panel alone is wider than a screen:
        // then one above the other.
        int columns = 48 * bars + 170 > WIDE_PANEL ? 1 : n <= 3 ? n : (n == 4 ? 2 : 3);
        int rows = (n + columns - 1) / columns;
        int panelWidth =
                Math.max(Math.max(420, 48 * bars + 170), (9 * figure.title().length() + 80) / columns);
        int panelHeight = figure.panels().stream().anyMatch(Figure.Panel::rotateTics) ? 460 : 420;
        StringBuilder panels = new StringBuilder();
        for (int i = 0; i < n; i++) {
            panels.append(panel(figure, i));
        }
        Map<String, String> values = new HashMap<>();
        values.put("STEM", figure.stem());
        values.put("TITLE", escape(figure.title()));
        values.put("WIDTH", Integer.toString(columns * panelWidth));
        values.put(
                "HEIGHT", Integer.toString(rows * panelHeight + (figure.legend().isEmpty() ? 40 : 70)));
        values.put("ROWS", Integer.toString(rows));
        values.put("COLUMNS", Integer.toString(columns));
        values.put("PANELS", panels.toString());
        return figureTemplate.fill(values);
    }

    private String panel(Figure figure, int index) {
        Figure.Panel panel = figure.panels().get(index);
        Figure.Axis axis = panel.axis();
        double xmin =
                panel.bars().stream().mapToDouble(b -> b.x() - b.half()).min().orElse(0) - 0.3;
        double xmax =
                panel.bars().stream().mapToDouble(b -> b.x() + b.half()).max().orElse(1) + 0.3;
        List<String> tics = new ArrayList<>();
        for (Figure.Tic tic : panel.tics()) {
            tics.add("\"" + escape(tic.label()) + "\" " + num(tic.x()));
        }
        boolean legend = index == 0 && !figure.legend().isEmpty();
        StringBuilder entries = new StringBuilder();
        if (legend) {
            for (Figure.Legend entry : figure.legend()) {
                entries.append(", \\\n     keyentry with boxes fc rgb \"")
                        .append(rgb(entry.rgb()))
                        .append("\" title \"")
                        .append(escape(entry.label()))
                        .append('"');
            }
        }
        Map<String, String> values = new HashMap<>();
        values.put("INDEX", Integer.toString(index));
        values.put("PANEL_TITLE", escape(panel.title()));
        values.put("YLABEL", escape(axis.label()));
        values.put("XLABEL", escape(panel.xLabel()));
        // A ratio's origin, 1, is marked by a line across the panel; panel.gp has no slot of its own for it, so it
        // follows the axis's scale, set just before the plot
        values.put(
                "LOGSCALE",
                (axis.log() ? "set logscale y" : "unset logscale y")
                        + (axis.hasOrigin()
                                ? "\nset arrow 1 from graph 0, first " + num(axis.origin()) + " to graph 1, first "
                                        + num(axis.origin()) + " nohead front lw 1.5 dt 2 lc rgb \"#202020\""
                                : ""));
        values.put("XMIN", num(xmin));
        values.put("XMAX", num(xmax));
        values.put("YMIN", num(axis.min()));
        values.put("YMAX", num(axis.max()));
        values.put("YBASE", num(axis.base()));
        values.put("NOTE_Y", num(axis.noteY()));
        values.put("XTICS", String.join(", ", tics));
        values.put("XTICS_ROTATION", panel.rotateTics() ? "rotate by -30" : "norotate");
        values.put("KEY", legend ? "set key outside top center horizontal" : "set key off");
        values.put("KEYENTRIES", entries.toString());
        // A panel whose every bar failed or was skipped has no value to print: gnuplot 5.4.4 segfaults on
        // "with labels boxed" over such a data block, so the plot of the values is left out (the notes say why).
        boolean anyValue = panel.bars().stream().anyMatch(bar -> !Double.isNaN(bar.value()));
        values.put(
                "VALUE_LABELS",
                anyValue
                        ? ", \\\n     data index " + index
                                + " using 1:4:11 with labels boxed offset 0,0.8 font \",9\" notitle"
                        : "");
        return panelTemplate.fill(values);
    }

    private static String num(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    static String rgb(int rgb) {
        return String.format(Locale.ROOT, "#%06x", rgb);
    }

    private static String quote(String text) {
        return "\"" + (text == null ? "" : text.replace('"', '\'')) + "\"";
    }

    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
