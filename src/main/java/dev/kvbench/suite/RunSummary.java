package dev.kvbench.suite;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The end of a run: the report written from the results folder (an interrupt then says how to write it), the folder
 * marked finished, and the run's outcome: exit 0, or one line for the tests whose runs failed, the report that could
 * not be written, or YCSB's client that failed beside a test.
 */
final class RunSummary {

    private final Path results;
    private final PrintStream err;

    RunSummary(Path results, PrintStream err) {
        this.results = results;
        this.err = err;
    }

    /** Writes the report with {@code report}; returns whether it was written. */
    @SuppressWarnings("try") // the hook is registered for the block, never read
    boolean report(ReportStep report) throws InterruptedException {
        try (ShutdownHook duringReport = ShutdownHook.add("kvbench-suite-interrupt-report", () -> {
            ProcessHandle.current().descendants().forEach(ProcessHandle::destroy); // process.sh would go on unseen
            err.println();
            err.println("interrupted while writing the report: every test's results are in " + results
                    + "; run ./process.sh " + results + " to write it");
        })) {
            return report.write(results) == 0;
        }
    }

    /**
     * Marks the folder finished; returns {@link SuiteRunner#OK} when every run of {@code plan} passed, the report was
     * written and YCSB's client never failed, else throws the line that says which did not.
     */
    int finish(List<PlannedTest> plan, boolean reported, List<String> peerFailures) {
        SuiteFolder.markFinished(results);
        List<Integer> failed = failedTests(results, plan);
        if (!reported) {
            if (!failed.isEmpty()) {
                err.println("run.sh: some runs failed in test(s) " + join(failed) + "; their reasons are in " + results
                        + "/out-N.side.jsonl and out-N.txt");
            }
            throw new SuiteFailure("the report of " + results
                    + " could not be written (see above); fix the cause and run ./process.sh " + results);
        }
        if (!failed.isEmpty()) {
            throw new SuiteFailure("some runs failed in test(s) " + join(failed)
                    + "; the report lists them with their reasons: " + results.resolve("README.md"));
        }
        if (!peerFailures.isEmpty()) {
            throw new SuiteFailure(peerFailures.get(0)
                    + (peerFailures.size() > 1
                            ? " (and " + (peerFailures.size() - 1) + " more; the report lists them)"
                            : ""));
        }
        return SuiteRunner.OK;
    }

    /** The tests whose JMH run reported failed runs, for the exit status. */
    static List<Integer> failedTests(Path results, List<PlannedTest> plan) {
        List<Integer> failed = new ArrayList<>();
        for (PlannedTest test : plan) {
            String exit = Meta.read(results, test.number()).getOrDefault("jmh.exit", "");
            if (!exit.isEmpty() && !exit.equals("0")) {
                failed.add(test.number());
            }
        }
        return failed;
    }

    private static String join(List<Integer> numbers) {
        return String.join(" ", numbers.stream().map(String::valueOf).toList());
    }
}
