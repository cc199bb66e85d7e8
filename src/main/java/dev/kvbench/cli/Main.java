package dev.kvbench.cli;

import dev.kvbench.direct.Direct;
import dev.kvbench.fork.ForkFlags;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.store.BuildFacts;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.ColdCache;
import dev.kvbench.trial.FailureReason;
import dev.kvbench.trial.Settle;
import dev.kvbench.trial.WorkFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.util.Optional;

/**
 * The benchmark jar's entry point: JMH's own command line, plus what kvbench needs around it.
 *
 * <ul>
 * <li>Every JMH option works as usual ({@code -p}, {@code -f}, {@code -bm ss}, {@code -rf csv
 * -rff out.csv}, {@code -l}, {@code -lp}, {@code -h}...).
 * <li>Every fork gets the one JVM flag set ({@link BuildFacts#jvmFlags()}) before any
 * {@code -jvmArgsAppend} of the user, the side file ({@code -Dkvbench.side}, beside the result
 * file: {@code out.csv} gives {@code out.side.jsonl}) and its own work folder.
 * <li>Before anything runs, every parameter is checked and every store is opened once in a JVM
 * with the flags, writing a few entries of each shape (so a value an engine cannot hold fails
 * in seconds with one line), which also tells which engines have an ordered cursor. A store
 * whose check crashes or hangs that JVM fails all its trials (cause and last lines in the side
 * file), and the other stores are checked in a new JVM.
 * <li>A (workload, store) pair the store cannot do is skipped: a line on stdout and a
 * {@code skipped} line in the side file, never a number. As JMH runs the full cross product of
 * its parameters, the pairs that can run are run as one JMH run per group of stores, and the
 * results merged into the one result file.
 * <li>Fail on error is on unless {@code -foe false}: the first failed trial (a verification
 * failure names engine, workload, expected and found) stops the run.
 * </ul>
 *
 * <p>Exit codes: 0 when every trial that ran passed; 1 when a trial failed; 2 for a mistake in
 * the command line (one line on stderr).
 */
public final class Main {

    public static final int OK = 0;
    public static final int FAILED = 1;
    static final int USAGE = 2;

    /** The measured turns an interleaved engine takes on average for {@code -i rotations}: the suite's estimate. */
    public static double expectedInterleavedTurns(int rotations) {
        return Interleaving.expectedTurns(rotations);
    }

    /** kvbench's own option, taken out of the command line before JMH reads it: run the engines interleaved. */
    static final String INTERLEAVE = "-interleave";

    private final CommandLineOptions options;
    private final boolean interleave;

    private Main(CommandLineOptions options, boolean interleave) {
        this.options = options;
        this.interleave = interleave;
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line {@code args}; returns the exit code. */
    public static int run(String... given) {
        boolean interleave;
        try {
            interleave = interleaveValue(given);
        } catch (IllegalArgumentException e) {
            System.err.println("kvbench: " + e.getMessage());
            return USAGE;
        }
        String[] args = withoutInterleave(given);
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(args);
        } catch (CommandLineOptionException | RuntimeException e) { // JMH throws IllegalStateException for a bad -bm
            System.err.println(
                    "kvbench: " + String.valueOf(e.getMessage()).replaceAll("\\s*\n\\s*", "; ") + " (see -h)");
            return USAGE;
        }
        try {
            if (options.shouldHelp()) {
                options.showHelp();
                System.out.println(HELP);
                return OK;
            }
            if (options.shouldList()) {
                new Runner(options).list();
                return OK;
            }
            if (options.shouldListWithParams()) {
                CommandLineOptions listed = withDefaultStores(args, options);
                new Runner(listed).listWithParams(listed);
                return OK;
            }
            if (options.shouldListProfilers()) {
                options.listProfilers();
                return OK;
            }
            if (options.shouldListResultFormats()) {
                options.listResultFormats();
                return OK;
            }
        } catch (IOException | CommandLineOptionException e) {
            System.err.println("kvbench: " + e.getMessage());
            return FAILED;
        }
        try {
            return new Main(options, interleave).benchmark(paramNames(args));
        } catch (RuntimeException e) {
            // too few file descriptors can fail any step (a jar, a folder, a fork): say so in one line
            String hint = WorkFolder.openFilesHint(String.valueOf(e.getMessage()) + " " + e.getCause());
            if (hint.isEmpty()) {
                throw e;
            }
            System.err.println("kvbench: " + FailureReason.oneLine(e) + hint);
            return FAILED;
        }
    }

    /**
     * The checks this jar makes of a command line before it opens any store (for the suite
     * runner, which plans every test before running the first).
     *
     * @throws IllegalArgumentException one line for the first mistake
     */
    public static void check(String... given) {
        interleaveValue(given);
        String[] args = withoutInterleave(given);
        try {
            checkedPlan(new CommandLineOptions(args), paramNames(args), interleaveValue(given));
        } catch (CommandLineOptionException | IllegalStateException e) {
            throw new IllegalArgumentException(String.valueOf(e.getMessage()).replaceAll("\\s*\n\\s*", "; "), e);
        }
    }

    /**
     * The direct-API baselines the command line {@code args} selects (its pattern and its {@code -e}): per engine, the
     * workloads its baseline runs beside the Store rows, each one more run per store spec of that engine; empty when
     * {@code args} is not a command line JMH accepts (the caller's checks name the mistake).
     */
    public static Map<String, Set<String>> baselines(String... args) {
        try {
            return RunPlanChecks.baselines(new CommandLineOptions(withoutInterleave(args)));
        } catch (CommandLineOptionException | RuntimeException e) {
            return Map.of();
        }
    }

    /**
     * The parameters the benchmarks {@code args} selects take (for the suite runner, which gives a test only
     * those of its suite's and its user's parameters); empty when {@code args} is not a command line JMH accepts.
     */
    public static Set<String> parameters(String... args) {
        try {
            return RunPlanChecks.taken(new CommandLineOptions(withoutInterleave(args)));
        } catch (CommandLineOptionException | RuntimeException e) {
            return Set.of(); // the caller's checks name the mistake
        }
    }

    /** {@code args} without {@link #INTERLEAVE} and its value. */
    public static String[] withoutInterleave(String... args) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals(INTERLEAVE)) {
                i++;
            } else {
                kept.add(args[i]);
            }
        }
        return kept.toArray(String[]::new);
    }

    /**
     * The value of {@link #INTERLEAVE} in {@code args}: false when absent.
     *
     * @throws IllegalArgumentException when it has no value or one other than true or false
     */
    public static boolean interleaveValue(String... args) {
        boolean on = false;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals(INTERLEAVE)) {
                String value = i + 1 < args.length ? args[i + 1] : "";
                if (!value.equals("true") && !value.equals("false")) {
                    throw new IllegalArgumentException(INTERLEAVE + " " + value + ": give " + INTERLEAVE
                            + " true (engines measured turn by turn in shuffled rotations) or " + INTERLEAVE + " false"
                            + " (one JMH fork after another)");
                }
                on = value.equals("true");
            }
        }
        return on;
    }

    /** The run's plan once its settling options and every parameter have passed their checks (one line each when not). */
    private static RunPlan checkedPlan(CommandLineOptions options, List<String> paramNames, boolean interleave) {
        Settle.check(options.getJvmArgsAppend().orElse(List.of()));
        ColdCache.check(
                options.getJvmArgsAppend().orElse(List.of()),
                options.getBenchModes().isEmpty()
                        ? Mode.SampleTime
                        : options.getBenchModes().iterator().next());
        List<String> userFlags = new ArrayList<>();
        List<String> given = new ArrayList<>();
        addFlags(given, userFlags, "-jvmArgsPrepend", options.getJvmArgsPrepend());
        addFlags(given, userFlags, "-jvmArgs", options.getJvmArgs());
        addFlags(given, userFlags, "-jvmArgsAppend", options.getJvmArgsAppend());
        ForkFlags.checkUserFlags(
                options.getJvm()
                        .orElse(Path.of(System.getProperty("java.home"), "bin", "java")
                                .toString()),
                String.join(", ", given),
                userFlags);
        RunPlan plan = RunPlanChecks.checked(options, paramNames);
        checkVariantsInterleave(plan, interleave);
        Interleaving.checkSomethingInterleaves(plan, interleave);
        Interleaving.checkTurnNamesInterleave(plan, interleave);
        return plan;
    }

    /**
     * A variant (another library version or JVM) runs in a JVM of its own, in the interleaved turns that pair it with
     * what it replaces: a JMH fork would run it in the run's own JVM, a silently different experiment.
     */
    private static void checkVariantsInterleave(RunPlan plan, boolean interleave) {
        String variant = plan.specs.values().stream()
                .filter(StoreSpec::isVariant)
                .map(StoreSpec::toString)
                .findFirst()
                .orElse(null);
        if (variant == null) {
            return;
        }
        // a direct-API baseline runs beside its engine's own rows only, never a variant's (RunGrouping)
        String other = plan.benchmarks.stream()
                .filter(b -> !Interleaving.interleaves(b) && Direct.engine(b) == null)
                .findFirst()
                .orElse(null);
        if (!interleave || other != null) {
            throw new IllegalArgumentException("store " + variant + " is a variant (another library version or JVM),"
                    + " which runs in a JVM of its own in interleaved turns only: "
                    + (interleave
                            ? Interleaving.shortName(other) + " does not interleave;"
                                    + " select the Store path's single-pass workloads or YCSB's"
                            : "give -interleave true")
                    + " (./run.sh quick, ycsb, workload and upgrade do)");
        }
    }

    /**
     * The flags of {@code option} to {@code flags}, and its name to {@code given}, when it has any but kvbench's own
     * {@code -Dkvbench.} properties (checked by their own rules above; java refuses no {@code -D}, and a suite sets some).
     */
    private static void addFlags(
            List<String> given, List<String> flags, String option, Optional<Collection<String>> value) {
        List<String> own = value.hasValue()
                ? value.get().stream()
                        .filter(flag -> !flag.startsWith("-Dkvbench."))
                        .toList()
                : List.of();
        if (!own.isEmpty()) {
            given.add(option);
            flags.addAll(own);
        }
    }

    /** The names of the {@code -p name=value} parameters in {@code args}, as given. */
    static List<String> paramNames(String... args) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String value = null;
            if (args[i].equals("-p") && i + 1 < args.length) {
                value = args[++i];
            } else if (args[i].startsWith("-p") && args[i].contains("=") && !args[i].startsWith("-prof")) {
                value = args[i].substring(2);
            }
            if (value != null && value.indexOf('=') > 0) {
                names.add(value.substring(0, value.indexOf('=')).trim());
            }
        }
        return names;
    }

    /** {@code options}, with the default store list ({@link Stores#ALL}) written out as the registered engines. */
    private static CommandLineOptions withDefaultStores(String[] args, CommandLineOptions options)
            throws CommandLineOptionException {
        if (options.getParameter("store").hasValue()) {
            return options;
        }
        List<String> withStores = new ArrayList<>(Arrays.asList(args));
        withStores.add("-p");
        withStores.add("store=" + String.join(",", Stores.expand(List.of(Stores.ALL))));
        return new CommandLineOptions(withStores.toArray(String[]::new));
    }

    /**
     * The outline of a run: the forks' flags, the command line's checks and the preflight (which groups the runnable
     * pairs into JMH runs or interleaved blocks), what will not run recorded, the measuring, and the outcome.
     */
    private int benchmark(List<String> paramNames) {
        BenchmarkRun run = BenchmarkRun.start(options, interleave);
        List<String> forkArgs = run.forkArgs();
        RunPlan plan;
        long timeout;
        try {
            plan = checkedPlan(options, paramNames, interleave);
            timeout = run.preflight(plan);
        } catch (IllegalArgumentException
                | UnsupportedOperationException
                | UncheckedIOException
                | WorkFolder.NoSpaceException e) {
            System.err.println("kvbench: " + e.getMessage());
            return USAGE;
        } catch (RuntimeException e) {
            System.err.println(
                    "kvbench: " + e.getMessage() + WorkFolder.openFilesHint(e.getMessage() + " " + e.getCause()));
            return FAILED;
        } finally {
            run.removeFolder();
        }
        long sideStart = run.sideStart();
        run.recordUnmeasured(plan);
        run.measure(plan, timeout, forkArgs, sideStart);
        return run.finish(sideStart);
    }

    /** The reasons of the {@code failed} lines appended to the side file since {@code start}. */
    static List<String> failures(Path side, long start) {
        try {
            return new SideFile(side)
                    .readFrom(start).stream()
                            .filter(record -> record.status() == TrialRecord.Status.FAILED)
                            .map(record -> String.valueOf(record.reason()))
                            .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the side file " + side, e);
        }
    }

    private static final String HELP = """

            kvbench (on top of JMH's options above):
              -p store=lmdb,rocksdb:blockCacheMb=64   store specs; several options as engine:a=1+b=2
              -p num=... intKey=... sequential=... valSize=... valRandom=... batchSize=... sync=...
              readWhileWriting, prefixScan: -p readers=N|cores writesPerSec=N (0 = flat out) duration=S
                latency=true|false; prefixScan also keysPerPrefix=N writer=false,true
              readKeyThreads: -p readers=1,2,4,8
              -interleave true   the Store path's single-pass workloads (write, readKey, readSeq, readRev,
                                                      readCrc, readXxh64), and a YCSB workload's run phase (with
                                                      its property interleave=true), measured engine by engine in
                                                      shuffled rotations of short turns, every engine's JVM loaded
                                                      and waiting; -wi warm-up rotations (1), -i the fewest
                                                      measured rotations (12; up to 8x for the engines of the pairs
                                                      the paired ranking has not decided), -r a turn (200ms), -f
                                                      JVMs per engine (1); the score is each engine's median over
                                                      its turns
              java -Dkvbench.dir=DIR -jar ... (or KVBENCH_DIR=DIR)   the work folder
                                                      (default /dev/shm/kvbench, else the temp folder)
              -jvmArgsAppend -Dkvbench.cache=cold  (with -bm ss) the page cache of the store's files
                                                      dropped before each read pass (posix_fadvise DONTNEED)
              java -Dkvbench.timeout=20m -jar ... (or KVBENCH_TIMEOUT=20m)   the longest one trial
                                                      (fork) may run before it is killed as hung
                                                      (default 30 min + 1 min per 100,000 entries,
                                                      + YCSB's maxexecutiontime per iteration; 0: none);
                                                      JMH's -to, unless given, is a minute longer;
                                                      a single-shot pass it stops is a lower bound
              A trial whose JVM crashes, is killed or times out is failed, with its cause and its
              last lines in the side file; with -foe false the run goes on with the next one.
              So is every trial of a store whose preflight check crashes or hangs (no answer in
              5 min, or KVBENCH_TIMEOUT if shorter); the other stores are checked in a new JVM.
              Measurements per trial go to the side file beside -rff (out.csv -> out.side.jsonl),
              else to kvbench-side.jsonl. Workloads a store cannot do are skipped, never measured.
              Exit code: 0 all passed, 1 a trial failed (verification names engine, workload,
              expected and found), 2 a mistake in the command line.""";
}
