package dev.kvbench.suite;

import dev.kvbench.text.Numbers;
import dev.kvbench.trial.ColdCache;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The {@code scale} suite: how each engine's cost per entry grows with its data. Every engine (and the limit
 * rows) writes 100-byte values under random int keys, reads them back by key in random order and in key
 * order, and serves readers while a writer writes, at 10^4, 10^5, 10^6, 10^7 and 10^8 entries; a size whose
 * flat data exceeds the machine's budget ({@link Budget}: a quarter of the smaller of available memory and
 * free work space, or {@code KVBENCH_BUDGET}) is left out, and the test's description says so.
 *
 * <p>Two timing regimes, so that a small pass is timed after the JIT has settled and a large one stays
 * bounded: up to 10^5 entries the benchmarks' own mode (passes until their time settles, five 100 ms
 * iterations); from 10^6 single-shot passes ({@code -bm ss}), one warmup and three measured passes. The report
 * charts both tests of a workload as one line per engine against entries ({@code Chart} kind {@code scale}).
 * Then the LMDB page-size cliff (2,026 against 2,027-byte values) at 10^6 entries. Each test runs once
 * ({@link Rounds#ONCE}): a size sweep is read from its slope, and a second round of a 10^7 pass is minutes.
 */
final class ScaleSuite {

    /** The sizes of the sweep: 10^4 to 10^8 entries. */
    static final List<Integer> SIZES = List.of(10_000, 100_000, 1_000_000, 10_000_000, 100_000_000);
    /**
     * The sizes of the beyond-memory sweep: data 4x the memory limit from 10^7 entries (a 248 MiB limit, the
     * smallest a benchmark JVM works in with its harness and an engine) to 10^8.
     */
    static final List<Integer> BEYOND_SIZES = List.of(10_000_000, 100_000_000);
    /** Data over memory in the beyond-memory tests: the forks' memory, page cache included, is a quarter of the data. */
    static final int BEYOND_RATIO = 4;
    /** The memtable the LSM engines get beyond memory (their default, 64 MiB, twice over while one flushes, is half the smallest limit). */
    static final int BEYOND_BUFFER_MB = 16;
    /**
     * The cache the engines whose default is sized from the data set get beyond memory: the LSM engines' block cache,
     * SQLite's page cache (native memory: at 2,000,000 entries under a 160 MiB limit its default grew until the kernel's
     * OOM killer killed the fork); and BDB JE's cache, whose default is 60% of the heap, a heap that beyond memory also
     * holds the harness's data set (at 4,000,000 entries under 247 MiB its heap ran out).
     */
    static final int BEYOND_CACHE_MB = 32;
    /**
     * Entries per commit beyond memory: the default, 1,000,000, holds a whole batch in the writer's memory (RocksDB's
     * write batch, MVStore's uncommitted pages), 100 MB of it, more than a fork has to spare under the limit. At
     * 10,000, MVStore's commit of random puts into 2,000,000 entries rewrote thousands of its leaves into one chunk,
     * more than its 80 MiB heap held; at 1,000 its readKey passed in a check, while its write and readSeq forks were
     * still OOM-killed under that heap.
     */
    static final int BEYOND_BATCH = 1_000;
    /** The largest size timed in the benchmarks' own mode; larger ones are single-shot passes. */
    static final int LARGEST_SAMPLED = 100_000;

    private ScaleSuite() {}

    /**
     * The scale suite's tests: write, readKey and readSeq at every size the work folder holds, readers under a writer
     * by size, LMDB's overflow-page cliff, then the beyond-memory tests ({@link #beyondTests()}, also the {@code beyond}
     * suite alone).
     */
    static List<Experiment> tests(Scaler scaler) {
        Map<String, String> data = SuiteParams.randomIntKeys("100");
        Sizes sizes = Sizes.fitting(scaler, Experiment.entryBytes(data));
        Map<String, String> single = SuiteParams.singleShot(1, 3);
        List<Experiment> tests = new ArrayList<>(costPerEntry(data, sizes, single));
        tests.add(readersWhileWriting(data, sizes));
        tests.add(lmdbPageCliff(scaler, single));
        tests.addAll(beyondTests());
        return tests;
    }

    /**
     * The sizes of {@link #SIZES} this machine runs, in the two timing regimes, and the sentence that names those left
     * out (empty when none is).
     */
    private record Sizes(List<Integer> small, List<Integer> large, String leftOut) {

        static Sizes fitting(Scaler scaler, int entryBytes) {
            List<Integer> small = new ArrayList<>();
            List<Integer> large = new ArrayList<>();
            List<String> left = new ArrayList<>();
            for (int size : SIZES) {
                if (size > LARGEST_SAMPLED && scaler.num(1, size, entryBytes) < size) {
                    left.add(Numbers.count(size) + " entries ("
                            + String.format(Locale.ROOT, "%.1f", (double) size * entryBytes / 1e9)
                            + " GB of flat data: over this machine's budget, a quarter of the smaller of its available memory"
                            + " and the work folder's free space, or KVBENCH_BUDGET)");
                } else {
                    (size <= LARGEST_SAMPLED ? small : large).add(size);
                }
            }
            String leftOut = left.isEmpty() ? "" : " Left out: " + String.join("; ", left) + ".";
            return new Sizes(small, large, leftOut);
        }

        List<Integer> all() {
            List<Integer> all = new ArrayList<>(small);
            all.addAll(large);
            return all;
        }
    }

    /** write, readKey and readSeq by data size: one test per timing regime. */
    private static List<Experiment> costPerEntry(Map<String, String> data, Sizes sizes, Map<String, String> single) {
        Map<String, String> sampled =
                SuiteParams.options("-f", "1", "-wi", "0", "-i", "5", "-r", "100ms", "-foe", "false");
        List<Experiment> tests = new ArrayList<>();
        String passes = "write (random order), readKey (random order) and readSeq; every engine and the limit rows; "
                + "random int keys, 100-byte values. The report charts time per entry (ns) against entries, "
                + "one line per engine, with the other sizes' test.";
        tests.add(sweep(
                "Cost per entry by data size: " + sizes(sizes.small()) + " entries",
                passes + " Timed in the benchmarks' own mode (settled passes, five 100 ms iterations).",
                SuiteParams.THREE,
                data,
                sizes.small(),
                sampled));
        if (!sizes.large().isEmpty()) {
            tests.add(sweep(
                    "Cost per entry by data size: " + sizes(sizes.large()) + " entries",
                    passes + " Single-shot passes (one warmup, three measured), so that a run stays bounded."
                            + sizes.leftOut(),
                    SuiteParams.THREE,
                    data,
                    sizes.large(),
                    single));
        }
        return tests;
    }

    /** readWhileWriting at every size this machine runs, on the sweep's data. */
    private static Experiment readersWhileWriting(Map<String, String> data, Sizes sizes) {
        Map<String, String> mixed = SuiteParams.concat(data, SuiteParams.twoReadersUnderWriter(5));
        return sweep(
                "Readers while one writer writes, by data size: " + sizes(sizes.all()) + " entries",
                "readWhileWriting at every size: 2 reader threads look up random existing keys for 5 s while one writer "
                        + "overwrites random keys at 10,000 writes/s; the report charts ns per read against entries."
                        + sizes.leftOut(),
                List.of("readWhileWriting"),
                mixed,
                sizes.all(),
                SuiteParams.oneFork(0, 1));
    }

    /** The 2016 report's LMDB overflow-page cliff, at 10^6 entries or as many as the budget holds. */
    private static Experiment lmdbPageCliff(Scaler scaler, Map<String, String> single) {
        int cliff = scaler.num(1, 1_000_000, 2027 + 4);
        return Experiment.titled(
                        "LMDB page-size cliff at " + Numbers.count(cliff) + " entries",
                        "Values of 2,026 and 2,027 bytes: one byte more and LMDB puts each value on overflow pages of its own "
                                + "(the 2016 report's cliff). Storage and write time of LMDB, RocksDB and LevelDB, random int keys."
                                + (cliff < 1_000_000
                                        ? " Fewer than 1,000,000 entries: that many are over this machine's budget."
                                        : ""))
                .chart(Chart.sweep("valSize"))
                .workloads("write")
                .params(SuiteParams.concat(
                        SuiteParams.params("store", SuiteParams.withLimits("lmdb,leveldb,rocksdb")),
                        SuiteParams.randomIntKeys("2026,2027")))
                .options(single)
                .entries(new Experiment.Entries(cliff, 1_000_000));
    }

    /**
     * Per size of {@link #BEYOND_SIZES}: write, readKey and readSeq on the disk folder with the forks' memory held
     * to a quarter of the flat data; then readKey with the page cache of the store's files dropped before each pass.
     * Every engine that keeps its data in files (the heap and array rows hold it in the Java heap, which cannot be
     * beyond memory; the null row stays as the harness's cost), the LSM engines with a block cache of
     * {@link #BEYOND_CACHE_MB} MiB, and LMDB twice: with the kernel's readahead on its map (its default) and
     * without ({@code lmdb:readAhead=false}, {@code MDB_NORDAHEAD}), side by side.
     */
    static List<Experiment> beyondTests() {
        Map<String, String> single = SuiteParams.singleShot(0, 3);
        List<Experiment> tests = new ArrayList<>();
        for (int size : BEYOND_SIZES) {
            Map<String, String> params = beyondParams(size);
            tests.add(beyondMemory(size, params, single));
            tests.add(beyondMemoryColdCache(size, params, single));
        }
        return tests;
    }

    /** The stores beyond memory: each engine once, with the caches and memtable the limit leaves room for. */
    private static List<String> beyondStores() {
        List<String> stores = new ArrayList<>();
        for (String store : SuiteParams.oneBindingEach().split(",")) {
            switch (store) {
                case "heap", "array" -> {}
                case "lmdb" -> stores.addAll(List.of("lmdb", "lmdb:readAhead=false"));
                case "rocksdb" ->
                    stores.add("rocksdb:blockCacheMb=" + BEYOND_CACHE_MB + "+writeBufferMb=" + BEYOND_BUFFER_MB);
                case "leveldb" ->
                    stores.add("leveldb:cacheMb=" + BEYOND_CACHE_MB + "+writeBufferMb=" + BEYOND_BUFFER_MB);
                case "sqlite" -> stores.add("sqlite:cacheMb=" + BEYOND_CACHE_MB);
                case "bdbje" -> stores.add("bdbje:cacheMb=" + BEYOND_CACHE_MB);
                default -> stores.add(store);
            }
        }
        return stores;
    }

    /** The beyond-memory tests' data at {@code size} entries, on {@link #beyondStores()}. */
    private static Map<String, String> beyondParams(int size) {
        return SuiteParams.concat(
                SuiteParams.params("store", String.join(",", beyondStores())),
                SuiteParams.randomIntKeys("100"),
                SuiteParams.params("batchSize", String.valueOf(BEYOND_BATCH), "num", String.valueOf(size)));
    }

    /** The sentence every beyond-memory test ends with: the memory limit, and what each engine gets under it. */
    private static String memoryNote() {
        return " The benchmark forks run in a memory control group holding their memory, page cache included, to"
                + " a quarter of the flat data (KVBENCH_MEM_LIMIT in place of that), the heap to the harness's data set and half of what"
                + " it and the JVM's own " + (BeyondMemory.JVM_RESERVE >> 20)
                + " MiB leave of it; the stores live in"
                + " the disk folder (KVBENCH_DISK_DIR). Engines without their own block cache read what the limit leaves uncached"
                + " from the device; RocksDB and LevelDB get a " + BEYOND_CACHE_MB
                + " MiB block cache, SQLite a "
                + BEYOND_CACHE_MB
                + " MiB page cache (their default, room for the whole data set, would exceed the limit) and BDB JE"
                + " a " + BEYOND_CACHE_MB
                + " MiB cache (its default, 60% of the heap, does not fit beside the harness's data set"
                + " there), the LSM"
                + " engines a " + BEYOND_BUFFER_MB + " MiB memtable; every engine commits every "
                + Numbers.count(BEYOND_BATCH)
                + " entries (a batch of 1,000,000 is 100 MB in the writer's memory; MVStore's commit"
                + " of 10,000 random puts overflowed its heap); LMDB runs twice,"
                + " with the kernel's readahead on its map (its default: each page fault reads the pages around it too) and"
                + " without (lmdb:readAhead=false, MDB_NORDAHEAD); the heap and array rows, which hold the data in the Java heap,"
                + " are left out.";
    }

    /** write, readKey and readSeq at {@code size} entries, the forks' memory a quarter of the data. */
    private static Experiment beyondMemory(int size, Map<String, String> params, Map<String, String> single) {
        return Experiment.titled(
                        "Beyond memory on a disk: " + Numbers.count(size) + " entries",
                        "write (random order), readKey (random order) and readSeq, single-shot passes (three measured, no warmup)."
                                + memoryNote())
                .chart(Chart.scale())
                .workloads(SuiteParams.THREE)
                .params(params)
                .options(single)
                .entries(size)
                .beyondMemory(BEYOND_RATIO);
    }

    /** readKey at {@code size} entries with the page cache of the store's files dropped before each pass. */
    private static Experiment beyondMemoryColdCache(int size, Map<String, String> params, Map<String, String> single) {
        Map<String, String> cold = new LinkedHashMap<>(single);
        cold.put("-jvmArgsAppend", "-D" + ColdCache.PROPERTY + "=cold");
        return Experiment.titled(
                        "Beyond memory on a disk, cold cache: readKey at " + Numbers.count(size) + " entries",
                        "readKey with the page cache of the store's files dropped before each pass (fdatasync, then"
                                + " posix_fadvise(POSIX_FADV_DONTNEED) over each file, untimed; -Dkvbench.cache=cold), three measured"
                                + " single-shot passes. Pages an engine has mapped (LMDB's memory map) cannot be dropped while mapped,"
                                + " and an engine's own cache is process memory: the report says how much stayed."
                                + memoryNote())
                .chart(Chart.scale())
                .workloads("readKey")
                .params(params)
                .options(cold)
                .entries(size)
                .beyondMemory(BEYOND_RATIO);
    }

    private static Experiment sweep(
            String title,
            String about,
            List<String> workloads,
            Map<String, String> data,
            List<Integer> sizes,
            Map<String, String> jmh) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("store", SuiteParams.oneBindingEach());
        params.putAll(data);
        params.put("num", sizes.stream().map(String::valueOf).collect(Collectors.joining(",")));
        return Experiment.titled(title, about)
                .chart(Chart.scale())
                .workloads(workloads)
                .params(params)
                .options(jmh)
                .entries(sizes.get(sizes.size() - 1));
    }

    /** "10,000 and 100,000", "1,000,000, 10,000,000 and 100,000,000". */
    private static String sizes(List<Integer> sizes) {
        List<String> shown = sizes.stream().map(Numbers::count).toList();
        int last = shown.size() - 1;
        return last < 1
                ? String.join("", shown)
                : String.join(", ", shown.subList(0, last)) + " and " + shown.get(last);
    }
}
