package dev.kvbench.suite;

import dev.kvbench.cgroup.MemoryGroup;
import dev.kvbench.cutfs.Build;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs a suite into its results folder, in stages: the command line checked ({@link SuiteCommand}), the suite planned
 * for this machine and checked ({@link SuitePlan}), printed instead when it is a dry run ({@link DryRun}), its folders
 * given room ({@link Room}), the results folder made or resumed ({@link RunFolder}), the tests run in order
 * ({@link Progress}, each a {@link TestRunner} watched by {@link HostWatch}), then the report and the outcome
 * ({@link RunSummary}). What a suite brings besides its tests is its {@link SuiteKind}: no stage names a suite.
 *
 * <p>Exit codes: 0 every run passed; 1 a run failed or a test could not complete; 2 a mistake
 * in the command line or the environment, found before anything ran (no results folder is
 * written); 130 interrupted.
 */
public final class SuiteRunner {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    /**
     * What the runner reads from outside.
     *
     * @param root  the project folder (results go to {@code root/results})
     * @param env   the environment variables (KVBENCH_DIR, KVBENCH_DISK_DIR, KVBENCH_RESULTS, KVBENCH_BUDGET,
     *              KVBENCH_DRY_RUN)
     * @param today the date in the results folder's name
     * @param out   progress lines
     * @param err   warnings and errors
     */
    public record Config(Path root, Map<String, String> env, LocalDate today, PrintStream out, PrintStream err) {}

    private final Config config;
    private final Function<Path, Launcher> launchers;
    private final ReportStep report;
    private final EnvFile.JavaSide javaSide;
    private final Function<Path, HostWatch> hostWatch;
    /** Null when the power-cut test can run here, else why not (tests replace it). */
    Supplier<String> powerCutMissing = Build::missing;
    /** Finds this machine's memory controller for the beyond-memory tests (tests replace it). */
    Supplier<MemoryGroup.Found> memoryController = MemoryGroup::find;

    /**
     * @param launchers the launcher for a work folder
     * @param report    what turns the results folder into a report
     * @param javaSide  the JVM's lines of env.txt
     */
    SuiteRunner(Config config, Function<Path, Launcher> launchers, ReportStep report, EnvFile.JavaSide javaSide) {
        this(config, launchers, report, javaSide, HostWatch::new);
    }

    /** @param hostWatch the host watch for a results folder (tests: one with a fixed canary) */
    SuiteRunner(
            Config config,
            Function<Path, Launcher> launchers,
            ReportStep report,
            EnvFile.JavaSide javaSide,
            Function<Path, HostWatch> hostWatch) {
        this.hostWatch = hostWatch;
        this.config = config;
        this.launchers = launchers;
        this.report = report;
        this.javaSide = javaSide;
    }

    /** Runs the command line {@code SUITE [JMH options...]}; returns the exit code. */
    public int run(List<String> argv) {
        try {
            return runChecked(argv);
        } catch (UsageException e) {
            config.err().println("run.sh: " + e.getMessage());
            return USAGE;
        } catch (SuiteFailure | UncheckedIOException e) {
            config.err().println("run.sh: " + e.getMessage());
            return FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    private int runChecked(List<String> argv) throws InterruptedException {
        if (argv.equals(List.of(Folders.CLEAN))) {
            Folders.clean(config.env(), config.out());
            return OK;
        }
        if (argv.contains(Folders.CLEAN)) {
            throw new UsageException(Folders.CLEAN + " runs nothing else: give it alone (./run.sh " + Folders.CLEAN
                    + "), then the suite");
        }
        SuiteCommand command = SuiteCommand.of(argv, config.out());
        MemoryLimits memory = new MemoryLimits(memoryController, config.out());
        SuitePlan plan =
                SuitePlan.of(command, config, new MachineChecks(config.env(), config.err(), powerCutMissing), memory);
        if (DryRun.requested(config.env())) {
            new DryRun(config.out(), config.env(), memory).print(plan);
            return OK;
        }
        Room.Placed placed = Room.place(plan, config.env(), config.out());
        plan = plan.withTests(placed.tests());
        RunFolder folder = RunFolder.open(plan, config.out(), config.err(), javaSide);
        TestRunner tests = new TestRunner(
                plan,
                folder,
                placed.folders(),
                launchersOf(placed.folders()),
                memory,
                hostWatch.apply(folder.dir()),
                config.out(),
                config.err());
        runTests(plan, folder, placed.folders(), memory, tests);
        RunSummary summary = new RunSummary(folder.dir(), plan.resume(), config.err());
        return summary.finish(plan.tests(), summary.report(report), tests.peerFailures());
    }

    /** The launcher of each folder's tests. */
    private Map<Experiment.Folder, Launcher> launchersOf(Map<Experiment.Folder, Path> folders) {
        Map<Experiment.Folder, Launcher> launcher = new EnumMap<>(Experiment.Folder.class);
        folders.forEach((folder, dir) -> launcher.put(folder, launchers.apply(dir)));
        return launcher;
    }

    /** Runs the plan's tests in order; an interrupt stops them, keeping the completed ones to resume. */
    @SuppressWarnings("try") // the hook is registered for the block, never read
    private void runTests(
            SuitePlan plan,
            RunFolder folder,
            Map<Experiment.Folder, Path> folders,
            MemoryLimits memory,
            TestRunner tests)
            throws InterruptedException {
        Path results = folder.dir();
        try (ShutdownHook onInterrupt = ShutdownHook.add("kvbench-suite-interrupt", () -> {
            tests.stop();
            config.err().println();
            config.err()
                    .println("interrupted: completed tests are kept in " + results + "; run " + plan.resume()
                            + " again to resume");
        })) {
            folder.testsStarted();
            new Progress(plan, results, folders, memory, tests, config.out()).run();
        } finally {
            EnvFile.append(results, HostWatch.summary(results));
        }
    }
}
