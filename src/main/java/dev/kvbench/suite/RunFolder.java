package dev.kvbench.suite;

import dev.kvbench.text.Numbers;
import dev.kvbench.trial.WorkFolder;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The results folder of a run and its resume: the folder made (or taken up again: an interrupted run's completed tests
 * are kept, and its scaled tests keep their counts), locked, marked with this machine and commit, its {@code env.txt}
 * written; until the tests start, an interrupt leaves no folder this run made with nothing in it.
 *
 * @param dir         the folder
 * @param created     whether this run made it (else it resumes one)
 * @param beforeTests what an interrupt does until the tests start
 */
record RunFolder(Path dir, boolean created, ShutdownHook beforeTests) {

    /**
     * Budget scaling, except that a test planned by an interrupted run keeps its count (free
     * memory may have changed since).
     */
    static Scaler resumingScaler(Path results, Budget budget) {
        return (test, original, entryBytes) -> {
            Map<String, String> meta = Meta.read(results, test);
            if ("scaled".equals(meta.get("num.source")) && meta.containsKey("num")) {
                return Integer.parseInt(meta.get("num"));
            }
            return budget.scale(original, entryBytes);
        };
    }

    /** A completed test run with other options must not be mixed into this one. */
    static void checkRecordedCommands(Path results, List<PlannedTest> plan) {
        for (PlannedTest test : plan) {
            if (!SuiteFolder.complete(results, test.number())) {
                continue;
            }
            String recorded = Meta.read(results, test.number()).get("command");
            if (recorded != null && !recorded.equals(test.command())) {
                throw new UsageException(results + " already holds test " + test.number() + " run as: " + recorded
                        + ". To keep both, set KVBENCH_RESULTS to a new folder; to redo it, delete " + results);
            }
        }
    }

    /**
     * The plan's results folder, made or taken up again, locked and marked, with its {@code env.txt}; says on
     * {@code out} where the run goes, and on {@code err} what an interrupt before the tests start left.
     */
    static RunFolder open(SuitePlan plan, PrintStream out, PrintStream err, EnvFile.JavaSide javaSide) {
        Path results = plan.results();
        boolean created = !Files.isDirectory(results);
        try {
            Files.createDirectories(results);
        } catch (IOException e) {
            throw new UsageException("cannot create the results folder " + results + ": " + WorkFolder.why(e)
                    + "; set KVBENCH_RESULTS to a writable folder");
        }
        SuiteFolder.lock(results);
        SuiteFolder.mark(results, plan.origin());
        String rerun = plan.resume();
        ShutdownHook beforeTests = ShutdownHook.add("kvbench-suite-interrupt-early", () -> {
            err.println();
            if (created) {
                WorkFolder.delete(results);
                err.println("interrupted before any test ran: removed " + results);
            } else {
                err.println("interrupted before any test ran: " + results + " is as it was; run " + rerun
                        + " again to resume");
            }
        });
        try {
            if (!plan.folder().note().isEmpty()) {
                out.println("run.sh: " + plan.folder().note());
            }
            EnvFile.write(results, envLines(plan), javaSide);
            out.println("suite " + plan.command().name() + ": " + plan.tests().size() + " tests into " + results
                    + " (work folder " + plan.workDir() + ", " + Numbers.bytes(plan.workFree()) + " free)");
        } catch (RuntimeException e) {
            beforeTests.close(); // a mistake, not an interrupt: its own line says what is wrong
            throw e;
        }
        return new RunFolder(results, created, beforeTests);
    }

    /** The machine's lines of env.txt, with the shard's, the selection's and YCSB's client's. */
    private static List<String> envLines(SuitePlan plan) {
        SuiteCommand command = plan.command();
        List<String> machine =
                new ArrayList<>(EnvFile.machineLines(command.name(), command.rerun(), plan.workDir(), plan.workFree()));
        machine.addAll(command.shard().envLines());
        machine.addAll(command.selection().envLines(plan.suiteTests()));
        if (plan.peer() != null) {
            machine.addAll(plan.peer().envLines());
        }
        return machine;
    }

    /** The tests have started: from now on an interrupt keeps the folder, to resume. */
    void testsStarted() {
        beforeTests.close();
    }

    /**
     * Removes what a refused test left: its part folder and meta file, and the whole folder when this run created it
     * and none of {@code plan}'s tests is complete.
     */
    void forget(PlannedTest test, Path part, List<PlannedTest> plan) {
        WorkFolder.delete(part);
        try {
            Files.deleteIfExists(Meta.file(dir, test.number()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        boolean anyComplete = plan.stream().anyMatch(t -> SuiteFolder.complete(dir, t.number()));
        if (created && !anyComplete) {
            WorkFolder.delete(dir);
        }
    }
}
