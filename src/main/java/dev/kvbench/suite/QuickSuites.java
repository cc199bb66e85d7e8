package dev.kvbench.suite;

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

/**
 * The {@code quick} suite, every engine through one binding on the 2016 report's six workloads, and {@code bindings},
 * the same tests for the engines Java reaches through more than one binding, each beside its others.
 */
final class QuickSuites {

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

    private QuickSuites() {}

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
    static List<Experiment> quick() {
        List<String> left = Stores.engines().stream()
                .filter(engine -> engine.bindingOf().isPresent())
                .map(Engine::name)
                .toList();
        return intKeyTests(
                SuiteParams.oneBindingEach(),
                "Every engine through one binding each (" + joined(left) + " are left to the bindings suite)");
    }

    /**
     * The binding comparison (the 2016 report's LMDB JNI and JGL rows): each engine that has second bindings
     * ({@link Engine#bindingOf()}) beside them, with the limit rows, on the tests of {@link #quick()}.
     */
    static List<Experiment> bindings() {
        Map<String, List<String>> byEngine = new LinkedHashMap<>();
        Stores.engines()
                .forEach(engine -> engine.bindingOf()
                        .ifPresent(of -> byEngine.computeIfAbsent(of, key -> new ArrayList<>())
                                .add(engine.name())));
        List<String> groups = new ArrayList<>();
        byEngine.forEach((engine, others) -> groups.add(engine + " beside " + joined(others)));
        return intKeyTests(
                bindingRows(),
                "Each engine that Java reaches through more than one binding, beside its others ("
                        + String.join("; ", groups) + ")");
    }

    /**
     * {@code -p store=...} on the bindings suite names only engines that Java reaches through more than one binding
     * (and the reference rows): another engine would run quick's tests alone, with nothing to compare it with.
     */
    static void checkBindingStores(UserArgs user) {
        user.param("store").ifPresent(QuickSuites::checkBindingStores);
    }

    private static void checkBindingStores(String stores) {
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
        Map<String, String> jmh = SuiteParams.interleaved(QUICK_JVMS, QUICK_WARMUPS, QUICK_ROTATIONS);
        return List.of(
                intKeyTest(
                        "Int keys in sequential order",
                        who + " on the six workloads of the 2016 report, keys inserted in ascending order.",
                        SuiteParams.params("store", stores, "sequential", "true", "intKey", "true", "valSize", "100"),
                        jmh),
                intKeyTest(
                        "Int keys in random order",
                        "The same, with keys inserted (and looked up) in random order.",
                        SuiteParams.params("store", stores, "sequential", "false", "intKey", "true", "valSize", "100"),
                        jmh));
    }

    /** One of {@link #intKeyTests}: the six workloads on the data and stores of {@code params}, 100,000 entries. */
    private static Experiment intKeyTest(
            String title, String about, Map<String, String> params, Map<String, String> jmh) {
        return Experiment.titled(title, about)
                .chart(Chart.panels())
                .workloads(SuiteParams.SIX)
                .params(params)
                .options(jmh)
                .entries(100_000);
    }

    /** As {@link SuiteParams#oneBindingEach()}, but only the engines that have second bindings, and those. */
    static String bindingRows() {
        Set<String> bound = new HashSet<>();
        Stores.engines().forEach(engine -> engine.bindingOf().ifPresent(bound::add));
        return SuiteParams.withLimits(
                SuiteParams.engines(engine -> engine.bindingOf().isPresent() || bound.contains(engine.name())));
    }

    /** {@code a}, {@code a and b}, {@code a, b and c}. */
    private static String joined(List<String> names) {
        int last = names.size() - 1;
        return last < 1
                ? String.join("", names)
                : String.join(", ", names.subList(0, last)) + " and " + names.get(last);
    }
}
