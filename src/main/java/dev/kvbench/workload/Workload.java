package dev.kvbench.workload;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import dev.kvbench.store.Capability;

/**
 * The workloads: the six of the 2016 report, the application workloads (thread scaling,
 * readers under a writer, prefix scans, the directory-tree walk), the crash tests and the amplification test. Their names (the JMH method names), what a store must
 * be able to do to run them, and which checksum, if any, they compute.
 */
public enum Workload {
    WRITE("write"),
    READ_KEY("readKey"),
    READ_SEQ("readSeq", Capability.ORDERED),
    READ_REV("readRev", Capability.ORDERED),
    READ_CRC("readCrc", Capability.ORDERED),
    READ_XXH64("readXxh64", Capability.ORDERED),
    /** The Ozone directory-tree walk (point lookups only); its data is a {@code workload.tree.DirTree}. */
    DIR_WALK("dirWalk"),
    /** The crash test: kill -9 of a writer, then a reopen (dev.kvbench.crash.CrashBenchmark); not one of 2016's six. */
    CRASH("crash"),
    /** The power-cut test: the crash test on cutfs, with the unsynced dropped before the reopen (dev.kvbench.crash.PowerCutBenchmark). */
    POWER_CUT("powercut"),
    /** readKey by several reader threads at once, each making a whole pass with its own reader. */
    READ_KEY_THREADS("readKeyThreads"),
    /** Random lookups by reader threads while one writer writes at a target rate (RocksDB in-memory benchmark). */
    READ_WHILE_WRITING("readWhileWriting"),
    /** Scans of random key prefixes, alone or under the rate-limited writer (RocksDB in-memory benchmark). */
    PREFIX_SCAN("prefixScan", Capability.ORDERED),
    /**
     * A YCSB workload file (load, then run; dev.kvbench.workload.ycsb.YcsbWorkload); scans need an
     * ordered engine, which the workload's properties decide, not this entry.
     */
    YCSB("ycsb"),
    /**
     * Write and space amplification on a disk: a load, then overwrites of random existing keys, with the
     * bytes the disk was asked to write and the store's size after each (dev.kvbench.amp.AmpBenchmark).
     */
    AMP("amp");

    private final String label;
    private final Set<Capability> needs;

    Workload(String label, Capability... needs) {
        this.label = label;
        this.needs = EnumSet.noneOf(Capability.class);
        this.needs.addAll(Arrays.asList(needs));
    }

    /** The workloads that time passes over the data set: every one but the crash, power-cut and amplification tests. */
    public static List<Workload> passes() {
        return Arrays.stream(values()).filter(w -> w != CRASH && w != POWER_CUT && w != AMP).toList();
    }

    /** The name used in JMH, the CSV, the side file and messages, e.g. {@code readKey}. */
    public String label() {
        return label;
    }

    /** The capabilities a store must declare; without them the workload is skipped. */
    public Set<Capability> needs() {
        return needs;
    }

    /** The workload called {@code label}; an unknown name is an error listing the valid ones. */
    public static Workload named(String label) {
        for (Workload workload : values()) {
            if (workload.label.equals(label)) {
                return workload;
            }
        }
        StringBuilder valid = new StringBuilder();
        for (Workload workload : values()) {
            valid.append(valid.length() == 0 ? "" : ", ").append(workload.label);
        }
        throw new IllegalArgumentException("unknown workload '" + label + "'; valid workloads: " + valid);
    }

    /** The hex form of a pass's checksum, or null when this workload computes none. */
    public String checksumHex(long checksum) {
        return switch (this) {
            case READ_CRC -> Checksums.crcHex(checksum);
            case READ_XXH64 -> Checksums.xxhHex(checksum);
            default -> null;
        };
    }

    @Override
    public String toString() {
        return label;
    }
}
