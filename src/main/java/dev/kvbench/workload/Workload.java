package dev.kvbench.workload;

import dev.kvbench.store.Capability;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A workload: its name (the JMH method name), what a store must be able to do to run it, and which checksum, if any,
 * it computes. The built-in ones are the constants here: the six of the 2016 report, the application workloads
 * (thread scaling, readers under a writer, prefix scans, the directory-tree walk), the crash tests and the
 * amplification test. A workload is a class and not an enum so that a family outside this package (a test's own)
 * declares its own with {@link #of}; its family, registered in {@code trial.WorkloadFamilies}, is what knows it, and finds it by name.
 * One instance per workload: they are compared by identity.
 */
public final class Workload {
    public static final Workload WRITE = new Workload("write");
    public static final Workload READ_KEY = new Workload("readKey");
    public static final Workload READ_SEQ = new Workload("readSeq", Capability.ORDERED);
    public static final Workload READ_REV = new Workload("readRev", Capability.ORDERED);
    public static final Workload READ_CRC = new Workload("readCrc", Capability.ORDERED);
    public static final Workload READ_XXH64 = new Workload("readXxh64", Capability.ORDERED);
    /** The Ozone directory-tree walk (point lookups only); its data is a {@code workload.tree.DirTree}. */
    public static final Workload DIR_WALK = new Workload("dirWalk");
    /** The crash test: kill -9 of a writer, then a reopen (dev.kvbench.crash.CrashBenchmark); not one of 2016's six. */
    public static final Workload CRASH = new Workload("crash");
    /** The power-cut test: the crash test on cutfs, with the unsynced dropped before the reopen (dev.kvbench.crash.PowerCutBenchmark). */
    public static final Workload POWER_CUT = new Workload("powercut");
    /** readKey by several reader threads at once, each making a whole pass with its own reader. */
    public static final Workload READ_KEY_THREADS = new Workload("readKeyThreads");
    /** Random lookups by reader threads while one writer writes at a target rate (RocksDB in-memory benchmark). */
    public static final Workload READ_WHILE_WRITING = new Workload("readWhileWriting");
    /** Scans of random key prefixes, alone or under the rate-limited writer (RocksDB in-memory benchmark). */
    public static final Workload PREFIX_SCAN = new Workload("prefixScan", Capability.ORDERED);
    /**
     * A YCSB workload file (load, then run; dev.kvbench.workload.ycsb.YcsbWorkload); scans need an
     * ordered engine, which the workload's properties decide, not this entry.
     */
    public static final Workload YCSB = new Workload("ycsb");
    /**
     * Write and space amplification on a disk: a load, then overwrites of random existing keys, with the
     * bytes the disk was asked to write and the store's size after each (dev.kvbench.amp.AmpBenchmark).
     */
    public static final Workload AMP = new Workload("amp");

    private static final List<Workload> BUILT_IN = List.of(
            WRITE,
            READ_KEY,
            READ_SEQ,
            READ_REV,
            READ_CRC,
            READ_XXH64,
            DIR_WALK,
            CRASH,
            POWER_CUT,
            READ_KEY_THREADS,
            READ_WHILE_WRITING,
            PREFIX_SCAN,
            YCSB,
            AMP);

    private final String label;
    private final Set<Capability> needs;

    private Workload(String label, Capability... needs) {
        this.label = label;
        this.needs = EnumSet.noneOf(Capability.class);
        this.needs.addAll(Arrays.asList(needs));
    }

    /**
     * A workload of a family of its own, called {@code label} (its benchmark method's name), which stores must declare
     * {@code needs} to run; the family keeps the one instance.
     */
    public static Workload of(String label, Capability... needs) {
        return new Workload(label, needs);
    }

    /** The built-in workloads, in the order they were added. */
    public static List<Workload> values() {
        return BUILT_IN;
    }

    /** The workloads that time passes over the data set: every one but the crash, power-cut and amplification tests. */
    public static List<Workload> passes() {
        return BUILT_IN.stream()
                .filter(w -> w != CRASH && w != POWER_CUT && w != AMP)
                .toList();
    }

    /** The name used in JMH, the CSV, the side file and messages, e.g. {@code readKey}. */
    public String label() {
        return label;
    }

    /** The capabilities a store must declare; without them the workload is skipped. */
    public Set<Capability> needs() {
        return needs;
    }

    @Override
    public String toString() {
        return label;
    }
}
