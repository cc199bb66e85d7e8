package dev.kvbench.suite;

import dev.kvbench.amp.AmpSpace;
import dev.kvbench.measure.Machine;
import dev.kvbench.store.Shape;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.text.Numbers;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.workload.DataSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * Room for a suite's stores, checked before a real run starts its first test: the work folder for its tests there,
 * the disk folder for its {@link Experiment.Folder#DISK} tests, each to hold its largest test as
 * {@link WorkFolder#estimate} counts it (the amplification test as {@link AmpSpace} does). A test that may not fit is
 * refused in one line that says how many entries do; the suite's own beyond-memory sizes too big for the disk are
 * left out instead.
 */
final class Room {

    private Room() {}

    /**
     * The plan's tests that are to run, and the folder of each kind of test.
     *
     * @param tests   the tests, without the beyond-memory sizes the disk folder cannot hold
     * @param folders the work folder, and the disk folder when a test has its stores there
     */
    record Placed(List<PlannedTest> tests, Map<Experiment.Folder, Path> folders) {}

    /** The folders of {@code plan}'s tests, created and checked to have room for them. */
    static Placed place(SuitePlan plan, Map<String, String> env, PrintStream out) {
        List<PlannedTest> tests = plan.tests();
        check("the work folder", "KVBENCH_DIR", plan.workDir(), plan.workFree(), in(tests, Experiment.Folder.WORK));
        Map<Experiment.Folder, Path> folders = new EnumMap<>(Experiment.Folder.class);
        folders.put(Experiment.Folder.WORK, plan.workDir());
        if (tests.stream().anyMatch(t -> t.test().folder() == Experiment.Folder.DISK)) {
            Path diskDir = Folders.disk(env);
            if (tests.stream().anyMatch(t -> t.test().limited())) {
                BeyondMemory.checkDiskFolder(diskDir, Machine.fileSystem(diskDir));
                if (!plan.command().userNum()) {
                    tests = withoutSizesOverTheDisk(
                            plan.command().name(), tests, diskDir, WorkFolder.usableBytes(diskDir), out);
                }
            }
            checkAmp(diskDir, WorkFolder.usableBytes(diskDir), tests);
            check(
                    "the disk folder",
                    Folders.DISK_ENVIRONMENT,
                    diskDir,
                    WorkFolder.usableBytes(diskDir),
                    in(tests, Experiment.Folder.DISK));
            folders.put(Experiment.Folder.DISK, diskDir);
        }
        return new Placed(tests, folders);
    }

    /** Refuses, in one line, tests whose largest the work folder may not hold ({@link #place} checks it too). */
    static void checkWorkFolder(Path workDir, long workFree, List<PlannedTest> tests) {
        check("the work folder", "KVBENCH_DIR", workDir, workFree, in(tests, Experiment.Folder.WORK));
    }

    private static List<PlannedTest> in(List<PlannedTest> tests, Experiment.Folder folder) {
        return tests.stream().filter(t -> t.test().folder() == folder).toList();
    }

    /** The suite's own beyond-memory sizes that the disk folder cannot hold are left out, each said in one line. */
    private static List<PlannedTest> withoutSizesOverTheDisk(
            String suite, List<PlannedTest> plan, Path diskDir, long free, PrintStream out) {
        List<PlannedTest> kept = new ArrayList<>();
        for (PlannedTest test : plan) {
            if (test.test().limited() && free >= 0 && test.space() > free) {
                out.println("test " + test.number() + " (" + test.title() + ") is left out: it may need "
                        + Numbers.bytes(test.space()) + " and the disk folder " + diskDir + " has "
                        + Numbers.bytes(free) + " free");
                continue;
            }
            kept.add(test);
        }
        if (kept.isEmpty()) {
            throw new UsageException(
                    "./run.sh " + suite + ": the disk folder " + diskDir + " has " + Numbers.bytes(free)
                            + " free, too little for any of its tests: free space or set KVBENCH_DISK_DIR to a bigger folder");
        }
        return kept;
    }

    /** Room for the largest test, as {@link WorkFolder#estimate} counts it. */
    private static void check(String what, String variable, Path dir, long free, List<PlannedTest> plan) {
        long need = spaceNeeded(plan);
        if (free >= 0 && free < need) {
            throw new UsageException(what + " " + dir + " has " + Numbers.bytes(free)
                    + " free but the largest test may need " + Numbers.bytes(need) + ": free space, set " + variable
                    + " to a bigger folder" + fits(plan, free));
        }
    }

    /**
     * Refuses an amplification test that one of its stores may not fit in the disk folder, in one line that names the
     * store, why it needs the room, the entries that fit and the stores that fit as they are ({@link AmpSpace}).
     */
    static void checkAmp(Path diskDir, long free, List<PlannedTest> plan) {
        if (free < 0) {
            return;
        }
        for (PlannedTest test : plan) {
            if (!MachineChecks.isAmp(test)) {
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
            String fewer = fit >= Budget.MIN_ENTRIES
                    ? "pass fewer entries (-p num=" + fit + " fits)"
                    : "not even " + Budget.MIN_ENTRIES + " entries fit";
            throw new UsageException(
                    "the disk folder " + diskDir + " has " + Numbers.bytes(free) + " free but the amplification"
                            + " test at " + Numbers.count(test.num()) + " entries may need " + Numbers.bytes(need)
                            + " for " + worst
                            + (why.isEmpty() ? "" : " (" + why + ")") + ": " + fewer
                            + (fitting.isEmpty()
                                    ? ""
                                    : ", leave " + String.join(", ", tooLarge) + " out (-p store="
                                            + String.join(",", fitting) + ")")
                            + ", or set KVBENCH_DISK_DIR to a bigger folder");
        }
    }

    /**
     * The size of the largest test that fits {@code free} bytes, by the same estimate the check makes: ", or pass fewer
     * entries (-p num=4000000 fits)" (YCSB's: "fewer records (-p recordcount=...)"), rounded down to one significant
     * digit, or, where not even {@link Budget#MIN_ENTRIES} fit (a store's fixed room alone is more), that they do not.
     */
    private static String fits(List<PlannedTest> plan, long free) {
        PlannedTest largest =
                plan.stream().max(Comparator.comparingLong(PlannedTest::space)).orElseThrow();
        Map<String, String> params = largest.params();
        long stores = Planner.storesAtOnce(params, largest.options());
        boolean ycsb = params.containsKey("props") && params.containsKey("workload");
        LongUnaryOperator perStore = ycsb
                ? n -> ycsbSpace(params, n)
                : n -> WorkFolder.estimate(new DataSpec(
                        (int) n,
                        largest.largest().intKey(),
                        largest.largest().sequential(),
                        largest.largest().valSize(),
                        largest.largest().valRandom()));
        LongUnaryOperator need = n -> {
            long one = perStore.applyAsLong(n);
            return one > Long.MAX_VALUE / stores ? Long.MAX_VALUE : one * stores;
        };
        long now = ycsb ? ycsbRecords(params) : largest.largest().num();
        long fit = largestFitting(need, now, free);
        String entries = ycsb ? "records" : "entries";
        if (fit < Budget.MIN_ENTRIES) {
            return " (not even " + Budget.MIN_ENTRIES + " " + entries + (stores > 1 ? " of each store" : "")
                    + " fit: a store needs " + Numbers.bytes(WorkFolder.estimate(0, 0)) + " besides its data)";
        }
        return ", or pass fewer " + entries + " (-p " + (ycsb ? "recordcount=" : "num=") + fit + " fits)";
    }

    /**
     * The largest count up to {@code upTo}, rounded down to one significant digit, whose room {@code need} is at most
     * {@code free}; 0 when not even one fits. The room grows with the count, so what is found passes the check.
     */
    static long largestFitting(LongUnaryOperator need, long upTo, long free) {
        long low = 0;
        long high = upTo;
        while (low < high) {
            long mid = low + (high - low + 1) / 2;
            if (need.applyAsLong(mid) <= free) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return low == 0 ? 0 : Budget.floorOneDigit(low);
    }

    /** One store's room for a YCSB test of {@code records} records ({@link Planner#storeSpace}'s estimate). */
    private static long ycsbSpace(Map<String, String> params, long records) {
        long space = 0;
        for (String workload : Defaults.values(params, "workload")) {
            for (String props : params.get("props").split(",")) {
                Shape shape;
                try {
                    shape = MemoryPlan.ycsbShape(MemoryPlan.ycsb(params, workload, props, records));
                } catch (UsageException e) {
                    return Long.MAX_VALUE; // a count the workload's other properties refuse: not one to suggest
                }
                space = Math.max(space, WorkFolder.estimate(shape.flatBytes(), shape.entries()));
            }
        }
        return space;
    }

    /** The most records a YCSB test's workloads load. */
    private static long ycsbRecords(Map<String, String> params) {
        long records = 0;
        for (String workload : Defaults.values(params, "workload")) {
            for (String props : params.get("props").split(",")) {
                records = Math.max(
                        records,
                        MemoryPlan.ycsb(params, workload, props, -1)
                                .properties()
                                .recordCount());
            }
        }
        return records;
    }

    /** The work-folder bytes the suite needs: its largest test's {@link WorkFolder#estimate}. */
    static long spaceNeeded(List<PlannedTest> plan) {
        return plan.stream().mapToLong(PlannedTest::space).max().orElse(0);
    }
}
