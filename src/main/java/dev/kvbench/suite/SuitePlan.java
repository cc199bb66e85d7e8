package dev.kvbench.suite;

import dev.kvbench.measure.Machine;
import dev.kvbench.trial.WorkFolder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * A suite planned for this machine, every check that needs no results folder passed: the work folder and its room,
 * the results folder chosen (a new one, or the unfinished one this run resumes), the budget the tests are scaled to,
 * the tests that run here (the shard's or the selection's) with their JMH commands, rounds and time estimates, and
 * YCSB's own client where the suite runs it.
 *
 * @param command    the checked command line
 * @param suiteTests the suite's tests, of which a shard or a selection runs some: the N of "test n of N"
 * @param tests      the tests that run here, in order
 * @param folder     the results folder chosen, and why another was passed over
 * @param origin     this machine and commit, which may resume the folder
 * @param budget     the flat data per store the tests are scaled to
 * @param workDir    the work folder, writable
 * @param workFree   its free bytes (-1 unknown)
 * @param peer       YCSB's own client beside each test, or null where the suite runs none
 */
record SuitePlan(
        SuiteCommand command,
        int suiteTests,
        List<PlannedTest> tests,
        SuiteFolder.Choice folder,
        SuiteFolder.Origin origin,
        Budget budget,
        Path workDir,
        long workFree,
        YcsbPeer peer) {

    /** The suite of {@code command} planned with {@code env} on this machine, checked by {@code machine}; one line (exit 2) for the first mistake. */
    static SuitePlan of(SuiteCommand command, SuiteRunner.Config config, MachineChecks machine, MemoryLimits memory) {
        Map<String, String> env = config.env();
        Path workDir = Folders.work(env);
        Folders.removeStale(workDir, "work folder", config.out(), false); // before its room is counted
        long workFree = WorkFolder.usableBytes(workDir);
        SuiteFolder.Origin origin = SuiteFolder.Origin.here(config.root());
        SuiteFolder.Choice folder = SuiteFolder.choice(
                config.root(), command.folderName(), config.today(), env.get("KVBENCH_RESULTS"), origin);
        Budget budget =
                command.kind().budget().apply(Budget.of(env.get("KVBENCH_BUDGET"), Machine.memAvailable(), workFree));
        Suite suite = scaled(command, folder.dir(), budget, env.get("KVBENCH_BUDGET"));
        List<PlannedTest> tests = planned(command, suite, env.get(Rounds.ENVIRONMENT));
        // an interleaved test whose stores do not fit in memory at once runs in groups that do, before its room is
        // counted: the work folder holds one group's stores at a time
        tests = MemoryPlan.grouped(tests, MemoryPlan.inMemory(workDir), budget.memAvailable());
        // the suite's own line (what a workload file's records and inserts need), for every store held at once
        command.kind()
                .checkRoom(
                        workDir,
                        workFree,
                        tests.stream().mapToLong(SuitePlan::storesAtOnce).max().orElse(1));
        machine.check(command.name(), tests);
        tests = memory.apply(command.name(), tests, env.get(BeyondMemory.ENVIRONMENT));
        if (!DryRun.requested(env)) { // a dry run prints the plan first, then checks it
            checkRoomAndMemory(command.name(), tests, workDir, workFree, budget.memAvailable());
        }
        YcsbPeer peer = null;
        if (command.kind().besideYcsbClient()) {
            tests.forEach(YcsbPeer::properties); // a property YCSB would not follow: one line before anything runs
            peer = YcsbPeer.of(env);
        }
        RunFolder.checkRecordedCommands(folder.dir(), tests);
        machine.warnAboutOpenFiles(tests);
        return new SuitePlan(command, suite.tests().size(), tests, folder, origin, budget, workDir, workFree, peer);
    }

    /**
     * Refuses, in one line, tests whose largest the work folder may not hold ({@link Room}), then the first test whose
     * JVMs and stores need more memory at once than {@code memAvailable} allows ({@link MemoryPlan}).
     */
    static void checkRoomAndMemory(
            String suite, List<PlannedTest> tests, Path workDir, long workFree, long memAvailable) {
        Room.checkWorkFolder(workDir, workFree, tests);
        boolean inMemory = MemoryPlan.inMemory(workDir);
        MemoryPlan.check(
                suite,
                tests.stream()
                        .flatMap(test -> MemoryPlan.of(test, inMemory).stream())
                        .toList(),
                memAvailable);
    }

    /** The stores a test holds at once: its largest group's in each JVM where it runs in groups. */
    private static long storesAtOnce(PlannedTest test) {
        long all = Planner.storesAtOnce(test.params(), test.options());
        if (!test.split()) {
            return all;
        }
        long stores = Defaults.values(test.params(), "store").size();
        return all / stores * test.groups().stream().mapToLong(List::size).max().orElse(stores);
    }

    /** The suite, its scaled tests sized to {@code budget} (kept as an interrupted run in {@code results} planned them). */
    private static Suite scaled(SuiteCommand command, Path results, Budget budget, String configuredBudget) {
        int[] largestScaledEntry = {0};
        Scaler scaler = RunFolder.resumingScaler(results, budget);
        Suite suite = command.kind().suite((test, original, entryBytes) -> {
            largestScaledEntry[0] = Math.max(largestScaledEntry[0], entryBytes);
            return scaler.num(test, original, entryBytes);
        });
        if (!command.userNum()) { // -p num replaces every scaled count
            budget.checkMet(configuredBudget, largestScaledEntry[0]);
        }
        return suite;
    }

    /** The tests of the shard or the selection only, planned (before any other test is planned or checked), in their rounds. */
    private static List<PlannedTest> planned(SuiteCommand command, Suite suite, String rounds) {
        int suiteTests = suite.tests().size();
        IntPredicate chosen = command.shard().within(suiteTests, command.name())::holds;
        chosen = chosen.and(command.selection().within(suiteTests, command.name())::holds);
        boolean peer = command.kind().besideYcsbClient();
        return Planner.plan(suite, command.user(), chosen).stream()
                .map(test -> peer ? YcsbPeer.withClientTime(test) : test) // YCSB's client's time too
                .map(test -> RoundCommands.withRounds(
                        test, Rounds.of(rounds, test.test().repeat())))
                .toList();
    }

    /** The command that resumes this run's results folder, with the {@code KVBENCH_RESULTS} that names it if any. */
    String resume() {
        return folder.resume(command.rerun());
    }

    /** The results folder. */
    Path results() {
        return folder.dir();
    }

    /** The same plan with only {@code kept} of its tests. */
    SuitePlan withTests(List<PlannedTest> kept) {
        return new SuitePlan(command, suiteTests, kept, folder, origin, budget, workDir, workFree, peer);
    }

    /** The sum of the tests' time estimates, seconds. */
    long seconds() {
        return tests.stream().mapToLong(PlannedTest::seconds).sum();
    }
}
