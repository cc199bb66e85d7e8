package dev.kvbench.suite;

import dev.kvbench.amp.AmpState;
import dev.kvbench.store.Engine;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

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
 * The suites with tests of their own kind are in classes of their own: {@link SmokeSuite},
 * {@link ReportSuite} (report, depths),
 * {@link AppSuite}, {@link DurabilitySuites} (crash, powercut), {@link ScaleSuite} and {@link YcsbSuites}.
 * Where a test names its stores, the limit rows ({@link #withLimits}) are added, so that they
 * appear in every chart; a test that names none runs every registered engine.
 * In every suite a failed run lets the others go on ({@code -foe false}); the report lists it.
 */
public final class Suites {

    /** The suite names, in the order the usage line lists them. */
    public static final List<String> NAMES = List.of(
            "smoke",
            "quick",
            "bindings",
            "report",
            "depths",
            "app",
            "crash",
            "powercut",
            "amp",
            "ycsb",
            "ycsb-peer",
            "workload",
            "upgrade",
            "scale",
            "beyond");
    /** The command that runs one YCSB workload file: {@code ./run.sh workload FILE [-p name=value ...]}. */
    public static final String WORKLOAD = "workload";

    public static final String DEFAULT = "quick";
    /** Variants side by side: quick's two tests and YCSB's A-F on the stores the user names ({@link YcsbSuites#upgrade}). */
    public static final String UPGRADE = "upgrade";
    /** YCSB's own client beside kvbench's on A-F ({@link YcsbSuites#ycsbPeer}). */
    public static final String YCSB_PEER = "ycsb-peer";

    static final List<String> SIX = List.of("write", "readKey", "readSeq", "readRev", "readCrc", "readXxh64");
    static final List<String> THREE = List.of("write", "readKey", "readSeq");

    private Suites() {}

    /** The suite called {@code name}; {@code scaler} sizes the report suite's tests. */
    public static Suite named(String name, Scaler scaler) {
        return switch (name) {
            case "smoke" -> SmokeSuite.smoke();
            case "quick" -> quick();
            case "bindings" -> bindings();
            case "report" -> ReportSuite.report(scaler);
            case "depths" -> ReportSuite.depths();
            case "crash" ->
                new Suite(
                        "crash",
                        List.of(
                                DurabilitySuites.crash(),
                                DurabilitySuites.crash().onDisk(DurabilitySuites.CRASH_ON_DISK)));
            case "powercut" -> new Suite("powercut", List.of(DurabilitySuites.powerCut()));
            case "amp" -> new Suite("amp", List.of(amp()));
            case "app" -> AppSuite.app();
            case "ycsb" -> YcsbSuites.ycsb(Map.of());
            case UPGRADE -> YcsbSuites.upgrade(Map.of());
            case YCSB_PEER -> YcsbSuites.ycsbPeer(Map.of());
            case WORKLOAD ->
                throw new UsageException(
                        "give a workload file: ./run.sh workload path/to/workloada" + " [-p name=value ...]");
            case "scale" -> ScaleSuite.suite(scaler);
            case "beyond" -> ScaleSuite.beyond();
            default ->
                throw new UsageException(
                        "unknown suite '" + name + "'; suites: " + String.join(" ", NAMES) + " (e.g. ./run.sh quick)");
        };
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
        List<String> left = Stores.engines().stream()
                .filter(engine -> engine.bindingOf().isPresent())
                .map(Engine::name)
                .toList();
        return new Suite(
                "quick",
                intKeyTests(
                        oneBindingEach(),
                        "Every engine through one binding each (" + joined(left) + " are left to the bindings suite)"));
    }

    /**
     * The binding comparison (the 2016 report's LMDB JNI and JGL rows): each engine that has second bindings
     * ({@link Engine#bindingOf()}) beside them, with the limit rows, on the tests of {@link #quick()}.
     */
    static Suite bindings() {
        Map<String, List<String>> byEngine = new LinkedHashMap<>();
        Stores.engines()
                .forEach(engine -> engine.bindingOf()
                        .ifPresent(of -> byEngine.computeIfAbsent(of, key -> new ArrayList<>())
                                .add(engine.name())));
        List<String> groups = new ArrayList<>();
        byEngine.forEach((engine, others) -> groups.add(engine + " beside " + joined(others)));
        return new Suite(
                "bindings",
                intKeyTests(
                        bindingRows(),
                        "Each engine that Java reaches through more than one binding, beside its others ("
                                + String.join("; ", groups) + ")"));
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
                bound.forEach(of -> groups.add(of + " ("
                        + joined(Stores.engines().stream()
                                .filter(e -> e.bindingOf().equals(Optional.of(of)))
                                .map(Engine::name)
                                .toList())
                        + ")"));
                throw new UsageException(
                        "-p store=" + stores + ": the bindings suite compares an engine's bindings, but "
                                + name + " has no other binding; engines with more than one: "
                                + String.join(", ", groups.stream().sorted().toList())
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
     * Warm-up rotations in quick's tests: none. Every JVM has settled each workload before the first rotation (untimed
     * passes until the pass time is steady), and each turn begins with untimed passes that refill the caches, so a
     * warm-up rotation measured nothing the settling had not: without one (test 1 on 13 engines, AMD EPYC), the first
     * measured rotation's turns sat at a mean rank of 0.55 among each engine's turns, against 0.49-0.62 in three runs
     * with one (results/20261128-quick-2jvms*), with as many drift lines (11 against 11-12). It took 34 s of each test,
     * most of it the file system's write turns (a pass, its verification and deleting 150,000 files and folders: 4 s).
     * The direct-API baselines have no JMH warmup iteration either: they settle the same way before measuring.
     */
    static final int QUICK_WARMUPS = 0;

    /**
     * The tests of {@link #quick()}: {@code stores} on the six workloads, int keys in sequential, then random order; {@code who}
     * starts the first one's description. Interleaved ({@code -interleave true}): every engine has {@link #QUICK_JVMS} JVMs
     * of its own per test that load its store once for the read workloads, which run one after another in them (new JVMs
     * for the write), each settled (untimed passes until the pass time is steady), and the engines take turns of 100 ms of
     * passes in shuffled rotations, {@link #QUICK_ROTATIONS} measured ones per JVM (no warm-up rotation:
     * {@link #QUICK_WARMUPS}), and more for
     * the engines of the pairs of the paired ranking whose order is not decided; a slow phase of the host then lands on
     * every engine's turns alike, and divides out of each paired ratio. The direct-API pairs, which do not interleave, run
     * after them in JMH: in {@link #QUICK_JVMS} forks, each settled, then six 100 ms iterations.
     */
    static List<Experiment> intKeyTests(String stores, String who) {
        Map<String, String> jmh = interleaved(QUICK_JVMS, QUICK_WARMUPS, QUICK_ROTATIONS);
        return List.of(
                intKeyTest(
                        "Int keys in sequential order",
                        who + " on the six workloads of the 2016 report, keys inserted in ascending order.",
                        params("store", stores, "sequential", "true", "intKey", "true", "valSize", "100"),
                        jmh),
                intKeyTest(
                        "Int keys in random order",
                        "The same, with keys inserted (and looked up) in random order.",
                        params("store", stores, "sequential", "false", "intKey", "true", "valSize", "100"),
                        jmh));
    }

    /** One of {@link #intKeyTests}: the six workloads on the data and stores of {@code params}, 100,000 entries. */
    private static Experiment intKeyTest(
            String title, String about, Map<String, String> params, Map<String, String> jmh) {
        return Experiment.titled(title, about)
                .chart(Chart.panels())
                .workloads(SIX)
                .params(params)
                .options(jmh)
                .entries(100_000);
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
        return withLimits(engines(row));
    }

    /** The registered engines that {@code row} takes, limit rows left out, joined by commas. */
    private static String engines(Predicate<Engine> row) {
        return String.join(
                ",",
                Stores.engines().stream()
                        .filter(engine -> !engine.isReference())
                        .filter(row)
                        .map(Engine::name)
                        .toList());
    }

    /** {@code a}, {@code a and b}, {@code a, b and c}. */
    private static String joined(List<String> names) {
        int last = names.size() - 1;
        return last < 1
                ? String.join("", names)
                : String.join(", ", names.subList(0, last)) + " and " + names.get(last);
    }

    /**
     * Interleaved turns ({@code -interleave true}): {@code jvms} JVMs per engine and block (each JVM's turns paired with
     * the other engines' JVM of the same number), {@code warmups} warm-up rotations after every JVM has settled, then
     * {@code rotations} measured ones of 100 ms turns per JVM (more for the engines of undecided pairs). {@code -wi} is
     * also the JMH warmup iterations (100 ms) of the direct-API baselines that run beside them.
     */
    static Map<String, String> interleaved(int jvms, int warmups, int rotations) {
        return options(
                "-interleave",
                "true",
                "-f",
                Integer.toString(jvms),
                "-wi",
                Integer.toString(warmups),
                "-w",
                "100ms",
                "-i",
                Integer.toString(rotations),
                "-r",
                "100ms",
                "-foe",
                "false");
    }

    /** {@code stores} and every limit row ({@link Engine#isReference()}: array, heap, null), as one JMH value. */
    static String withLimits(String stores) {
        List<String> all = new ArrayList<>(List.of(stores.split(",")));
        Stores.engines().stream()
                .filter(Engine::isReference)
                .map(Engine::name)
                .filter(name -> !all.contains(name))
                .forEach(all::add);
        return String.join(",", all);
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
        String stores =
                engines(engine -> engine.bindingOf().isEmpty() && !engine.name().equals("fs"));
        return Experiment.titled(
                        "Write and space amplification, disk folder",
                        "Bytes the disk was asked to write per byte of keys and values put: for the load of the data set into an "
                                + "empty store, and for " + AmpState.OVERWRITES + " times as many puts of random "
                                + "existing keys; and the store's size on disk after each, against the keys and values it holds. "
                                + "Each phase runs from the store's open to its close and a sync of the file system. The fs store "
                                + "(a file per key) is left out for time; -p store=fs runs it.")
                .chart(Chart.amp())
                .workloads("amp")
                .params(concat(
                        params("store", stores + ",null", "sync", "false,true"),
                        randomIntKeys("100"),
                        params("batchSize", "1000")))
                .options(singleShot(0, 1))
                .entries(AMP_ENTRIES)
                .onDisk();
    }

    static Map<String, String> params(String... pairs) {
        return options(pairs);
    }

    /** The 2016 report's data as most tests run it: int keys inserted in random order, values of {@code valSizes} bytes. */
    static Map<String, String> randomIntKeys(String valSizes) {
        return params("intKey", "true", "sequential", "false", "valSize", valSizes);
    }

    /** Int keys inserted in ascending order, values of {@code valSizes} bytes. */
    static Map<String, String> sequentialIntKeys(String valSizes) {
        return params("intKey", "true", "sequential", "true", "valSize", valSizes);
    }

    /**
     * The concurrent runs' readers and writer, as the RocksDB in-memory benchmark's light rate has them: 2 reader
     * threads while one writer writes 10,000 entries a second, for {@code seconds}.
     */
    static Map<String, String> twoReadersUnderWriter(int seconds) {
        return params("readers", "2", "writesPerSec", "10000", "duration", Integer.toString(seconds));
    }

    /** JMH options for a test that runs in one fork: {@code warmups} and {@code iterations}, a failed run not stopping the rest. */
    static Map<String, String> oneFork(int warmups, int iterations) {
        return options(
                "-f", "1", "-wi", Integer.toString(warmups), "-i", Integer.toString(iterations), "-foe", "false");
    }

    /** {@link #oneFork} with every pass timed as one single shot ({@code -bm ss}). */
    static Map<String, String> singleShot(int warmups, int iterations) {
        return concat(options("-bm", "ss"), oneFork(warmups, iterations));
    }

    /** {@code parts} one after another, in order: JMH parameters or options, as a command line gives them. */
    @SafeVarargs
    static Map<String, String> concat(Map<String, String>... parts) {
        Map<String, String> all = new LinkedHashMap<>();
        for (Map<String, String> part : parts) {
            all.putAll(part);
        }
        return all;
    }

    static Map<String, String> options(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }
}
