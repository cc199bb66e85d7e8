package dev.kvbench.suite;

import dev.kvbench.text.Numbers;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * {@code KVBENCH_DRY_RUN=1}: the plan printed instead of run, each test's heading, where its stores and forks would
 * be, YCSB's client's commands beside it, the memory its JVMs hold at once ({@link MemoryPlan}), its JMH command (or,
 * where its stores run in groups that fit, each group and its command), then the estimate of the time; nothing is written. The work folder's room is checked as a real run checks it.
 */
final class DryRun {

    static final String ENVIRONMENT = "KVBENCH_DRY_RUN";
    static final String ENABLED = "1";

    private final PrintStream out;
    private final Map<String, String> env;
    private final MemoryLimits memory;

    DryRun(PrintStream out, Map<String, String> env, MemoryLimits memory) {
        this.out = out;
        this.env = env;
        this.memory = memory;
    }

    /** Whether {@code env} asks for a dry run; one line (exit 2) for a value other than 1, 0 or none. */
    static boolean requested(Map<String, String> env) {
        String dryRun = env.getOrDefault(ENVIRONMENT, "");
        if (!List.of("", "0", ENABLED).contains(dryRun)) {
            throw new UsageException(ENVIRONMENT + "=" + dryRun
                    + ": use 1 to print the tests' commands without running them," + " or leave it unset");
        }
        return dryRun.equals(ENABLED);
    }

    void print(SuitePlan plan) {
        boolean inMemory = MemoryPlan.inMemory(plan.workDir());
        for (PlannedTest test : plan.tests()) {
            out.println(test.heading(plan.suiteTests()));
            if (test.test().folder() == Experiment.Folder.DISK) {
                String disk = env.get(Folders.DISK_ENVIRONMENT);
                out.println("    (stores in the disk folder: KVBENCH_DISK_DIR"
                        + (disk == null || disk.isBlank() ? ", default " + Folders.DEFAULT_DISK_DIR : "=" + disk)
                        + ")");
            }
            if (plan.peer() != null) {
                plan.peer().plan(test, plan.results(), plan.workDir()).forEach(line -> out.println("    " + line));
            }
            if (memory.limits(test.number())) {
                memory.planLines(test, Folders.configuredDisk(env)).forEach(line -> out.println("    " + line));
            }
            MemoryPlan.of(test, inMemory)
                    .ifPresent(memoryPlan ->
                            memoryPlan.lines(plan.budget().memAvailable()).forEach(line -> out.println("    " + line)));
            if (!test.split()) {
                out.println("    " + test.command());
            }
            for (int g = 1; test.split() && g <= test.groups().size(); g++) {
                out.println("    " + MemoryPlan.of(test, inMemory).orElseThrow().groupLine(g));
                out.println("    " + test.groupCommand(g));
            }
        }
        TestSelection selection = plan.command().selection();
        out.println("about " + Numbers.duration(plan.seconds()) + " in all"
                + (selection.all() ? "" : " for tests " + selection + " of " + plan.suiteTests())
                + " (a rough estimate)");
        out.flush();
        // what the real run checks before its first test
        SuitePlan.checkRoomAndMemory(
                plan.command().name(),
                plan.tests(),
                plan.workDir(),
                plan.workFree(),
                plan.budget().memAvailable());
    }
}
