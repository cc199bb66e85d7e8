package dev.kvbench.suite;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The end of a run: the report written from the results folder (an interrupt then says how to write it), the folder
 * marked finished, and the run's outcome: exit 0, or one line for the tests whose runs failed, the report that could
 * not be written, or YCSB's client that failed beside a test.
 */
final class RunSummary {

    /** process.sh's exit status when an interrupt (SIGINT, SIGTERM) stopped it: its trap's, or the signal's. */
    private static final Set<Integer> INTERRUPTED = Set.of(130, 143);

    private final Path results;
    private final String rerun;
    private final PrintStream err;
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private final AtomicBoolean said = new AtomicBoolean();

    /** @param rerun the command that runs this again, which writes the report of a run whose tests are all done */
    RunSummary(Path results, String rerun, PrintStream err) {
        this.results = results;
        this.rerun = rerun;
        this.err = err;
    }

    /**
     * Writes the report with {@code report}; returns whether it was written. An interrupt while it is written (of this
     * JVM, or of process.sh: a Ctrl-C reaches both) throws, so that the folder is not marked finished: the same
     * command then finds every test done and writes the report.
     */
    @SuppressWarnings("try") // the hook is registered for the block, never read
    boolean report(ReportStep report) throws InterruptedException {
        try (ShutdownHook duringReport = ShutdownHook.add("kvbench-suite-interrupt-report", this::interrupt)) {
            int status = report.write(results);
            if (interrupted.get() || INTERRUPTED.contains(status)) {
                sayInterrupted();
                throw new InterruptedException("interrupted while writing the report");
            }
            return status == 0;
        }
    }

    /** The shutdown hook: process.sh stopped (it removes what it half wrote) before this JVM ends, and the line. */
    private void interrupt() {
        interrupted.set(true);
        List<ProcessHandle> children = ProcessHandle.current().descendants().toList();
        children.forEach(ProcessHandle::destroy); // process.sh would go on unseen
        for (ProcessHandle child : children) {
            try {
                child.onExit().get(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (ExecutionException | TimeoutException e) {
                break; // the JVM ends anyway; the line below is still true
            }
        }
        sayInterrupted();
    }

    private void sayInterrupted() {
        if (said.compareAndSet(false, true)) {
            err.println();
            err.println("interrupted while writing the report: every test's results are kept in " + results + "; run "
                    + rerun + " again to write it (or ./process.sh " + results + ")");
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
