package dev.kvbench.report.tool;

import dev.kvbench.report.chart.Gnuplot;
import dev.kvbench.report.folder.HostProfile;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.Verdict;
import dev.kvbench.report.section.ChartKind;
import dev.kvbench.report.section.Glance;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Two runs side by side: for every run both folders hold (the same benchmark, engine and
 * parameters), the ratio B ÷ A of the time per operation with its combined error, and the
 * differences that are significant: JMH's 99.9% intervals do not overlap and the ratio is more
 * than a threshold (5%) from 1. Writes {@code README.md} and a chart of those differences into a
 * folder of its own, by default {@code compare-A-vs-B} beside B.
 *
 * <pre>java -cp target/benchmarks.jar dev.kvbench.report.tool.Compare A B [--out DIR] [--any-host] [--threshold PCT]
 *     [--templates gnuplot] [--no-png]                              # or ./process.sh --compare A B</pre>
 *
 * Runs from hosts of different classes ({@code host.class} in {@code env.txt}: the CPU's vendor, family and model;
 * for a run from before it, {@code cpu.model}) are refused unless {@code --any-host}: their differences are mostly the
 * hosts'. A comparison is a rerun check only of two runs of one experiment ({@link Experiment}); one line and exit
 * status 2 for: a missing folder, a folder without results, a folder and its copy (one run), folders with no run in
 * common, two experiments with fewer than two engines in common, and bad options.
 */
public final class Compare {

    /** The name of a comparison's folder starts with this; {@link ResultsIndex} lists them apart from runs. */
    static final String PREFIX = "compare-";

    private Compare() {}

    public static void main(String[] args) {
        try {
            Path out = run(List.of(args));
            System.out.println("comparison: " + out.resolve("README.md"));
        } catch (Refused | IllegalArgumentException e) {
            System.err.println("compare: " + e.getMessage());
            System.exit(2);
        } catch (IOException | RuntimeException e) {
            System.err.println("compare: cannot write the comparison: " + e);
            System.exit(1);
        }
    }

    /** Whether {@code folder} holds a YCSB test (a workload file's load and run phases). */
    private static boolean ycsb(ResultsFolder folder) {
        return folder.tests.stream().anyMatch(test -> ChartKind.of(test) == ChartKind.YCSB);
    }

    /** Whether a YCSB workload of the same test title has a verdict in both {@code a} and {@code b}. */
    private static boolean rankedYcsb(ResultsFolder a, ResultsFolder b, Specs specs) {
        Map<String, Verdict> inB = Glance.ycsb(b, specs);
        return Glance.ycsb(a, specs).keySet().stream().anyMatch(inB::containsKey);
    }

    /** Compares as the command line says; returns the folder written. */
    static Path run(List<String> args) throws IOException {
        CompareOptions options = CompareOptions.parse(args);
        if (Files.isDirectory(options.a())
                && Files.isDirectory(options.b())
                && Files.isSameFile(options.a(), options.b())) {
            throw new Refused(
                    options.a() + " and " + options.b() + " are the same folder: a comparison needs two runs; "
                            + "run the suite again (it writes a folder of its own) and compare the two");
        }
        ResultsFolder a = load(options.a());
        ResultsFolder b = load(options.b());
        Specs specs = new Specs(
                merged(a.env, b.env),
                Stream.concat(a.stores().stream(), b.stores().stream())
                        .distinct()
                        .toList());
        Experiment runA = Experiment.of(a, specs);
        Experiment runB = Experiment.of(b, specs);
        if (runA.sameRun(runB)) {
            throw new Refused(options.a() + " and " + options.b() + " hold one run (" + runA.runText()
                    + "): one is a copy of the other, not a rerun; run the suite again (it writes a folder of its own)"
                    + " and compare the two");
        }
        if (!options.anyHost()) {
            checkHosts(options, a, b);
        }
        Comparison comparison = Comparison.of(a, b, options.threshold());
        checkInCommon(options, a, b, comparison, specs);
        Files.createDirectories(options.out());
        ComparisonReport writer = new ComparisonReport(options, a, b, comparison, specs);
        String readme = writer.write();
        if (writer.figure != null) {
            new Gnuplot(options.templates()).write(writer.figure, options.out());
        }
        Files.writeString(options.out().resolve("README.md"), readme, StandardCharsets.UTF_8);
        return options.out();
    }

    /**
     * Refuses runs of different host classes ({@code host.class}: vendor, family, model), or where either run predates
     * it, of different CPU names: a ranking within about 1.5× can change between host classes of one name.
     */
    private static void checkHosts(CompareOptions options, ResultsFolder a, ResultsFolder b) {
        HostProfile hostA = HostProfile.of(a.env);
        HostProfile hostB = HostProfile.of(b.env);
        if (hostA.known() && hostB.known()) {
            if (!hostA.hostClass().equals(hostB.hostClass())) {
                String most = hostA.mostDifferent(hostB);
                throw new Refused(options.a() + " ran on " + hostA.hostClass() + " and " + options.b() + " on "
                        + hostB.hostClass() + ": runs of different host classes differ by the hosts"
                        + (most.isEmpty() ? "" : ", most in " + most)
                        + "; add --any-host to compare them anyway");
            }
            return;
        }
        String cpuA = a.env.getOrDefault("cpu.model", "");
        String cpuB = b.env.getOrDefault("cpu.model", "");
        if (!cpuA.isEmpty() && !cpuB.isEmpty() && !cpuA.equals(cpuB)) {
            throw new Refused(options.a() + " ran on " + cpuA + " and " + options.b() + " on " + cpuB
                    + ": runs of different hosts differ by the hosts; add --any-host to compare them anyway");
        }
    }

    /**
     * Refuses two folders with nothing to compare: no run in common and no YCSB workload both ranked; or two
     * experiments (other suites or engines) with fewer than two engines in common, whose rankings cannot agree or
     * disagree. Each refusal says what the two have in common.
     */
    private static void checkInCommon(
            CompareOptions options, ResultsFolder a, ResultsFolder b, Comparison comparison, Specs specs) {
        Experiment runA = Experiment.of(a, specs);
        Experiment runB = Experiment.of(b, specs);
        boolean passesInBoth = !comparison.common().isEmpty();
        boolean bothYcsb = ycsb(a) && ycsb(b);
        if (!passesInBoth && !(bothYcsb && rankedYcsb(a, b, specs))) {
            if (bothYcsb && runA.suite().equals(runB.suite())) {
                throw new Refused(options.a() + " and " + options.b() + " hold no YCSB workload that both ranked (two"
                        + " engines or more in each): --compare compares the verdicts of YCSB workloads both runs have;"
                        + " read each report's YCSB section");
            }
            throw new Refused(options.a() + " and " + options.b() + " have no run in common (the same benchmark, "
                    + "engine and parameters): " + runA.inCommon(runB) + "; compare two runs of one suite and command");
        }
        if (!runA.sameExperiment(runB) && runA.commonEngines(runB).size() < 2) {
            throw new Refused(options.a() + " and " + options.b() + " are not two runs of one experiment: "
                    + runA.inCommon(runB) + ", so no ranking of one can agree or disagree with the other's; compare two"
                    + " runs of one suite with the same engines");
        }
    }

    private static ResultsFolder load(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new Refused(dir + " is not a folder; give two results folders written by ./run.sh, e.g. "
                    + "./process.sh --compare results/20261124-quick4 results/20261124-quick5");
        }
        ResultsFolder folder = ResultsFolder.load(dir);
        if (!folder.hasResults()) {
            throw new Refused(dir + " has no results (no out-N.csv or out-N.side.jsonl with runs in it)");
        }
        return folder;
    }

    /** B's engine labels, then A's for engines only A recorded. */
    private static Map<String, String> merged(Map<String, String> a, Map<String, String> b) {
        Map<String, String> labels = new LinkedHashMap<>(a);
        labels.putAll(b);
        return labels;
    }
}
