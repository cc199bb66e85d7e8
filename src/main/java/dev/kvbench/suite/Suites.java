package dev.kvbench.suite;

import dev.kvbench.suite.SuiteKind.Client;
import dev.kvbench.suite.SuiteKind.Named;
import dev.kvbench.suite.SuiteKind.WorkloadFile;
import dev.kvbench.suite.SuiteKind.YcsbProperties;
import dev.kvbench.trial.SuiteOffer;
import dev.kvbench.trial.WorkloadFamilies;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The suites {@code run.sh} offers, and the one place each is named: a suite is a method that makes its tests (in the
 * class of its kind: {@link SmokeSuite}, {@link QuickSuites}, {@link ReportSuite}, {@link AppSuite},
 * {@link DurabilitySuites}, {@link AmpSuite}, {@link YcsbSuites}, {@link ScaleSuite}) and one registration in
 * {@link #ALL}: its name, a line on what it runs, and its {@link SuiteKind} (what it brings besides its tests: its
 * own arguments, its rules for the user's, its budget). {@code run.sh}'s usage lists them as {@link #usage} writes
 * them, the unknown-suite line names them, and the tests read them from here. A workload family brings its own suites
 * ({@code trial.WorkloadFamily#suites}), registered after these, with no edit here.
 */
public final class Suites {

    /** The suite {@code ./run.sh} runs when given none. */
    public static final String DEFAULT = "quick";

    /**
     * A suite as {@code run.sh} offers it.
     *
     * @param name  what the command line calls it
     * @param about what it runs, as run.sh's usage says it (a line break where the usage must keep one)
     * @param kind  its kind for one run, from its name
     */
    record Registration(String name, String about, Function<String, SuiteKind> kind) {}

    /** Every suite, in the order the usage lists them. */
    private static final List<Registration> ALL = List.of(
            plain(
                    "smoke",
                    "every engine, every workload, tiny data: checks that everything works (CI runs it)",
                    scaler -> SmokeSuite.smoke()),
            plain(
                    "quick",
                    "every engine x the six workloads, int keys, sequential and random, 100 B values (default); one"
                            + " binding per engine: lmdb-bb, lmdb-lwjgl, lmdbjni and leveldb-java are left to bindings",
                    scaler -> QuickSuites.quick()),
            new Registration(
                    "bindings",
                    "quick's tests for lmdb beside its other bindings (lmdb-bb, lmdb-lwjgl, lmdbjni) and leveldb beside"
                            + " leveldb-java",
                    name -> new Named(
                            name,
                            scaler -> QuickSuites.bindings(),
                            QuickSuites::checkBindingStores,
                            UnaryOperator.identity())),
            new Registration(
                    "report",
                    "tests 1-6 of the 2016 LmdbJava report, then the deep-vs-flat directories test (the fs store at"
                            + " depths 0-5), interleaved as quick, entry counts scaled to 20 MB per store"
                            + " (KVBENCH_BUDGET); about an hour",
                    name -> new Named(name, ReportSuite::report, user -> {}, Budget::forReport)),
            plain(
                    "depths",
                    "the deep-vs-flat directories test in the work folder and in the disk folder (an hour or more on a"
                            + " virtual disk)",
                    scaler -> ReportSuite.depths()),
            plain(
                    "app",
                    "readWhileWriting, prefixScan, readKey by reader threads, dirWalk (about 15 minutes on 2 cores)",
                    scaler -> AppSuite.appTests()),
            plain(
                    "crash",
                    "the crash test alone: kill -9 of a writer, reopen, acknowledged entries lost (-p reps=20), on the"
                            + " work folder and on the disk folder",
                    scaler -> DurabilitySuites.crashTests()),
            plain(
                    "powercut",
                    "the power-cut test alone: kill -9 of a writer, then a simulated power cut on cutfs (a FUSE file"
                            + " system that drops what was not synced), reopen, acknowledged entries lost (-p reps=20);"
                            + " needs Linux with /dev/fuse and root (it builds cutfs with gcc and libfuse3, installing"
                            + " them with apt-get when root unless KVBENCH_NO_INSTALL=1)",
                    scaler -> DurabilitySuites.powerCutTests()),
            plain(
                    "amp",
                    "write and space amplification on a disk folder (KVBENCH_DISK_DIR, which must be set and not"
                            + " tmpfs): bytes the disk was asked to write per byte of keys and values, for a load and"
                            + " 10x random overwrites, and the store's size after each (-p num=50000)",
                    scaler -> AmpSuite.tests()),
            new Registration(
                    "ycsb",
                    "YCSB's core workloads A-F on every engine: 200,000 records loaded in commits of 1,000, then the"
                            + " run phase by 1 client thread in interleaved turns until the ranking is decided",
                    name -> new YcsbProperties(name, YcsbSuites::ycsb, user -> {}, Client.KVBENCH)),
            new Registration(
                    "ycsb-peer",
                    "YCSB 0.17.0's own client beside kvbench's on A-F: its RocksDB binding beside kvbench's rocksdb,"
                            + " its BasicDB beside the null store (each client's cost); 100,000 records and operations,"
                            + " 2 threads, about 10 minutes; needs KVBENCH_YCSB (docs/your-own-workload.md, \"Side by"
                            + " side with YCSB itself\")",
                    name -> new YcsbProperties(
                            name, YcsbSuites::ycsbPeer, YcsbPeer::checkNoStores, Client.BESIDE_YCSB)),
            new Registration(
                    "workload",
                    "FILE [-p name=value ...]: one YCSB workload file (or workloada..workloadf), e.g.\n"
                            + "./run.sh workload workloada -p recordcount=100000 -p store=lmdb,rocksdb",
                    WorkloadFile::new),
            new Registration(
                    "upgrade",
                    "variants of an engine side by side, interleaved: quick's two tests and YCSB's A-F on the stores"
                            + " given, e.g. ./run.sh upgrade -p store=rocksdb@10.10.1.1,rocksdb (a library version),"
                            + " -p jvm=17,25 (every engine on both JDKs),"
                            + " -p store=mvstore:collector=G1,mvstore:collector=ZGC (collectors); docs/upgrade.md",
                    name -> new YcsbProperties(
                            name, YcsbSuites::upgrade, YcsbSuites::checkUpgradeVariants, Client.KVBENCH)),
            plain(
                    "scale",
                    "cost per entry from 10^4 to 10^8 entries (as the work folder holds), every engine; hours"
                            + " (docs/scale.md); then the same beyond memory (the part below)",
                    ScaleSuite::tests),
            plain(
                    "beyond",
                    "10^7 and 10^8 entries on a disk folder (KVBENCH_DISK_DIR), the forks' memory held to a quarter of"
                            + " the data by a memory control group (root); warm and cold-cache readKey (docs/scale.md)",
                    scaler -> ScaleSuite.beyondTests()));

    private Suites() {}

    /** A suite that takes no arguments of its own, has no rules for the user's and the budget the machine gives. */
    private static Registration plain(String name, String about, Function<Scaler, List<Experiment>> tests) {
        return new Registration(name, about, n -> new Named(n, tests, user -> {}, UnaryOperator.identity()));
    }

    /**
     * Every suite: the registry's own, then those the workload families bring ({@link WorkloadFamilies#suites()}),
     * which run as a plain suite runs.
     */
    private static List<Registration> all() {
        List<Registration> all = new ArrayList<>(ALL);
        for (SuiteOffer offer : WorkloadFamilies.suites()) {
            all.add(plain(offer.name(), offer.about(), scaler -> offered(offer)));
        }
        return all;
    }

    /** The tests of a family's suite, each as a suite's method would state it. */
    private static List<Experiment> offered(SuiteOffer offer) {
        return offer.tests().stream()
                .map(test -> Experiment.titled(test.title(), test.about())
                        .chart(new Chart(test.chart(), "", true))
                        .workloads(test.workloads())
                        .params(test.params())
                        .options(test.options())
                        .entries(test.entries()))
                .toList();
    }

    /** The suites' names, in the order the usage lists them. */
    public static List<String> names() {
        return all().stream().map(Registration::name).toList();
    }

    /** The suite called {@code name}, without arguments of its own; {@code scaler} sizes the tests that scale. */
    public static Suite named(String name, Scaler scaler) {
        return kind(name).suite(scaler);
    }

    /** The kind of the suite {@code name} for one run: it takes the suite's own arguments, and makes the suite. */
    static SuiteKind kind(String name) {
        return all().stream()
                .filter(suite -> suite.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new UsageException("unknown suite '" + name + "'; suites: "
                        + String.join(" ", names()) + " (e.g. ./run.sh " + DEFAULT + ")"))
                .kind()
                .apply(name);
    }

    /**
     * The suites as run.sh's usage lists them: each one's name, then what it runs from the 12th column, wrapped at
     * {@code width} characters (a word longer than a line stands alone) and indented under the first line.
     */
    public static List<String> usage(int width) {
        return usage(width, name -> true);
    }

    /**
     * Prints {@link #usage(int)} for {@code run.sh --help}, from the registry at run time, so that the suites the
     * families on the class path bring are listed beside the registry's own (run.sh's comment has only these).
     */
    public static void main(String[] args) {
        usage(110).forEach(System.out::println);
    }

    /** {@link #usage(int)} of the suites {@code listed} accepts by name. */
    static List<String> usage(int width, Predicate<String> listed) {
        String indent = " ".repeat(11);
        List<String> lines = new ArrayList<>();
        for (Registration suite : all()) {
            if (!listed.test(suite.name())) {
                continue;
            }
            String start = String.format("  %-8s ", suite.name());
            for (String part : suite.about().split("\n")) {
                StringBuilder line = new StringBuilder(start);
                boolean empty = true;
                for (String word : part.split(" ")) {
                    if (!empty && line.length() + 1 + word.length() > width) {
                        lines.add(line.toString());
                        line = new StringBuilder(indent);
                        empty = true;
                    }
                    line.append(empty ? "" : " ").append(word);
                    empty = false;
                }
                lines.add(line.toString());
                start = indent;
            }
        }
        return lines;
    }
}
