package dev.kvbench.report.tool;

import dev.kvbench.report.chart.Figure;
import dev.kvbench.report.chart.Gnuplot;
import dev.kvbench.report.chart.LineChart;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.section.ReportWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Turns a results folder into its report: {@code README.md}, and per chart a {@code .dat} file and
 * a gnuplot script {@code .gp} (which process.sh renders to {@code .png}).
 *
 * <pre>java -cp target/benchmarks.jar dev.kvbench.report.tool.Report DIR [--templates gnuplot] [--no-png]</pre>
 *
 * {@code --out DIR}: where the report goes (default: the results folder itself).
 * {@code --no-png}: gnuplot is missing, so the report names the chart data instead of showing images.
 * Exit status 2, with one line saying what to do, when the folder holds no results.
 */
public final class Report {

    private Report() {}

    public static void main(String[] args) {
        Path dir = null;
        Path out = null;
        Path templates = Path.of("gnuplot");
        boolean png = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--templates" -> templates = Path.of(args[++i]);
                case "--no-png" -> png = false;
                case "--out" -> out = Path.of(args[++i]);
                default -> dir = Path.of(args[i]);
            }
        }
        if (dir == null) {
            System.err.println("usage: Report DIR [--out DIR] [--templates DIR] [--no-png]");
            System.exit(2);
        }
        try {
            Path to = out == null ? dir : out;
            write(dir, to, templates, png);
            System.out.println("wrote " + dir.resolve("README.md") + " and its chart scripts");
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
        } catch (IOException | RuntimeException e) {
            System.err.println("cannot write the report of " + dir + ": " + e);
            System.exit(1);
        }
    }

    /** Writes README.md and every chart's .dat and .gp into {@code dir}; returns the charts. */
    static List<Figure> write(Path dir, Path templates, boolean png) throws IOException {
        return write(dir, dir, templates, png);
    }

    /** Writes the report of {@code dir} into {@code out} (the results folder or a folder to swap in later). */
    static List<Figure> write(Path dir, Path out, Path templates, boolean png) throws IOException {
        ResultsFolder folder = ResultsFolder.load(dir);
        if (!folder.hasResults()) {
            throw new IllegalArgumentException(
                    dir + " has no results (no out-N.csv or out-N.side.jsonl with runs in it): "
                            + "run ./run.sh SUITE to make a results folder, then ./process.sh on the folder it names");
        }
        Gnuplot gnuplot = new Gnuplot(templates);
        ReportWriter writer = new ReportWriter(folder, png);
        String readme = writer.write();
        for (Figure figure : writer.figures()) {
            gnuplot.write(figure, out);
        }
        for (LineChart chart : writer.lineCharts()) {
            gnuplot.write(chart, out);
        }
        Files.writeString(out.resolve("README.md"), readme, StandardCharsets.UTF_8);
        return writer.figures();
    }
}
