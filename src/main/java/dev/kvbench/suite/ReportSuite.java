package dev.kvbench.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The suites of the reference documents: {@code report}, the 2016 LmdbJava report's tests 1-6 scaled to the machine's
 * budget, then the deep-vs-flat directories benchmark; and {@code depths}, that benchmark alone on the work folder and
 * on a disk folder. A class of their own because the report's tests are each scaled down from the 2016 report's
 * entry count ({@link Scaler}), which no other suite does.
 */
final class ReportSuite {

    /**
     * The report suite's fewest measured rotations: fewer than quick's 12, since its tests have more engine numbers (test
     * 4 alone 312) in about the hour; every engine then takes turns until it has the 11 an interval needs, and the
     * engines of undecided pairs more.
     */
    static final int REPORT_ROTATIONS = 8;

    private ReportSuite() {}

    /**
     * The 2016 report's tests 1-6, then the deep-vs-flat directories benchmark on the work folder ({@link #depths()} has
     * it on a disk folder too); entry counts are the 2016 report's, scaled down by {@code scaler}. Measured as {@link QuickSuites#quick()} measures: the
     * engines of a test interleaved in shuffled rotations of 100 ms turns, each engine's JVM loading its store once
     * for all the test's reads, with {@link #REPORT_ROTATIONS} measured rotations (more for the engines short of an
     * interval and those of undecided pairs), so that a slow phase of the host lands on every engine alike. One binding per engine in
     * tests 4 and 5, as in quick (test 1 and the bindings suite compare the bindings). Sized, with the report's default
     * budget ({@link Budget#REPORT_DEFAULT}), for about an hour on 2 cores. The durability tests are the crash, powercut and amp suites.
     */
    static List<Experiment> report(Scaler scaler) {
        Map<String, String> jmh = SuiteParams.interleaved(1, 1, REPORT_ROTATIONS);
        String engines = SuiteParams.oneBindingEach();
        List<Unscaled> reference = List.of(
                lmdbSettings(),
                valueSizesAroundPages(),
                lsmBatchSizes(),
                smallValues(engines),
                twoKilobyteValues(engines),
                largeValues());
        List<Experiment> tests = new ArrayList<>();
        for (Unscaled test : reference) {
            tests.add(test.scaled(tests.size() + 1, scaler, jmh));
        }
        tests.add(fileSystemDepths(WORK_DEPTHS));
        return tests;
    }

    /** LMDB's settings, the test that picks the settings the later tests use. */
    private static Unscaled lmdbSettings() {
        return new Unscaled(
                1_000_000,
                "LMDB settings: sync, writeMap, forceSafe",
                "Which LMDB settings the later tests use: durable commits (sync), the writable memory map (writeMap, on by default) and LmdbJava's safe buffer access (forceSafe). Sequential int keys, 100-byte values.",
                Chart.settings(),
                SuiteParams.SIX,
                SuiteParams.concat(
                        SuiteParams.params(
                                "store",
                                SuiteParams.withLimits(
                                        "lmdb,lmdb:sync=true,lmdb:writeMap=false,lmdb-bb,lmdb-bb:forceSafe=true")),
                        SuiteParams.sequentialIntKeys("100")),
                num -> Map.of());
    }

    /** Storage of the native engines one byte either side of LMDB's page boundaries. */
    private static Unscaled valueSizesAroundPages() {
        return new Unscaled(
                1_000_000,
                "Value sizes around LMDB page boundaries",
                "Storage of the native engines with values one byte below and one byte above LMDB's page boundaries, random int keys.",
                Chart.sweep("valSize"),
                List.of("write"),
                SuiteParams.concat(
                        SuiteParams.params("store", SuiteParams.withLimits("lmdb,leveldb,rocksdb")),
                        SuiteParams.randomIntKeys("2026,2027,4080,4081,8176,8177,16368,16369")),
                num -> Map.of());
    }

    /** LevelDB's and RocksDB's write time by entries per commit. */
    private static Unscaled lsmBatchSizes() {
        return new Unscaled(
                10_000_000,
                "LSM batch sizes",
                "Write time of LevelDB and RocksDB by entries per commit: all entries in one commit and a tenth of them, as in 2016, plus a hundredth; sequential int keys, values that fill two LMDB pages.",
                Chart.sweep("batchSize"),
                List.of("write"),
                SuiteParams.concat(
                        SuiteParams.params("store", SuiteParams.withLimits("leveldb,rocksdb")),
                        SuiteParams.sequentialIntKeys("8176")),
                num -> Map.of("batchSize", (num / 100) + "," + (num / 10) + "," + num));
    }

    /** Every engine through one binding each, small values, int and string keys. */
    private static Unscaled smallValues(String engines) {
        return new Unscaled(
                1_000_000,
                "All engines, small values",
                "Every engine through one binding each on the six workloads: int and string keys, sequential and random order.",
                Chart.panels(),
                SuiteParams.SIX,
                SuiteParams.params(
                        "store", engines, "intKey", "true,false", "sequential", "true,false", "valSize", "100"),
                num -> Map.of());
    }

    /** Every engine through one binding each, values of about 2 KB. */
    private static Unscaled twoKilobyteValues(String engines) {
        return new Unscaled(
                10_000_000,
                "All engines, values of about 2 KB",
                "A larger data set, every engine through one binding each: int keys, sequential and random, values that fill LMDB pages well; as in 2016, readRev, readCrc and readXxh64 are left out.",
                Chart.panels(),
                SuiteParams.THREE,
                SuiteParams.params("store", engines, "intKey", "true", "sequential", "true,false", "valSize", "2026"),
                num -> Map.of());
    }

    /** The native engines and Chronicle with the largest values. */
    private static Unscaled largeValues() {
        return new Unscaled(
                10_000_000,
                "Native engines and Chronicle, large values",
                "The largest values, random int keys only (the slowest order for every engine); as in 2016 without the pure-Java sorted engines.",
                Chart.panels(),
                SuiteParams.THREE,
                SuiteParams.concat(
                        SuiteParams.params("store", SuiteParams.withLimits("lmdb,leveldb,rocksdb,chronicle")),
                        SuiteParams.randomIntKeys("4080,8176,16368")),
                num -> Map.of());
    }

    static final String WORK_DEPTHS = "File system by directory depth, work folder";

    /**
     * The deep-vs-flat directories benchmark alone, on the work folder (also the report suite's last test) and on the disk
     * folder. Not in the report suite: on this machine's virtio disk (ext4) a write pass of 100,000 files took 13 to 111 s,
     * so that the disk test alone runs for an hour or more.
     */
    static List<Experiment> depths() {
        Experiment work = fileSystemDepths(WORK_DEPTHS);
        return List.of(work, work.onDisk("File system by directory depth, disk folder"));
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
        return Experiment.titled(
                        title,
                        "The file system as the store, as in the deep-vs-flat directories benchmark: one file per key, sharded "
                                + "into 0 to 5 levels of directories named by the leading hex pairs of the key's SHA-256; "
                                + "random int keys, 100-byte values. The folder's file system is named below.")
                .chart(Chart.sweep("depth"))
                .workloads("write", "readKey")
                .params(SuiteParams.concat(
                        SuiteParams.params("store", String.join(",", specs)), SuiteParams.randomIntKeys("100")))
                .options(SuiteParams.interleaved(1, 1, REPORT_ROTATIONS))
                .entries(100_000);
    }

    /** Parameters that depend on a test's entry count (batch sizes). */
    private interface ByNum {
        Map<String, String> params(int num);
    }

    /**
     * A test of the 2016 report before its entry count is scaled: its count there, {@code original}, and what it
     * measures; its number in the suite is what the scaler is told.
     */
    private record Unscaled(
            int original,
            String title,
            String about,
            Chart chart,
            List<String> workloads,
            Map<String, String> params,
            ByNum byNum) {

        Experiment scaled(int test, Scaler scaler, Map<String, String> options) {
            int num = scaler.num(test, original, Experiment.entryBytes(params));
            Map<String, String> all = new LinkedHashMap<>(params);
            all.putAll(byNum.params(num));
            return Experiment.titled(title, about)
                    .chart(chart)
                    .workloads(workloads)
                    .params(all)
                    .options(options)
                    .entries(new Experiment.Entries(num, original));
        }
    }
}
