package dev.kvbench.report;

import java.util.List;

import dev.kvbench.text.Numbers;

/**
 * Writes the README.md of a results folder and collects the charts it shows, section by section:
 * {@link HeaderSection} (title, contents, at a glance), {@link EnvironmentSection}, the host during the run
 * ({@link MeasurementSection}), {@link MethodSection},
 * {@link HarnessCostSection}, {@link YcsbPeerSection} (YCSB's own client beside kvbench's), a {@link TestSection} per test (with {@link ThreadsKind} and
 * {@link DirWalkKind} for the application workloads), {@link FailuresSection}. Every number in it
 * comes from the folder's raw files; sentences with numbers or rankings come from {@link Findings}.
 */
final class ReportWriter {

    private final ResultsFolder folder;
    private final Markdown md = new Markdown();
    private final ReportCharts charts;
    private final HeaderSection header;
    private final EnvironmentSection environment;
    private final MethodSection method;
    private final MeasurementSection measurement;
    private final HarnessCostSection harnessCost;
    private final YcsbPeerSection ycsbPeer;
    private final TestSection tests;
    private final FailuresSection failures;

    /** @param charts whether PNGs will exist; without gnuplot the report says so instead of linking them */
    ReportWriter(ResultsFolder folder, boolean charts) {
        this.folder = folder;
        Specs specs = folder.specs();
        this.charts = new ReportCharts(md, charts);
        int cores = (int) Math.max(0, Numbers.parse(folder.env.getOrDefault("cpu.cores", "0")));
        this.measurement = new MeasurementSection(folder, specs, md);
        this.header = new HeaderSection(folder, specs, md, charts, measurement);
        this.environment = new EnvironmentSection(folder, specs, md);
        this.method = new MethodSection(folder, specs, md, measurement);
        this.harnessCost = new HarnessCostSection(folder, specs, md);
        this.ycsbPeer = new YcsbPeerSection(folder, specs, md);
        this.tests = new TestSection(folder, specs, md, this.charts, cores);
        this.failures = new FailuresSection(folder, specs, md);
    }

    /** The report text; {@link #figures()} then holds every chart it refers to. */
    String write() {
        header.write();
        environment.write();
        measurement.host();
        method.write();
        harnessCost.write();
        ycsbPeer.write();
        for (TestRun test : folder.tests) {
            tests.write(test);
        }
        failures.write();
        return md.toString();
    }

    List<Figure> figures() {
        return charts.figures();
    }

    /** The line charts (reader threads, latency percentiles) the report refers to. */
    List<LineChart> lineCharts() {
        return charts.lineCharts();
    }
}
