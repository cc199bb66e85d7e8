package dev.kvbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Turns a results folder into its report: {@code README.md}, and per chart a {@code .dat} file and
 * a gnuplot script {@code .gp} (which process.sh renders to {@code .png}).
 *
 * <pre>java -cp target/benchmarks.jar dev.kvbench.report.Report DIR [--templates gnuplot] [--no-png]</pre>
 *
 * {@code --no-png}: gnuplot is missing, so the report names the chart data instead of showing images.
 * Exit status 2, with one line saying what to do, when the folder holds no results.
 */
public final class Report {

    private Report() {
    }

    public static void main(String[] args) {
        Path dir = null;
        Path templates = Path.of("gnuplot");
        boolean png = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--templates" -> templates = Path.of(args[++i]);
                case "--no-png" -> png = false;
                default -> dir = Path.of(args[i]);
            }
        }
        if (dir == null) {
            System.err.println("usage: Report DIR [--templates DIR] [--no-png]");
            System.exit(2);
        }
        try {
            List<Figure> figures = write(dir, templates, png);
            System.out.println("wrote " + dir.resolve("README.md") + " and its chart scripts");
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
        } catch (IOException e) {
            System.err.println("cannot write the report in " + dir + ": " + e);
            System.exit(1);
        }
    }

    /** Writes README.md and every chart's .dat and .gp into {@code dir}; returns the charts. */
    static List<Figure> write(Path dir, Path templates, boolean png) throws IOException {
        ResultsFolder folder = ResultsFolder.load(dir);
        if (!folder.hasResults()) {
            throw new IllegalArgumentException(dir + " has no results (no out-N.csv or out-N.side.jsonl with runs in it): "
                    + "run ./run.sh SUITE to make a results folder, then ./process.sh on the folder it names");
        }
        Gnuplot gnuplot = new Gnuplot(templates);
        ReportWriter writer = new ReportWriter(folder, png);
        String readme = writer.write();
        for (Figure figure : writer.figures()) {
            gnuplot.write(figure, dir);
        }
        for (LineChart chart : writer.lineCharts()) {
            gnuplot.write(chart, dir);
        }
        Files.writeString(dir.resolve("README.md"), readme, StandardCharsets.UTF_8);
        return writer.figures();
    }
}
