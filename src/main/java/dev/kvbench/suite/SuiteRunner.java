package dev.kvbench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import dev.kvbench.amp.AmpSpace;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.measure.Machine;
import dev.kvbench.text.Numbers;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.report.folder.RoundScores;

/**
 * Runs a suite into its results folder: plans it (scaling entry counts to the budget), checks
 * the work folder and its room, writes {@code env.txt}, then per test {@code out-N.meta} and the
 * JMH run, with a progress line and an estimate of the time left; skips the tests an interrupted
 * run completed; hands the folder to the report step.
 *
 * <p>Exit codes: 0 every run passed; 1 a run failed or a test could not complete; 2 a mistake
 * in the command line or the environment, found before anything ran (no results folder is
 * written); 130 interrupted.
 */
public final class SuiteRunner {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    /** Where {@link Experiment.Folder#DISK} tests keep their stores unless KVBENCH_DISK_DIR says otherwise: the root file system. */
    static final Path DEFAULT_DISK_DIR = Path.of("/var/tmp/kvbench");

    /** Seconds to wait for another JMH run holding JMH's lock before giving up. */
    private static final int LOCK_WAIT_LIMIT = 3600;
    private static final int LOCK_WAIT_STEP = 15;

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
    public record Config(Path root, Map<String, String> env, LocalDate today, PrintStream out, PrintStream err) {
    }

    private final Config config;
    private final Function<Path, Launcher> launchers;
    private final ReportStep report;
    private final EnvFile.JavaSide javaSide;
    private final Function<Path, HostWatch> hostWatch;
    /** The suite's tests, of which a shard ({@code --shard i/n}) or a selection ({@code --tests LIST}) runs some: the N of "test n of N". */
    private int suiteTests;
    /** The tests {@code --tests LIST} chose, else {@link TestSelection#ALL}. */
    private TestSelection selection = TestSelection.ALL;
    /** Null when the power-cut test can run here, else why not (tests replace it). */
    java.util.function.Supplier<String> powerCutMissing = dev.kvbench.cutfs.Build::missing;
    /** Finds this machine's memory controller for the beyond-memory tests (tests replace it). */
    java.util.function.Supplier<dev.kvbench.cgroup.MemoryGroup.Found> memoryController = dev.kvbench.cgroup.MemoryGroup::find;
    /** The memory limit of each beyond-memory test, by test number. */
    private final Map<Integer, Long> memoryLimits = new java.util.HashMap<>();
    /** The controller the beyond-memory tests' groups are made with, once found. */
    private dev.kvbench.cgroup.MemoryGroup.Controller controller;
    /** The control group of the test running now, removed by the interrupt hook too. */
    private volatile dev.kvbench.cgroup.MemoryGroup runningGroup;
    /** Set when the JVM shuts down under the runner (Ctrl-C): a test that then stops is not a failure to report. */
    private volatile boolean stopping;
    /** YCSB's own client beside each test of the ycsb-peer suite; null for the other suites. */
    private YcsbPeer peer;
    /** The tests beside which YCSB's client failed, with why. */
    private final List<String> peerFailures = new ArrayList<>();

    /**
     * @param launchers the launcher for a work folder
     * @param report    what turns the results folder into a report
     * @param javaSide  the JVM's lines of env.txt
     */
    SuiteRunner(Config config, Function<Path, Launcher> launchers, ReportStep report, EnvFile.JavaSide javaSide) {
        this(config, launchers, report, javaSide, HostWatch::new);
    }

    /** @param hostWatch the host watch for a results folder (tests: one with a fixed canary) */
    SuiteRunner(Config config, Function<Path, Launcher> launchers, ReportStep report, EnvFile.JavaSide javaSide,
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

    /**
     * Stops (exit 2) a suite with a power-cut test ({@code powercut}) that this machine cannot run (no FUSE, not root,
     * cutfs cannot be built or mounted), in one line. KVBENCH_DRY_RUN plans it: nothing is mounted then.
     */
    private void checkPowerCutPossible(String suite, List<PlannedTest> plan) {
        boolean dryRun = "1".equals(config.env().get("KVBENCH_DRY_RUN"));
        if (dryRun || plan.stream().noneMatch(SuiteRunner::isPowerCut)) {
            return;
        }
        String missing = powerCutMissing.get();
        if (missing != null) {
            throw new UsageException("./run.sh " + suite + " cannot run on this machine: " + missing);
        }
    }

    /**
     * The plan with each beyond-memory test's limit worked out and checked ({@link BeyondMemory}) and its forks' heap
     * set; without those tests, said in one line, where this machine cannot limit memory (no memory controller, not
     * root), the rest running. The {@code beyond} suite alone stops there (exit 2).
     */
    private List<PlannedTest> withMemoryLimits(String suite, List<PlannedTest> plan) {
        if (plan.stream().noneMatch(t -> t.test().limited())) {
            return plan;
        }
        {
            dev.kvbench.cgroup.MemoryGroup.Found found = memoryController.get();
            if (found.controller().isEmpty()) {
                if (plan.stream().allMatch(t -> t.test().limited())) {
                    throw new UsageException("./run.sh " + suite + " cannot run on this machine: " + found.missing());
                }
                config.out().println("the beyond-memory tests are left out: " + found.missing());
                return plan.stream().filter(t -> !t.test().limited()).toList();
            }
            controller = found.controller().get();
        }
        String configured = config.env().get(BeyondMemory.ENVIRONMENT);
        List<PlannedTest> limited = new ArrayList<>();
        Map<String, Integer> commands = new java.util.HashMap<>();
        for (PlannedTest test : plan) {
            if (!test.test().limited()) {
                limited.add(test);
                continue;
            }
            Integer same = commands.putIfAbsent(test.command(), test.number());
            if (same != null) { // -p num gives every size's test the same sizes: one run of them is enough
                config.out().println("test " + test.number() + " is left out: with these options it is test " + same);
                continue;
            }
            long limit = BeyondMemory.limit(test, configured);
            BeyondMemory.check(test, limit, configured);
            memoryLimits.put(test.number(), limit);
            limited.add(new PlannedTest(test.number(), test.test(), BeyondMemory.withHeap(test.args(), BeyondMemory.heap(limit, test.num())),
                    test.params(), test.options(), test.num(), test.numSource(), test.runs(),
                    test.seconds() + BeyondMemory.deviceSeconds(test, limit), test.largest(),
                    test.space()));
        }
        return limited;
    }

    /** The suite's own beyond-memory sizes that the disk folder cannot hold are left out, each said in one line. */
    private List<PlannedTest> withoutSizesOverTheDisk(String suite, List<PlannedTest> plan, Path diskDir, long free) {
        List<PlannedTest> kept = new ArrayList<>();
        for (PlannedTest test : plan) {
            if (test.test().limited() && free >= 0 && test.space() > free) {
                config.out().println("test " + test.number() + " (" + test.title() + ") is left out: it may need "
                        + Numbers.bytes(test.space()) + " and the disk folder " + diskDir + " has " + Numbers.bytes(free) + " free");
                continue;
            }
            kept.add(test);
        }
        if (kept.isEmpty()) {
            throw new UsageException("./run.sh " + suite + ": the disk folder " + diskDir + " has " + Numbers.bytes(free)
                    + " free, too little for any of its tests: free space or set KVBENCH_DISK_DIR to a bigger folder");
        }
        return kept;
    }

    private static boolean isPowerCut(PlannedTest test) {
        return test.test().workloads().contains("powercut");
    }

    /**
     * Stops (exit 2) a suite with an amplification test ({@code amp}) when KVBENCH_DISK_DIR does not name a folder on a
     * disk ({@link #ampDiskProblem}), in one line, before any store opens.
     */
    private void checkAmpDisk(String suite, List<PlannedTest> plan) {
        if (plan.stream().noneMatch(SuiteRunner::isAmp)) {
            return;
        }
        String problem = ampDiskProblem(config.env().get("KVBENCH_DISK_DIR"), suite);
        if (problem != null) {
            throw new UsageException(problem);
        }
    }

    private static boolean isAmp(PlannedTest test) {
        return test.test().workloads().contains("amp");
    }

    /**
     * Null when {@code configured} (KVBENCH_DISK_DIR) is a writable folder on a disk file system (created when
     * missing), else what is wrong with it and what is allowed: the amplification test counts what a disk is
     * asked to write, so it has no default folder and refuses one in memory (tmpfs, ramfs).
     */
    static String ampDiskProblem(String configured, String suite) {
        String fix = "set KVBENCH_DISK_DIR to a writable folder on a disk file system (ext4, xfs...), e.g. "
                + "KVBENCH_DISK_DIR=/var/tmp/kvbench ./run.sh " + suite;
        if (configured == null || configured.isBlank()) {
            return "KVBENCH_DISK_DIR is not set: write amplification is measured on a disk folder; " + fix;
        }
        Path dir = Path.of(configured).toAbsolutePath();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            return "KVBENCH_DISK_DIR=" + configured + " is not a folder; " + fix;
        }
        Path existing = dir;
        while (existing.getParent() != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        String fs = Machine.fileSystem(existing); // before creating anything in it
        if (dev.kvbench.measure.DiskWrites.inMemory(fs)) {
            return "KVBENCH_DISK_DIR=" + configured + " is on " + fs + ", in memory, where no write reaches a disk; " + fix;
        }
        String why = whyNotWritable(dir);
        if (why != null) {
            return "KVBENCH_DISK_DIR=" + configured + " is not writable (" + why + "); " + fix;
        }
        return null;
    }

    /** The suite named first on the command line, else the default. */
    static String suiteName(List<String> argv) {
        return argv.isEmpty() || argv.get(0).startsWith("-") ? Suites.DEFAULT : argv.get(0);
    }

    private int runChecked(List<String> argv) throws InterruptedException {
        String name = suiteName(argv);
        List<String> rest = argv.isEmpty() || argv.get(0).startsWith("-") ? argv : argv.subList(1, argv.size());
        if (!Suites.NAMES.contains(name)) {
            Suites.named(name, Scaler.none()); // the error that lists the suites
        }
        String rerun = "./run.sh " + name + (rest.isEmpty() ? "" : " " + Shell.words(rest));
        Shard shard = Shard.of(rest);
        rest = Shard.without(rest);
        selection = TestSelection.of(rest);
        rest = TestSelection.without(rest);
        if (!shard.all() && !selection.all()) {
            throw new UsageException(TestSelection.OPTION + " " + selection + " with " + Shard.OPTION + " " + shard
                    + ": give one of them (--tests picks tests by number, --shard every n-th test for one of n machines)");
        }
        // taken out before a YCSB suite's -p name=value become workload properties
        List<Map<String, String>> jvms = JvmVariants.of(rest);
        rest = JvmVariants.without(rest);
        WorkloadArgs workload = null;
        Map<String, String> ycsbOverrides = Map.of();
        if (name.equals(Suites.WORKLOAD)) {
            workload = WorkloadArgs.of(rest);
            rest = workload.rest();
            workload.note().ifPresent(config.out()::println);
        } else if (name.equals("ycsb") || name.equals(Suites.YCSB_PEER) || name.equals(Suites.UPGRADE)) {
            WorkloadArgs.Split split = WorkloadArgs.split(rest);
            ycsbOverrides = split.overrides();
            rest = split.rest();
        }
        UserArgs user = UserArgs.of(rest).withJvms(jvms);
        if (name.equals(Suites.UPGRADE)) {
            Suites.checkUpgradeVariants(user);
        }
        if (name.equals(Suites.YCSB_PEER)) {
            if (user.param("store").isPresent()) {
                throw new UsageException("-p store=" + user.param("store").get() + ": the ycsb-peer suite sets its own stores "
                        + "(rocksdb beside YCSB's RocksDB binding, null beside YCSB's BasicDB); leave -p store out");
            }
        }
        if (name.equals("bindings")) {
            user.param("store").ifPresent(Suites::checkBindingStores);
        }

        Path workDir = workDir();
        long workFree = WorkFolder.usableBytes(workDir);
        SuiteFolder.Origin origin = SuiteFolder.Origin.here(config.root());
        SuiteFolder.Choice choice = SuiteFolder.choice(config.root(), name + shard.folderSuffix() + selection.folderSuffix(), config.today(),
                config.env().get("KVBENCH_RESULTS"), origin);
        Path results = choice.dir();
        Budget configured = Budget.of(config.env().get("KVBENCH_BUDGET"), Machine.memAvailable(), workFree);
        Budget budget = name.equals("report") ? configured.forReport() : configured;
        int[] largestScaledEntry = {0};
        Scaler scaler = resumingScaler(results, budget);
        Suite suite = workload != null ? Suites.workload(workload.workload(), workload.props(), workload.properties())
                : name.equals("ycsb") ? Suites.ycsb(ycsbOverrides)
                : name.equals(Suites.UPGRADE) ? Suites.upgrade(ycsbOverrides)
                : name.equals(Suites.YCSB_PEER) ? Suites.ycsbPeer(ycsbOverrides) : Suites.named(name, (test, original, entryBytes) -> {
                    largestScaledEntry[0] = Math.max(largestScaledEntry[0], entryBytes);
                    return scaler.num(test, original, entryBytes);
                });
        if (user.param("num").isEmpty()) { // -p num replaces every scaled count
            budget.checkMet(config.env().get("KVBENCH_BUDGET"), largestScaledEntry[0]);
        }
        if (workload != null) {
            long need = dev.kvbench.workload.ycsb.YcsbWorkload.bytesNeeded(workload.properties());
            if (workFree >= 0 && workFree < need) {
                long records = workload.properties().recordCount();
                long room = dev.kvbench.workload.ycsb.YcsbWorkload.shape(workload.properties()).entries();
                // the run's inserts may need more room than the records loaded: name what needs it
                String what = room > records ? "recordcount=" + records + " and up to " + (room - records)
                        + " inserts of the run" : "recordcount=" + records;
                throw new UsageException(what + " need" + (room > records ? "" : "s") + " about " + Numbers.bytes(need)
                        + " but the work folder " + workDir + " has " + Numbers.bytes(workFree) + " free: lower "
                        + (room > records ? "them with -p operationcount=..., -p insertproportion=..." : "it with -p recordcount=...")
                        + " or set KVBENCH_DIR to a bigger folder");
            }
        }
        String rounds = config.env().get(Repeat.ENVIRONMENT);
        suiteTests = suite.tests().size();
        // the shard's or the selection's tests only, before any test is planned or checked
        java.util.function.IntPredicate chosen = shard.within(suiteTests, name)::holds;
        chosen = chosen.and(selection.within(suiteTests, name)::holds);
        List<PlannedTest> selected = Planner.plan(suite, user, chosen).stream()
                .map(test -> name.equals(Suites.YCSB_PEER) ? YcsbPeer.withClientTime(test) : test) // YCSB's client's time too
                .map(test -> withRounds(test, Repeat.of(rounds, test.test().repeat()))).toList();
        checkPowerCutPossible(name, selected);
        checkAmpDisk(name, selected);
        List<PlannedTest> plan = withMemoryLimits(name, selected);
        if (name.equals(Suites.YCSB_PEER)) {
            plan.forEach(YcsbPeer::properties); // a property YCSB would not follow: one line before anything runs
            peer = YcsbPeer.of(config.env());
        }
        checkRecordedCommands(results, plan);
        warnAboutOpenFiles(plan);

        String dryRun = config.env().getOrDefault("KVBENCH_DRY_RUN", "");
        if (!List.of("", "0", "1").contains(dryRun)) {
            throw new UsageException("KVBENCH_DRY_RUN=" + dryRun + ": use 1 to print the tests' commands without running them, or leave it unset");
        }
        if (dryRun.equals("1")) {
            printPlan(plan, results, workDir);
            return OK;
        }
        checkRoom("the work folder", "KVBENCH_DIR", workDir, workFree,
                plan.stream().filter(t -> t.test().folder() == Experiment.Folder.WORK).toList());
        Map<Experiment.Folder, Path> folders = new EnumMap<>(Experiment.Folder.class);
        folders.put(Experiment.Folder.WORK, workDir);
        if (plan.stream().anyMatch(t -> t.test().folder() == Experiment.Folder.DISK)) {
            Path diskDir = diskDir();
            if (plan.stream().anyMatch(t -> t.test().limited())) {
                BeyondMemory.checkDiskFolder(diskDir, Machine.fileSystem(diskDir));
                if (user.param("num").isEmpty()) {
                    plan = withoutSizesOverTheDisk(name, plan, diskDir, WorkFolder.usableBytes(diskDir));
                }
            }
            checkAmpRoom(diskDir, WorkFolder.usableBytes(diskDir), plan);
            checkRoom("the disk folder", "KVBENCH_DISK_DIR", diskDir, WorkFolder.usableBytes(diskDir),
                    plan.stream().filter(t -> t.test().folder() == Experiment.Folder.DISK).toList());
            folders.put(Experiment.Folder.DISK, diskDir);
        }
        boolean created = !Files.isDirectory(results);
        try {
            Files.createDirectories(results);
        } catch (IOException e) {
            throw new UsageException("cannot create the results folder " + results + ": " + WorkFolder.why(e)
                    + "; set KVBENCH_RESULTS to a writable folder");
        }
        SuiteFolder.lock(results);
        SuiteFolder.mark(results, origin);
        // until the tests start, an interrupted run says so and leaves no folder it made with nothing in it
        Thread beforeTests = new Thread(() -> {
            config.err().println();
            if (created) {
                WorkFolder.delete(results);
                config.err().println("interrupted before any test ran: removed " + results);
            } else {
                config.err().println("interrupted before any test ran: " + results + " is as it was; run " + rerun
                        + " again to resume");
            }
        }, "kvbench-suite-interrupt-early");
        Runtime.getRuntime().addShutdownHook(beforeTests);
        Map<Experiment.Folder, Launcher> launcher = new EnumMap<>(Experiment.Folder.class);
        try {
            if (!choice.note().isEmpty()) {
                config.out().println("run.sh: " + choice.note());
            }
            List<String> machine = new ArrayList<>(EnvFile.machineLines(name, rerun, workDir, workFree));
            machine.addAll(shard.envLines());
            machine.addAll(selection.envLines(suiteTests));
            if (peer != null) {
                machine.addAll(peer.envLines());
            }
            EnvFile.write(results, machine, javaSide);
            config.out().println("suite " + name + ": " + plan.size() + " tests into " + results + " (work folder "
                    + workDir + ", " + Numbers.bytes(workFree) + " free)");

            folders.forEach((folder, dir) -> launcher.put(folder, launchers.apply(dir)));
        } catch (RuntimeException e) {
            removeHook(beforeTests); // a mistake, not an interrupt: its own line says what is wrong
            throw e;
        }
        Thread onInterrupt = new Thread(() -> {
            stopping = true;
            launcher.values().forEach(Launcher::stop);
            if (peer != null) {
                peer.stop();
            }
            dev.kvbench.cgroup.MemoryGroup group = runningGroup;
            if (group != null) {
                group.close();
            }
            config.err().println();
            config.err().println("interrupted: completed tests are kept in " + results + "; run " + rerun
                    + " again to resume");
        }, "kvbench-suite-interrupt");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        removeHook(beforeTests);
        try {
            new Progress(plan, results, name, rerun, created, budget, folders, launcher).run();
        } finally {
            removeHook(onInterrupt);
            EnvFile.append(results, HostWatch.summary(results));
        }

        Thread duringReport = new Thread(() -> {
            ProcessHandle.current().descendants().forEach(ProcessHandle::destroy); // process.sh would go on unseen
            config.err().println();
            config.err().println("interrupted while writing the report: every test's results are in " + results
                    + "; run ./process.sh " + results + " to write it");
        }, "kvbench-suite-interrupt-report");
        Runtime.getRuntime().addShutdownHook(duringReport);
        boolean reported;
        try {
            reported = report.write(results) == 0;
        } finally {
            removeHook(duringReport);
        }
        SuiteFolder.markFinished(results);
        List<Integer> failed = failedTests(results, plan);
        if (!reported) {
            if (!failed.isEmpty()) {
                config.err().println("run.sh: some runs failed in test(s) " + join(failed) + "; their reasons are in "
                        + results + "/out-N.side.jsonl and out-N.txt");
            }
            throw new SuiteFailure("the report of " + results + " could not be written (see above); fix the cause and run ./process.sh " + results);
        }
        if (!failed.isEmpty()) {
            throw new SuiteFailure("some runs failed in test(s) " + join(failed) + "; the report lists them with their reasons: "
                    + results.resolve("README.md"));
        }
        if (!peerFailures.isEmpty()) {
            throw new SuiteFailure(peerFailures.get(0) + (peerFailures.size() > 1 ? " (and " + (peerFailures.size() - 1)
                    + " more; the report lists them)" : ""));
        }
        return OK;
    }

    /** The work folder: KVBENCH_DIR, else /dev/shm/kvbench (tmpfs) where it exists; created and checked writable. */
    private Path workDir() {
        String configured = config.env().get(WorkFolder.ENVIRONMENT);
        Path dir = configured == null || configured.isBlank() ? WorkFolder.base() : Path.of(configured).toAbsolutePath();
        return writable(dir, "the work folder", "set KVBENCH_DIR to a writable folder (tmpfs preferred)");
    }

    /** The disk folder of {@link Experiment.Folder#DISK} tests: KVBENCH_DISK_DIR, else {@link #DEFAULT_DISK_DIR}; created and checked writable. */
    private Path diskDir() {
        return writable(configuredDiskDir(), "the disk folder", "set KVBENCH_DISK_DIR to a writable folder on a disk file system");
    }

    /** KVBENCH_DISK_DIR, else {@link #DEFAULT_DISK_DIR}, as configured: neither created nor checked (the plan's lines). */
    private Path configuredDiskDir() {
        String configured = config.env().get("KVBENCH_DISK_DIR");
        return configured == null || configured.isBlank() ? DEFAULT_DISK_DIR : Path.of(configured).toAbsolutePath();
    }

    private static Path writable(Path dir, String what, String fix) {
        String why = whyNotWritable(dir);
        if (why != null) {
            throw new UsageException(what + " " + dir + " is not writable (" + why + "): " + fix);
        }
        return dir;
    }

    /** Null when {@code dir} is a folder this process can write in (created when missing), else why not. */
    private static String whyNotWritable(Path dir) {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".kvbench-probe-", "");
            Files.delete(probe);
            return null;
        } catch (IOException e) {
            return WorkFolder.why(e);
        }
    }

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
    private static void checkRecordedCommands(Path results, List<PlannedTest> plan) {
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

    /** LevelDB keeps its data in 2 MB table files, and compaction briefly holds old and new ones open. */
    private void warnAboutOpenFiles(List<PlannedTest> plan) {
        long want = Math.max(4096, largestFlat(plan) / 1_000_000 + 1000);
        long limit = Machine.openFileLimit();
        if (limit > 0 && limit < want) {
            config.err().println("run.sh: warning: the open-file limit (ulimit -n) is " + limit + " and the largest test may need about "
                    + want + " (LevelDB and RocksDB open a file per few MB of data); raise it with 'ulimit -n 1000000'"
                    + " (or nofile in /etc/security/limits.conf)");
        }
    }

    /** Room for the largest test, as {@link WorkFolder#estimate} counts it. */
    private static void checkRoom(String what, String variable, Path workDir, long workFree, List<PlannedTest> plan) {
        long need = spaceNeeded(plan);
        if (workFree >= 0 && workFree < need) {
            throw new UsageException(what + " " + workDir + " has " + Numbers.bytes(workFree)
                    + " free but the largest test may need " + Numbers.bytes(need)
                    + ": free space, set " + variable + " to a bigger folder, or pass fewer entries (" + fits(plan, need, workFree) + ")");
        }
    }

    /**
     * Refuses an amplification test that one of its stores may not fit in the disk folder, in one line that names the
     * store, why it needs the room, the entries that fit and the stores that fit as they are ({@link AmpSpace}).
     */
    static void checkAmpRoom(Path diskDir, long free, List<PlannedTest> plan) {
        if (free < 0) {
            return;
        }
        for (PlannedTest test : plan) {
            if (!isAmp(test)) {
                continue;
            }
            List<String> tooLarge = new ArrayList<>();
            List<String> fitting = new ArrayList<>();
            String worst = null;
            long need = 0;
            for (String spec : Defaults.values(test.params(), "store")) {
                long needed = AmpSpace.needed(test.largest(), StoreSpec.parse(spec));
                (needed > free ? tooLarge : fitting).add(spec);
                if (needed > need) {
                    need = needed;
                    worst = spec;
                }
            }
            if (tooLarge.isEmpty()) {
                continue;
            }
            String why = AmpSpace.why(StoreSpec.parse(worst));
            long fit = Budget.floorOneDigit((long) (test.num() * ((double) free / need)));
            String fewer = fit >= Budget.MIN_ENTRIES ? "pass fewer entries (-p num=" + fit + " fits)"
                    : "not even " + Budget.MIN_ENTRIES + " entries fit";
            throw new UsageException("the disk folder " + diskDir + " has " + Numbers.bytes(free) + " free but the amplification"
                    + " test at " + Numbers.count(test.num()) + " entries may need " + Numbers.bytes(need) + " for " + worst
                    + (why.isEmpty() ? "" : " (" + why + ")") + ": " + fewer
                    + (fitting.isEmpty() ? "" : ", leave " + String.join(", ", tooLarge) + " out (-p store="
                    + String.join(",", fitting) + ")") + ", or set KVBENCH_DISK_DIR to a bigger folder");
        }
    }

    /**
     * The entries that fit {@code free} bytes, as the largest test's estimate grows with its entries: "-p num=4000000 fits"
     * (rounded down to one significant digit), or that not even 100 entries do.
     */
    static String fits(List<PlannedTest> plan, long need, long free) {
        PlannedTest largest = plan.stream().max(java.util.Comparator.comparingLong(PlannedTest::space)).orElseThrow();
        long fit = Budget.floorOneDigit((long) (largest.num() * ((double) free / need)));
        return fit >= Budget.MIN_ENTRIES ? "-p num=" + fit + " fits" : "-p num=...; not even " + Budget.MIN_ENTRIES + " entries of it fit";
    }

    /** The work-folder bytes the suite needs: its largest test's {@link WorkFolder#estimate}. */
    static long spaceNeeded(List<PlannedTest> plan) {
        return plan.stream().mapToLong(PlannedTest::space).max().orElse(0);
    }

    private static long largestFlat(List<PlannedTest> plan) {
        return plan.stream().mapToLong(PlannedTest::flatBytes).max().orElse(0);
    }

    private void printPlan(List<PlannedTest> plan, Path results, Path workDir) {
        for (PlannedTest test : plan) {
            config.out().println(heading(test, suiteTests));
            if (test.test().folder() == Experiment.Folder.DISK) {
                String disk = config.env().get("KVBENCH_DISK_DIR");
                config.out().println("    (stores in the disk folder: KVBENCH_DISK_DIR" + (disk == null || disk.isBlank()
                        ? ", default " + DEFAULT_DISK_DIR : "=" + disk) + ")");
            }
            if (peer != null) {
                peer.plan(test, results, workDir).forEach(line -> config.out().println("    " + line));
            }
            if (memoryLimits.containsKey(test.number())) {
                long limit = memoryLimits.get(test.number());
                config.out().println("    (forks in a memory control group of " + Numbers.bytes(limit) + ", heap "
                        + Numbers.bytes(BeyondMemory.heap(limit, test.num())) + "; what misses the page cache goes to the device: the"
                        + " estimate counts " + Math.round(BeyondMemory.DEVICE_READ_SECONDS * 1e6) + " µs per random read and "
                        + Math.round(BeyondMemory.DEVICE_INSERT_SECONDS * 1e6) + " µs per insert into a tree updated in place)");
                String readAhead = BeyondMemory.readAheadLine(configuredDiskDir());
                if (!readAhead.isEmpty()) {
                    config.out().println("    " + readAhead);
                }
            }
            config.out().println("    " + test.command());
        }
        config.out().println("about " + Numbers.duration(plan.stream().mapToLong(PlannedTest::seconds).sum())
                + " in all" + (selection.all() ? "" : " for tests " + selection + " of " + suiteTests) + " (a rough estimate)");
    }

    static String heading(PlannedTest test, int tests) {
        Repeat rounds = test.test().repeat();
        String times = !rounds.repeated() ? "" : rounds.min() == rounds.max() ? " x " + rounds.min() + " rounds"
                : " x " + rounds.min() + "-" + rounds.max() + " rounds";
        return "test " + test.number() + " of " + tests + ": " + test.title() + " (" + test.runs() + " runs" + times + ", "
                + (test.params().containsKey("fanout") ? "a tree of " + test.num() + " directories" : test.num() + " entries") + ")";
    }

    /** {@code test} run in {@code rounds} (KVBENCH_ROUNDS in place of the suite's), its time estimate scaled to them. */
    static PlannedTest withRounds(PlannedTest test, Repeat rounds) {
        long seconds = test.seconds() / test.test().repeat().min() * rounds.min();
        return new PlannedTest(test.number(), test.test().repeated(rounds), test.args(), test.params(), test.options(),
                test.num(), test.numSource(), test.runs(), seconds, test.largest(), test.space());
    }

    /** The worse of two JMH exit statuses: a failure in any round is the test's. */
    static int worse(int a, int b) {
        return a != 0 ? a : b;
    }

    /**
     * Round {@code r}'s JMH arguments: the planned ones, with the store list in an order shuffled for this
     * test and round (seeded, so a rerun runs the same orders); as planned for a test run once.
     */
    static List<String> shuffled(PlannedTest test, Repeat repeat, int r) {
        if (!repeat.repeated()) {
            return test.args();
        }
        List<String> args = new ArrayList<>(test.args());
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("-p") && args.get(i + 1).startsWith("store=")) {
                List<String> stores = new ArrayList<>(List.of(args.get(i + 1).substring("store=".length()).split(",")));
                java.util.Collections.shuffle(stores, new java.util.Random(1_000L * test.number() + r));
                args.set(i + 1, "store=" + String.join(",", stores));
            }
        }
        return args;
    }

    /** The JMH arguments of an extra round for {@code benchmarks} on {@code stores} only (shuffled). */
    static List<String> restricted(PlannedTest test, List<String> benchmarks, Set<String> stores, int r) {
        List<String> args = new ArrayList<>(test.args());
        args.set(0, "^(" + String.join("|", benchmarks.stream().map(java.util.regex.Pattern::quote).toList()) + ")$");
        List<String> order = new ArrayList<>(stores);
        java.util.Collections.shuffle(order, new java.util.Random(1_000L * test.number() + r));
        boolean replaced = false;
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("-p") && args.get(i + 1).startsWith("store=")) {
                args.set(i + 1, "store=" + String.join(",", order));
                replaced = true;
            }
        }
        if (!replaced) {
            args.addAll(List.of("-p", "store=" + String.join(",", order)));
        }
        return args;
    }

    /** Benchmarks grouped by the stores that need another round of them: one JMH command per group. */
    static Map<Set<String>, List<String>> byStores(Map<String, Set<String>> wide) {
        Map<Set<String>, List<String>> groups = new java.util.LinkedHashMap<>();
        wide.forEach((benchmark, stores) -> groups.computeIfAbsent(stores, s -> new ArrayList<>()).add(benchmark));
        return groups;
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

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down
        }
    }

    /** The run of the planned tests, in order, with progress lines and resume. */
    private final class Progress {

        private final List<PlannedTest> plan;
        private final Path results;
        private final String suite;
        private final String rerun;
        private final boolean created;
        private final Budget budget;
        private final Map<Experiment.Folder, Path> folders;
        private final Map<Experiment.Folder, Launcher> launchers;
        private final HostWatch host;

        Progress(List<PlannedTest> plan, Path results, String suite, String rerun, boolean created, Budget budget,
                 Map<Experiment.Folder, Path> folders, Map<Experiment.Folder, Launcher> launchers) {
            this.plan = plan;
            this.results = results;
            this.suite = suite;
            this.rerun = rerun;
            this.created = created;
            this.budget = budget;
            this.folders = folders;
            this.launchers = launchers;
            this.host = hostWatch.apply(results);
        }

        void run() throws InterruptedException {
            long total = plan.stream().mapToLong(PlannedTest::seconds).sum();
            long doneWeight = 0;
            long spent = 0;
            long start = System.nanoTime();
            for (PlannedTest test : plan) {
                String title = "test " + test.number() + " of " + suiteTests + ": " + test.title();
                if (SuiteFolder.complete(results, test.number())) {
                    config.out().println(title + ": already complete, skipped");
                    total -= test.seconds();
                    continue;
                }
                Meta.write(results, suite, test, budget, folders.get(test.test().folder()));
                if (memoryLimits.containsKey(test.number()) && !Meta.read(results, test.number()).containsKey("memory.limitBytes")) {
                    long limit = memoryLimits.get(test.number());
                    Path disk = folders.get(test.test().folder());
                    Meta.append(results, test.number(), BeyondMemory.metaLines(limit, BeyondMemory.heap(limit, test.num()), controller.describe(),
                            disk, Machine.fileSystem(disk), test.test().memoryRatio(), BeyondMemory.smallestFlat(test)));
                }
                long elapsed = seconds(start);
                long left = doneWeight > 0 ? (total - doneWeight) * spent / doneWeight : total;
                config.out().println(heading(test, suiteTests) + "; elapsed " + Numbers.duration(elapsed) + ", about "
                        + Numbers.duration(left) + " left");
                long began = System.nanoTime();
                int exit = runTest(test);
                long took = seconds(began);
                Meta.finish(results, test.number(), took, exit);
                spent += took;
                doneWeight += test.seconds();
            }
            config.out().println("suite " + suite + " done in " + Numbers.duration(seconds(start)) + ": " + results);
        }

        /**
         * Runs one test into a hidden folder, in rounds when the test has them, and moves its files
         * into place only once every round completed, so an interrupted test never looks complete.
         * Round 1 writes {@code out-N.*}; a later round {@code out-N.rR.*} (or {@code out-N.rR-J.*}
         * when its runs need several JMH commands), as {@link RoundScores} reads them.
         */
        private int runTest(PlannedTest test) throws InterruptedException {
            int n = test.number();
            Path part = results.resolve(".partial-" + n);
            WorkFolder.empty(part);
            if (peer != null) {
                YcsbPeer.forget(results, n);
            }
            Repeat repeat = test.test().repeat();
            long began = System.nanoTime();
            int exit = round(test, part, 1, 0, shuffled(test, repeat, 1));
            long first = System.nanoTime() - began;
            int rounds = 1;
            for (int r = 2; r <= repeat.min(); r++) {
                config.out().println("    test " + n + ": round " + r + " of " + repeat.min());
                exit = worse(exit, round(test, part, r, 0, shuffled(test, repeat, r)));
                rounds = r;
            }
            for (int r = repeat.min() + 1; r <= repeat.max(); r++) {
                Map<String, Set<String>> wide = RoundScores.wide(part, n, repeat.target());
                if (wide.isEmpty()) {
                    break;
                }
                if (System.nanoTime() - began > repeat.cap() * first) {
                    config.out().println("    test " + n + ": " + count(wide) + " runs still wider than ±"
                            + Math.round(100 * repeat.target()) + "%, but the test has had its time ("
                            + repeat.cap() + "x its first round); no more rounds");
                    break;
                }
                config.out().println("    test " + n + ": round " + r + " for the " + count(wide) + " runs still wider than ±"
                        + Math.round(100 * repeat.target()) + "%");
                int j = 1;
                for (Map.Entry<Set<String>, List<String>> group : byStores(wide).entrySet()) {
                    exit = worse(exit, round(test, part, r, j++, restricted(test, group.getValue(), group.getKey(), r)));
                }
                rounds = r;
            }
            Meta.rounds(results, n, rounds, repeat);
            try (java.util.stream.Stream<Path> files = Files.list(part)) {
                for (Path file : files.filter(f -> f.getFileName().toString().startsWith("out-" + n + ".")).toList()) {
                    move(file, results.resolve(file.getFileName()));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + part, e);
            }
            WorkFolder.delete(part);
            return exit;
        }

        /**
         * Runs round {@code r} (part {@code j} of it, 0 when whole) of {@code test} with JMH arguments {@code args},
         * the canary before it and the host's steal over it; checks that JMH completed and leaves the round's
         * files in {@code part} under their round's names.
         */
        private int round(PlannedTest test, Path part, int r, int j, List<String> args) throws InterruptedException {
            int n = test.number();
            Path into = r == 1 ? part : part.resolve("round-" + r + (j > 0 ? "-" + j : ""));
            if (r > 1) {
                WorkFolder.empty(into);
            }
            PlannedTest planned = new PlannedTest(n, test.test(), args, test.params(), test.options(), test.num(),
                    test.numSource(), test.runs(), test.seconds(), test.largest(), test.space());
            if (peer != null && j <= 1) { // YCSB's client first, then kvbench's, on the same workload, in every round
                String failed = peer.run(test, r, results, folders.get(Experiment.Folder.WORK), config.out());
                if (failed != null) {
                    config.err().println("run.sh: warning: " + failed);
                    peerFailures.add(failed);
                }
            }
            host.before();
            int exit = launch(planned, into);
            host.after(n, r, j);
            Path log = into.resolve("out-" + n + ".txt");
            boolean complete = Files.exists(into.resolve("out-" + n + ".csv"))
                    && SuiteFolder.anyLine(log, l -> l.startsWith("# Run complete"));
            if (!complete && exit == USAGE) {
                printTail(log);
                forget(test, part);
                throw new UsageException("test " + n + ": JMH refused its command line (exit status 2, see above); "
                        + "fix the options, then run ./run.sh again");
            }
            if (!complete) {
                printTail(log);
                throw new SuiteFailure("test " + n + (r > 1 ? " round " + r : "") + " did not complete (JMH exit status "
                        + exit + "; log above and in " + log + "). Fix the cause, then run " + rerun + " to resume");
            }
            if (exit != 0) {
                config.err().println("run.sh: warning: test " + n + (r > 1 ? " round " + r : "") + ": some runs failed (JMH exit status "
                        + exit + "); the report lists them with their reasons");
            }
            if (r > 1) {
                String stem = "out-" + n + ".r" + r + (j > 0 ? "-" + j : "");
                for (String ext : List.of(".txt", ".side.jsonl", ".csv")) {
                    move(into.resolve("out-" + n + ext), part.resolve(stem + ext));
                }
                WorkFolder.delete(into);
            }
            return exit;
        }

        /** Runs JMH for {@code test} into {@code into}, waiting while another JMH run on this machine holds JMH's lock. */
        private int launch(PlannedTest test, Path into) throws InterruptedException {
            Path log = into.resolve("out-" + test.number() + ".txt");
            int waited = 0;
            while (true) {
                WorkFolder.empty(into);
                int exit = memoryLimits.containsKey(test.number()) ? inMemoryGroup(test, into)
                        : launchers.get(test.test().folder()).run(test, into);
                if (stopping) {
                    throw new InterruptedException("the suite was interrupted");
                }
                if (!SuiteFolder.anyLine(log, l -> l.contains("Unable to acquire the JMH lock"))) {
                    return exit;
                }
                if (waited == 0) {
                    config.out().println("    another JMH run holds its lock on this machine (/tmp/jmh.lock); waiting for it to finish ...");
                }
                if (waited >= LOCK_WAIT_LIMIT) {
                    throw new SuiteFailure("waited an hour for another JMH run on this machine; run " + rerun + " again when it is done");
                }
                Thread.sleep(LOCK_WAIT_STEP * 1000L);
                waited += LOCK_WAIT_STEP;
            }
        }

        /**
         * Runs the test with its forks in a memory control group of its limit, created for this run and removed after
         * it (and by the interrupt hook): the forks' java is a wrapper that joins the group and execs java; the JMH
         * host and this runner stay outside. The group's peak and its OOM kills go to the meta file.
         */
        private int inMemoryGroup(PlannedTest test, Path into) throws InterruptedException {
            long limit = memoryLimits.get(test.number());
            Path wrapper = results.resolve(".java-in-memory-group-" + test.number());
            dev.kvbench.cgroup.MemoryGroup group;
            try {
                group = dev.kvbench.cgroup.MemoryGroup.create(controller,
                        "kvbench-" + ProcessHandle.current().pid() + "-test" + test.number(), limit);
            } catch (IllegalStateException e) {
                throw new SuiteFailure("test " + test.number() + ": " + e.getMessage());
            }
            runningGroup = group;
            try {
                group.wrapper(wrapper, BeyondMemory.java(test.args()));
                PlannedTest wrapped = new PlannedTest(test.number(), test.test(), BeyondMemory.throughWrapper(test.args(), wrapper),
                        test.params(), test.options(), test.num(), test.numSource(), test.runs(), test.seconds(), test.largest(),
                        test.space());
                int exit = launchers.get(test.test().folder()).run(wrapped, into);
                Meta.append(results, test.number(), List.of("memory.peakBytes=" + group.peak(), "memory.oomKills=" + group.oomKills()));
                return exit;
            } finally {
                runningGroup = null;
                group.close();
                try {
                    Files.deleteIfExists(wrapper);
                } catch (IOException e) {
                    // a leftover script, harmless
                }
            }
        }

        /** Removes what a refused test left; the whole folder when this run created it and it holds no completed test. */
        private void forget(PlannedTest test, Path part) {
            WorkFolder.delete(part);
            try {
                Files.deleteIfExists(Meta.file(results, test.number()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            boolean anyComplete = plan.stream().anyMatch(t -> SuiteFolder.complete(results, t.number()));
            if (created && !anyComplete) {
                WorkFolder.delete(results);
            }
        }

        private void printTail(Path log) {
            try {
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                lines.subList(Math.max(0, lines.size() - 15), lines.size()).forEach(config.err()::println);
            } catch (IOException e) {
                // no log to show
            }
        }

        private static void move(Path from, Path to) {
            if (!Files.exists(from)) {
                return;
            }
            try {
                Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot move " + from + " to " + to, e);
            }
        }

        private static int count(Map<String, Set<String>> wide) {
            return wide.values().stream().mapToInt(Set::size).sum();
        }

        private static long seconds(long since) {
            return (System.nanoTime() - since) / 1_000_000_000L;
        }
    }
}
