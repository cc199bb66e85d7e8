package dev.kvbench.suite;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import dev.kvbench.amp.AmpState;
import dev.kvbench.store.Engine;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;

/**
 * The suites {@code run.sh} offers, and nothing else: which tests, with which parameters, and
 * how they are charted.
 *
 * <ul>
 * <li>{@code smoke}: every engine, every workload (dirWalk on a tree of 120 directories), tiny
 * data; checks that everything works (CI).
 * <li>{@code quick}: every engine on the six workloads, int keys, sequential and random,
 * 100-byte values; JMH's sample mode, passes until their time settles, 100 ms of warmup and 10 measured
 * iterations of 100 ms, 1 fork.
 * One binding per engine: the second bindings of an engine ({@link Engine#bindingOf()}) are left
 * to {@code bindings}.
 * <li>{@code bindings}: the tests of {@code quick} for the engines Java reaches through more than one
 * binding, each beside its second bindings (LMDB: lmdb, lmdb-bb, lmdb-lwjgl, lmdbjni; LevelDB:
 * leveldb, leveldb-java).
 * <li>{@code report}: tests 1-6 of the 2016 LmdbJava report, entry counts scaled to the report's budget
 * ({@link Budget}), interleaved as quick is; then the deep-vs-flat directories experiment (the file system as the
 * store at depths 0..5) on the work folder.
 * <li>{@code depths}: the deep-vs-flat directories experiment on the work folder and on a disk folder.
 * <li>{@code crash}: the kill -9 durability test, on the work folder and on a disk folder.
 * <li>{@code powercut}: the power-cut durability test, on cutfs (where the machine has FUSE and root).
 * <li>{@code amp}: write and space amplification on the disk folder, {@code KVBENCH_DISK_DIR}.
 * <li>{@code app}: the application workloads: readWhileWriting, prefixScan (alone and under the
 * writer, RocksDB with and without its prefix options), readKey at 1, 2, 4 and 8 reader
 * threads, and the directory-tree walk at 1 and 2 threads.
 * <li>{@code scale}: how each engine's cost per entry grows with its data, 10^4 to 10^8 entries
 * ({@link ScaleSuite}), then the same beyond memory: on a disk folder with the forks' memory held to a quarter
 * of the data by a memory control group, warm and with a cold page cache.
 * <li>{@code beyond}: the beyond-memory part of {@code scale} alone.
 * </ul>
 * Where a test names its stores, the limit rows ({@link #withLimits}) are added, so that they
 * appear in every chart; a test that names none runs every registered engine.
 * In every suite a failed run lets the others go on ({@code -foe false}); the report lists it.
 */
public final class Suites {

    /** The suite names, in the order the usage line lists them. */
    public static final List<String> NAMES = List.of("smoke", "quick", "bindings", "report", "depths", "app", "crash", "powercut",
            "amp", "ycsb", "ycsb-peer", "workload", "upgrade", "scale", "beyond");
    /** The command that runs one YCSB workload file: {@code ./run.sh workload FILE [-p name=value ...]}. */
    public static final String WORKLOAD = "workload";
    public static final String DEFAULT = "quick";
    /** Variants side by side: quick's two tests and YCSB's A-F on the stores the user names ({@link YcsbSuites#upgrade}). */
    public static final String UPGRADE = "upgrade";
    /** YCSB's own client beside kvbench's on A-F ({@link YcsbSuites#ycsbPeer}). */
    public static final String YCSB_PEER = "ycsb-peer";

    /**
     * The report suite's fewest measured rotations: fewer than quick's 12, since its tests have more engine numbers (test
     * 4 alone 312) in about the hour; every engine then takes turns until it has the 11 an interval needs, and the
     * engines of undecided pairs more.
     */
    static final int REPORT_ROTATIONS = 8;

    static final List<String> SIX = List.of("write", "readKey", "readSeq", "readRev", "readCrc", "readXxh64");
    static final List<String> THREE = List.of("write", "readKey", "readSeq");

    private Suites() {
    }

    /** The suite called {@code name}; {@code scaler} sizes the report suite's tests. */
    public static Suite named(String name, Scaler scaler) {
        return switch (name) {
            case "smoke" -> smoke();
            case "quick" -> quick();
            case "bindings" -> bindings();
            case "report" -> report(scaler);
            case "depths" -> depths();
            case "crash" -> new Suite("crash", List.of(crash(), crash().onDisk(CRASH_ON_DISK)));
            case "powercut" -> new Suite("powercut", List.of(powerCut()));
            case "amp" -> new Suite("amp", List.of(amp()));
            case "app" -> app();
            case "ycsb" -> YcsbSuites.ycsb(Map.of());
            case UPGRADE -> YcsbSuites.upgrade(Map.of());
            case YCSB_PEER -> YcsbSuites.ycsbPeer(Map.of());
            case WORKLOAD -> throw new UsageException("give a workload file: ./run.sh workload path/to/workloada"
                    + " [-p name=value ...]");
            case "scale" -> ScaleSuite.suite(scaler);
            case "beyond" -> ScaleSuite.beyond();
            default -> throw new UsageException("unknown suite '" + name + "'; suites: "
                    + String.join(" ", NAMES) + " (e.g. ./run.sh quick)");
        };
    }

    static Suite smoke() {
        Map<String, String> once = options("-bm", "ss", "-f", "1", "-wi", "0", "-i", "1", "-foe", "false");
        // the six passes run as quick runs them, interleaved: a JVM per engine for the reads, on one loaded store, and one
        // for the write (34 JVMs where one JMH fork per run started 102); a turn of one pass, no settling
        Map<String, String> turns = options("-interleave", "true", "-f", "1", "-wi", "0", "-i", "1", "-r", "1ms",
                "-foe", "false", "-jvmArgsAppend", "-Dkvbench.settle.maxMs=0");
        return new Suite("smoke", List.of(new Experiment("Every engine and workload on tiny data",
                "A check that every engine runs every workload and passes its checks; too small to rank engines.",
                Chart.panels().unranked(), SIX,
                params("intKey", "true", "sequential", "false", "valSize", "100"), turns,
                Experiment.Entries.fixed(2000)),
                new Experiment("Directory tree walk on a tiny tree",
                        "dirWalk on a tree of 3 x 4 (120 directories) in three encodings, every field decoded: a check that every engine walks it and passes.",
                        Chart.panels().unranked(), List.of("dirWalk"),
                        params("fanout", "3", "depth", "4", "encoding", "LONG,PROTO,FLAT_BUFFER", "fields", "all"), once,
                        Experiment.Entries.fixed(120)),
                new Experiment("Application workloads on tiny data",
                        "readWhileWriting, prefixScan and readKey by threads on tiny data, two readers, one-second runs: a check that every engine that can runs them and passes.",
                        Chart.panels().unranked(), List.of("readWhileWriting", "prefixScan", "readKeyThreads"),
                        params("intKey", "true", "sequential", "false", "valSize", "100", "readers", "2", "duration", "1"),
                        once, Experiment.Entries.fixed(2000))));
    }

    /**
     * dirWalk, the Ozone directory tree, for the {@code app} suite: walks/s at {@code threads}
     * walking threads ({@code -t}; on a machine with fewer cores the threads share them) over the
     * default tree (fanout 5, depth 8: 488,280 directories), decoding the id only, for
     * {@code stores} (null: every registered engine) in {@code encodings}. The report draws walks/s
     * and lookups/s per encoding, storage per encoding and bytes allocated per walk.
     *
     * <p>Many short iterations rather than a few long ones: JMH's 99.9% interval over n samples
     * is t(n−1) × sd ÷ √n, and t is 31.6 for 3 samples, 8.6 for 5, 4.8 for 10; ten 300 ms
     * iterations are stable (error at most 10% of the score) when iterations vary by up to about
     * 6.6%, five 1-second ones only up to 2.6%. Two 500 ms warmup iterations let the JIT compile
     * the walk before the first measured one. One fork: loading the tree (seconds for the slow
     * engines) is paid once per trial.
     */
    public static Experiment dirWalk(String title, String about, String stores, String encodings, int threads) {
        Map<String, String> params = new LinkedHashMap<>();
        if (stores != null) {
            params.put("store", stores);
        }
        params.putAll(params("fanout", "5", "depth", "8", "encoding", encodings, "fields", "id"));
        return new Experiment(title,
                "Walks per second from the root to a random leaf of a tree of 5 children per directory and 8 levels"
                        + " (488,280 directories; the Ozone benchmark's tree is 5 x 10), 9 lookups per walk, the last one"
                        + " the miss below the leaf; " + threads + (threads == 1 ? " walking thread" : " walking threads")
                        + ". " + about,
                Chart.dirWalk(), List.of("dirWalk"), params,
                options("-f", "1", "-wi", "2", "-w", "500ms", "-i", "10", "-r", "300ms", "-t", Integer.toString(threads),
                        "-foe", "false"),
                Experiment.Entries.fixed(488_280));
    }

    /**
     * The benchmarks' own mode (every pass timed): passes until their time settles (at most 2 s, {@code Settle}),
     * then 100 ms of JMH warmup (settling has done the warming) and ten 100 ms iterations, so every trial has at least
     * ten measured passes and fast ones hundreds. (With 800 ms of warmup, ten 150 ms iterations and no settling the
     * suite took 9 min 41 s on 2 cores, and measured slow engines before their steady state; settling with a 3 s cap
     * added about 3.5 minutes, which the shorter warmup and iterations took back in part, to 11 min 50 s; the 2 s cap
     * takes back about 50 s more, where 12 of 172 trials had settled after 2 s.) One row per engine: every registered
     * engine but the second bindings of another ({@link Engine#bindingOf()}), which {@link #bindings()} compares;
     * with the limit rows.
     */
    static Suite quick() {
        List<String> left = Stores.engines().stream().filter(engine -> engine.bindingOf().isPresent()).map(Engine::name).toList();
        return new Suite("quick", intKeyTests(oneBindingEach(), "Every engine through one binding each ("
                + joined(left) + " are left to the bindings suite)"));
    }

    /**
     * The binding comparison (the 2016 report's LMDB JNI and JGL rows): each engine that has second bindings
     * ({@link Engine#bindingOf()}) beside them, with the limit rows, on the tests of {@link #quick()}.
     */
    static Suite bindings() {
        Map<String, List<String>> byEngine = new LinkedHashMap<>();
        Stores.engines().forEach(engine -> engine.bindingOf()
                .ifPresent(of -> byEngine.computeIfAbsent(of, key -> new ArrayList<>()).add(engine.name())));
        List<String> groups = new ArrayList<>();
        byEngine.forEach((engine, others) -> groups.add(engine + " beside " + joined(others)));
        return new Suite("bindings", intKeyTests(bindingRows(),
                "Each engine that Java reaches through more than one binding, beside its others (" + String.join("; ", groups) + ")"));
    }

    /**
     * {@code -p store=...} on the bindings suite names only engines that Java reaches through more than one binding
     * (and the reference rows): another engine would run quick's tests alone, with nothing to compare it with.
     */
    static void checkBindingStores(String stores) {
        Set<String> bound = new HashSet<>();
        Stores.engines().forEach(engine -> engine.bindingOf().ifPresent(bound::add));
        for (String store : stores.split(",")) {
            String name;
            try {
                name = StoreSpec.parse(store.trim()).engine();
            } catch (IllegalArgumentException e) {
                return; // the store checks say what is wrong with it
            }
            if (!Stores.names().contains(name)) {
                return;
            }
            Engine engine = Stores.engine(name);
            if (!engine.isReference() && engine.bindingOf().isEmpty() && !bound.contains(name)) {
                List<String> groups = new ArrayList<>();
                bound.forEach(of -> groups.add(of + " (" + joined(Stores.engines().stream()
                        .filter(e -> e.bindingOf().equals(Optional.of(of))).map(Engine::name).toList()) + ")"));
                throw new UsageException("-p store=" + stores + ": the bindings suite compares an engine's bindings, but "
                        + name + " has no other binding; engines with more than one: " + String.join(", ", groups.stream().sorted().toList())
                        + " (for " + name + " alone: ./run.sh quick -p store=" + name + ")");
            }
        }
    }

    /**
     * JVMs per engine in quick's tests, each JVM's turns paired with the other engines' turns in the JVM of the same
     * number. One JVM per engine decided pairs within about 15% of each other on that JVM's luck: two consecutive runs
     * named opposite winners on one such cell (results/20261128-quick-3 and -4, LMDB against MVStore on readCrc, 1.06×
     * one way, 1.08× the other), and an A/A test of one library against itself in two JVMs called 1.08× "decided". With two
     * JVMs, a ratio that differs between them widens the interval instead of deciding the cell.
     */
    static final int QUICK_JVMS = 2;

    /** Measured rotations per JVM in quick's tests: with {@link #QUICK_JVMS} JVMs, 12 paired turns, the fewest from which a 99.9% interval of a median can be drawn is 11. */
    static final int QUICK_ROTATIONS = 6;

    /**
     * The tests of {@link #quick()}: {@code stores} on the six workloads, int keys in sequential, then random order; {@code who}
     * starts the first one's description. Interleaved ({@code -interleave true}): every engine has {@link #QUICK_JVMS} JVMs
     * of its own per test that load its store once for the read workloads, which run one after another in them (new JVMs
     * for the write), each settled (untimed passes until the pass time is steady), and the engines take turns of 100 ms of
     * passes in shuffled rotations, one warm-up rotation, then {@link #QUICK_ROTATIONS} measured ones per JVM, and more for
     * the engines of the pairs of the paired ranking whose order is not decided; a slow phase of the host then lands on
     * every engine's turns alike, and divides out of each paired ratio. The direct-API pairs, which do not interleave, run
     * after them in JMH: 100 ms of warmup, twelve 100 ms iterations.
     */
    static List<Experiment> intKeyTests(String stores, String who) {
        Map<String, String> jmh = interleaved(QUICK_JVMS, QUICK_ROTATIONS);
        return List.of(
                new Experiment("Int keys in sequential order",
                        who + " on the six workloads of the 2016 report, keys inserted in ascending order.",
                        Chart.panels(), SIX, params("store", stores, "sequential", "true", "intKey", "true", "valSize", "100"), jmh,
                        Experiment.Entries.fixed(100_000)),
                new Experiment("Int keys in random order",
                        "The same, with keys inserted (and looked up) in random order.",
                        Chart.panels(), SIX, params("store", stores, "sequential", "false", "intKey", "true", "valSize", "100"), jmh,
                        Experiment.Entries.fixed(100_000)));
    }

    /**
     * Registered engines as one JMH value, in registration order, then the limit rows: every engine but the second
     * bindings of another.
     */
    static String oneBindingEach() {
        return engineRows(engine -> engine.bindingOf().isEmpty());
    }

    /** As {@link #oneBindingEach()}, but only the engines that have second bindings, and those. */
    static String bindingRows() {
        Set<String> bound = new HashSet<>();
        Stores.engines().forEach(engine -> engine.bindingOf().ifPresent(bound::add));
        return engineRows(engine -> engine.bindingOf().isPresent() || bound.contains(engine.name()));
    }

    private static String engineRows(Predicate<Engine> row) {
        return withLimits(String.join(",", Stores.engines().stream().filter(engine -> !engine.isReference())
                .filter(row).map(Engine::name).toList()));
    }

    /** {@code a}, {@code a and b}, {@code a, b and c}. */
    private static String joined(List<String> names) {
        int last = names.size() - 1;
        return last < 1 ? String.join("", names) : String.join(", ", names.subList(0, last)) + " and " + names.get(last);
    }

    /**
     * The 2016 report's tests 1-6, then the deep-vs-flat directories benchmark on the work folder ({@link #depths()} has
     * it on a disk folder too); entry counts are the 2016 report's, scaled down by {@code scaler}. Measured as {@link #quick()} measures: the
     * engines of a test interleaved in shuffled rotations of 100 ms turns, each engine's JVM loading its store once
     * for all the test's reads, with {@link #REPORT_ROTATIONS} measured rotations (more for the engines short of an
     * interval and those of undecided pairs), so that a slow phase of the host lands on every engine alike. One binding per engine in
     * tests 4 and 5, as in quick (test 1 and the bindings suite compare the bindings). Sized, with the report's default
     * budget ({@link Budget#REPORT_DEFAULT}), for about an hour on 2 cores. (Before: every trial in 2 JMH forks of
     * one warm-up and five measured single-shot passes, every binding, then the durability tests: about 126 hours
     * planned at the machine's memory budget, 2 h 08 min at 20 MB; the durability tests are the crash, powercut and
     * amp suites.)
     */
    static Suite report(Scaler scaler) {
        Map<String, String> jmh = interleaved(1, REPORT_ROTATIONS);
        String engines = oneBindingEach();
        List<Experiment> tests = new ArrayList<>();
        tests.add(scaled(tests, scaler, 1_000_000, "LMDB settings: sync, writeMap, forceSafe",
                "Which LMDB settings the later tests use: durable commits (sync), the writable memory map (writeMap, on by default) and LmdbJava's safe buffer access (forceSafe). Sequential int keys, 100-byte values.",
                Chart.settings(), SIX,
                params("store", withLimits("lmdb,lmdb:sync=true,lmdb:writeMap=false,lmdb-bb,lmdb-bb:forceSafe=true"),
                        "intKey", "true", "sequential", "true", "valSize", "100"), jmh, num -> Map.of()));
        tests.add(scaled(tests, scaler, 1_000_000, "Value sizes around LMDB page boundaries",
                "Storage of the native engines with values one byte below and one byte above LMDB's page boundaries, random int keys.",
                Chart.sweep("valSize"), List.of("write"),
                params("store", withLimits("lmdb,leveldb,rocksdb"), "intKey", "true", "sequential", "false",
                        "valSize", "2026,2027,4080,4081,8176,8177,16368,16369"), jmh, num -> Map.of()));
        tests.add(scaled(tests, scaler, 10_000_000, "LSM batch sizes",
                "Write time of LevelDB and RocksDB by entries per commit: all entries in one commit and a tenth of them, as in 2016, plus a hundredth; sequential int keys, values that fill two LMDB pages.",
                Chart.sweep("batchSize"), List.of("write"),
                params("store", withLimits("leveldb,rocksdb"), "intKey", "true", "sequential", "true", "valSize", "8176"), jmh,
                num -> Map.of("batchSize", (num / 100) + "," + (num / 10) + "," + num)));
        tests.add(scaled(tests, scaler, 1_000_000, "All engines, small values",
                "Every engine through one binding each on the six workloads: int and string keys, sequential and random order.",
                Chart.panels(), SIX, params("store", engines, "intKey", "true,false", "sequential", "true,false", "valSize", "100"), jmh,
                num -> Map.of()));
        tests.add(scaled(tests, scaler, 10_000_000, "All engines, values of about 2 KB",
                "A larger data set, every engine through one binding each: int keys, sequential and random, values that fill LMDB pages well; as in 2016, readRev, readCrc and readXxh64 are left out.",
                Chart.panels(), THREE, params("store", engines, "intKey", "true", "sequential", "true,false", "valSize", "2026"), jmh,
                num -> Map.of()));
        tests.add(scaled(tests, scaler, 10_000_000, "Native engines and Chronicle, large values",
                "The largest values, random int keys only (the slowest order for every engine); as in 2016 without the pure-Java sorted engines.",
                Chart.panels(), THREE,
                params("store", withLimits("lmdb,leveldb,rocksdb,chronicle"), "intKey", "true", "sequential", "false",
                        "valSize", "4080,8176,16368"), jmh, num -> Map.of()));
        tests.add(fileSystemDepths(WORK_DEPTHS));
        return new Suite("report", tests);
    }

    static final String WORK_DEPTHS = "File system by directory depth, work folder";

    /**
     * The deep-vs-flat directories benchmark alone, on the work folder (also the report suite's last test) and on the disk
     * folder. Not in the report suite: on this machine's virtio disk (ext4) a write pass of 100,000 files took 13 to 111 s,
     * so that the disk test alone runs for an hour or more.
     */
    static Suite depths() {
        Experiment work = fileSystemDepths(WORK_DEPTHS);
        return new Suite("depths", List.of(work, work.onDisk("File system by directory depth, disk folder")));
    }

    /**
     * The deep-vs-flat directories benchmark: 100,000 files (random int keys, 100-byte values)
     * written and read back with the {@code fs} store at every depth from 0 to 5, charted as time
     * against depth, interleaved as the report's other tests. Not scaled: it is the reference's own size. (At 4 to 12
     * rotations it took 8 min 53 s on the work folder rather than 14 min, but the write block's time cap ended it at
     * 10 turns, one short of the 11 a 99.9% interval of the median needs, so that every write had no error.)
     */
    static Experiment fileSystemDepths(String title) {
        List<String> specs = new ArrayList<>();
        for (int depth = 0; depth <= 5; depth++) {
            specs.add("fs:depth=" + depth);
        }
        return new Experiment(title,
                "The file system as the store, as in the deep-vs-flat directories benchmark: one file per key, sharded "
                        + "into 0 to 5 levels of directories named by the leading hex pairs of the key's SHA-256; "
                        + "random int keys, 100-byte values. The folder's file system is named below.",
                Chart.sweep("depth"), List.of("write", "readKey"),
                params("store", String.join(",", specs), "intKey", "true", "sequential", "false", "valSize", "100"),
                interleaved(1, REPORT_ROTATIONS), Experiment.Entries.fixed(100_000));
    }

    /**
     * Interleaved turns ({@code -interleave true}): {@code jvms} JVMs per engine and block (each JVM's turns paired with
     * the other engines' JVM of the same number), one warm-up rotation, then {@code rotations} measured ones of 100 ms
     * turns per JVM (more for the engines of undecided pairs).
     */
    private static Map<String, String> interleaved(int jvms, int rotations) {
        return options("-interleave", "true", "-f", Integer.toString(jvms), "-wi", "1", "-w", "100ms", "-i",
                Integer.toString(rotations), "-r", "100ms", "-foe", "false");
    }

    /** Every registered engine but the limit rows, which are not stores to make durable. */
    static String engines() {
        return String.join(",", Stores.engines().stream().filter(e -> !e.isReference()).map(Engine::name).toList());
    }

    /** {@code stores} and every limit row ({@link Engine#isReference()}: array, heap, null), as one JMH value. */
    static String withLimits(String stores) {
        List<String> all = new ArrayList<>(List.of(stores.split(",")));
        Stores.engines().stream().filter(Engine::isReference).map(Engine::name)
                .filter(name -> !all.contains(name)).forEach(all::add);
        return String.join(",", all);
    }

    /**
     * The crash test (durability), the {@code crash} suite's tests: every engine, sync on and off, 20 kills each of a
     * writer committing batches of 100 entries into a data set of 100,000 (it is killed after a random number of
     * batches).
     * Not scaled: it measures losses, not speed.
     */
    static Experiment crash() {
        return durability("Durability: what kill -9 of the writer loses",
                "A writer JVM commits batches of 100 entries and acknowledges each; it is killed with SIGKILL after a random "
                        + "number of them, and the store is reopened in a new JVM: acknowledged entries missing, entries corrupt, "
                        + "whether it opened and how long the reopen took, `reps` times (20 unless -p reps says otherwise) per engine and sync setting.",
                "crash");
    }

    /**
     * A durability test ({@code benchmark} is {@code crash} or {@code powercut}, also its chart's name): every
     * engine, sync on and off, {@code reps} repetitions of a writer committing batches of 100 entries into a data set
     * of 100,000, all in one single-shot iteration; not scaled, since it measures losses, not speed.
     */
    private static Experiment durability(String title, String description, String benchmark) {
        return new Experiment(title, description,
                new Chart(benchmark, "", false), List.of(benchmark),
                params("store", engines() + ",mapdb:transactions=true", "sync", "true,false", "intKey", "true",
                        "sequential", "false", "valSize", "100", "batchSize", "100", "reps", "20"),
                options("-bm", "ss", "-f", "1", "-wi", "0", "-i", "1", "-foe", "false", "-to", TRIAL_TIMEOUT),
                Experiment.Entries.fixed(100_000));
    }

    /**
     * JMH's time limit for one crash or power-cut trial (all of an engine's repetitions run in one single-shot
     * iteration): JMH's default of 10 minutes interrupted Chronicle Map's 20 power cuts, whose reopens each run up
     * to the checker's limit; an hour holds 20 repetitions at the slowest seen.
     */
    static final String TRIAL_TIMEOUT = "60min";

    static final String CRASH_ON_DISK = "Durability: what kill -9 of the writer loses, disk folder";

    /**
     * The power-cut test, the {@code powercut} suite's only one (where the machine allows it: Linux with
     * FUSE, root): the crash test's engines, settings and data, with the store on cutfs and the power cut after each
     * kill, so that what was not synced is lost. Not scaled.
     */
    static Experiment powerCut() {
        return durability("Durability: what a power cut loses",
                "As the kill -9 test, on cutfs (a FUSE file system that keeps what was written but not yet synced apart): after "
                        + "the writer is killed the power is cut, so everything the engine did not fsync, fdatasync or msync is lost, "
                        + "and the file system comes back with what was synced; then the store is reopened in a new JVM. A create, "
                        + "rename or unlink survives once any later fsync committed it, as in ext4's journal (-p names=posix: only "
                        + "an fsync of its directory, all POSIX promises; -p names=file: that, or an fsync of the file under that name). "
                        + "`reps` cuts (20 unless -p reps says otherwise) per engine and sync setting.",
                "powercut");
    }

    /**
     * Entries of the amplification test: {@value} of 100 bytes, about 5 MB of user data and 52 MB overwritten. At
     * 100,000 the engines' sync=false trials alone took about 6 minutes on a busy 2-core host (MapDB 112 s, SQLite 62 s,
     * MVStore 58 s), so half that, to keep the suite at a few minutes; {@code -p num} sizes it.
     */
    static final int AMP_ENTRIES = 50_000;

    /**
     * Write and space amplification, the {@code amp} suite's only test (on the disk folder KVBENCH_DISK_DIR): every
     * engine through one binding each (the others share its engine's files) but {@code fs}, sync off and on, random
     * int keys, 100-byte values, commits of 1,000; the data set loaded, then overwritten ten times over, flat out. The {@code null} limit row shows the harness's own writes; the other
     * limit rows keep nothing on disk. {@code fs} (a file per key) is left out by default: its 550,000 file writes
     * took minutes on its own at 100,000 entries, and a file per entry amplifies as the depth test's storage table
     * already shows; {@code -p store=fs} runs it. Not scaled: {@code -p num} sizes it.
     */
    static Experiment amp() {
        String stores = String.join(",", Stores.engines().stream()
                .filter(engine -> !engine.isReference() && engine.bindingOf().isEmpty() && !engine.name().equals("fs"))
                .map(Engine::name).toList());
        return new Experiment("Write and space amplification, disk folder",
                "Bytes the disk was asked to write per byte of keys and values put: for the load of the data set into an "
                        + "empty store, and for " + AmpState.OVERWRITES + " times as many puts of random "
                        + "existing keys; and the store's size on disk after each, against the keys and values it holds. "
                        + "Each phase runs from the store's open to its close and a sync of the file system. The fs store "
                        + "(a file per key) is left out for time; -p store=fs runs it.",
                Chart.amp(), List.of("amp"),
                params("store", stores + ",null", "sync", "false,true", "intKey", "true", "sequential", "false",
                        "valSize", "100", "batchSize", "1000"),
                options("-bm", "ss", "-f", "1", "-wi", "0", "-i", "1", "-foe", "false"), Experiment.Entries.fixed(AMP_ENTRIES),
                Experiment.Folder.DISK);
    }


    /**
     * The application workloads, one test each: readers under a rate-limited writer (the RocksDB
     * in-memory benchmark's light rate, 10,000 writes/s, with 2 readers), prefix scans alone and
     * under that writer, and readKey as reader threads grow. Each concurrent run is one timed
     * run of {@code duration} seconds per engine (no warm-up run: its first second includes the
     * JIT's). A further application test is one more entry of {@link #appTests()}.
     */
    static Suite app() {
        return new Suite("app", appTests());
    }

    static List<Experiment> appTests() {
        Map<String, String> single = options("-f", "1", "-wi", "0", "-i", "1", "-foe", "false");
        List<Experiment> tests = new ArrayList<>();
        tests.add(new Experiment("Readers while one writer writes",
                "readWhileWriting (db_bench's readwhilewriting): 2 reader threads look up random existing keys for 10 s while one writer overwrites random existing keys at 10,000 writes/s, committing every 100. Read throughput, the writer's achieved rate and the read latency percentiles.",
                Chart.concurrent(), List.of("readWhileWriting"),
                params("intKey", "true", "sequential", "false", "valSize", "100", "readers", "2",
                        "writesPerSec", "10000", "duration", "10"), single, Experiment.Entries.fixed(100_000)));
        tests.add(new Experiment("Prefix scans",
                "prefixScan: 20-byte keys (12-byte prefix, 8-byte suffix), 10 keys per prefix, 100-byte values; 2 reader threads seek to a random prefix and read its keys for 5 s, alone and while the writer overwrites at 10,000 writes/s. Ordered engines only; RocksDB also with its fixed prefix extractor, and with it and the memtable prefix bloom.",
                Chart.concurrent(), List.of("prefixScan"),
                params("store", "all,rocksdb:prefixBytes=12,rocksdb:prefixBytes=12+prefixBloom=true",
                        "valSize", "100", "readers", "2", "writesPerSec", "10000", "duration", "5",
                        "keysPerPrefix", "10", "writer", "false,true"), single, Experiment.Entries.fixed(100_000)));
        tests.add(new Experiment("readKey by reader threads",
                "readKey at 1, 2, 4 and 8 reader threads, each thread reading every key once per round through its own reader; random int keys, 100-byte values. On 2 cores, threads beyond 2 share them.",
                Chart.threads(), List.of("readKeyThreads"),
                params("intKey", "true", "sequential", "false", "valSize", "100", "readers", "1,2,4,8"),
                options("-f", "1", "-wi", "1", "-w", "1s", "-i", "5", "-r", "200ms", "-foe", "false"),
                Experiment.Entries.fixed(100_000)));
        // Every engine in three encodings at 1 and 2 threads is 96 trials, each a fork (~1.7 s), the tree's
        // load (488,280 directories: up to ~10 s for fs, a few for mapdb, sqlite and bdbje) and 4 s of
        // iterations: about 12 minutes, on top of about 12 for the tests above, against a budget of about
        // 15 in all. So 44 trials, about 5 minutes: every engine on LONG at 1 thread; the three encodings
        // on the five engines the figures name (and the limit rows); those five on LONG at 2 threads.
        String five = withLimits("lmdb,rocksdb,leveldb,mvstore,xodus");
        tests.add(dirWalk("Directory tree walk, every engine, 1 thread",
                "Directory ids as 8-byte values (LONG) only: the encodings are compared in the next test, on five engines.",
                null, "LONG", 1));
        tests.add(dirWalk("Directory tree walk by value encoding, 1 thread",
                "Values as the directory's id (LONG), a protobuf record (PROTO) or a FlatBuffers record (FLAT_BUFFER), "
                        + "on LMDB, RocksDB, LevelDB, MVStore and Xodus and the limit rows: walks/s, storage and bytes "
                        + "allocated per walk by encoding. The other engines ran LONG only (the previous test), to keep "
                        + "the suite near 15 minutes.",
                five, "LONG,PROTO,FLAT_BUFFER", 1));
        tests.add(dirWalk("Directory tree walk, 2 threads",
                "LONG only, on LMDB, RocksDB, LevelDB, MVStore and Xodus and the limit rows, to keep the suite near "
                        + "15 minutes: against 1 thread (the previous tests), how walks/s scale with a second thread.",
                five, "LONG", 2));
        return tests;
    }

    /** Parameters that depend on a test's entry count (batch sizes). */
    private interface ByNum {
        Map<String, String> params(int num);
    }

    private static Experiment scaled(List<Experiment> before, Scaler scaler, int original, String title, String about, Chart chart,
                                     List<String> workloads, Map<String, String> params, Map<String, String> options,
                                     ByNum byNum) {
        int num = scaler.num(before.size() + 1, original, Experiment.entryBytes(params));
        Map<String, String> all = new LinkedHashMap<>(params);
        all.putAll(byNum.params(num));
        return new Experiment(title, about, chart, workloads, all, options, new Experiment.Entries(num, original));
    }

    static Map<String, String> params(String... pairs) {
        return options(pairs);
    }

    static Map<String, String> options(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }
}
