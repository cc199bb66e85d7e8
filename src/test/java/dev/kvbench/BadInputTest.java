package dev.kvbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.kvbench.fork.Jdks;
import dev.kvbench.suite.ShippedSuites;
import dev.kvbench.suite.SuiteFolder;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The bad-input matrix: every way a user can get a parameter, a spec, an option, a folder, a
 * suite, an environment variable or a results file wrong, and the machine faults (a disk that
 * fills up during a trial needs root to mount a small tmpfs: {@link SmallDisk}; without it those
 * cases are skipped with the reason), each run as a user runs it ({@code run.sh},
 * {@code process.sh}, the benchmark jar's {@code Main}) and checked for its exit code and the
 * one line the user sees, with no stack trace and, for a mistake (exit 2), nothing written.
 *
 * <p>{@code docs/bad-input.md} is this table; the test fails when it differs, and writes it
 * with {@code -Dkvbench.writeDocs=true}. {@code $CASE} in a line is the case's own temp folder,
 * {@code {}} stands for text that depends on the machine (a size, a date, a file system).
 */
class BadInputTest {

    static final Path ROOT = Path.of("").toAbsolutePath();
    static final Path DOC = ROOT.resolve("docs/bad-input.md");
    /** The class path a user's jar has: main classes and dependencies, without the test engines. */
    static final String CLASSPATH = Arrays.stream(
                    System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> !entry.endsWith("test-classes"))
            .reduce((a, b) -> a + File.pathSeparator + b)
            .orElseThrow();

    static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();
    static final String FIXTURE = "src/test/resources/fixtures/results";
    /**
     * An open-file limit the benchmark JVM starts with (it opens every jar of {@link #CLASSPATH})
     * but too low for it to start another JVM: found by trying on JDK 17 and 25.
     */
    static final String OPEN_FILES = Integer.toString(CLASSPATH.split(File.pathSeparator).length + 17);

    /** Where the line a user sees is printed ({@code OUT_ANY}: any line of stdout, for a plan's heading). */
    enum Seen {
        ERR_FIRST,
        ERR_LAST,
        OUT_FIRST,
        OUT_LAST,
        OUT_ANY
    }

    /** What a case leaves to check besides its line, in its folder. */
    @FunctionalInterface
    interface Check {
        void check(Path dir) throws IOException;
    }

    @FunctionalInterface
    interface Setup {
        void prepare(Path dir) throws IOException;
    }

    /** One way to get it wrong: the command, what is wrong, and what the user must get. */
    static final class Case {
        final String name;
        final String wrong;
        final int exit;
        final String line;
        final List<String> command = new ArrayList<>();
        final Map<String, String> env = new LinkedHashMap<>();
        Seen seen;
        Setup setup = dir -> {};
        Check check = dir -> {};
        /** Runs beside the command, from its start until it has ended. */
        Setup during;

        String shell;

        Case(String name, String wrong, int exit, String line) {
            this.name = name;
            this.wrong = wrong;
            this.exit = exit;
            this.line = line;
            this.seen = exit == 0 ? Seen.OUT_LAST : Seen.ERR_LAST;
        }

        Case env(String key, String value) {
            env.put(key, value);
            return this;
        }

        Case seen(Seen where) {
            seen = where;
            return this;
        }

        Case setup(Setup s) {
            setup = s;
            return this;
        }

        Case check(Check c) {
            check = c;
            return this;
        }

        Case during(Setup d) {
            during = d;
            return this;
        }

        /** Runs the command under {@code bash -c 'prefix; exec ...'} (ulimit). */
        Case shell(String prefix) {
            shell = prefix;
            return this;
        }
    }

    /** How a case's command ended; {@code skipped} says why it could not be run here (else null). */
    record Outcome(int exit, String out, String err, String skipped) {}

    private static Path base;
    private static ExecutorService pool;

    @BeforeAll
    static void start() throws IOException {
        base = Files.createTempDirectory("kvbench-badinput-");
        pool = Executors.newFixedThreadPool(3);
    }

    /** Locks held as another run would hold them, released when the tests end. */
    private static final List<java.nio.channels.FileChannel> LOCKS = new ArrayList<>();

    /** Holds {@code results}'s lock as a running suite does: the file with its owner's line, locked. */
    private static void holdLock(Path results) throws IOException {
        Files.createDirectories(results);
        java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(
                results.resolve(".kvbench-lock"),
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE);
        channel.write(
                java.nio.ByteBuffer.wrap("pid 4242, started 2026-11-28T03:00:00Z\n".getBytes(StandardCharsets.UTF_8)));
        channel.lock();
        synchronized (LOCKS) {
            LOCKS.add(channel);
        }
    }

    @AfterAll
    static void stop() {
        synchronized (LOCKS) {
            for (java.nio.channels.FileChannel channel : LOCKS) {
                try {
                    channel.close();
                } catch (IOException e) {
                    // the tests are over: the JVM's exit releases it anyway
                }
            }
        }
        pool.shutdownNow();
        SmallDisk.unmountAll();
        deleteTree(base);
    }

    static Case runSh(String name, String wrong, int exit, String line, String... args) {
        Case c = new Case(name, wrong, exit, line);
        c.command.addAll(List.of("bash", ROOT.resolve("run.sh").toString()));
        c.command.addAll(List.of(args));
        return c;
    }

    static Case processSh(String name, String wrong, int exit, String line, String... args) {
        Case c = new Case(name, wrong, exit, line).seen(exit == 0 ? Seen.OUT_LAST : Seen.ERR_FIRST);
        c.command.addAll(List.of("bash", ROOT.resolve("process.sh").toString()));
        c.command.addAll(List.of(args));
        return c;
    }

    /** The benchmark jar's command line ({@code java -jar target/benchmarks.jar ...}). */
    static Case jar(String name, String wrong, int exit, String line, String... args) {
        Case c = new Case(name, wrong, exit, line);
        c.command.addAll(List.of(JAVA, "-Djmh.ignoreLock=true", "-cp", CLASSPATH, "dev.kvbench.cli.Main"));
        c.command.addAll(List.of(args));
        return c;
    }

    static final String TINY = "-wi 0 -i 1 -bm ss -f 1";
    /** What the ycsb-peer suite's lines say to do when YCSB's client is missing. */
    static final String YCSB_HOW =
            "build YCSB 0.17.0's client once with ../shared/peer/ycsb.sh build YCSB_CHECKOUT OUT (git clone https://github.com/brianfrankcooper/YCSB YCSB_CHECKOUT; git -C YCSB_CHECKOUT checkout 0.17.0), then run KVBENCH_YCSB=OUT ./run.sh ycsb-peer";
    /** What the amplification test's disk-folder lines say to do. */
    static final String AMP_FIX =
            "set KVBENCH_DISK_DIR to a writable folder on a disk file system (ext4, xfs...), e.g. KVBENCH_DISK_DIR=/var/tmp/kvbench ./run.sh amp";

    /** The folder of this machine's JDK {@code major}, as a variant finds it. */
    static String jdkHome(int major) {
        return Jdks.find(Integer.toString(major)).toString();
    }

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        // --- the command line of run.sh
        cases.add(runSh(
                        "help",
                        "`--help` (or `-h`) for usage",
                        0,
                        "run.sh [SUITE] [JMH options...]: runs a benchmark suite into results/<YYYYMMDD>-<SUITE>/ (one JMH",
                        "--help")
                .seen(Seen.OUT_FIRST)
                .check(BadInputTest::touchedNothing));
        cases.add(runSh(
                        "help-short",
                        "`-h` after a suite name",
                        0,
                        "run.sh [SUITE] [JMH options...]: runs a benchmark suite into results/<YYYYMMDD>-<SUITE>/ (one JMH",
                        "quick",
                        "-h")
                .seen(Seen.OUT_FIRST)
                .check(BadInputTest::touchedNothing));
        cases.add(runSh(
                "unknown-suite",
                "a suite that does not exist",
                2,
                "run.sh: unknown suite 'fast'; suites: " + String.join(" ", ShippedSuites.names())
                        + " (e.g. ./run.sh quick)",
                "fast"));
        cases.add(runSh(
                "misspelt-param",
                "`-p nums=1000`: a misspelt parameter name",
                2,
                "run.sh: unknown parameter 'nums'; parameters: store, num, intKey, sequential, valSize, valRandom, batchSize, sync "
                        + "(dirWalk: store, fanout, depth, encoding, fields, sync; application workloads: readers, writesPerSec, "
                        + "duration, keysPerPrefix, writer, latency; crash and power-cut tests: reps, names)",
                "smoke",
                "-p",
                "nums=1000"));
        cases.add(runSh(
                "param-wrong-case",
                "`-p valsize=10`: a parameter name in the wrong case",
                2,
                "run.sh: unknown parameter 'valsize'; parameters: store, num, intKey, sequential, valSize, valRandom, batchSize, sync "
                        + "(dirWalk: store, fanout, depth, encoding, fields, sync; application workloads: readers, writesPerSec, "
                        + "duration, keysPerPrefix, writer, latency; crash and power-cut tests: reps, names)",
                "smoke",
                "-p",
                "valsize=10"));
        cases.add(runSh(
                "param-no-test-takes",
                "`-p fanout=3` on a suite none of whose tests walks a tree",
                2,
                "run.sh: -p fanout=3: no test of the quick suite takes fanout; its tests take: store, num, intKey, sequential, valSize, valRandom, batchSize, sync",
                "quick",
                "-p",
                "fanout=3"));
        cases.add(runSh(
                "param-no-value",
                "`-p num` without `=value`",
                2,
                "run.sh: -p num: a parameter is given as -p name=value (e.g. -p num=50000)",
                "smoke",
                "-p",
                "num"));
        cases.add(runSh(
                "num-not-a-number",
                "`-p num=abc`",
                2,
                "run.sh: -p num=abc: num must be a whole number above 0",
                "smoke",
                "-p",
                "num=abc"));
        cases.add(runSh(
                "num-zero",
                "`-p num=0`",
                2,
                "run.sh: -p num=0: num must be a whole number above 0",
                "smoke",
                "-p",
                "num=0"));
        cases.add(runSh(
                "num-negative",
                "`-p num=-5`",
                2,
                "run.sh: -p num=-5: num must be a whole number above 0",
                "smoke",
                "-p",
                "num=-5"));
        cases.add(runSh(
                "num-too-large",
                "`-p num=4000000000` (over 2^31)",
                2,
                "run.sh: -p num=4000000000: num must be at most 2147483647",
                "smoke",
                "-p",
                "num=4000000000"));
        cases.add(runSh(
                "num-too-many-string-keys",
                "`-p num=200000000 -p intKey=false`: string keys over 2 GiB",
                2,
                "run.sh: num=200000000 is too large: its 3200000000 key bytes exceed the 2 GiB off-heap key region; use fewer entries or intKey=true",
                "smoke",
                "-p",
                "num=200000000",
                "-p",
                "intKey=false"));
        cases.add(runSh(
                "valSize-too-small",
                "`-p valSize=2` (a value holds its key)",
                2,
                "run.sh: valSize must be >= 4 (a value holds at least its key as an int), was 2",
                "smoke",
                "-p",
                "valSize=2"));
        cases.add(runSh(
                "valSize-not-a-number",
                "`-p valSize=1k`",
                2,
                "run.sh: -p valSize=1k: valSize must be a whole number above 0",
                "smoke",
                "-p",
                "valSize=1k"));
        cases.add(runSh(
                "batchSize-zero",
                "`-p batchSize=0`",
                2,
                "run.sh: -p batchSize=0: batchSize must be a whole number above 0",
                "smoke",
                "-p",
                "batchSize=0"));
        cases.add(runSh(
                "intKey-not-boolean",
                "`-p intKey=yes`",
                2,
                "run.sh: intKey=yes is not true or false",
                "smoke",
                "-p",
                "intKey=yes"));
        cases.add(runSh(
                "unknown-engine",
                "`-p store=lmbd`: an engine that does not exist",
                2,
                "run.sh: unknown engine 'lmbd'; valid engines: array, bdbje, chronicle, fs, heap, leveldb, leveldb-java, lmdb, lmdb-bb, "
                        + "lmdb-lwjgl, lmdbjni, mapdb, mvstore, null, rocksdb, sqlite, xodus",
                "smoke",
                "-p",
                "store=lmbd"));
        cases.add(runSh(
                "unknown-option",
                "`-p store=lmdb:writemap=false`: an option the engine lacks",
                2,
                "run.sh: engine 'lmdb' has no option 'writemap'; valid options: sync (default false), metaSync (default false), "
                        + "writeMap (default true), mapSizeMb (default 0), maxReaders (default 256), readAhead (default true), checks (default false), "
                        + "integerKeys (default auto)",
                "smoke",
                "-p",
                "store=lmdb:writemap=false"));
        cases.add(runSh(
                "option-not-boolean",
                "`-p store=lmdb:writeMap=maybe`",
                2,
                "run.sh: lmdb option writeMap=maybe is not a boolean; use true or false",
                "smoke",
                "-p",
                "store=lmdb:writeMap=maybe"));
        cases.add(runSh(
                "option-negative",
                "`-p store=rocksdb:blockCacheMb=-1`",
                2,
                "run.sh: rocksdb option blockCacheMb=-1 is not a whole number >= 0",
                "smoke",
                "-p",
                "store=rocksdb:blockCacheMb=-1"));
        cases.add(runSh(
                "option-bad-choice",
                "`-p store=lmdb:integerKeys=sometimes`",
                2,
                "run.sh: lmdb option integerKeys=sometimes is not valid; use auto, true or false",
                "smoke",
                "-p",
                "store=lmdb:integerKeys=sometimes"));
        cases.add(runSh(
                "lmdb-map-too-small",
                "`-p store=lmdb:mapSizeMb=1` for quick's 100,000 entries: found before any store opens",
                2,
                "run.sh: lmdb option mapSizeMb=1 is too small: the map cannot hold 100000 entries of 104 bytes (10400000"
                        + " bytes before LMDB's pages); use mapSizeMb=0 to size it from the data, or a larger mapSizeMb",
                "quick",
                "-p",
                "store=lmdb:mapSizeMb=1"));
        cases.add(runSh(
                "lmdb-readers-beyond-slots",
                "`-p store=lmdb:maxReaders=2 -p readers=4`: more reader threads than"
                        + " LMDB's reader slots, found before any store opens",
                2,
                "run.sh: lmdb has 2 reader slots (option maxReaders) for 4 reader threads: give it at least as many, e.g."
                        + " -p store=lmdb:maxReaders=1024, or use fewer readers",
                "app",
                "-p",
                "store=lmdb:maxReaders=2",
                "-p",
                "readers=4"));
        cases.add(runSh(
                "settle-not-millis",
                "`-jvmArgsAppend -Dkvbench.settle.maxMs=5s`: settling's cap in a unit",
                2,
                "run.sh: -Dkvbench.settle.maxMs=5s is not a whole number of milliseconds (0 or more;"
                        + " -Dkvbench.settle.maxMs=0 turns settling off)",
                "quick",
                "-jvmArgsAppend",
                "-Dkvbench.settle.maxMs=5s"));
        cases.add(runSh(
                "spec-options-with-comma",
                "`-p store=lmdb:sync=true,writeMap=false`: -p splits at the comma",
                2,
                "run.sh: store spec 'writeMap=false' is an option without its engine: join one spec's options with + "
                        + "(lmdb:sync=true+writeMap=false), as -p splits its values at commas",
                "smoke",
                "-p",
                "store=lmdb:sync=true,writeMap=false"));
        cases.add(runSh(
                "spec-option-without-value",
                "`-p store=lmdb:sync`",
                2,
                "run.sh: store spec 'lmdb:sync': 'sync' is not option=value; expected engine or engine:option=value+option=value "
                        + "(in -p store=..., commas separate specs)",
                "smoke",
                "-p",
                "store=lmdb:sync"));
        cases.add(runSh(
                "spec-option-twice",
                "`-p store=lmdb:sync=true+sync=false`",
                2,
                "run.sh: store spec 'lmdb:sync=true+sync=false' sets option 'sync' twice",
                "smoke",
                "-p",
                "store=lmdb:sync=true+sync=false"));
        cases.add(runSh(
                "duplicate-spec",
                "`-p store=lmdb,lmdb`: the same store twice",
                2,
                "run.sh: -p store=lmdb,lmdb gives lmdb twice; give each value once",
                "smoke",
                "-p",
                "store=lmdb,lmdb"));
        cases.add(runSh(
                "duplicate-value",
                "`-p num=100,100`",
                2,
                "run.sh: -p num=100,100 gives 100 twice; give each value once",
                "smoke",
                "-p",
                "num=100,100"));
        cases.add(runSh(
                "sync-on-no-engine",
                "`-p sync=true` with only engines that cannot sync",
                2,
                "run.sh: nothing to run: sync=true, but none of chronicle, mapdb has a sync option "
                        + "(engines with one: bdbje, leveldb, leveldb-java, lmdb, lmdb-bb, lmdb-lwjgl, lmdbjni, mvstore, rocksdb, xodus)",
                "smoke",
                "-p",
                "store=chronicle,mapdb",
                "-p",
                "sync=true"));
        cases.add(runSh(
                "threads-on-write",
                "`-t 2` on a suite that writes",
                2,
                "run.sh: write has one writer per store, so it runs in one thread: leave out -t 2 or select only read "
                        + "benchmarks (e.g. ReadKey) for several threads",
                "smoke",
                "-t",
                "2"));
        cases.add(runSh(
                "pattern-matches-nothing",
                "a benchmark pattern that matches no benchmark",
                2,
                "run.sh: no benchmark matches [ReadKeys]; list them with -l",
                "smoke",
                "ReadKeys"));
        cases.add(runSh(
                "reserved-option",
                "`-rff out.csv`: the runner names the result files",
                2,
                "run.sh: run.sh sets -rff itself (results go to the results folder); leave it out",
                "smoke",
                "-rff",
                "out.csv"));
        cases.add(runSh(
                "unknown-jmh-option",
                "`--forks 2`: not a JMH option",
                2,
                "run.sh: JMH does not accept the options of test 1: forks is not a recognized option (see java -jar target/benchmarks.jar -h)",
                "smoke",
                "--forks",
                "2"));
        cases.add(runSh(
                "fork-count-not-a-number",
                "`-f two`",
                2,
                "run.sh: JMH does not accept the options of test 1: Cannot parse argument 'two' of option f "
                        + "(see java -jar target/benchmarks.jar -h)",
                "smoke",
                "-f",
                "two"));
        cases.add(runSh(
                "time-without-unit",
                "`-r 5parsecs`",
                2,
                "run.sh: JMH does not accept the options of test 1: Cannot parse argument '5parsecs' of option r "
                        + "(see java -jar target/benchmarks.jar -h)",
                "smoke",
                "-r",
                "5parsecs"));
        cases.add(runSh(
                "unknown-mode",
                "`-bm fastest`: a benchmark mode JMH does not have",
                2,
                "run.sh: JMH does not accept the options of test 1: Unable to parse benchmark mode: \"fastest\"; Known values are "
                        + "[Throughput/thrpt, AverageTime/avgt, SampleTime/sample, SingleShotTime/ss, All/all] "
                        + "(see java -jar target/benchmarks.jar -h)",
                "smoke",
                "-bm",
                "fastest"));
        cases.add(runSh(
                "no-fork",
                "`-f 0`: the suite's trials need forks with the engines' flags",
                2,
                "run.sh: -f 0 would run the benchmarks in one JVM without the engines' JVM flags: a suite runs every trial in a "
                        + "fork of its own; use -f 1 or more",
                "smoke",
                "-f",
                "0"));
        cases.add(runSh(
                "empty-store",
                "`-p store=` with no spec",
                2,
                "run.sh: empty store spec; expected engine or engine:option=value+option=value (in -p store=..., commas separate specs)",
                "smoke",
                "-p",
                "store="));
        cases.add(runSh(
                "empty-num",
                "`-p num=` with no value",
                2,
                "run.sh: -p num= has no value; give one after the =",
                "smoke",
                "-p",
                "num="));
        cases.add(runSh(
                "sync-not-boolean",
                "`-p sync=maybe`",
                2,
                "run.sh: sync=maybe is not true or false",
                "smoke",
                "-p",
                "sync=maybe"));
        cases.add(jar(
                "jar-unknown-mode",
                "`-bm fastest` to the jar",
                2,
                "kvbench: Unable to parse benchmark mode: \"fastest\"; Known values are [Throughput/thrpt, AverageTime/avgt, "
                        + "SampleTime/sample, SingleShotTime/ss, All/all] (see -h)",
                "-bm",
                "fastest"));
        cases.add(runSh(
                "interleave-not-boolean",
                "`-interleave yes`",
                2,
                "run.sh: -interleave yes: give -interleave true (engines measured turn by turn in shuffled rotations)"
                        + " or -interleave false (one JMH fork after another)",
                "smoke",
                "-interleave",
                "yes"));
        cases.add(jar(
                "jar-interleave-no-value",
                "`-interleave` with no value, to the jar",
                2,
                "kvbench: -interleave : give -interleave true (engines measured turn by turn in shuffled rotations)"
                        + " or -interleave false (one JMH fork after another)",
                "-p",
                "store=lmdb",
                "-interleave"));
        cases.add(jar(
                "jar-interleave-nothing-interleaves",
                "`-interleave true` with only workloads that cannot interleave (readWhileWriting), to the jar",
                2,
                "kvbench: -interleave true: ReadWhileWritingBenchmark.readWhileWriting does not interleave (only the"
                        + " Store path's single-pass workloads and YCSB's interleave): give -interleave false to run it"
                        + " in JMH forks one after another",
                "ReadWhileWritingBenchmark",
                "-p",
                "store=lmdb",
                "-interleave",
                "true"));
        cases.add(runSh(
                "interleave-nothing-interleaves",
                "`-interleave true` on a suite whose tests cannot interleave (`app`)",
                2,
                "run.sh: -interleave true: ReadWhileWritingBenchmark.readWhileWriting does not interleave (only the"
                        + " Store path's single-pass workloads and YCSB's interleave): give -interleave false to run it"
                        + " in JMH forks one after another",
                "app",
                "-interleave",
                "true"));
        // --- environment variables and folders
        cases.add(runSh(
                        "dry-run-not-1",
                        "`KVBENCH_DRY_RUN=yes` (would have run the suite for real)",
                        2,
                        "run.sh: KVBENCH_DRY_RUN=yes: use 1 to print the tests' commands without running them, or leave it unset",
                        "smoke")
                .env("KVBENCH_DRY_RUN", "yes"));
        cases.add(runSh(
                        "rounds-zero",
                        "`KVBENCH_ROUNDS=0`",
                        2,
                        "run.sh: KVBENCH_ROUNDS=0: give the rounds per test as a number from 1 to 99 (3) or as the least and the most (2-4)",
                        "smoke")
                .env("KVBENCH_ROUNDS", "0"));
        cases.add(runSh(
                        "rounds-backwards",
                        "`KVBENCH_ROUNDS=4-2`",
                        2,
                        "run.sh: KVBENCH_ROUNDS=4-2: give the rounds per test as a number from 1 to 99 (3) or as the least and the most (2-4)",
                        "smoke")
                .env("KVBENCH_ROUNDS", "4-2"));
        cases.add(runSh(
                        "budget-not-a-size",
                        "`KVBENCH_BUDGET=lots`",
                        2,
                        "run.sh: KVBENCH_BUDGET=lots is not a size; use bytes or a number with K, M, G (e.g. 2G)",
                        "report")
                .env("KVBENCH_BUDGET", "lots"));
        cases.add(runSh(
                        "work-folder-is-a-file",
                        "`KVBENCH_DIR` names a file",
                        2,
                        "run.sh: the work folder $CASE/afile/work is not writable (Not a directory: $CASE/afile/work): "
                                + "set KVBENCH_DIR to a writable folder (tmpfs preferred)",
                        "smoke")
                .setup(dir -> Files.writeString(dir.resolve("afile"), "x"))
                .env("KVBENCH_DIR", "$CASE/afile/work"));
        cases.add(runSh(
                        "work-folder-read-only",
                        "`KVBENCH_DIR` on a read-only file system (/proc)",
                        2,
                        "run.sh: the work folder /proc/kvbench is not writable (no such file or folder: /proc/kvbench): "
                                + "set KVBENCH_DIR to a writable folder (tmpfs preferred)",
                        "smoke")
                .env("KVBENCH_DIR", "/proc/kvbench"));
        cases.add(runSh(
                        "results-folder-is-a-file",
                        "`KVBENCH_RESULTS` names a file",
                        2,
                        "run.sh: cannot create the results folder $CASE/afile: a file of that name is in the way: $CASE/afile; "
                                + "set KVBENCH_RESULTS to a writable folder",
                        "smoke",
                        "-p",
                        "store=lmdb")
                .setup(dir -> Files.writeString(dir.resolve("afile"), "x"))
                .env("KVBENCH_RESULTS", "$CASE/afile"));
        cases.add(runSh(
                        "results-folder-in-use",
                        "a second `./run.sh` into a results folder another run is writing",
                        2,
                        "run.sh: $CASE/busy is in use by another run of kvbench (pid {}, started {}): wait for it to finish, or "
                                + "run into another folder (KVBENCH_RESULTS)",
                        "smoke",
                        "-p",
                        "store=lmdb")
                .setup(dir -> holdLock(dir.resolve("busy")))
                .env("KVBENCH_RESULTS", "$CASE/busy"));
        cases.add(runSh(
                        "no-room-for-the-data",
                        "`-p store=lmdb -p valSize=100000000`: more data than the work folder holds",
                        2,
                        "run.sh: the work folder $CASE/work has {} free but the largest test may need {}: free space, set KVBENCH_DIR "
                                + "to a bigger folder, or pass fewer entries (-p num={} fits)",
                        "smoke",
                        "-p",
                        "store=lmdb",
                        "-p",
                        "valSize=100000000")
                .check(adviceFits("num", "smoke", "-p", "store=lmdb", "-p", "valSize=100000000")));
        cases.add(runSh(
                "no-room-for-every-store-at-once",
                "`-p valSize=100000000`: an interleaved test holds every engine's "
                        + "store at once, and not even 100 entries of each fit",
                2,
                "run.sh: the work folder $CASE/work has {} free but the largest test may need {}: free space, set KVBENCH_DIR "
                        + "to a bigger folder (not even 100 entries of each store fit: a store needs 67.1 MB besides its"
                        + " data)",
                "smoke",
                "-p",
                "valSize=100000000"));
        cases.add(runSh(
                "scale-size-over-the-work-folder",
                "`./run.sh scale -p num=300000000`: more entries than the work folder holds",
                2,
                "run.sh: the work folder $CASE/work has {} free but the largest test may need {}: free space, set KVBENCH_DIR "
                        + "to a bigger folder, or pass fewer entries (-p num={} fits)",
                "scale",
                "-p",
                "num=300000000",
                "-p",
                "store=lmdb"));
        // --- the beyond-memory tests (a memory control group: root and a memory controller, else skipped)
        cases.add(runSh(
                        "beyond-size-over-the-disk-folder",
                        "`./run.sh beyond -p num=500000000`: more entries than the disk folder holds",
                        2,
                        "run.sh: the disk folder $CASE/disk has {} free but the largest test may need {}: free space, set KVBENCH_DISK_DIR "
                                + "to a bigger folder, or pass fewer entries (-p num={} fits)",
                        "beyond",
                        "-p",
                        "num=500000000",
                        "-p",
                        "store=lmdb")
                .env("KVBENCH_DISK_DIR", "$CASE/disk")
                .setup(BadInputTest::memoryController));
        cases.add(runSh(
                        "beyond-disk-folder-on-tmpfs",
                        "`KVBENCH_DISK_DIR=/dev/shm`: a disk folder that lives in memory",
                        2,
                        "run.sh: the disk folder /dev/shm is on tmpfs, which keeps its files in memory: the beyond-memory tests need a folder "
                                + "on a disk; set KVBENCH_DISK_DIR to one (e.g. /var/tmp/kvbench)",
                        "beyond",
                        "-p",
                        "num=10000000",
                        "-p",
                        "store=lmdb")
                .env("KVBENCH_DISK_DIR", "/dev/shm")
                .setup(BadInputTest::memoryController));
        cases.add(runSh(
                        "beyond-disk-folder-not-writable",
                        "`KVBENCH_DISK_DIR` on a read-only file system (/proc)",
                        2,
                        "run.sh: the disk folder /proc/kvbench is not writable (no such file or folder: /proc/kvbench): "
                                + "set KVBENCH_DISK_DIR to a writable folder on a disk file system",
                        "beyond",
                        "-p",
                        "num=10000000",
                        "-p",
                        "store=lmdb")
                .env("KVBENCH_DISK_DIR", "/proc/kvbench")
                .setup(BadInputTest::memoryController));
        cases.add(runSh(
                "ycsb-beyond-memory",
                "`./run.sh ycsb -p recordcount=1000 -jvmArgsAppend -Xmx64g`: not even the anchor and one other"
                        + " engine fit at once, so no groups can hold them",
                2,
                "run.sh: ./run.sh ycsb: test 1 (YCSB A: update heavy) holds 13 stores of 1,000 YCSB"
                        + " records at once, which need about {} ({}); this machine has {} available (MemAvailable"
                        + " less a margin): {}",
                "ycsb",
                "-p",
                "recordcount=1000",
                "-jvmArgsAppend",
                "-Xmx64g"));
        cases.add(runSh(
                        "quick-jvms-beyond-memory",
                        "`./run.sh quick -p jvm=G1,Parallel,Serial,own -jvmArgsAppend -Xmx64g` (a dry run): 104 JVMs"
                                + " of 64 GB heaps, not even two of which fit, so no groups can hold them",
                        2,
                        "run.sh: ./run.sh quick: test 1 (Int keys in sequential order) holds 52 stores × 2 JVMs of 100,000"
                                + " entries of 100 bytes at once, which need about {} ({}); this machine has {} available"
                                + " (MemAvailable less a margin): {}",
                        "quick",
                        "-p",
                        "jvm=G1,Parallel,Serial,own",
                        "-jvmArgsAppend",
                        "-Xmx64g")
                .env("KVBENCH_DRY_RUN", "1")
                .seen(Seen.ERR_LAST));
        cases.add(runSh(
                        "beyond-limit-over-the-data",
                        "`KVBENCH_MEM_LIMIT=4G` with 1 GB of data: reads would never leave memory",
                        2,
                        "run.sh: KVBENCH_MEM_LIMIT=4G (4.29 GB) is not below the data of test 1 (10,000,000 entries: 1.04 GB of flat data), "
                                + "so its reads would never leave memory: lower KVBENCH_MEM_LIMIT or pass more entries (-p num=200000000 is 4x the limit)",
                        "beyond",
                        "-p",
                        "num=10000000",
                        "-p",
                        "store=lmdb")
                .env("KVBENCH_MEM_LIMIT", "4G")
                .setup(BadInputTest::memoryController));
        cases.add(runSh(
                        "beyond-limit-too-small",
                        "`./run.sh beyond -p num=1000000`: a quarter of the data is too little for a JVM",
                        2,
                        "run.sh: the memory limit 25.2 MB (the data / 4) of test 1 is below the 168 MB a benchmark JVM needs to run in (the JVM, "
                                + "the data set's keys, the engine's buffers): pass more entries (-p num=7000000 gives a 168 MB limit) or set "
                                + "KVBENCH_MEM_LIMIT with at least that many entries",
                        "beyond",
                        "-p",
                        "num=1000000",
                        "-p",
                        "store=lmdb")
                .setup(BadInputTest::memoryController));
        cases.add(runSh(
                        "beyond-limit-not-a-size",
                        "`KVBENCH_MEM_LIMIT=lots`",
                        2,
                        "run.sh: KVBENCH_MEM_LIMIT=lots is not a size; use bytes or a number with K, M, G (e.g. 512M)",
                        "beyond",
                        "-p",
                        "num=10000000",
                        "-p",
                        "store=lmdb")
                .env("KVBENCH_MEM_LIMIT", "lots")
                .setup(BadInputTest::memoryController));
        cases.add(withoutMemoryController(
                "beyond-no-memory-controller",
                "`./run.sh beyond` on a machine with no memory control group"
                        + " (the cgroup file systems unmounted in a mount namespace of its own)",
                2,
                "run.sh: ./run.sh beyond cannot run on this machine: no control group hierarchy with the memory controller is mounted "
                        + "(/proc/self/mounts has neither a cgroup mount with 'memory' nor cgroup2)",
                "beyond",
                "-p",
                "num=10000000",
                "-p",
                "store=lmdb"));
        cases.add(withoutMemoryController(
                        "scale-no-memory-controller",
                        "`./run.sh scale` on a machine with no memory control group:"
                                + " the beyond-memory tests are left out with the reason, the rest runs (here a dry run)",
                        0,
                        "the beyond-memory tests are left out: no control group hierarchy with the memory controller is mounted "
                                + "(/proc/self/mounts has neither a cgroup mount with 'memory' nor cgroup2)",
                        "scale",
                        "-p",
                        "store=lmdb")
                .env("KVBENCH_DRY_RUN", "1")
                .seen(Seen.OUT_FIRST));
        cases.add(jar(
                "jar-cold-cache-not-single-shot",
                "`-jvmArgsAppend -Dkvbench.cache=cold` without `-bm ss`",
                2,
                "kvbench: -Dkvbench.cache=cold drops the store's pages before each iteration, which is one pass only in single-shot mode: add -bm ss",
                "ReadKeyBenchmark",
                "-p",
                "store=lmdb",
                "-p",
                "num=100",
                "-jvmArgsAppend",
                "-Dkvbench.cache=cold"));
        cases.add(jar(
                "jar-cold-cache-bad-value",
                "`-jvmArgsAppend -Dkvbench.cache=frozen`",
                2,
                "kvbench: -Dkvbench.cache=frozen: the cache is cold (its pages dropped before each pass) or warm",
                "ReadKeyBenchmark",
                "-p",
                "store=lmdb",
                "-p",
                "num=100",
                "-bm",
                "ss",
                "-jvmArgsAppend",
                "-Dkvbench.cache=frozen"));
        cases.add(runSh(
                        "resume-with-other-options",
                        "running again into a folder whose test ran with other options",
                        2,
                        "run.sh: $CASE/results already holds test 1 run as: java -jar target/benchmarks.jar ReadKey -p num=5. "
                                + "To keep both, set KVBENCH_RESULTS to a new folder; to redo it, delete $CASE/results",
                        "smoke",
                        "-p",
                        "store=lmdb")
                .setup(BadInputTest::completedTest)
                .check(dir ->
                        assertTrue(Files.exists(dir.resolve("results/out-1.csv")), "the completed test is kept")));
        cases.add(runSh(
                        "option-refused-by-the-engine",
                        "`lmdb:integerKeys=true` with string keys: only the engine knows",
                        2,
                        "run.sh: test 1: JMH refused its command line (exit status 2, see above); fix the options, then run ./run.sh again",
                        "smoke",
                        "WriteBenchmark",
                        "-p",
                        "store=lmdb:integerKeys=true",
                        "-p",
                        "intKey=false",
                        "-p",
                        "num=100")
                .check(dir -> assertTrue(
                        Files.readString(dir.resolve(".stderr"))
                                .contains(
                                        "kvbench: lmdb:integerKeys=true (tried "
                                                + "with string keys and valSize=100): lmdb option integerKeys=true needs every key to be a 4-byte int"),
                        "the engine's reason is shown above")));
        // --- a YCSB workload file (./run.sh workload FILE -p name=value)
        cases.add(runSh(
                "workload-no-file",
                "`./run.sh workload` without a workload file",
                2,
                "run.sh: give a workload file: ./run.sh workload path/to/workloada [-p name=value ...] (or a preset: "
                        + "workloada, workloadb, workloadc, workloadd, workloade, workloadf)",
                "workload"));
        cases.add(runSh(
                "workload-file-missing",
                "a workload file that does not exist",
                2,
                "run.sh: workload file nope.properties not found; give a YCSB workload file (e.g. path/to/workloada) or a "
                        + "preset: workloada, workloadb, workloadc, workloadd, workloade, workloadf",
                "workload",
                "nope.properties"));
        cases.add(runSh(
                "workload-file-is-a-folder",
                "a folder given as the workload file",
                2,
                "run.sh: workload file $CASE is a folder; give a YCSB workload file in it (e.g. $CASE/workloada) or a preset: "
                        + "workloada, workloadb, workloadc, workloadd, workloade, workloadf",
                "workload",
                "$CASE"));
        cases.add(runSh(
                        "workload-file-empty",
                        "a workload file that sets nothing (only comments)",
                        2,
                        "run.sh: workload file $CASE/empty sets no property (it is empty or all comments): YCSB would run its "
                                + "defaults; write the workload's properties in it, or use a preset: workloada, workloadb, workloadc, "
                                + "workloadd, workloade, workloadf",
                        "workload",
                        "$CASE/empty")
                .setup(dir -> Files.writeString(dir.resolve("empty"), "# nothing yet\n")));
        cases.add(runSh(
                        "workload-file-binary",
                        "a binary file (the first 3,000 bytes of a program) as the workload file",
                        2,
                        "run.sh: workload file $CASE/program is not a text file of properties (it holds binary bytes, as a"
                                + " program or an archive does); give a YCSB workload file, lines of name=value (e.g."
                                + " path/to/workloada), or a preset: workloada, workloadb, workloadc, workloadd, workloade,"
                                + " workloadf",
                        "workload",
                        "$CASE/program")
                .setup(dir -> {
                    try (var java = Files.newInputStream(Path.of(JAVA))) {
                        Files.write(dir.resolve("program"), java.readNBytes(3000));
                    }
                }));
        cases.add(runSh(
                "workload-two-files",
                "`./run.sh workload workloada workloadb`: two workload files",
                2,
                "run.sh: workload workloadb after workloada: a run takes one workload file; run ./run.sh workload workloadb"
                        + " on its own (it would be read as a JMH benchmark pattern here)",
                "workload",
                "workloada",
                "workloadb"));
        cases.add(runSh(
                "workload-unknown-property",
                "`-p readproprtion=0.5`: a property YCSB would ignore silently",
                2,
                "run.sh: unknown property 'readproprtion' in workloada; did you mean 'readproportion'? (YCSB would ignore it silently)",
                "workload",
                "workloada",
                "-p",
                "readproprtion=0.5"));
        cases.add(runSh(
                "workload-proportions",
                "`-p readproportion=0.9` on workload A: proportions adding up to 1.4",
                2,
                "run.sh: the proportions in workloada add up to 1.40000, not 1: readproportion=0.9 + updateproportion=0.5; "
                        + "set them so that they add up to 1",
                "workload",
                "workloada",
                "-p",
                "readproportion=0.9"));
        cases.add(runSh(
                "workload-unknown-distribution",
                "`-p requestdistribution=zipf`",
                2,
                "run.sh: requestdistribution=zipf in workloada is not one kvbench knows; valid: uniform, zipfian, latest, "
                        + "hotspot, sequential, exponential (nearest: zipfian)",
                "workload",
                "workloada",
                "-p",
                "requestdistribution=zipf"));
        cases.add(runSh(
                "workload-property-names-a-file",
                "`-p workload=workloadc`: YCSB's class property given a workload file",
                2,
                "run.sh: -p workload=workloadc: YCSB's workload property names its Java class "
                        + "(site.ycsb.workloads.CoreWorkload); the workload file is the argument after the suite: "
                        + "./run.sh workload workloadc",
                "workload",
                "workloada",
                "-p",
                "workload=workloadc"));
        cases.add(runSh(
                "workload-property-other-class",
                "`-p workload=site.ycsb.workloads.RestWorkload`: a workload class kvbench does not model",
                2,
                "run.sh: workload=site.ycsb.workloads.RestWorkload in workloada: kvbench models YCSB's core workload only; "
                        + "write workload=site.ycsb.workloads.CoreWorkload",
                "workload",
                "workloada",
                "-p",
                "workload=site.ycsb.workloads.RestWorkload"));
        cases.add(runSh(
                "workload-props-parameter",
                "`-p props=...`: kvbench's internal parameter given by hand",
                2,
                "run.sh: -p props=recordcount=5: props is kvbench's own parameter (the workload's -p overrides as one "
                        + "value); give each property as -p name=value",
                "workload",
                "workloada",
                "-p",
                "props=recordcount=5"));
        cases.add(runSh(
                "workload-zipfian-constant-one",
                "`-p zipfianconstant=1`: outside YCSB's zipfian, found before any store opens",
                2,
                "run.sh: zipfianconstant=1 in workloada: YCSB's zipfian generator needs a constant above 0 and below 1 "
                        + "(its default: 0.99)",
                "workload",
                "workloada",
                "-p",
                "zipfianconstant=1"));
        cases.add(runSh(
                "workload-hotspot-none-hot",
                "`-p requestdistribution=hotspot -p hotspotdatafraction=0`: a hotspot of no key, uniform in effect",
                2,
                "run.sh: hotspotdatafraction=0 in workloada makes no key of 1000 hot: that is a uniform workload (YCSB's "
                        + "hotspot would divide by zero); give a fraction that makes at least one key hot and one cold, or "
                        + "requestdistribution=uniform",
                "workload",
                "workloada",
                "-p",
                "requestdistribution=hotspot",
                "-p",
                "hotspotdatafraction=0"));
        cases.add(runSh(
                "workload-insertstart-beyond-records",
                "`-p insertstart=2000` on workload A's 1,000 records",
                2,
                "run.sh: insertstart=2000 in workloada is not below recordcount=1000: the load inserts the key numbers "
                        + "from insertstart up to recordcount, so it would insert none; give insertstart below recordcount",
                "workload",
                "workloada",
                "-p",
                "insertstart=2000"));
        cases.add(runSh(
                "workload-batch-with-threads",
                "`-p batchsize=10 -p threadcount=2`: a batch held open by one of several threads",
                2,
                "run.sh: batchsize=10 with threadcount=2 in workloada: a store has one writer, confined to its thread, so "
                        + "only one client thread can keep a batch open; use threadcount=1 or batchsize=1",
                "workload",
                "workloada",
                "-p",
                "batchsize=10",
                "-p",
                "threadcount=2"));
        cases.add(runSh(
                        "workload-too-large",
                        "`-p recordcount=100000000 -p store=lmdb`: more records than the work folder holds; the recordcount"
                                + " the line says fits passes",
                        2,
                        "run.sh: recordcount=100000000 needs about {} but the work folder $CASE/work has {} free: lower"
                                + " recordcount (-p recordcount={} fits) or set KVBENCH_DIR to a bigger folder",
                        "workload",
                        "workloada",
                        "-p",
                        "recordcount=100000000",
                        "-p",
                        "store=lmdb")
                .check(adviceFits("recordcount", "workload", "workloada", "-p", "store=lmdb")));
        cases.add(runSh(
                        "workload-no-record-fits",
                        "a workload on a 20 MiB work folder: a store needs more than that besides its records",
                        2,
                        "run.sh: recordcount=1000 needs about {} but the work folder $CASE/work has {} free: no"
                                + " recordcount fits (a store needs about 67.1 MB with one record); set KVBENCH_DIR to a"
                                + " bigger folder",
                        "workload",
                        "workloada",
                        "-p",
                        "store=lmdb")
                .setup(dir -> SmallDisk.mount(dir.resolve("work"), 20))
                .check(SmallDisk::checkAndUnmount));
        cases.add(runSh(
                        "ycsb-records-over-the-work-folder",
                        "`./run.sh ycsb -p recordcount=100000000`: the line names the recordcount that fits, which the"
                                + " suite takes (not num)",
                        2,
                        "run.sh: the work folder $CASE/work has {} free but the largest test may need {}: free space, set"
                                + " KVBENCH_DIR to a bigger folder, or pass fewer records (-p recordcount={} fits)",
                        "ycsb",
                        "-p",
                        "store=lmdb",
                        "-p",
                        "recordcount=100000000")
                .check(adviceFits("recordcount", "ycsb", "-p", "store=lmdb")));
        String[] inserts = {
            "workload",
            "workloada",
            "-p",
            "recordcount=1000",
            "-p",
            "operationcount=2000000000",
            "-p",
            "insertproportion=1",
            "-p",
            "readproportion=0",
            "-p",
            "updateproportion=0",
            "-p",
            "interleave=false"
        };
        cases.add(runSh(
                        "workload-inserts-too-large",
                        "`-p recordcount=1000 -p operationcount=2000000000 -p insertproportion=1 -p interleave=false`: the run's inserts, not the records, overfill the work folder",
                        2,
                        "run.sh: recordcount=1000 and up to 2000000000 inserts of the run need about {} but the work folder "
                                + "$CASE/work has {} free: lower operationcount (-p operationcount={} fits) or set "
                                + "KVBENCH_DIR to a bigger folder",
                        inserts)
                .check(adviceFits("operationcount", inserts)));
        cases.add(runSh(
                "workload-turns-paced",
                "`-p interleave=true -p target=500`: interleaved turns are unpaced; a paced run is run once",
                2,
                "run.sh: interleave=true with target=500 in workloada: interleaved turns are a fixed number of operations,"
                        + " unpaced; use interleave=false to run the phase once, as YCSB does",
                "workload",
                "workloada",
                "-p",
                "interleave=true",
                "-p",
                "target=500"));
        cases.add(runSh(
                "workload-scans-unordered-only",
                "workload E (scans) on `chronicle` only: no ordered cursor, found before any store opens",
                2,
                "run.sh: nothing to run: workloade (scanproportion=0.95) scans, which needs an ordered cursor, and chronicle has "
                        + "none; engines with one: bdbje, leveldb, lmdb, lmdb-bb, lmdb-lwjgl, lmdbjni, mapdb, mvstore, rocksdb, sqlite, xodus",
                "workload",
                "workloade",
                "-p",
                "store=chronicle",
                "-p",
                "recordcount=100"));
        // --- variants: another library version, JDK or collector (./run.sh upgrade, -p jvm=)
        cases.add(runSh(
                "upgrade-no-variant",
                "`./run.sh upgrade` without a variant to compare",
                2,
                "run.sh: the upgrade suite compares variants of an engine: give them, e.g. -p store=rocksdb@10.10.1.1,rocksdb"
                        + " (a library version), -p store=lmdb:jdk=17,lmdb:jdk=25, or -p jvm=17,25 (every engine on both"
                        + " JDKs); none was given",
                "upgrade"));
        cases.add(runSh(
                "upgrade-version-unresolvable",
                "`rocksdb@9.99.99`: a version Maven cannot resolve",
                2,
                "run.sh: store spec rocksdb:version=9.99.99: Maven cannot resolve org.rocksdb:rocksdbjni:9.99.99: Maven's"
                        + " repositories have no such version (check the version on Maven Central)",
                "upgrade",
                "-p",
                "store=rocksdb@9.99.99,rocksdb"));
        cases.add(runSh(
                "upgrade-version-of-no-library",
                "`heap@1.0`: a limit row has no library to swap",
                2,
                "run.sh: store spec heap:version=1.0: engine 'heap' has no library jar of its own to swap, so it takes no"
                        + " version; engines that do: bdbje, chronicle, leveldb, leveldb-java, lmdb, lmdb-bb, lmdbjni, mapdb,"
                        + " mvstore, rocksdb, sqlite, xodus",
                "upgrade",
                "-p",
                "store=heap@1.0,heap"));
        cases.add(runSh(
                "upgrade-jdk-not-a-jdk",
                "`jdk=$CASE`: a folder that is not a JDK",
                2,
                "run.sh: store spec lmdb:jdk=$CASE: jdk=$CASE is not a JDK: it has no bin/java",
                "upgrade",
                "-p",
                "store=lmdb:jdk=$CASE,lmdb"));
        cases.add(runSh(
                "upgrade-jdk-too-old",
                "`-p jvm=11`: a JDK older than 17",
                2,
                "run.sh: store spec lmdb:jdk=11: jdk=11 is older than kvbench runs on; give 17 or newer",
                "upgrade",
                "-p",
                "jvm=11,17",
                "-p",
                "store=lmdb"));
        cases.add(runSh(
                "upgrade-gc-missing",
                "`collector=CMS` on JDK 17, which no longer has it",
                2,
                "run.sh: store spec lmdb:jdk=17+collector=CMS: collector=CMS: JDK 17 (" + jdkHome(17)
                        + ") has no such collector; give" + " another collector or another jdk",
                "upgrade",
                "-p",
                "store=lmdb:jdk=17+collector=CMS,lmdb"));
        cases.add(runSh(
                "upgrade-variant-twice",
                "`-p jvm=17,17`: one JVM named twice",
                2,
                "run.sh: -p jvm=17,17 names the JVM '17' twice; name each once",
                "upgrade",
                "-p",
                "jvm=17,17"));
        cases.add(runSh(
                "upgrade-store-twice",
                "`-p store=lmdb:jdk=25,lmdb:jdk=25`: one variant named twice",
                2,
                "run.sh: -p store=lmdb:jdk=25,lmdb:jdk=25 gives lmdb:jdk=25 twice; give each value once",
                "upgrade",
                "-p",
                "store=lmdb:jdk=25,lmdb:jdk=25"));
        cases.add(runSh(
                "jvm-flag-with-a-comma",
                "`-p store=lmdb:jvmArgs=-Xlog:gc,safepoint`: -p splits the flag at its comma",
                2,
                "run.sh: -p store=lmdb:jvmArgs=-Xlog:gc,safepoint,lmdb: -p splits its values at commas, so the flag"
                        + " '-Xlog:gc,safepoint' in jvmArgs would be cut at its comma and 'safepoint' read as another"
                        + " store; a flag with a comma goes in an argument file, which java reads: write it to a file and"
                        + " give jvmArgs=@FILE (e.g. jvmArgs=@/tmp/flags)",
                "upgrade",
                "-p",
                "store=lmdb:jvmArgs=-Xlog:gc,safepoint,lmdb"));
        cases.add(runSh(
                "jvm-list-flag-with-a-comma",
                "`-p jvm=jvmArgs=-Dx=a,b`: -p splits the flag at its comma",
                2,
                "run.sh: -p jvm=jvmArgs=-Dx=a,b: -p splits its values at commas, so the flag '-Dx=a,b' in jvmArgs"
                        + " would be cut at its comma and 'b' read as another JVM; a flag with a comma goes in an"
                        + " argument file, which java reads: write it to a file and give jvmArgs=@FILE (e.g."
                        + " jvmArgs=@/tmp/flags)",
                "upgrade",
                "-p",
                "jvm=jvmArgs=-Dx=a,b"));
        cases.add(runSh(
                "upgrade-empty-version",
                "`./run.sh upgrade -p store=rocksdb@,rocksdb`: an empty version",
                2,
                "run.sh: store spec 'rocksdb@': '@' takes one library version, e.g. rocksdb@10.10.1.1",
                "upgrade",
                "-p",
                "store=rocksdb@,rocksdb"));
        cases.add(runSh(
                "upgrade-num",
                "`./run.sh upgrade ... -p num=2000`: quick's tests take num, YCSB's workloads do not",
                2,
                "run.sh: -p num=2000 is a parameter of the 2016 data set, not of a YCSB workload: YCSB's workloads are"
                        + " sized by their properties, recordcount and operationcount (e.g. -p recordcount=100000); the"
                        + " upgrade suite's other tests take -p num, but a -p reaches every test, so it cannot size them"
                        + " alone: give recordcount for YCSB's, or leave num=2000 out",
                "upgrade",
                "-p",
                "store=rocksdb@10.10.1.1,rocksdb",
                "-p",
                "num=2000"));
        cases.add(runSh(
                "ycsb-num",
                "`./run.sh ycsb -p num=2000`: a 2016 parameter to YCSB's workloads",
                2,
                "run.sh: -p num=2000 is a parameter of the 2016 data set, not of a YCSB workload: YCSB's workloads are"
                        + " sized by their properties, recordcount and operationcount (e.g. -p recordcount=100000)",
                "ycsb",
                "-p",
                "num=2000"));
        cases.add(runSh(
                "upgrade-store-sets-a-jvm-key",
                "`-p store=lmdb:collector=ZGC -p jvm=G1,ZGC`: the store's own collector would drop the G1 row",
                2,
                "run.sh: -p store=lmdb:collector=ZGC sets collector=ZGC itself, which -p jvm sets for each of its JVMs, so"
                        + " the store would not take one row per JVM: leave collector out of the store (-p store=lmdb"
                        + " with -p jvm gives it the rows lmdb:collector=G1, lmdb:collector=ZGC), or leave -p jvm out"
                        + " and name each row in -p store",
                "upgrade",
                "-p",
                "store=lmdb:collector=ZGC",
                "-p",
                "jvm=G1,ZGC"));
        cases.add(runSh(
                "variant-not-interleaved",
                "a variant in a suite that does not interleave (`crash`)",
                2,
                "run.sh: store lmdb:jdk=25 is a variant (another library version or JVM), which runs in a JVM of its own in"
                        + " interleaved turns only: give -interleave true (./run.sh quick, ycsb, workload and upgrade do)",
                "crash",
                "-p",
                "store=lmdb:jdk=25"));
        // --- YCSB's own client beside kvbench's (./run.sh ycsb-peer, KVBENCH_YCSB)
        cases.add(runSh(
                        "ycsb-peer-no-client",
                        "`./run.sh ycsb-peer` without `KVBENCH_YCSB`, YCSB's client",
                        2,
                        "run.sh: the ycsb-peer suite runs YCSB's own client, and KVBENCH_YCSB is not set: " + YCSB_HOW,
                        "ycsb-peer")
                .env("KVBENCH_YCSB", ""));
        cases.add(runSh(
                        "ycsb-peer-not-a-build",
                        "`KVBENCH_YCSB` a folder that `ycsb.sh build` did not write",
                        2,
                        "run.sh: KVBENCH_YCSB=$CASE has no ycsb-peer.jar and lib/core-*.jar (what ycsb.sh build writes): "
                                + YCSB_HOW,
                        "ycsb-peer")
                .env("KVBENCH_YCSB", "$CASE"));
        cases.add(runSh(
                "ycsb-peer-store",
                "`./run.sh ycsb-peer -p store=lmdb`: YCSB's client has no LMDB binding here",
                2,
                "run.sh: -p store=lmdb: the ycsb-peer suite sets its own stores (rocksdb beside YCSB's RocksDB binding, "
                        + "null beside YCSB's BasicDB); leave -p store out",
                "ycsb-peer",
                "-p",
                "store=lmdb"));
        cases.add(runSh(
                "ycsb-peer-kvbench-property",
                "`./run.sh ycsb-peer -p loadbatchsize=100`: a property YCSB would not follow",
                2,
                "run.sh: -p loadbatchsize=100 is kvbench's, and YCSB's client would not follow it: the ycsb-peer suite runs "
                        + "the same workload on both, so leave it out",
                "ycsb-peer",
                "-p",
                "loadbatchsize=100"));
        cases.add(runSh(
                        "low-open-file-limit",
                        "`ulimit -n 256`: fewer open files than an LSM engine may need",
                        0,
                        "run.sh: warning: the open-file limit (ulimit -n) is 256 and the largest test may need about 4096 "
                                + "(LevelDB and RocksDB open a file per few MB of data); raise it with 'ulimit -n 1000000' "
                                + "(or nofile in /etc/security/limits.conf)",
                        "smoke",
                        "-p",
                        "store=leveldb,rocksdb")
                .shell("ulimit -n 256")
                .env("KVBENCH_DRY_RUN", "1")
                .seen(Seen.ERR_FIRST));
        cases.add(runSh(
                        "old-java",
                        "the first java on PATH is Java 11",
                        2,
                        "run.sh: java ($CASE/bin/java) is version 11; kvbench needs 17 or newer: install one and put it"
                                + " first on PATH (or set JAVA_HOME to it)",
                        "smoke")
                .setup(BadInputTest::oldJava)
                .env("PATH", "$CASE/bin:" + System.getenv("PATH"))
                .env("JAVA_HOME", ""));
        cases.add(runSh(
                        "old-java-home",
                        "`JAVA_HOME` names a Java 11",
                        2,
                        "run.sh: JAVA_HOME=$CASE is a Java 11; kvbench needs 17 or newer: set JAVA_HOME to a JDK 17 or"
                                + " newer, or unset it to use the java on PATH",
                        "smoke")
                .setup(BadInputTest::oldJava)
                .env("JAVA_HOME", "$CASE"));
        cases.add(runSh(
                        "relative-results-folder",
                        "a relative `KVBENCH_RESULTS`, a stale work folder of a killed run",
                        0,
                        "report: $CASE/rel/README.md",
                        "smoke",
                        "ReadKey",
                        "-p",
                        "store=lmdb",
                        "-p",
                        "num=100",
                        "-wi",
                        "0",
                        "-i",
                        "1",
                        "-bm",
                        "ss")
                .env("KVBENCH_RESULTS", "rel")
                .env("JAVA_TOOL_OPTIONS", "-Djmh.ignoreLock=true")
                .setup(BadInputTest::staleRun)
                .check(dir -> {
                    assertTrue(Files.size(dir.resolve("rel/README.md")) > 0, "a report");
                    assertFalse(
                            Files.exists(dir.resolve("work/run-" + deadPid)), "the killed run's stores are removed");
                }));
        cases.add(runSh(
                        "clean-after-a-killed-run",
                        "`./run.sh --clean` after a run killed with SIGKILL left its stores in the work folder",
                        0,
                        "run.sh: removed the stores a killed run left in the work folder $CASE/work: run-{} (1.0 MiB)",
                        "--clean")
                .seen(Seen.OUT_FIRST)
                .env("KVBENCH_DISK_DIR", "$CASE/disk")
                .setup(BadInputTest::staleRun));
        cases.add(runSh(
                        "start-after-a-killed-run",
                        "a run's start (here a dry run) after a run killed with SIGKILL left its stores in the work"
                                + " folder",
                        0,
                        "run.sh: removed the stores a killed run left in the work folder $CASE/work: run-{} (1.0 MiB)",
                        "quick",
                        "-p",
                        "store=lmdb")
                .seen(Seen.OUT_ANY)
                .env("KVBENCH_DRY_RUN", "1")
                .setup(BadInputTest::staleRun));
        cases.add(runSh(
                "clean-with-a-suite",
                "`./run.sh --clean quick`: --clean runs nothing else",
                2,
                "run.sh: --clean runs nothing else: give it alone (./run.sh --clean), then the suite",
                "--clean",
                "quick"));
        cases.add(killedGroup());
        cases.add(interruptedRun());
        // --- the benchmark jar
        cases.add(jar(
                "jar-misspelt-param",
                "`-p nums=1000` to the jar",
                2,
                "kvbench: unknown parameter 'nums'; the selected benchmarks take: store, num, intKey, sequential, valSize, valRandom, batchSize, sync",
                "WriteBenchmark",
                "-p",
                "nums=1000",
                "-p",
                "store=lmdb"));
        cases.add(jar(
                        "jar-no-room",
                        "`-p valSize=100000000` to the jar: checked before the preflight writes a store",
                        2,
                        "kvbench: not enough space for the largest data set (100000 entries, 10000000400000 flat bytes) in $CASE/work ({}): "
                                + "needs about {}, {} usable; free some space or point -Dkvbench.dir=... (or KVBENCH_DIR) at a bigger file system",
                        "WriteBenchmark",
                        "-p",
                        "store=lmdb",
                        "-p",
                        "num=100000",
                        "-p",
                        "valSize=100000000")
                .check(dir -> assertFalse(
                        Files.exists(dir.resolve("work")) && listsRunFolders(dir.resolve("work")),
                        "no store written")));
        cases.add(jar(
                "jar-option-refused-by-engine",
                "`lmdb:integerKeys=true` with string keys",
                2,
                "kvbench: lmdb:integerKeys=true (tried with string keys and valSize=100): lmdb option integerKeys=true needs every "
                        + "key to be a 4-byte int, but this data set has 16-byte keys; use integerKeys=auto or false",
                "WriteBenchmark",
                "-p",
                "store=lmdb:integerKeys=true",
                "-p",
                "intKey=false",
                "-p",
                "num=100"));
        cases.add(jar(
                "jar-threads-on-write",
                "`-t 2` on the write benchmark",
                2,
                "kvbench: write has one writer per store, so it runs in one thread: leave out -t 2 or select only read benchmarks "
                        + "(e.g. ReadKey) for several threads",
                "WriteBenchmark",
                "-t",
                "2",
                "-p",
                "store=lmdb"));
        cases.add(jar(
                "jar-unknown-option",
                "an option JMH does not have",
                2,
                "kvbench: bogus is not a recognized option (see -h)",
                "--bogus"));
        cases.add(jar(
                        "jar-disk-full-lmdb",
                        "the work folder's file system (a 320 MiB tmpfs) fills up during LMDB's write pass",
                        1,
                        "kvbench: FAILED write on lmdb: disk full: no space left on $CASE/work (tmpfs) ({} usable) while working in "
                                + "$CASE/work/run-{}; the JVM crashed: SIGBUS in native code at {} (on a memory-mapped store, SIGBUS "
                                + "usually means its file system is full)",
                        "WriteBenchmark",
                        "-p",
                        "store=lmdb",
                        "-p",
                        "num=500000",
                        "-wi",
                        "0",
                        "-i",
                        "1",
                        "-bm",
                        "ss",
                        "-f",
                        "1",
                        "-o",
                        "$CASE/jmh.txt")
                .setup(dir -> SmallDisk.mount(dir.resolve("work"), 320))
                .during(dir -> SmallDisk.fillWhenOpened(dir.resolve("work"), "data.mdb"))
                .check(SmallDisk::checkAndUnmount));
        cases.add(jar(
                        "jar-disk-full-rocksdb",
                        "the work folder's file system (a 320 MiB tmpfs) fills up during RocksDB's write pass",
                        1,
                        "kvbench: FAILED write on rocksdb: disk full: no space left on $CASE/work (tmpfs) while working in "
                                + "$CASE/work/run-{}/write-rocksdb-{} ({}: No space left on device)",
                        "WriteBenchmark",
                        "-p",
                        "store=rocksdb",
                        "-p",
                        "num=500000",
                        "-wi",
                        "0",
                        "-i",
                        "1",
                        "-bm",
                        "ss",
                        "-f",
                        "1",
                        "-o",
                        "$CASE/jmh.txt")
                .setup(dir -> SmallDisk.mount(dir.resolve("work"), 320))
                .during(dir -> SmallDisk.fillWhenOpened(dir.resolve("work"), "CURRENT"))
                .check(SmallDisk::checkAndUnmount));
        cases.add(jar(
                        "jar-too-few-open-files",
                        "`ulimit -n` 17 above the class path's jar count: the JVM starts, but cannot "
                                + "start the preflight's or a trial's JVM (RocksDB with a 1 MiB write buffer)",
                        1,
                        "kvbench: {}: {}; too many open files for this process's limit of {} (ulimit -n): raise it "
                                + "with 'ulimit -n 1000000' (or nofile in /etc/security/limits.conf)",
                        "WriteBenchmark",
                        "-p",
                        "store=rocksdb:writeBufferMb=1",
                        "-p",
                        "num=100000",
                        "-wi",
                        "0",
                        "-i",
                        "1",
                        "-bm",
                        "ss",
                        "-f",
                        "1",
                        "-o",
                        "$CASE/jmh.txt")
                .shell("ulimit -n " + OPEN_FILES)
                .check(dir -> assertTrue(
                        Files.readString(dir.resolve(".stderr")).contains("limit of " + OPEN_FILES + " (ulimit -n)"),
                        "the line names the limit, " + OPEN_FILES)));
        cases.add(jar(
                        "jar-file-size-limit",
                        "`ulimit -f 20000`: LMDB's file may not grow past 20 MB",
                        2,
                        "kvbench: lmdb (tried with int keys and valSize=100): ConstantDerivedException: Platform constant error code: "
                                + "EFBIG File too large (27); a file reached this process's file size limit (ulimit -f is 20480000 bytes): "
                                + "raise it with 'ulimit -f unlimited'",
                        "WriteBenchmark",
                        "-p",
                        "store=lmdb",
                        "-p",
                        "num=300000")
                .shell("ulimit -f 20000"));
        // --- results folders given to process.sh
        cases.add(processSh(
                "process-no-folder",
                "`./process.sh` without a folder",
                2,
                "usage: ./process.sh DIR   (DIR: a results folder written by ./run.sh, e.g. results/{}-quick)"));
        cases.add(processSh(
                "process-not-a-folder",
                "a folder that does not exist",
                1,
                "process.sh: $CASE/nothing is not a folder; give a results folder written by ./run.sh, e.g. results/{}-quick",
                "$CASE/nothing"));
        cases.add(processSh(
                        "process-empty-folder",
                        "a folder with no results in it",
                        1,
                        "process.sh: $CASE/empty has no results (no out-N.csv or out-N.side.jsonl): run ./run.sh SUITE first, then "
                                + "./process.sh on the folder it names",
                        "$CASE/empty")
                .setup(dir -> Files.createDirectories(dir.resolve("empty"))));
        cases.add(processSh(
                        "process-cut-short-csv",
                        "an `out-N.csv` cut short (a run killed while writing it)",
                        2,
                        "$CASE/r/out-2.csv line 2 has 7 of its 15 fields: the file is cut short (a run interrupted while writing it?); "
                                + "delete it and run the suite again to redo that test",
                        "$CASE/r")
                .setup(dir -> damagedFixture(dir, "out-2.csv", 1, line -> line.substring(0, 60)))
                .check(BadInputTest::oldReportKept));
        cases.add(processSh(
                        "process-score-not-a-number",
                        "a score in `out-N.csv` that is not a number",
                        2,
                        "$CASE/r/out-2.csv line 2: a Samples, Score or Score Error field is not a number (For input string: \"fast\"); "
                                + "the file is damaged: delete it and run the suite again to redo that test",
                        "$CASE/r")
                .setup(dir -> damagedFixture(dir, "out-2.csv", 1, line -> line.replace(",4.300000,", ",fast,")))
                .check(BadInputTest::oldReportKept));
        cases.add(processSh(
                        "process-bad-side-file",
                        "a side file line that is not JSON",
                        2,
                        "$CASE/r/out-1.side.jsonl line 1: bad JSON at 0: unexpected character",
                        "$CASE/r")
                .setup(dir -> damagedFixture(dir, "out-1.side.jsonl", 0, line -> "garbage" + line))
                .check(BadInputTest::oldReportKept));
        cases.add(processSh(
                        "process-every-run-failed",
                        "a folder where every run of every chart failed",
                        0,
                        "report: $CASE/r/README.md",
                        "$CASE/r")
                .setup(BadInputTest::allFailed)
                .check(dir -> {
                    try (Stream<Path> files = Files.list(dir.resolve("r"))) {
                        for (Path png :
                                files.filter(f -> f.toString().endsWith(".png")).toList()) {
                            assertTrue(Files.size(png) > 0, png + " is not empty");
                        }
                    }
                }));
        cases.add(processSh(
                        "index-over-a-readme",
                        "`./process.sh --index DIR` where DIR holds a README.md of the user's, not an index",
                        2,
                        "$CASE/mine/README.md is not an index ./process.sh --index wrote, and it would be overwritten: move it"
                                + " away, or give the folder of the published runs (e.g. results)",
                        "--index",
                        "$CASE/mine")
                .setup(dir -> Files.writeString(
                        Files.createDirectories(dir.resolve("mine")).resolve("README.md"), "# My notes\n"))
                .check(dir -> assertEquals("# My notes\n", Files.readString(dir.resolve("mine/README.md")))));
        // --- mistakes that passed silently or confused (issue 26)
        cases.add(runSh(
                "jvm-flag-unknown",
                "`-jvmArgs -XX:+Bogus`: a JVM flag the forks would ignore",
                2,
                "run.sh: java refuses the JVM flags of -jvmArgs (-XX:+Bogus): Unrecognized VM option 'Bogus'; fix the flag or "
                        + "leave it out (the forks ignore unrecognized -XX flags, so it would be dropped without a word)",
                "smoke",
                "-jvmArgs",
                "-XX:+Bogus"));
        cases.add(jar(
                "jar-jvm-flag-misspelt",
                "`-jvmArgsAppend -XX:+UseG1GCC` to the jar: a misspelt JVM flag",
                2,
                "kvbench: java refuses the JVM flags of -jvmArgsAppend (-XX:+UseG1GCC): Unrecognized VM option 'UseG1GCC'; fix "
                        + "the flag or leave it out (the forks ignore unrecognized -XX flags, so it would be dropped without a word)",
                "ReadKeyBenchmark",
                "-p",
                "store=lmdb",
                "-jvmArgsAppend",
                "-XX:+UseG1GCC"));
        cases.add(runSh(
                        "budget-too-small",
                        "`KVBENCH_BUDGET=1K`: less than 100 entries of a test",
                        2,
                        "run.sh: KVBENCH_BUDGET=1K cannot be met: every test needs at least 100 entries, 1637300 bytes for its largest "
                                + "entries (16373 bytes each); the smallest budget is KVBENCH_BUDGET=1599K",
                        "report")
                .env("KVBENCH_BUDGET", "1K"));
        cases.add(runSh(
                        "budget-zero",
                        "`KVBENCH_BUDGET=0`",
                        2,
                        "run.sh: KVBENCH_BUDGET=0: the budget must be above 0; use bytes or a number with K, M, G (e.g. 2G)",
                        "report")
                .env("KVBENCH_BUDGET", "0"));
        cases.add(runSh(
                "bindings-of-a-single-binding-engine",
                "`bindings -p store=rocksdb`: RocksDB has one binding",
                2,
                "run.sh: -p store=rocksdb: the bindings suite compares an engine's bindings, but rocksdb has no other binding; "
                        + "engines with more than one: leveldb (leveldb-java), lmdb (lmdb-bb, lmdb-lwjgl and lmdbjni) "
                        + "(for rocksdb alone: ./run.sh quick -p store=rocksdb)",
                "bindings",
                "-p",
                "store=rocksdb"));
        cases.add(jar(
                "jar-threads-on-direct",
                "`'\\.readKey$' -t 2`: the direct-API baselines in two threads",
                2,
                "kvbench: the direct-API baselines (DirectLmdbBenchmark.readKey) run in one thread, as the Store benchmarks they "
                        + "are paired with: leave out -t 2 or leave them out with -e Direct for several threads",
                "\\.readKey$",
                "-p",
                "store=lmdb,rocksdb",
                "-t",
                "2"));
        cases.add(runSh(
                "crash-reps-zero",
                "`crash -p reps=0`",
                2,
                "run.sh: -p reps=0: reps must be a whole number above 0",
                "crash",
                "-p",
                "reps=0"));
        cases.add(runSh(
                "crash-reps-not-a-number",
                "`crash -p reps=abc`",
                2,
                "run.sh: -p reps=abc: reps must be a whole number above 0",
                "crash",
                "-p",
                "reps=abc"));
        // --- the amplification test's disk folder (issue 26, section 3)
        cases.add(runSh(
                "amp-disk-dir-unset",
                "`amp` without `KVBENCH_DISK_DIR`: it has no default, the folder decides what is measured",
                2,
                "run.sh: KVBENCH_DISK_DIR is not set: write amplification is measured on a disk folder; " + AMP_FIX,
                "amp"));
        cases.add(runSh(
                        "amp-disk-dir-a-file",
                        "`amp` with `KVBENCH_DISK_DIR` naming a file",
                        2,
                        "run.sh: KVBENCH_DISK_DIR=$CASE/afile is not a folder; " + AMP_FIX,
                        "amp")
                .setup(dir -> Files.writeString(dir.resolve("afile"), "x"))
                .env("KVBENCH_DISK_DIR", "$CASE/afile"));
        cases.add(runSh(
                        "amp-disk-dir-not-writable",
                        "`amp` with `KVBENCH_DISK_DIR` where no folder can be made",
                        2,
                        "run.sh: KVBENCH_DISK_DIR=/proc/kvbench is not writable (no such file or folder: /proc/kvbench); "
                                + AMP_FIX,
                        "amp")
                .env("KVBENCH_DISK_DIR", "/proc/kvbench"));
        cases.add(runSh(
                        "amp-disk-dir-on-tmpfs",
                        "`amp` with `KVBENCH_DISK_DIR` on tmpfs, where nothing reaches a disk",
                        2,
                        "run.sh: KVBENCH_DISK_DIR=/dev/shm/kvbench-amp is on tmpfs, in memory, where no write reaches a disk; "
                                + AMP_FIX,
                        "amp")
                .setup(dir -> org.junit.jupiter.api.Assumptions.assumeTrue(
                        dev.kvbench.measure.Machine.fileSystem(Path.of("/dev/shm"))
                                .equals("tmpfs"),
                        "no tmpfs at /dev/shm"))
                .env("KVBENCH_DISK_DIR", "/dev/shm/kvbench-amp")
                .check(dir -> assertFalse(Files.exists(Path.of("/dev/shm/kvbench-amp")), "nothing created in it")));
        cases.add(runSh(
                        "amp-store-over-the-disk-folder",
                        "`amp -p num=100000000 -p store=mvstore`: MVStore may grow by a page per "
                                + "put, more than the disk folder holds",
                        2,
                        "run.sh: the disk folder $CASE/disk has {} free but the amplification test at 100,000,000 entries may need {} "
                                + "for mvstore (MVStore keeps every page it rewrites: up to 4.5 KiB for each of the 11 puts per entry): "
                                + "pass fewer entries (-p num={} fits), or set KVBENCH_DISK_DIR to a bigger folder",
                        "amp",
                        "-p",
                        "num=100000000",
                        "-p",
                        "store=mvstore")
                .env("KVBENCH_DISK_DIR", "$CASE/disk")
                .setup(dir -> org.junit.jupiter.api.Assumptions.assumeFalse(
                        dev.kvbench.measure.DiskWrites.inMemory(dev.kvbench.measure.Machine.fileSystem(dir)),
                        "the temporary folder is in memory, not on a disk")));
        cases.add(jar(
                "jar-lmdb-map-too-small",
                "`lmdb:mapSizeMb=1` with 50,000 entries: a map smaller than the data, refused"
                        + " before any store opens",
                2,
                "kvbench: lmdb option mapSizeMb=1 is too small: the map cannot hold "
                        + "50000 entries of 104 bytes (5200000 bytes before LMDB's pages); use mapSizeMb=0 to size it from the "
                        + "data, or a larger mapSizeMb",
                "WriteBenchmark",
                "-p",
                "store=lmdb:mapSizeMb=1",
                "-p",
                "num=50000",
                "-wi",
                "0",
                "-i",
                "1",
                "-bm",
                "ss",
                "-f",
                "1",
                "-o",
                "$CASE/jmh.txt"));
        cases.add(runSh(
                        "dirwalk-with-num",
                        "`app -p num=2000`: dirWalk's tree follows fanout and depth, not num",
                        0,
                        "test 4 of 6: Directory tree walk, every engine, 1 thread (17 runs, a tree of 488280 directories)",
                        "app",
                        "-p",
                        "num=2000")
                .env("KVBENCH_DRY_RUN", "1")
                .seen(Seen.OUT_ANY));
        cases.add(runSh(
                        "java-home-without-java",
                        "`JAVA_HOME=/nonexistent`",
                        2,
                        "run.sh: JAVA_HOME=/nonexistent has no bin/java: set JAVA_HOME to a JDK 17 or newer, or unset it to use the "
                                + "java on PATH",
                        "smoke")
                .env("JAVA_HOME", "/nonexistent"));
        cases.add(processSh(
                        "process-no-meta",
                        "a folder without `out-1.meta`",
                        0,
                        "process.sh: warning: $CASE/r/out-1.meta is missing: test 1 is shown without its title, description and chart "
                                + "settings (run.sh writes it when the test starts)",
                        "$CASE/r")
                .setup(dir -> Files.delete(copyFixture(dir).resolve("out-1.meta")))
                .seen(Seen.ERR_FIRST)
                .check(dir -> assertTrue(
                        Files.readString(dir.resolve("r/README.md")).contains("## Test 1: untitled (no out-1.meta)"),
                        "the test is titled as untitled")));
        cases.add(processSh(
                        "process-csv-header-only",
                        "an `out-2.csv` with only its header, the scores in `out-2.txt`",
                        0,
                        "process.sh: warning: $CASE/r/out-2.csv is empty (only its header line), so the report has no scores for test 2; "
                                + "JMH's log out-2.txt may hold them: run the test again to chart them",
                        "$CASE/r")
                .setup(dir -> {
                    Path csv = copyFixture(dir).resolve("out-2.csv");
                    Files.writeString(csv, Files.readAllLines(csv).get(0) + "\n");
                })
                .seen(Seen.ERR_FIRST)
                .check(dir -> assertTrue(
                        Files.readString(dir.resolve("r/README.md")).contains("out-2.csv is empty"),
                        "the report says the CSV is empty")));
        cases.add(processSh(
                        "process-panel-without-values",
                        "a chart panel whose every bar was skipped (`quick -p store=null`):"
                                + " gnuplot 5.4.4 crashed on its value labels",
                        0,
                        "report: $CASE/r/README.md",
                        "$CASE/r")
                .setup(dir -> copyFixture(dir, "skipped-panels", "r"))
                .check(dir -> {
                    assertFalse(
                            Files.readString(dir.resolve(".stderr")).contains("Segmentation fault"),
                            "gnuplot did not crash");
                    if (onPath("gnuplot")) {
                        assertTrue(
                                Files.size(dir.resolve("r/1-int-seq-v100.png")) > 0,
                                "the chart with skipped panels is drawn");
                    }
                }));
        cases.add(runSh(
                "suite-after-shard",
                "`./run.sh --shard 1/2 quick`: an option before the suite name",
                2,
                "run.sh: the suite comes first: ./run.sh quick --shard 1/2 (after an option, 'quick' is read as a JMH"
                        + " benchmark pattern)",
                "--shard",
                "1/2",
                "quick"));
        cases.add(runSh(
                "suite-after-param",
                "`./run.sh -p num=2000 quick`: a parameter before the suite name",
                2,
                "run.sh: the suite comes first: ./run.sh quick -p num=2000 (after an option, 'quick' is read as a JMH"
                        + " benchmark pattern)",
                "-p",
                "num=2000",
                "quick"));
        // --- a shard of a suite (./run.sh SUITE --shard i/n)
        cases.add(runSh(
                "shard-beyond-count",
                "`--shard 3/2`: a shard past the number of shards",
                2,
                "run.sh: --shard 3/2: the shard must be from 1 to the number of shards (1 to 2), e.g. --shard 1/2",
                "smoke",
                "--shard",
                "3/2"));
        cases.add(runSh(
                "shard-twice",
                "`--shard 1/2 --shard 2/2`: the last one would win silently",
                2,
                "run.sh: --shard 1/2 and --shard 2/2: give --shard once",
                "smoke",
                "--shard",
                "1/2",
                "--shard",
                "2/2"));
        cases.add(runSh(
                "tests-twice",
                "`--tests 1 --tests 2`: the last one would win silently",
                2,
                "run.sh: --tests 1 and --tests 2: give --tests once",
                "smoke",
                "--tests",
                "1",
                "--tests",
                "2"));
        cases.add(runSh(
                "param-twice",
                "`-p num=2000 -p num=3000`: JMH would run both while the plan names one",
                2,
                "run.sh: -p num=2000 and -p num=3000: give each parameter once, its values comma-separated "
                        + "(-p num=2000,3000)",
                "smoke",
                "-p",
                "num=2000",
                "-p",
                "num=3000"));
        cases.add(runSh(
                "shard-zero",
                "`--shard 0/2`: shards count from 1",
                2,
                "run.sh: --shard 0/2: the shard must be from 1 to the number of shards (1 to 2), e.g. --shard 1/2",
                "smoke",
                "--shard",
                "0/2"));
        cases.add(runSh(
                "shard-not-numbers",
                "`--shard a/b`",
                2,
                "run.sh: --shard a/b is not i/n: give this machine's shard and the number of shards, e.g. --shard 1/2 "
                        + "(tests 1, 3, 5...) and --shard 2/2 (tests 2, 4, 6...)",
                "smoke",
                "--shard",
                "a/b"));
        // --- two results folders given to process.sh --compare
        cases.add(processSh(
                        "compare-missing-folder",
                        "`--compare` on a folder that does not exist",
                        2,
                        "compare: $CASE/nothing is not a folder; give two results folders written by ./run.sh, e.g. "
                                + "./process.sh --compare results/20261124-quick4 results/20261124-quick5",
                        "--compare",
                        "$CASE/nothing",
                        "$CASE/app")
                .setup(dir -> copyFixture(dir, "app-results", "app")));
        cases.add(processSh(
                        "compare-nothing-in-common",
                        "`--compare` on two folders with no run in common",
                        2,
                        "compare: $CASE/app and $CASE/crash have no run in common (the same benchmark, engine and parameters): "
                                + "A is an app run and B a crash run, of 4 engines each, with 3 engines (chronicle, lmdb, "
                                + "rocksdb) in common; compare two runs of one suite and command",
                        "--compare",
                        "$CASE/app",
                        "$CASE/crash")
                .setup(dir -> {
                    copyFixture(dir, "app-results", "app");
                    copyFixture(dir, "crash", "crash");
                })
                .check(dir -> assertFalse(Files.exists(dir.resolve("compare-app-vs-crash")), "nothing written")));
        cases.add(processSh(
                        "compare-different-hosts",
                        "`--compare` on runs from hosts with different CPUs",
                        2,
                        "compare: $CASE/a ran on AMD EPYC and $CASE/b on Intel(R) Xeon(R) Processor: runs of different hosts "
                                + "differ by the hosts; add --any-host to compare them anyway",
                        "--compare",
                        "$CASE/a",
                        "$CASE/b")
                .setup(dir -> {
                    copyFixture(dir, "results", "a");
                    copyFixture(dir, "app-results", "b");
                }));
        cases.add(processSh(
                        "compare-same-folder",
                        "`--compare A A`: one run given as both",
                        2,
                        "compare: $CASE/a and $CASE/a are the same folder: a comparison needs two runs; run the suite again (it "
                                + "writes a folder of its own) and compare the two",
                        "--compare",
                        "$CASE/a",
                        "$CASE/a")
                .setup(dir -> copyFixture(dir, "results", "a")));
        cases.add(processSh(
                        "compare-ycsb-folders",
                        "`--compare` on two YCSB runs of one suite with no workload that both ranked",
                        2,
                        "compare: $CASE/a and $CASE/b hold no YCSB workload that both ranked (two engines or more in each):"
                                + " --compare compares the verdicts of YCSB workloads both runs have; read each report's YCSB"
                                + " section",
                        "--compare",
                        "$CASE/a",
                        "$CASE/b")
                .setup(dir -> {
                    copyFixture(dir, "ycsb-turns", "a");
                    replaceInEveryFile(
                            copyFixture(dir, "ycsb-turns", "b"),
                            "workloada",
                            "workloadb",
                            "started: 2026-11-28T06:14:29Z",
                            "started: 2026-11-29T06:14:29Z");
                }));
        cases.add(processSh(
                        "compare-ycsb-and-ycsb-peer",
                        "`--compare` of a YCSB workload run and a ycsb-peer run: two suites with no run in common",
                        2,
                        "compare: $CASE/a and $CASE/b have no run in common (the same benchmark, engine and parameters): A "
                                + "is a workload run and B a ycsb-peer run, of 3 and 1 engine, with 1 engine (rocksdb) in "
                                + "common; compare two runs of one suite and command",
                        "--compare",
                        "$CASE/a",
                        "$CASE/b")
                .setup(dir -> {
                    copyFixture(dir, "ycsb-results", "a");
                    copyFixture(dir, "ycsb-peer-results", "b");
                }));
        cases.add(processSh(
                        "compare-copy-of-a-run",
                        "`--compare` of a folder against a copy of itself (the same start and commit)",
                        2,
                        "compare: $CASE/a and $CASE/b hold one run (started 2025-11-22T11:00:00Z): one is a copy of the "
                                + "other, not a rerun; run the suite again (it writes a folder of its own) and compare the two",
                        "--compare",
                        "$CASE/a",
                        "$CASE/b")
                .setup(dir -> {
                    copyFixture(dir, "results", "a");
                    copyFixture(dir, "results", "b");
                })
                .check(dir -> assertFalse(Files.exists(dir.resolve("compare-a-vs-b")), "nothing written")));
        cases.add(processSh(
                        "compare-different-host-classes",
                        "`--compare` on runs of two host classes that give one CPU name (AMD EPYC: Zen 4 and Zen 5)",
                        2,
                        "compare: $CASE/a ran on AuthenticAMD family 25 model 17 and $CASE/b on AuthenticAMD family 26 "
                                + "model 2: runs of different host classes differ by the hosts, most in the L3 latency (12.0 "
                                + "ns against 30.0 ns, 2.5×); add --any-host to compare them anyway",
                        "--compare",
                        "$CASE/a",
                        "$CASE/b")
                .setup(dir -> {
                    hostClass(copyFixture(dir, "results", "a"), "2025-11-22T11:00:00Z", "25 model 17", "12.0");
                    hostClass(copyFixture(dir, "results", "b"), "2025-11-23T09:30:00Z", "26 model 2", "30.0");
                }));
        cases.add(processSh(
                        "compare-other-experiments",
                        "`--compare` of two experiments whose engines share fewer than two (a quick run against an upgrade "
                                + "run of RocksDB's versions; two upgrade runs of other engines)",
                        2,
                        "compare: $CASE/a and $CASE/b are not two runs of one experiment: both are workload runs, of 3 "
                                + "engines each, with 1 engine (chronicle) in common, so no ranking of one can agree "
                                + "or disagree with the other's; compare two runs of one suite with the same engines",
                        "--compare",
                        "$CASE/a",
                        "$CASE/b")
                .setup(dir -> {
                    copyFixture(dir, "ycsb-turns", "a");
                    replaceInEveryFile(
                            copyFixture(dir, "ycsb-turns", "b"),
                            "lmdb",
                            "mvstore",
                            "rocksdb",
                            "xodus",
                            "started: 2026-11-28T06:14:29Z",
                            "started: 2026-11-29T06:14:29Z");
                }));
        cases.add(processSh(
                        "compare-other-suites",
                        "`--compare` of a YCSB workload run and a quick run: nothing in common to compare",
                        2,
                        "compare: $CASE/ycsb and $CASE/quick have no run in common (the same benchmark, engine and "
                                + "parameters): A is a workload run and B a quick run, of 3 engines each, with 2 "
                                + "engines (lmdb, rocksdb) in common; compare two runs of one suite and command",
                        "--compare",
                        "$CASE/ycsb",
                        "$CASE/quick")
                .setup(dir -> {
                    copyFixture(dir, "ycsb-results", "ycsb");
                    copyFixture(dir, "variants-quick", "quick");
                }));
        cases.add(processSh(
                        "compare-bad-threshold",
                        "`--compare A B --threshold lots`",
                        2,
                        "compare: --threshold lots is not a percentage of 0 or more (e.g. --threshold 5)",
                        "--compare",
                        "$CASE/a",
                        "$CASE/a",
                        "--threshold",
                        "lots")
                .setup(dir -> copyFixture(dir, "results", "a")));
        // --- some of a suite's tests (./run.sh SUITE --tests LIST)
        String testsExamples = "e.g. --tests 1-4, --tests 2 or --tests 1-2,5";
        cases.add(runSh(
                "tests-zero",
                "`--tests 0`: tests are numbered from 1",
                2,
                "run.sh: --tests 0: tests are numbered from 1 (test 1 of N, as the dry run lists them), "
                        + testsExamples,
                "smoke",
                "--tests",
                "0"));
        cases.add(runSh(
                "tests-past-the-suite",
                "`--tests 9` on the scale suite, which has 8 tests",
                2,
                "run.sh: --tests 9: the scale suite has 8 tests: 1 to 8 (KVBENCH_DRY_RUN=1 ./run.sh scale lists them)",
                "scale",
                "--tests",
                "9"));
        cases.add(runSh(
                "tests-not-numbers",
                "`--tests a`",
                2,
                "run.sh: --tests a is not a list of test numbers: give numbers and ranges joined by commas, "
                        + testsExamples,
                "smoke",
                "--tests",
                "a"));
        cases.add(runSh(
                "tests-range-backwards",
                "`--tests 3-1`: a range highest first",
                2,
                "run.sh: --tests 3-1: the range 3-1 ends before it starts; give it lowest first, 1-3",
                "smoke",
                "--tests",
                "3-1"));
        cases.add(runSh(
                "tests-nothing-after",
                "`--tests` with nothing after it",
                2,
                "run.sh: --tests needs the numbers of the tests to run, " + testsExamples,
                "smoke",
                "--tests"));
        cases.add(runSh(
                "tests-with-shard",
                "`--tests 1-2 --shard 1/2`: both ways of choosing tests",
                2,
                "run.sh: --tests 1-2 with --shard 1/2: give one of them (--tests picks tests by number, --shard every n-th "
                        + "test for one of n machines)",
                "smoke",
                "--tests",
                "1-2",
                "--shard",
                "1/2"));
        // --- shard folders given to process.sh --merge
        cases.add(processSh(
                        "merge-missing-folder",
                        "`--merge` with a shard folder that does not exist",
                        2,
                        "merge: $CASE/nothing is not a folder; give the folders that ./run.sh SUITE --shard i/n (or --tests LIST) wrote",
                        "--merge",
                        "$CASE/out",
                        "$CASE/a",
                        "$CASE/nothing")
                .setup(dir -> copyFixture(dir, "results", "a")));
        cases.add(processSh(
                        "merge-onto-a-file",
                        "`--merge` into a path that is a file",
                        2,
                        "merge: $CASE/out is a file, not a folder: merge into a new folder",
                        "--merge",
                        "$CASE/out",
                        "$CASE/a",
                        "$CASE/b")
                .setup(dir -> Files.writeString(dir.resolve("out"), "x")));
        cases.add(processSh(
                        "merge-test-in-two-shards",
                        "`--merge` of two folders that hold the same test",
                        2,
                        "merge: test 1 is in both $CASE/a and $CASE/b: merge the shards of one run, each --shard i/n of the same n once, or --tests runs that share no test",
                        "--merge",
                        "$CASE/out",
                        "$CASE/a",
                        "$CASE/b")
                .setup(dir -> {
                    copyFixture(dir, "results", "a");
                    copyFixture(dir, "results", "b");
                })
                .check(dir -> assertFalse(Files.exists(dir.resolve("out")), "nothing written")));
        cases.add(processSh(
                        "merge-different-suites",
                        "`--merge` of shards of two suites",
                        2,
                        "merge: $CASE/b holds the crash suite and $CASE/a the report suite: merge the shards of one suite",
                        "--merge",
                        "$CASE/out",
                        "$CASE/a",
                        "$CASE/b")
                .setup(dir -> {
                    copyFixture(dir, "results", "a");
                    copyFixture(dir, "crash", "b");
                }));
        cases.add(processSh(
                        "merge-different-commands",
                        "`--merge` of shards run with different `-p store`",
                        2,
                        "merge: $CASE/b ran ./run.sh report -p store=lmdb and $CASE/a ./run.sh report: merge the shards of "
                                + "one command (the same -p values and options, each with its own --shard or --tests)",
                        "--merge",
                        "$CASE/out",
                        "$CASE/a",
                        "$CASE/b")
                .setup(dir -> {
                    copyFixture(dir, "results", "a");
                    shardOf(copyFixture(dir, "results", "b"), "./run.sh report -p store=lmdb", "");
                })
                .check(dir -> assertFalse(Files.exists(dir.resolve("out")), "nothing written")));
        cases.add(processSh(
                        "merge-different-commits",
                        "`--merge` of shards run from different commits",
                        2,
                        "merge: $CASE/b ran commit bbbbbbb and $CASE/a commit aaaaaaa: merge the shards of one commit "
                                + "(check out one commit on every machine and run the shards again)",
                        "--merge",
                        "$CASE/out",
                        "$CASE/a",
                        "$CASE/b")
                .setup(dir -> {
                    shardOf(copyFixture(dir, "results", "a"), "./run.sh report", "aaaaaaa1");
                    shardOf(copyFixture(dir, "results", "b"), "./run.sh report", "bbbbbbb2");
                }));
        return cases;
    }

    /** Gives the run in {@code folder} a start, a host class (AMD, family FAMILY_MODEL) and an L3 latency. */
    private static void hostClass(Path folder, String started, String familyModel, String l3) throws IOException {
        Path env = folder.resolve("env.txt");
        Files.writeString(
                env,
                Files.readString(env).replace("started: 2025-11-22T11:00:00Z", "started: " + started)
                        + "host.class: AuthenticAMD family " + familyModel + "\nmemory.latencyNs.l3: " + l3 + "\n");
    }

    /** Replaces, in every file of {@code folder}, each of {@code fromTo}'s odd strings by the string after it. */
    private static void replaceInEveryFile(Path folder, String... fromTo) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.toList()) {
                String text = Files.readString(file);
                for (int i = 0; i < fromTo.length; i += 2) {
                    text = text.replace(fromTo[i], fromTo[i + 1]);
                }
                Files.writeString(file, text);
            }
        }
    }

    /** Sets the command and (where given) the commit of the run in {@code folder}. */
    private static void shardOf(Path folder, String command, String commit) throws IOException {
        Path env = folder.resolve("env.txt");
        Files.writeString(
                env,
                Files.readString(env).replace("command: ./run.sh report", "command: " + command)
                        + (commit.isEmpty() ? "" : "git.commit: " + commit + "\n"));
    }

    private static boolean onPath(String command) {
        return Arrays.stream(System.getenv("PATH").split(File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }

    /**
     * {@code kill -9} of run.sh (which became the suite runner's JVM) cannot stop its children:
     * the benchmark JVM notices its runner is gone and ends itself and its forks.
     */
    @org.junit.jupiter.api.Test
    void aBenchmarkJvmEndsWhenItsSuiteRunnerIsKilled() throws Exception {
        Path dir = Files.createDirectories(base.resolve("killed-suite"));
        ProcessBuilder builder = new ProcessBuilder(
                        "bash",
                        ROOT.resolve("run.sh").toString(),
                        "smoke",
                        "ReadKey",
                        "-p",
                        "store=lmdb",
                        "-p",
                        "num=100000",
                        "-wi",
                        "0",
                        "-i",
                        "1000",
                        "-bm",
                        "ss")
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve(".out").toFile());
        builder.environment().put("KVBENCH_NO_INSTALL", "1");
        builder.environment().put("KVBENCH_CLASSPATH", CLASSPATH);
        builder.environment().put("KVBENCH_DIR", dir.resolve("work").toString());
        builder.environment().put("KVBENCH_RESULTS", dir.resolve("results").toString());
        builder.environment().put("JAVA_TOOL_OPTIONS", "-Djmh.ignoreLock=true");
        Process suite = builder.start();
        List<ProcessHandle> started = new ArrayList<>();
        try {
            ProcessHandle benchmark = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (benchmark == null && System.nanoTime() < deadline) {
                benchmark = suite.children()
                        .filter(p -> commandLine(p).contains("dev.kvbench.cli.Main"))
                        .findFirst()
                        .orElse(null);
                Thread.sleep(100);
            }
            assertTrue(
                    benchmark != null, "the suite started its benchmark JVM: " + Files.readString(dir.resolve(".out")));
            started.addAll(benchmark.descendants().toList());
            started.add(benchmark);
            suite.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook runs
            for (ProcessHandle p : started) {
                try {
                    p.onExit().get(30, TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    fail(p.pid() + " (" + commandLine(p) + ") still runs 30 s after its runner was killed");
                }
            }
        } finally {
            suite.descendants().forEach(ProcessHandle::destroyForcibly);
            started.forEach(ProcessHandle::destroyForcibly);
            suite.destroyForcibly();
        }
    }

    /**
     * SIGKILL of a run's whole process group during its turns (what a CI runner or {@code kill -9 -PGID} does): no
     * process of the run can clean up, and its stores must not stay in the work folder. The run is started in a
     * session of its own, so that the kill reaches its group and not the test's.
     */
    static Case killedGroup() {
        String script = "setsid bash \"$1\" quick --tests 1 -p store=lmdb,rocksdb -p num=20000 >run.out 2>&1 &"
                + " pid=$!;"
                + " for i in $(seq 900); do grep -rqs '# Run progress: block' results"
                + " && ls -d work/run-*/*/ >/dev/null 2>&1 && break; sleep 0.1; done;"
                + " sleep 2;"
                + " ls -d work/run-*/*/ >/dev/null 2>&1 || { echo 'the run never reached its turns'; exit 1; };"
                + " kill -9 -- -$pid;"
                + " for i in $(seq 100); do ls -d work/run-* >/dev/null 2>&1 || break; sleep 0.1; done;"
                + " if ls -d work/run-* >/dev/null 2>&1; then echo \"left in the work folder: $(ls work)\"; exit 1; fi;"
                + " echo 'nothing is left in the work folder after kill -9 of the run'\\''s process group'";
        Case c = new Case(
                "killed-process-group",
                "SIGKILL of the whole process group during the turns (`kill -9 -PGID`, as a CI runner does)",
                0,
                "nothing is left in the work folder after kill -9 of the run's process group");
        c.command.addAll(
                List.of("bash", "-c", script, "bash", ROOT.resolve("run.sh").toString()));
        return c.env("JAVA_TOOL_OPTIONS", "-Djmh.ignoreLock=true");
    }

    /**
     * Ctrl-C during a test of a run into {@code KVBENCH_RESULTS}: the line that says how to resume names that folder,
     * since the command alone would start another ({@code SuiteRunnerTest} follows such a hint and resumes).
     */
    static Case interruptedRun() {
        String script =
                "bash \"$1\" smoke ReadKey -p store=lmdb -p num=100000 -wi 0 -i 1000 -bm ss >run.out 2>run.err &"
                        + " pid=$!;"
                        + " for i in $(seq 600); do ls -d work/run-*/*/ >/dev/null 2>&1 && break; sleep 0.1; done;"
                        + " kill -TERM $pid; wait $pid;"
                        + " for i in $(seq 100); do ls -d work/run-* >/dev/null 2>&1 || break; sleep 0.1; done;"
                        + " grep 'to resume' run.err | tail -1";
        Case c = new Case(
                "interrupted-resume-hint",
                "SIGTERM (as Ctrl-C) during a test of a run into `KVBENCH_RESULTS`: the hint to resume names the folder",
                0,
                "interrupted: completed tests are kept in $CASE/mine; run KVBENCH_RESULTS=$CASE/mine ./run.sh smoke"
                        + " ReadKey -p store=lmdb -p num=100000 -wi 0 -i 1000 -bm ss again to resume");
        c.command.addAll(
                List.of("bash", "-c", script, "bash", ROOT.resolve("run.sh").toString()));
        return c.env("KVBENCH_RESULTS", "$CASE/mine").env("JAVA_TOOL_OPTIONS", "-Djmh.ignoreLock=true");
    }

    /**
     * Advice is checked: the size the case's line says fits ({@code -p name=N fits}) is run in place of the
     * case's own (where {@code command} gives one), as a dry run, which checks the same room and must pass it.
     */
    static Check adviceFits(String name, String... command) {
        return dir -> {
            String said = Files.readString(dir.resolve(".stderr"));
            java.util.regex.Matcher fit =
                    Pattern.compile("-p " + name + "=(\\d+) fits").matcher(said);
            assertTrue(fit.find(), "the line names a size that fits: " + said);
            List<String> args =
                    new ArrayList<>(List.of("bash", ROOT.resolve("run.sh").toString()));
            for (int i = 0; i < command.length; i++) { // the case's own value of the size left out
                if (command[i].equals("-p") && i + 1 < command.length && command[i + 1].startsWith(name + "=")) {
                    i++;
                } else {
                    args.add(command[i]);
                }
            }
            args.addAll(List.of("-p", name + "=" + fit.group(1)));
            ProcessBuilder builder = new ProcessBuilder(args)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve(".advice").toFile());
            builder.environment().put("KVBENCH_NO_INSTALL", "1");
            builder.environment().put("KVBENCH_CLASSPATH", CLASSPATH);
            builder.environment().put("KVBENCH_DIR", dir.resolve("work").toString());
            builder.environment()
                    .put("KVBENCH_RESULTS", dir.resolve("advice-results").toString());
            builder.environment().put("KVBENCH_DRY_RUN", "1");
            builder.environment().remove("KVBENCH_BUDGET");
            builder.environment().remove("KVBENCH_DISK_DIR");
            try {
                Process process = builder.start();
                assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the advice's dry run ends");
                assertEquals(
                        0,
                        process.exitValue(),
                        String.join(" ", args) + " (the advice) is refused: "
                                + Files.readString(dir.resolve(".advice")));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
        };
    }

    /** A process's command line, from /proc (ProcessHandle.Info leaves out very long ones). */
    private static String commandLine(ProcessHandle process) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline"))
                    .replace('\0', ' ');
        } catch (IOException e) {
            return process.info().commandLine().orElse("");
        }
    }

    /** Skips a case where this machine cannot make a memory control group (not root, no memory controller). */
    static void memoryController(Path dir) {
        dev.kvbench.cgroup.MemoryGroup.Found found = dev.kvbench.cgroup.MemoryGroup.find();
        org.junit.jupiter.api.Assumptions.assumeTrue(found.controller().isPresent(), found.missing());
    }

    /**
     * A run.sh case on a machine without a memory control group, as far as run.sh can tell: run in a mount namespace of
     * its own ({@code unshare -m}, root) in which every cgroup file system is unmounted; skipped where that cannot be done.
     */
    static Case withoutMemoryController(String name, String wrong, int exit, String line, String... args) {
        Case c = new Case(name, wrong, exit, line);
        c.command.addAll(List.of(
                "unshare",
                "-m",
                "bash",
                "-c",
                "for m in $(awk '$3 ~ /^cgroup2?$/ {print $2}' /proc/self/mounts | sort -r); do umount -l \"$m\" || exit 97; done;"
                        + " exec bash \"$0\" \"$@\"",
                ROOT.resolve("run.sh").toString()));
        c.command.addAll(List.of(args));
        c.setup(dir -> {
            org.junit.jupiter.api.Assumptions.assumeTrue(
                    dev.kvbench.cgroup.MemoryGroup.find().controller().isPresent(),
                    "needs root (unshare -m and umount in a namespace of its own)");
            Process probe = new ProcessBuilder("unshare", "-m", "true")
                    .redirectErrorStream(true)
                    .start();
            try {
                org.junit.jupiter.api.Assumptions.assumeTrue(probe.waitFor() == 0, "unshare -m does not work here");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
        });
        return c;
    }

    // ---- running

    /**
     * The cases run: every one, or with {@code -Dkvbench.badInput.only=tests-,shard-} those whose name starts with one
     * of the prefixes (to check a few new ones without running the whole matrix); the table is checked whole either way.
     */
    static List<Case> casesToRun(List<Case> cases) {
        String only = System.getProperty("kvbench.badInput.only", "");
        if (only.isBlank()) {
            return cases;
        }
        List<String> prefixes = List.of(only.split(","));
        return cases.stream()
                .filter(c -> prefixes.stream().anyMatch(p -> c.name.startsWith(p.trim())))
                .toList();
    }

    @TestFactory
    Stream<DynamicTest> everyMistakeGetsItsExitCodeAndOneClearLine() throws IOException {
        List<Case> cases = cases();
        Map<String, CompletableFuture<Outcome>> running = new LinkedHashMap<>();
        for (Case c : casesToRun(cases)) {
            if (running.containsKey(c.name)) {
                fail("two cases named " + c.name);
            }
            running.put(c.name, CompletableFuture.supplyAsync(() -> run(c), pool));
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (Case c : casesToRun(cases)) {
            tests.add(DynamicTest.dynamicTest(
                    c.name, () -> verify(c, running.get(c.name).join())));
        }
        tests.add(DynamicTest.dynamicTest("docs/bad-input.md lists every case", () -> checkDoc(cases)));
        assertTrue(cases.size() >= 40, "at least 40 cases, has " + cases.size());
        return tests.stream();
    }

    private static Outcome run(Case c) {
        try {
            Path dir = Files.createDirectories(base.resolve(c.name));
            try {
                c.setup.prepare(dir);
            } catch (org.opentest4j.TestAbortedException e) {
                return new Outcome(-1, "", "", e.getMessage());
            }
            List<String> command = new ArrayList<>();
            for (String arg : c.command) {
                command.add(arg.replace("$CASE", dir.toString()));
            }
            if (c.shell != null) {
                command = List.of("bash", "-c", c.shell + " && exec \"$@\"", "bash");
                List<String> all = new ArrayList<>(command);
                for (String arg : c.command) {
                    all.add(arg.replace("$CASE", dir.toString()));
                }
                command = all;
            }
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
            Map<String, String> env = builder.environment();
            env.put("KVBENCH_NO_INSTALL", "1");
            env.put("KVBENCH_CLASSPATH", CLASSPATH);
            env.put("KVBENCH_DIR", dir.resolve("work").toString());
            env.put("KVBENCH_RESULTS", dir.resolve("results").toString());
            env.remove("KVBENCH_BUDGET");
            env.remove("KVBENCH_DRY_RUN");
            env.remove("KVBENCH_DISK_DIR");
            c.env.forEach((k, v) -> env.put(k, v.replace("$CASE", dir.toString())));
            Path out = dir.resolve(".stdout");
            Path err = dir.resolve(".stderr");
            builder.redirectOutput(out.toFile()).redirectError(err.toFile());
            Process process = builder.start();
            Thread during = c.during == null
                    ? null
                    : new Thread(
                            () -> {
                                try {
                                    c.during.prepare(dir);
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            },
                            c.name + "-during");
            if (during != null) {
                during.setDaemon(true);
                during.start();
            }
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new AssertionError(c.name + " did not finish within 2 minutes");
            }
            if (during != null) {
                during.interrupt();
                during.join(10_000);
            }
            String prefix = dir.toString();
            return new Outcome(
                    process.exitValue(),
                    Files.readString(out).replace(prefix, "$CASE"),
                    Files.readString(err).replace(prefix, "$CASE"),
                    null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void verify(Case c, Outcome outcome) throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(outcome.skipped() == null, outcome.skipped());
        String shown = "exit " + outcome.exit() + "\nstdout:\n" + outcome.out() + "\nstderr:\n" + outcome.err();
        assertEquals(c.exit, outcome.exit(), shown);
        String line = seenLine(c, outcome);
        assertTrue(matches(c.line, line), "expected: " + c.line + "\n     got: " + line + "\n" + shown);
        for (String text : List.of(outcome.out(), outcome.err())) {
            assertFalse(
                    text.contains("Exception in thread")
                            || Pattern.compile("(?m)^\\s+at [a-z]")
                                    .matcher(text)
                                    .find(),
                    "no stack trace\n" + shown);
        }
        Path dir = base.resolve(c.name);
        if (c.exit == 2 && c.command.get(1).endsWith("run.sh") && !c.name.startsWith("resume")) {
            assertFalse(Files.exists(dir.resolve("results")), "a mistake writes no results folder");
        }
        if (Files.isDirectory(dir.resolve("work"))) {
            assertFalse(listsRunFolders(dir.resolve("work")), "no stores left in the work folder");
        }
        c.check.check(dir);
    }

    private static String seenLine(Case c, Outcome outcome) {
        boolean err = c.seen == Seen.ERR_FIRST || c.seen == Seen.ERR_LAST;
        List<String> lines = (err ? outcome.err() : outcome.out())
                .lines()
                .filter(l -> !l.isBlank())
                .toList();
        if (lines.isEmpty()) {
            return "";
        }
        if (c.seen == Seen.OUT_ANY) {
            return lines.stream().filter(l -> matches(c.line, l)).findFirst().orElse(lines.get(0));
        }
        return c.seen == Seen.OUT_LAST || c.seen == Seen.ERR_LAST ? lines.get(lines.size() - 1) : lines.get(0);
    }

    /** {@code expected} with each {@code {}} standing for any text without a space. */
    static boolean matches(String expected, String line) {
        String[] parts = expected.split("\\{}", -1);
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                regex.append(".+?");
            }
            regex.append(Pattern.quote(parts[i]));
        }
        return Pattern.compile(regex.toString()).matcher(line).matches();
    }

    // ---- the doc

    static String table(List<Case> cases) {
        StringBuilder doc = new StringBuilder();
        doc.append("# Bad input and machine faults: what the user sees\n\n")
                .append(
                        "Generated from `src/test/java/dev/kvbench/BadInputTest.java`, which runs every case as a user would ")
                .append(
                        "(`run.sh`, `process.sh`, the benchmark jar) in `./mvnw -B test` and fails when this table is out of ")
                .append("date (rewrite it with `./mvnw -B test -Dtest=BadInputTest -Dkvbench.writeDocs=true`).\n")
                .append(
                        "Exit status: 0 fine, 1 a run failed or a results file is missing, 2 a mistake in the command line, ")
                .append(
                        "the setup or a results file (nothing is written). `$CASE` is the case's folder; `{}` text that ")
                .append(
                        "depends on the machine (a size, a date, a file system). Every case also checks that no stack trace is printed, and that a mistake ")
                .append(
                        "leaves no results folder and no stores in the work folder. The `jar-disk-full-*` cases mount a small tmpfs ")
                .append(
                        "as the work folder and shrink it to its use plus 1 MiB once the trial's store is open (after every space ")
                .append(
                        "check), as another program filling the disk would; they need root (CAP_SYS_ADMIN) and are skipped, ")
                .append("with that reason, without it.\n\n")
                .append("| case | what is wrong | exit | the line the user sees |\n")
                .append("| --- | --- | --- | --- |\n");
        for (Case c : cases) {
            doc.append("| ")
                    .append(c.name)
                    .append(" | ")
                    .append(c.wrong.replace("|", "\\|"))
                    .append(" | ")
                    .append(c.exit)
                    .append(" | `")
                    .append(c.line.replace("|", "\\|").replace("`", "'"))
                    .append("` |\n");
        }
        return doc.toString();
    }

    private static void checkDoc(List<Case> cases) throws IOException {
        String want = table(cases);
        if (Boolean.getBoolean("kvbench.writeDocs")) {
            Files.writeString(DOC, want, StandardCharsets.UTF_8);
        }
        String have = Files.exists(DOC) ? Files.readString(DOC, StandardCharsets.UTF_8) : "";
        assertEquals(
                want,
                have,
                "docs/bad-input.md is out of date: run ./mvnw -B test -Dtest=BadInputTest -Dkvbench.writeDocs=true");
    }

    // ---- setups

    static long deadPid;

    /** The work folder of a run killed with SIGKILL: a process that has ended, its store left behind. */
    private static void staleRun(Path dir) throws IOException {
        try {
            Process gone = new ProcessBuilder("true").start();
            gone.waitFor();
            deadPid = gone.pid();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        Path store =
                Files.createDirectories(dir.resolve("work/run-" + deadPid + "/write-rocksdb-" + deadPid + "-1/store"));
        Files.write(store.resolve("000004.log"), new byte[1 << 20]);
    }

    private static void completedTest(Path dir) throws IOException {
        Path results = Files.createDirectories(dir.resolve("results"));
        Files.writeString(
                results.resolve("out-1.meta"), "test=1\ncommand=java -jar target/benchmarks.jar ReadKey -p num=5\n");
        Files.writeString(results.resolve("out-1.csv"), "\"Benchmark\"\n");
        Files.writeString(results.resolve("out-1.txt"), "# Run complete. Total time: 00:00:01\n");
        SuiteFolder.mark(
                results, SuiteFolder.Origin.here(ROOT)); // started on this machine at this commit, not finished
    }

    private static void oldJava(Path dir) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"11.0.2\" 2019-01-15' >&2\n");
        java.toFile().setExecutable(true);
    }

    @FunctionalInterface
    interface Edit {
        String apply(String line);
    }

    /** The fixture folder with its report, then line {@code index} of {@code file} damaged. */
    private static void damagedFixture(Path dir, String file, int index, Edit edit) throws IOException {
        Path r = copyFixture(dir);
        Files.writeString(r.resolve("README.md"), "the previous report\n");
        Files.writeString(r.resolve("1-old.png"), "a previous chart");
        List<String> lines = new ArrayList<>(Files.readAllLines(r.resolve(file)));
        lines.set(index, edit.apply(lines.get(index)));
        Files.write(r.resolve(file), lines);
    }

    private static void oldReportKept(Path dir) throws IOException {
        assertEquals(
                "the previous report\n", Files.readString(dir.resolve("r/README.md")), "the previous report is kept");
        assertTrue(Files.exists(dir.resolve("r/1-old.png")), "the previous charts are kept");
        assertFalse(Files.exists(dir.resolve("r/.report-new")), "no half-written report is left");
    }

    /** Every run of the fixture failed: no scores, every side-file line failed. */
    private static void allFailed(Path dir) throws IOException {
        Path r = copyFixture(dir);
        try (Stream<Path> files = Files.list(r)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(".csv")) {
                    Files.writeString(f, Files.readAllLines(f).get(0) + "\n");
                } else if (name.endsWith(".side.jsonl")) {
                    List<String> failed = new ArrayList<>();
                    for (String line : Files.readAllLines(f)) {
                        failed.add(line.replace(
                                        "\"status\":\"ok\",\"reason\":null",
                                        "\"status\":\"failed\",\"reason\":\"disk full\"")
                                .replaceAll("\"metrics\":\\{.*}}$", "\"metrics\":{}}"));
                    }
                    Files.write(f, failed);
                }
            }
        }
    }

    private static Path copyFixture(Path dir) throws IOException {
        return copyFixture(dir, "results", "r");
    }

    /** The fixture folder {@code fixtures/NAME} copied to {@code dir/to}. */
    private static Path copyFixture(Path dir, String name, String to) throws IOException {
        Path r = Files.createDirectories(dir.resolve(to));
        try (Stream<Path> files =
                Files.list(ROOT.resolve("src/test/resources/fixtures").resolve(name))) {
            for (Path f : files.toList()) {
                Files.copy(f, r.resolve(f.getFileName()));
            }
        }
        return r;
    }

    /** Help writes nothing: no results folder, no work folder. */
    private static void touchedNothing(Path dir) {
        assertFalse(Files.exists(dir.resolve("results")), "no results folder");
        assertFalse(Files.exists(dir.resolve("work")), "no work folder");
    }

    private static boolean listsRunFolders(Path work) throws IOException {
        try (Stream<Path> files = Files.list(work)) {
            return files.anyMatch(f -> f.getFileName().toString().startsWith("run-"));
        }
    }

    private static void deleteTree(Path path) {
        if (path == null || !Files.exists(path)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            walk.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // temp folder: best effort
        }
    }
}
