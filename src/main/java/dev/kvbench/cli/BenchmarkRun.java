package dev.kvbench.cli;

import dev.kvbench.fork.FolderReaper;
import dev.kvbench.fork.ForkFlags;
import dev.kvbench.fork.ForkWatch;
import dev.kvbench.fork.ParentWatch;
import dev.kvbench.fork.TrialTimeout;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.results.VariantLine;
import dev.kvbench.store.BuildFacts;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.trial.DeadTrials;
import dev.kvbench.trial.FailureReason;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.trial.WorkloadFamily;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * One run of the benchmark jar once its command line is checked: its work folder and the forks' flags, the preflight
 * that opens every store once and groups the runnable pairs into JMH runs ({@link RunGrouping}), the pairs that do
 * not run recorded in the side file, the interleaved blocks ({@link Interleaving}) and the JMH runs, and the result
 * file and the exit status at the end.
 */
final class BenchmarkRun {

    private final CommandLineOptions options;
    private final boolean interleave;
    private final Path base;
    /** This run's own folder under the work folder: the stores of its forks and its preflight. */
    private final Path runFolder;

    private final Path side;
    private final SideFile sideFile;
    /** The kvbench JVM flags every fork gets. */
    private final List<String> flags;

    private final String java;
    private final boolean failOnError;
    private final List<RunResult> results = new ArrayList<>();
    private final List<CsvResults.Line> interleaved = new ArrayList<>();
    /** The first error of JMH's runner, in one line; null while there is none. */
    private String runnerError;

    private BenchmarkRun(CommandLineOptions options, boolean interleave) {
        this.options = options;
        this.interleave = interleave;
        this.base = WorkFolder.base();
        this.runFolder = base.resolve("run-" + ProcessHandle.current().pid());
        this.side = SideFile.besideResult(options.getResult().orElse(null));
        this.sideFile = new SideFile(side);
        this.flags = Arrays.asList(BuildFacts.jvmFlags().trim().split("\\s+"));
        this.java = options.getJvm()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        this.failOnError = options.shouldFailOnError().orElse(true);
    }

    /** A run of {@code options}, its folder removed should the process that started this JVM die. */
    static BenchmarkRun start(CommandLineOptions options, boolean interleave) {
        BenchmarkRun run = new BenchmarkRun(options, interleave);
        ParentWatch.start(run.runFolder);
        FolderReaper.start(run.runFolder);
        return run;
    }

    /**
     * What every fork gets: the kvbench flags, the benchmarks' own, the side file and the work folder, then the user's
     * {@code -jvmArgsAppend}; with {@code -f 0} the benchmarks run in this JVM, which is told the same folders.
     */
    List<String> forkArgs() {
        List<String> forkArgs = new ArrayList<>(flags);
        forkArgs.addAll(ForkFlags.BENCH_FLAGS);
        // A crashing engine leaves its JVM's fatal-error report in the temp folder (not the work
        // folder, which may be the full file system that killed it; the side file keeps the cause
        // and the last lines), and no core dump.
        forkArgs.add("-XX:ErrorFile=" + DeadTrials.ERROR_FILE);
        forkArgs.add("-XX:-CreateCoredumpOnCrash");
        forkArgs.add("-D" + SideFile.PROPERTY + "=" + side);
        forkArgs.add("-D" + WorkFolder.PROPERTY + "=" + runFolder);
        forkArgs.addAll(options.getJvmArgsAppend().orElse(List.of()));
        if (options.getForkCount().orElse(1) == 0) {
            // Benchmarks run in this JVM: it must find the same side file and folder.
            System.setProperty(SideFile.PROPERTY, side.toString());
            System.setProperty(WorkFolder.PROPERTY, runFolder.toString());
            System.out.println("kvbench: -f 0 runs in this JVM, which did not get the kvbench JVM flags"
                    + " unless you gave them to java yourself");
        }
        return forkArgs;
    }

    /**
     * The preflight of {@code plan}: room in the work folder for its largest data set, every store opened once in a
     * JVM with the flags, the runnable pairs grouped into JMH runs; returns the trial timeout.
     */
    long preflight(RunPlan plan) {
        List<String> stale = WorkFolder.removeStale(base);
        if (!stale.isEmpty()) {
            System.out.println("kvbench: removed the stores a killed run left in the work folder " + base + ": "
                    + String.join(", ", stale));
        }
        WorkFolder.requireSpace(base, plan.largestSpace, plan.largestWhat);
        WorkFolder.empty(runFolder);
        long timeout = TrialTimeout.seconds(plan.largest, timedSeconds(plan));
        RunGrouping.group(
                plan,
                options.getParameter("store").hasValue(),
                new ForkedPreflight(java, flags, runFolder.resolve("preflight"), timeout));
        return timeout;
    }

    /**
     * How long a fork's phases of a time the user set run in all: the longest (YCSB's {@code maxexecutiontime}) in
     * each of the fork's iterations (a single-shot benchmark's defaults: no warmup, one measured).
     */
    private long timedSeconds(RunPlan plan) {
        long longest = plan.families.values().stream()
                .mapToLong(WorkloadFamily.Needs::timedSeconds)
                .max()
                .orElse(0);
        return longest
                * (options.getWarmupIterations().orElse(0)
                        + options.getMeasurementIterations().orElse(1));
    }

    /** Removes the run's own folder (after the preflight, and at the end). */
    void removeFolder() {
        WorkFolder.delete(runFolder);
    }

    /** Whether a store failed its preflight while fail on error is on: then nothing runs. */
    private boolean stoppedByPreflight(RunPlan plan) {
        return failOnError && !plan.died.isEmpty();
    }

    /**
     * What will not be measured, recorded: every variant's JVM as its own JVM described it (for the report), a line
     * on stdout and a {@code skipped} record per pair a store cannot do, a {@code failed} record per trial of a store
     * that died in its preflight.
     */
    void recordUnmeasured(RunPlan plan) {
        if (plan.specs.values().stream().anyMatch(StoreSpec::isVariant)) {
            // what each store's own JVM said of itself, for the report's list of every variant's JVM and flags
            plan.facts.forEach((store, facts) -> System.out.println(new VariantLine(store, facts).text()));
        }
        for (RunPlan.Skip skip : plan.skips) {
            System.out.println("kvbench: skipped " + RunPlan.workload(skip.benchmark()) + " on " + skip.store()
                    + (plan.syncs().size() > 1 ? " sync=" + skip.sync() : "") + ": " + skip.reason());
            for (Map<String, String> params : plan.combinations(skip.benchmark(), skip.store(), skip.sync())) {
                sideFile.append(TrialRecord.skipped(skip.benchmark(), params, skip.reason()));
            }
        }
        recordDeaths(plan);
        if (stoppedByPreflight(plan)) {
            System.err.println("kvbench: a store failed its preflight check and fail on error is on: nothing was run"
                    + " (-foe false runs the other stores)");
        }
    }

    /**
     * A {@code failed} line for each combination of a store whose preflight check crashed or hung its
     * JVM, as {@link ForkWatch} writes for a trial that died; the JVM's last lines go with the first
     * line of each store and sync value only.
     */
    private void recordDeaths(RunPlan plan) {
        Set<String> tailed = new HashSet<>();
        for (RunPlan.Died died : plan.died) {
            for (Map<String, String> params : plan.combinations(died.benchmark(), died.store(), died.sync())) {
                boolean first = tailed.add(died.store() + "\n" + died.sync());
                sideFile.append(TrialRecord.died(
                        died.benchmark(),
                        params,
                        died.death().reason(),
                        first ? died.death().tail() : List.of()));
            }
        }
    }

    /**
     * Measures {@code plan}: its interleaved blocks first (with {@code -interleave true}), then its JMH runs, each fork
     * watched; writes the result file, whatever happened. {@code sideStart} is where this run's side records begin.
     */
    void measure(RunPlan plan, long timeout, List<String> forkArgs, long sideStart) {
        Thread cleanup = new Thread(() -> WorkFolder.delete(runFolder), "kvbench-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        ForkWatch watch = new ForkWatch(options, sideFile, timeout, runFolder);
        try {
            List<RunPlan.Run> jmhRuns = plan.runs;
            if (interleave && !stoppedByPreflight(plan)) {
                jmhRuns = interleaved(plan, timeout, forkArgs, sideStart);
            }
            for (RunPlan.Run run : stoppedByPreflight(plan) ? List.<RunPlan.Run>of() : jmhRuns) {
                if (!runJmh(plan, run, timeout, forkArgs, watch) && failOnError) {
                    break;
                }
            }
        } finally {
            watch.stop();
            if (interleave) {
                writeMixedResults();
            } else {
                writeResults();
            }
            removeFolder();
            removeHook(cleanup);
        }
    }

    /**
     * Runs the interleaved blocks; returns the JMH runs that are left for one fork after another: none when
     * interrupted, or when a trial failed and fail on error is on.
     */
    private List<RunPlan.Run> interleaved(RunPlan plan, long timeout, List<String> forkArgs, long sideStart) {
        Interleaving interleaving = new Interleaving(options, plan, sideFile, timeout);
        List<RunPlan.Run> jmhRuns = interleaving.jmhRuns();
        try {
            interleaved.addAll(interleaving.run(java, forkArgs));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            runnerError = "interrupted";
            jmhRuns = List.of();
        } finally {
            DeadTrials.collect(runFolder, sideFile);
        }
        return failOnError && !Main.failures(side, sideStart).isEmpty() ? List.of() : jmhRuns;
    }

    /** Runs one JMH run of {@code plan}: {@code run}'s benchmarks on its stores; false when JMH's runner failed. */
    private boolean runJmh(RunPlan plan, RunPlan.Run run, long timeout, List<String> forkArgs, ForkWatch watch) {
        ChainedOptionsBuilder builder = new OptionsBuilder()
                .parent(options)
                .param("store", run.stores().toArray(String[]::new))
                .jvmArgsAppend(forkArgs.toArray(String[]::new))
                .shouldFailOnError(failOnError);
        if (!run.sync().equals(RunPlan.NO_SYNC)) {
            builder.param("sync", run.sync());
        }
        if (!options.getTimeout().hasValue()) {
            builder.timeout(iterationTimeout(timeout));
        }
        for (String benchmark : plan.allBenchmarks) {
            String exact = "^" + Pattern.quote(benchmark) + "$";
            if (run.benchmarks().contains(benchmark)) {
                builder.include(exact);
            } else {
                builder.exclude(exact);
            }
        }
        try {
            results.addAll(new Runner(builder.build(), watch).run());
            return true;
        } catch (RunnerException e) {
            runnerError = FailureReason.oneLine(e.getCause() == null ? e : e.getCause());
            return false;
        } finally {
            DeadTrials.collect(runFolder, sideFile);
        }
    }

    /**
     * JMH's iteration timeout when the command line gives none ({@code -to}): a minute past the trial timeout, so that
     * the fork's watcher ({@code ForkWatch}) ends a pass that runs too long, for every engine alike, and records how
     * long it had run. JMH's own default, 10 minutes, interrupts the benchmark thread instead: an engine on
     * interruptible Java channels (MVStore) then fails mid-pass, one in native code (LMDB, RocksDB) runs on.
     * With no trial timeout (0), a year.
     */
    static TimeValue iterationTimeout(long trialTimeoutSeconds) {
        return trialTimeoutSeconds > 0 ? TimeValue.seconds(trialTimeoutSeconds + 60) : TimeValue.days(365);
    }

    /** Where this run's records begin in the side file (it may hold an earlier run's). */
    long sideStart() {
        try {
            return Files.exists(side) ? Files.size(side) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** Says what failed since {@code sideStart}, where the side file is, and returns the exit code. */
    int finish(long sideStart) {
        List<String> failures = Main.failures(side, sideStart);
        for (String failure : new LinkedHashSet<>(failures)) { // a store's failed preflight fails all its trials
            System.err.println("kvbench: FAILED " + failure);
        }
        if (failures.isEmpty() && runnerError != null) {
            boolean died = runnerError.contains("Forked process returned") || runnerError.contains("Benchmark error");
            System.err.println("kvbench: FAILED " + runnerError
                    + (died
                            ? " (a benchmark JVM died: if "
                                    + WorkFolder.fileStore(base) + " is full, "
                                    + WorkFolder.mib(WorkFolder.usableBytes(base))
                                    + " usable now, that is why)"
                            : ""));
        }
        System.out.println("kvbench: side file " + side);
        return failures.isEmpty() && runnerError == null ? Main.OK : Main.FAILED;
    }

    /** Writes the merged results of every JMH run where JMH itself would have written them. */
    private void writeResults() {
        if (!options.getResult().hasValue() && !options.getResultFormat().hasValue()) {
            return;
        }
        ResultFormatType format = options.getResultFormat().orElse(Defaults.RESULT_FORMAT);
        String file = options.getResult()
                .orElse(Defaults.RESULT_FILE_PREFIX + "." + format.toString().toLowerCase(Locale.ROOT));
        ResultFormatFactory.getInstance(format, file).writeOut(results);
    }

    /** Writes an interleaved run's rows and the JMH runs' results as one CSV result file ({@link CsvResults}). */
    private void writeMixedResults() {
        List<CsvResults.Line> lines = new ArrayList<>(interleaved);
        results.forEach(result -> lines.add(CsvResults.Line.of(result)));
        CsvResults.write(Path.of(options.getResult().orElse(Defaults.RESULT_FILE_PREFIX + ".csv")), lines);
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down
        }
    }
}
