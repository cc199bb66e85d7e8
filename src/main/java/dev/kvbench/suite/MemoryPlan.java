package dev.kvbench.suite;

import dev.kvbench.measure.Machine;
import dev.kvbench.store.Shape;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.text.Numbers;
import dev.kvbench.trial.JvmMemory;
import dev.kvbench.workload.DataSpec;
import dev.kvbench.workload.ycsb.WorkloadProperties;
import dev.kvbench.workload.ycsb.YcsbParams;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * What an interleaved test holds in memory at once, counted before anything runs: every store of a block, each in as
 * many JVMs as {@code -f} gives, all alive while the others take their turns. Each JVM counts its heap (the
 * {@code -Xmx} {@link JvmMemory} gives it, which the benchmark jar sets; a user's own stands), its memory besides the
 * heap, the engine's caches outside it and the harness's data ({@link JvmMemory}), and, where the work folder is tmpfs,
 * its store's files. A test whose JVMs need more than the memory available less a margin ({@link JvmMemory#usable})
 * runs in groups of its stores that fit, each holding the same anchor store through which the groups' engines are
 * ranked ({@link dev.kvbench.results.AnchoredRatio}); one that cannot be split (run in rounds), or whose anchor and any
 * one other store do not fit together, is refused in one line that says what fits: fewer stores at once, or a smaller
 * data set, each checked by the same count.
 *
 * <p>The JVMs the interleaver may add for an undecided pair whose JVMs differ ({@code interleave.MoreJvms}) are not
 * counted here: the worst case, five more JVMs of each of the two largest stores, would take a third of the memory of
 * every quick run for JVMs that most blocks never start. The interleaver starts them only into the memory free when
 * it needs them, by the same margin ({@code interleave.AddedJvms#fit}).
 *
 * @param test          the test
 * @param specs         its stores, in its order
 * @param forks         the JVMs of each store at once ({@code -f})
 * @param filesInMemory whether the stores' files live in memory (a tmpfs work folder)
 * @param sizing        the test's data set, and the same test at another size
 */
record MemoryPlan(PlannedTest test, List<String> specs, int forks, boolean filesInMemory, Sizing sizing) {

    /**
     * The data set of a test in a size that can change: {@code size} entries (or records) now, the shape at any size,
     * its words and the parameter that sets it.
     */
    record Sizing(long size, LongFunction<Shape> shapeAt, String unit, String param) {

        Shape shape() {
            return shapeAt.apply(size);
        }
    }

    /** The plan of {@code test} when it is interleaved (its stores held at once); empty otherwise. */
    static Optional<MemoryPlan> of(PlannedTest test, boolean filesInMemory) {
        if (!"true".equals(test.options().get("-interleave")) || !test.params().containsKey("store")) {
            return Optional.empty();
        }
        int forks = Math.max(1, Defaults.integer(test.options().getOrDefault("-f", "1")));
        return Optional.of(
                new MemoryPlan(test, Defaults.values(test.params(), "store"), forks, filesInMemory, sizing(test)));
    }

    /** Whether stores in {@code workDir} (or its nearest existing parent, before it is made) live in memory. */
    static boolean inMemory(Path workDir) {
        Path dir = workDir.toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir)) {
            dir = dir.getParent();
        }
        String fs = dir == null ? "unknown" : Machine.fileSystem(dir);
        return fs.equals("tmpfs") || fs.equals("ramfs");
    }

    /** The test's data set: YCSB's records where it runs YCSB, else the largest 2016 data set of its parameters. */
    private static Sizing sizing(PlannedTest test) {
        Map<String, String> params = test.params();
        if (params.containsKey("props") && params.containsKey("workload")) {
            String workload = null;
            String props = null;
            long flat = -1;
            for (String w : Defaults.values(params, "workload")) {
                for (String p : params.get("props").split(",")) {
                    long bytes = ycsbShape(ycsb(params, w, p, -1)).flatBytes();
                    if (bytes > flat) {
                        flat = bytes;
                        workload = w;
                        props = p;
                    }
                }
            }
            String chosenWorkload = workload;
            String chosenProps = props;
            return new Sizing(
                    ycsb(params, workload, props, -1).properties().recordCount(),
                    n -> ycsbShape(ycsb(params, chosenWorkload, chosenProps, n)),
                    "YCSB records",
                    "recordcount");
        }
        DataSpec data = Planner.largest(params);
        return new Sizing(
                data.num(),
                n -> new DataSpec((int) n, data.intKey(), data.sequential(), data.valSize(), data.valRandom()).shape(),
                "entries of " + data.valSize() + " bytes",
                "num");
    }

    /**
     * The data a YCSB run's store holds: recordcount records of fieldcount x fieldlength bytes (and kvbench's header)
     * with their keys, and the inserts of a run phase of a fixed operation count (its share of inserts; of a timed run,
     * that share of the key room it may fill). The inserts of a run in turns are not counted: their number follows the
     * engines' speed, not the records, and stays within the bounds' slack (workload D of the default ycsb run inserted
     * 67,110 records into 200,000 on its fastest engine, E 4,812; results/20261128-ycsb-4, which ran in 24 GiB).
     */
    static Shape ycsbShape(YcsbParams ycsb) {
        Shape room = ycsb.shape();
        WorkloadProperties properties = ycsb.properties();
        long records = properties.recordCount();
        double share = properties.proportion(WorkloadProperties.Op.INSERT);
        long inserts = properties.inTurns() || share == 0
                ? 0
                : properties.operationCount() > 0
                        ? (long) Math.ceil(properties.operationCount() * share)
                        : (long) Math.ceil((room.entries() - records) * share);
        return new Shape(Math.max(1, records + inserts), room.keySize(), room.valSize(), false);
    }

    /** YCSB's parameters of {@code workload} with {@code props}, its recordcount set to {@code records} when not -1. */
    static YcsbParams ycsb(Map<String, String> params, String workload, String props, long records) {
        Map<String, String> overrides = new LinkedHashMap<>(YcsbParams.overrides(props));
        if (records >= 0) {
            overrides.put("recordcount", Long.toString(records));
        }
        Map<String, String> one = new LinkedHashMap<>();
        one.put("store", Defaults.values(params, "store").get(0));
        one.put("workload", workload);
        one.put("props", YcsbParams.props(overrides));
        one.put("sync", "false");
        try {
            return YcsbParams.parse(one);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The JVM flags the test gives every JVM ({@code -jvmArgs}, {@code -jvmArgsAppend}, {@code -jvmArgsPrepend}). */
    private List<String> flags() {
        List<String> flags = new ArrayList<>();
        for (String option : List.of("-jvmArgsPrepend", "-jvmArgs", "-jvmArgsAppend")) {
            String value = test.options().get(option);
            if (value != null) {
                flags.add(value);
            }
        }
        return flags;
    }

    /** One JVM of {@code spec} at {@code size}. */
    JvmMemory jvm(String spec, long size) {
        return JvmMemory.of(StoreSpec.parse(spec), sizing.shapeAt().apply(size), flags());
    }

    /** Bytes {@code specs} need at once at {@code size}: each store's JVMs, and their files where they are in memory. */
    long need(List<String> stores, long size) {
        long sum = 0;
        for (String spec : stores) {
            sum += forks * jvm(spec, size).total(filesInMemory);
        }
        return sum;
    }

    /** Whether the test fits {@code memAvailable} (unknown, 0 or less: it is not checked): each of its groups, if split. */
    boolean fits(long memAvailable) {
        return memAvailable <= 0 || need() <= JvmMemory.usable(memAvailable);
    }

    /** Bytes the test holds at once: its largest group's where it runs in groups, else every store's. */
    long need() {
        if (test.split()) {
            return test.groups().stream()
                    .mapToLong(group -> need(group, sizing.size()))
                    .max()
                    .orElse(0);
        }
        return need(specs, sizing.size());
    }

    /** The groups its stores run in where they do not fit {@code memAvailable} at once ({@link StoreGroups#of}). */
    List<List<String>> groups(long memAvailable) {
        return StoreGroups.of(this, memAvailable);
    }

    /** The store every group holds ({@link StoreGroups#anchor}). */
    String anchor() {
        return StoreGroups.anchor(this);
    }

    /**
     * {@code tests} with each interleaved test whose stores do not fit {@code memAvailable} at once split into groups
     * that do ({@link #groups}); a test that fits, or cannot be split, as planned (the check refuses the latter).
     */
    static List<PlannedTest> grouped(List<PlannedTest> tests, boolean filesInMemory, long memAvailable) {
        List<PlannedTest> grouped = new ArrayList<>();
        for (PlannedTest test : tests) {
            List<List<String>> groups = of(test, filesInMemory)
                    .map(plan -> plan.groups(memAvailable))
                    .orElse(List.of());
            grouped.add(groups.size() > 1 ? test.withGroups(groups) : test);
        }
        return grouped;
    }

    /**
     * Refuses the first of {@code plans} (a suite's tests, in order) that does not fit {@code memAvailable}, in one line:
     * what it holds at once and needs, what the machine has, and what fits, each suggestion checked against every test
     * of {@code plans} by the same count.
     */
    static void check(String suite, List<MemoryPlan> plans, long memAvailable) {
        for (MemoryPlan plan : plans) {
            if (!plan.fits(memAvailable)) {
                plan.refuse(suite, plans, JvmMemory.usable(memAvailable));
            }
        }
    }

    private void refuse(String suite, List<MemoryPlan> plans, long usable) {
        List<String> advice = new ArrayList<>();
        List<String> fewer = storesThatFit(usable);
        if (fewer.size() >= 2 && plans.stream().allMatch(p -> p.fitsWith(fewer, -1, sizing.param(), usable))) {
            advice.add("at most " + fewer.size() + " of the " + specs.size() + " stores fit at once (-p store="
                    + String.join(",", fewer) + ")");
        }
        for (long size = sizeThatFits(usable); size >= Budget.MIN_ENTRIES; size = Budget.floorOneDigit(size - 1)) {
            long tried = size;
            if (plans.stream().allMatch(p -> p.fitsWith(null, tried, sizing.param(), usable))) {
                advice.add("all " + specs.size() + " fit with -p " + sizing.param() + "=" + size);
                break;
            }
        }
        String what = advice.isEmpty()
                ? "not even 2 stores of " + Budget.MIN_ENTRIES + " " + sizing.unit() + " fit; free memory first"
                : String.join(", or ", advice);
        throw new UsageException("./run.sh " + suite + ": test " + test.number() + " (" + test.title() + ") holds "
                + held() + " at once, which need about " + Numbers.bytes(need()) + " ("
                + (filesInMemory ? "heaps, caches and the stores' files on tmpfs" : "heaps and caches")
                + "); this machine has " + Numbers.bytes(usable) + " available (MemAvailable less a margin): "
                + what);
    }

    /**
     * Whether this test fits {@code usable} bytes with only those of its stores that {@code stores} names (null: all of
     * them) and, where its size is set by {@code param}, at {@code size} (-1: its own).
     */
    boolean fitsWith(List<String> stores, long size, String param, long usable) {
        List<String> kept =
                stores == null ? specs : specs.stream().filter(stores::contains).toList();
        long at = size > 0 && param.equals(sizing.param()) ? size : sizing.size();
        return need(kept, at) <= usable;
    }

    /** "13 stores × 2 JVMs of 1,000,000 YCSB records". */
    private String held() {
        return specs.size() + (specs.size() == 1 ? " store" : " stores") + (forks > 1 ? " × " + forks + " JVMs" : "")
                + " of " + Numbers.count(sizing.size()) + " " + sizing.unit();
    }

    /** The most stores that fit at once, the least demanding first, in the test's order. */
    private List<String> storesThatFit(long usable) {
        List<String> byNeed = new ArrayList<>(specs);
        Map<String, Long> needs = new LinkedHashMap<>();
        specs.forEach(spec -> needs.put(spec, need(List.of(spec), sizing.size())));
        byNeed.sort(Comparator.comparingLong(needs::get));
        List<String> fit = new ArrayList<>();
        long sum = 0;
        for (String spec : byNeed) {
            if (sum + needs.get(spec) > usable) {
                break;
            }
            sum += needs.get(spec);
            fit.add(spec);
        }
        return specs.stream().filter(fit::contains).toList();
    }

    /** The largest size, one significant digit, at which every store fits; 0 when not even {@link Budget#MIN_ENTRIES} do. */
    private long sizeThatFits(long usable) {
        long low = 0;
        long high = sizing.size();
        while (high - low > 1) {
            long mid = low + (high - low) / 2;
            if (need(specs, mid) <= usable) {
                low = mid;
            } else {
                high = mid;
            }
        }
        long size = Budget.floorOneDigit(low);
        return size >= Budget.MIN_ENTRIES ? size : 0;
    }

    /**
     * The dry run's lines: what the test holds at once against what is available (or, split, what it would and the
     * groups it runs in), then each store's JVM.
     */
    List<String> lines(long memAvailable) {
        List<String> lines = new ArrayList<>();
        String available =
                memAvailable > 0 ? Numbers.bytes(JvmMemory.usable(memAvailable)) + " available" : "an unknown memory";
        if (test.split()) {
            lines.add("(memory: " + held() + " would need about " + Numbers.bytes(need(specs, sizing.size()))
                    + " at once, more than the " + available + ", so they run in "
                    + test.groups().size()
                    + " groups that fit, each holding the anchor " + test.anchor() + " (the ranked store of least"
                    + " memory), through which the groups are ranked; the largest group about " + Numbers.bytes(need())
                    + "; per JVM:)");
        } else {
            lines.add("(memory at once: " + held() + ", about " + Numbers.bytes(need()) + " of " + available
                    + "; per JVM:)");
        }
        for (String spec : specs) {
            JvmMemory jvm = jvm(spec, sizing.size());
            lines.add("(  " + spec + ": heap " + Numbers.bytes(jvm.heap())
                    + (jvm.heapGiven() ? " (given)" : " (" + jvm.flag() + ")") + ", non-heap "
                    + Numbers.bytes(jvm.nonHeap()) + ", caches and data off the heap "
                    + Numbers.bytes(jvm.engine() + jvm.harness()) + ", store " + Numbers.bytes(jvm.files())
                    + (filesInMemory ? " on tmpfs" : " on disk") + ")");
        }
        return lines;
    }

    /** The dry run's line of group {@code g} (1-based) of a split test: its stores and what they hold at once. */
    String groupLine(int g) {
        List<String> group = test.groups().get(g - 1);
        return "(group " + g + " of " + test.groups().size() + ": " + group.size() + " stores with the anchor "
                + test.anchor() + ", about " + Numbers.bytes(need(group, sizing.size())) + " at once)";
    }

    /**
     * The meta lines: what the test holds at once (its largest group, and each group's, where it is split), the memory
     * available less the margin, and each store's JVM as {@code memory.plan.N=BYTES HEAP
     * SPEC} (the JVM without its store's files, its heap, the spec), N counting from 1 in the test's order.
     */
    List<String> metaLines(long memAvailable) {
        List<String> lines = new ArrayList<>();
        lines.add("memory.plan.needBytes=" + need());
        for (int g = 1; test.split() && g <= test.groups().size(); g++) {
            // the largest group is the test's need; each group's own is what its jar run held at once
            lines.add("memory.plan.group." + g + ".needBytes="
                    + need(test.groups().get(g - 1), sizing.size()));
        }
        lines.add("memory.plan.availableBytes=" + (memAvailable > 0 ? JvmMemory.usable(memAvailable) : -1));
        lines.add("memory.plan.forks=" + forks);
        for (int i = 0; i < specs.size(); i++) {
            JvmMemory jvm = jvm(specs.get(i), sizing.size());
            lines.add("memory.plan." + (i + 1) + "=" + jvm.process() + " " + jvm.heap() + " " + specs.get(i));
        }
        return lines;
    }
}
