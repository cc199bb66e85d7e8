package dev.kvbench.suite;

import dev.kvbench.text.Numbers;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * The planned tests run in order: the tests an interrupted run completed skipped, each other test's meta file written
 * and its progress line printed with the time spent and an estimate of the time left (the plan's estimates scaled by
 * what the tests so far took), its time and exit status recorded when it ends.
 */
record Progress(
        SuitePlan plan,
        Path results,
        Map<Experiment.Folder, Path> folders,
        MemoryLimits memory,
        TestRunner tests,
        PrintStream out) {

    void run() throws InterruptedException {
        long total = plan.seconds();
        long doneWeight = 0;
        long spent = 0;
        long start = System.nanoTime();
        for (PlannedTest test : plan.tests()) {
            if (SuiteFolder.complete(results, test.number())) {
                out.println("test " + test.number() + " of " + plan.suiteTests() + ": " + test.title()
                        + ": already complete, skipped");
                total -= test.seconds();
                continue;
            }
            Path folder = folders.get(test.test().folder());
            Meta.write(results, plan.command().name(), test, plan.budget(), folder);
            memory.describe(results, test, folder);
            long elapsed = seconds(start);
            long left = doneWeight > 0 ? (total - doneWeight) * spent / doneWeight : total;
            out.println(test.heading(plan.suiteTests()) + "; elapsed " + Numbers.duration(elapsed) + ", about "
                    + Numbers.duration(left) + " left");
            long began = System.nanoTime();
            int exit = tests.run(test);
            long took = seconds(began);
            Meta.finish(results, test.number(), took, exit);
            spent += took;
            doneWeight += test.seconds();
        }
        out.println("suite " + plan.command().name() + " done in " + Numbers.duration(seconds(start)) + ": " + results);
    }

    private static long seconds(long since) {
        return (System.nanoTime() - since) / 1_000_000_000L;
    }
}
