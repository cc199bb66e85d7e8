package dev.kvbench.suite;

import dev.kvbench.cli.Main;
import dev.kvbench.measure.BlockDevice;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.text.Numbers;
import dev.kvbench.trial.FailureReason;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The arithmetic and the checks of the beyond-memory tests ({@link Experiment#limited()}): each test's memory limit
 * (its smallest size's flat data divided by the test's ratio, or {@code KVBENCH_MEM_LIMIT}), the heap its forks get
 * inside it (the harness's data set and half of what it and the JVM's own memory leave), and the one-line refusals: a limit not below the data, a limit too small for a
 * benchmark JVM, a disk folder on tmpfs.
 */
final class BeyondMemory {

    /** The environment variable that sets the limit of every beyond-memory test. */
    static final String ENVIRONMENT = "KVBENCH_MEM_LIMIT";
    /**
     * The least memory a benchmark fork runs in: the JVM itself ({@link #JVM_RESERVE}), a heap, the harness's data set
     * (8.3 bytes per entry with int keys) and the engine's own buffers.
     */
    static final long MIN_LIMIT = 160L << 20;
    /**
     * A fork's memory besides its heap: Native Memory Tracking of a BDB JE fork counts about 50 MB (code 14, metaspace
     * 15, class data 12, symbols 4), the C library's arenas and the threads' stacks add the rest; with an 80 MiB heap
     * under a 160 MiB limit, BDB JE's and MVStore's forks, their heaps full, were OOM-killed at 160-162 MB of anonymous
     * memory.
     */
    static final long JVM_RESERVE = FailureReason.BEYOND_JVM_RESERVE;

    private static final long MIB = 1L << 20;

    private BeyondMemory() {}

    /** Bytes of the flat data of the test's smallest size: entries x (key + value). */
    static long smallestFlat(PlannedTest test) {
        long smallest = Long.MAX_VALUE;
        for (String num : Defaults.values(test.params(), "num")) {
            smallest = Math.min(smallest, Defaults.integer(num));
        }
        return smallest * Experiment.entryBytes(test.params());
    }

    /** The limit of {@code test}: {@code configured} (KVBENCH_MEM_LIMIT) when set, else its smallest size's flat data / ratio, in whole MiB. */
    static long limit(PlannedTest test, String configured) {
        if (configured != null && !configured.isBlank()) {
            return parse(configured);
        }
        return smallestFlat(test) / test.test().memoryRatio() / MIB * MIB;
    }

    /**
     * Seconds per random lookup that misses the page cache, on the device: 85 µs, from readKey of 2,000,000 entries
     * under a 160 MiB limit on this project's 2-core machine's virtio disk (2026-11-27: LMDB without readahead 45-50 µs
     * per read, RocksDB with a 32 MiB block cache 56-59, where about 60% of the reads miss). A local NVMe device is
     * faster, a network volume slower.
     */
    static final double DEVICE_READ_SECONDS = 85e-6;
    /**
     * Seconds per random insert that misses, for an engine that updates its tree in place (every engine but the LSM
     * ones): 170 µs, from the same run's LMDB write passes (2,000,000 random inserts in commits of 10,000, 198-214 s a
     * pass: the leaf is read, copied and written back).
     */
    static final double DEVICE_INSERT_SECONDS = 170e-6;
    /** Engines whose writes append (a log, then sorted files) and read nothing from the device while they load. */
    private static final Set<String> APPENDING = Set.of("rocksdb", "leveldb", "leveldb-java");

    /**
     * A rough cost of a beyond-memory test's device work, on top of what the planner estimates for the same passes in
     * memory. Per engine that keeps its data in files: every load (a write pass, and the store a read workload reads)
     * inserts each entry once at {@link #DEVICE_INSERT_SECONDS} (nothing for the LSM engines, which append), and every
     * readKey pass looks each entry up once at {@link #DEVICE_READ_SECONDS}; a readSeq pass reads in order and is left
     * at its memory cost. An engine with a direct-API baseline the command selects (not left out with
     * {@code -e Direct}) pays it twice: each of its specs runs those workloads through the {@code Store} and through its
     * own API. The null row keeps nothing and pays nothing. The share that misses is what the page cache cannot hold:
     * the engine's share of the heap again ({@link #heap} less the harness's data) against the flat data. It says whether a run takes an hour or a
     * week, not the minute.
     */
    static long deviceSeconds(PlannedTest test, long limit) {
        double miss = Math.max(0, 1 - (double) (heap(limit, test.num()) - harnessHeap(test.num())) / test.flatBytes());
        int passes = Integer.parseInt(TimeEstimate.value(test.options(), "-wi"))
                + Integer.parseInt(TimeEstimate.value(test.options(), "-i"));
        Map<String, Set<String>> baselines = Main.baselines(test.args().toArray(String[]::new));
        double seconds = 0;
        for (String spec : Defaults.values(test.params(), "store")) {
            String engine = StoreSpec.parse(spec).engine();
            if (engine.equals("null")) {
                continue;
            }
            double insert = APPENDING.contains(engine) ? 0 : DEVICE_INSERT_SECONDS;
            for (String workload : test.test().workloads()) {
                seconds += (TimeEstimate.baselined(baselines, spec, workload) ? 2 : 1)
                        * switch (workload) {
                            case "write" -> passes * insert;
                            case "readKey" -> insert + passes * DEVICE_READ_SECONDS;
                            case "readSeq" -> insert;
                            default -> 0;
                        };
            }
        }
        long forks = Math.max(1, Integer.parseInt(TimeEstimate.value(test.options(), "-f")));
        return Math.round(seconds * test.num() * miss * forks);
    }

    /** The harness's data set in a fork's heap, bytes per entry with int keys, at its peak. */
    static final double HARNESS_HEAP_PER_ENTRY = FailureReason.HARNESS_HEAP_PER_ENTRY;

    /** The harness's data set in the heap of a fork with {@code entries}, bytes. */
    static long harnessHeap(long entries) {
        return (long) Math.ceil(HARNESS_HEAP_PER_ENTRY * entries);
    }

    /** The harness's data set outside the heap: the keys' direct buffer, 4 bytes per int key. */
    static final double HARNESS_DIRECT_PER_ENTRY = 4.0;

    /**
     * The heap of a fork with {@code entries} in a group of {@code limit} bytes, in whole MiB: the harness's own data set
     * ({@link #HARNESS_HEAP_PER_ENTRY}), plus half of what the JVM's own memory ({@link #JVM_RESERVE}) and the harness's
     * data (in the heap and out of it) leave; the other half is the engine's native memory's and the page cache's.
     * 44 MiB for 2,000,000 entries under the smallest limit, 91 MiB for 4,000,000 under 247 MiB, 104 MiB for 10,000,000
     * (the suite's own size) under 247 MiB. Until 2026-11-27 the harness's data was not counted: at 4,000,000 entries
     * it took 33 of an 83 MiB heap, and BDB JE's default cache, 60% of the heap, no longer fitted beside it.
     */
    static long heap(long limit, long entries) {
        long harnessHeap = harnessHeap(entries);
        long rest = limit - JVM_RESERVE - harnessHeap - (long) Math.ceil(HARNESS_DIRECT_PER_ENTRY * entries);
        return Math.max(MIB, (harnessHeap + Math.max(0, rest) / 2) / MIB * MIB);
    }

    /**
     * The limit is below the data of every size of the test, and enough for a benchmark JVM.
     *
     * @throws UsageException one line naming the limit, the data and what to change
     */
    static void check(PlannedTest test, long limit, String configured) {
        long flat = smallestFlat(test);
        long entries = flat / Experiment.entryBytes(test.params());
        int ratio = test.test().memoryRatio();
        boolean set = configured != null && !configured.isBlank();
        String given = set
                ? ENVIRONMENT + "=" + configured.trim() + " (" + Numbers.bytes(limit) + ")"
                : "the memory limit " + Numbers.bytes(limit) + " (the data / " + ratio + ")";
        if (limit >= flat) {
            throw new UsageException(given + " is not below the data of test " + test.number() + " ("
                    + Numbers.count(entries)
                    + " entries: " + Numbers.bytes(flat)
                    + " of flat data), so its reads would never leave memory: lower "
                    + ENVIRONMENT + " or pass more entries (-p num=" + entriesFor(test, limit * ratio) + " is " + ratio
                    + "x the limit)");
        }
        if (limit < MIN_LIMIT) {
            throw new UsageException(given + " of test " + test.number() + " is below the " + Numbers.bytes(MIN_LIMIT)
                    + " a benchmark JVM needs to run in (the JVM, the data set's keys, the engine's buffers): pass more entries"
                    + " (-p num=" + entriesFor(test, MIN_LIMIT * ratio) + " gives a " + Numbers.bytes(MIN_LIMIT)
                    + " limit)"
                    + (set
                            ? " or raise " + ENVIRONMENT
                            : " or set " + ENVIRONMENT + " with at least that many entries"));
        }
    }

    /** Entries whose flat data is at least {@code bytes}, rounded up to one significant digit. */
    static long entriesFor(PlannedTest test, long bytes) {
        long entries = (bytes + Experiment.entryBytes(test.params()) - 1) / Experiment.entryBytes(test.params());
        long p = 1;
        while (entries / p >= 10) {
            p *= 10;
        }
        return (entries + p - 1) / p * p;
    }

    /**
     * The disk folder of the beyond-memory tests must be on a disk: tmpfs keeps its files in memory (charged to
     * the control group as memory that cannot be dropped), so reads would never reach a device.
     */
    static void checkDiskFolder(Path dir, String fileSystem) {
        if (fileSystem.equals("tmpfs") || fileSystem.equals("ramfs")) {
            throw new UsageException(
                    "the disk folder " + dir + " is on " + fileSystem + ", which keeps its files in memory:"
                            + " the beyond-memory tests need a folder on a disk; set KVBENCH_DISK_DIR to one (e.g. /var/tmp/kvbench)");
        }
    }

    /** {@code args} with {@code -Xmx} for the forks added to {@code -jvmArgsAppend}, unless the user gave one. */
    static List<String> withHeap(List<String> args, long heap) {
        List<String> out = new ArrayList<>(args);
        String flag = "-Xmx" + heap / MIB + "m";
        for (int i = 0; i + 1 < out.size(); i++) {
            if (out.get(i).equals("-jvmArgsAppend")) {
                if (!out.get(i + 1).contains("-Xmx")) {
                    out.set(i + 1, out.get(i + 1).trim() + " " + flag);
                }
                return out;
            }
        }
        out.add("-jvmArgsAppend");
        out.add(flag);
        return out;
    }

    /** The java the forks run: the test's {@code -jvm}, else the runner's own. */
    static String java(List<String> args) {
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("-jvm")) {
                return args.get(i + 1);
            }
        }
        return Jvm.java();
    }

    /** {@code args} with the forks started through {@code wrapper} ({@code -jvm}), in place of any {@code -jvm} given. */
    static List<String> throughWrapper(List<String> args, Path wrapper) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("-jvm") && i + 1 < args.size()) {
                i++;
                continue;
            }
            out.add(args.get(i));
        }
        out.add("-jvm");
        out.add(wrapper.toString());
        return out;
    }

    /** The device a folder's file system is mounted from ({@code /proc/self/mounts}, the longest mount point above it). */
    static String device(Path dir) {
        String real;
        try {
            real = dir.toRealPath().toString();
        } catch (IOException e) {
            real = dir.toAbsolutePath().toString();
        }
        String device = "unknown";
        int longest = -1;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/mounts"), StandardCharsets.UTF_8)) {
                String[] f = line.split(" ");
                if (f.length < 3) {
                    continue;
                }
                String point = f[1].replace("\\040", " ");
                boolean above = real.equals(point) || real.startsWith(point.endsWith("/") ? point : point + "/");
                if (above && point.length() >= longest) {
                    longest = point.length();
                    device = f[0];
                }
            }
        } catch (IOException e) {
            return "unknown";
        }
        return device;
    }

    private static long parse(String configured) {
        try {
            return Budget.parseSize(configured);
        } catch (UsageException e) {
            throw new UsageException(e.getMessage()
                    .replace("KVBENCH_BUDGET", ENVIRONMENT)
                    .replace("the budget", "the limit")
                    .replace("(e.g. 2G)", "(e.g. 512M)"));
        }
    }

    /** A readahead above this many KiB is named in the plan: the kernel's default is 128. */
    static final long LARGE_READAHEAD_KB = 512;

    /**
     * The plan's line on the disk folder's device when it reads ahead more than {@link #LARGE_READAHEAD_KB}, else "": beyond
     * memory, an engine that reads through a memory map without advising random access reads that much per page fault.
     * The folder may not exist yet: its nearest existing parent is on the same device, as a rule.
     */
    static String readAheadLine(Path diskDir) {
        return blockDevice(diskDir)
                .map(d -> readAheadLine(d.name(), d.readAheadKb()))
                .orElse("");
    }

    /** The block device of {@code dir}, or of its nearest existing parent when it is not made yet; empty when it has none. */
    private static Optional<BlockDevice> blockDevice(Path diskDir) {
        Path dir = diskDir.toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir)) {
            dir = dir.getParent();
        }
        return dir == null ? Optional.empty() : BlockDevice.of(dir);
    }

    static String readAheadLine(String device, long kb) {
        if (kb <= LARGE_READAHEAD_KB) {
            return "";
        }
        return "(the disk folder's device, " + device + ", reads ahead " + Numbers.count(kb)
                + " KiB: beyond memory an engine that"
                + " reads through a memory map without advising random access (plain lmdb, LevelDB's tables) reads that much"
                + " per page fault, and its random reads crawl; root sets it in /sys/block/" + device
                + "/queue/read_ahead_kb, or with blockdev --setra in 512-byte sectors)";
    }

    /** The meta lines of a beyond-memory test before it runs. */
    static List<String> metaLines(
            long limit, long heap, String cgroup, Path diskDir, String fileSystem, int ratio, long flat) {
        return List.of(
                "memory.limitBytes=" + limit,
                "memory.heapBytes=" + heap,
                "memory.cgroup=" + cgroup,
                "memory.ratio=" + ratio,
                "memory.flatBytes=" + flat,
                "disk.dir=" + diskDir,
                "disk.device=" + device(diskDir),
                "disk.fs=" + fileSystem,
                "disk.readAheadKb="
                        + blockDevice(diskDir).map(BlockDevice::readAheadKb).orElse(-1L));
    }
}
