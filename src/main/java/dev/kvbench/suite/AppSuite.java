package dev.kvbench.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code app} suite: the application workloads of the RocksDB in-memory benchmark (readers under a writer,
 * prefix scans) and of the Ozone directory-tree benchmark (dirWalk), each a concurrent or multi-threaded run
 * timed differently from the 2016 passes.
 */
final class AppSuite {

    private AppSuite() {}

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
        params.putAll(SuiteParams.params("fanout", "5", "depth", "8", "encoding", encodings, "fields", "id"));
        return Experiment.titled(
                        title,
                        "Walks per second from the root to a random leaf of a tree of 5 children per directory and 8 levels"
                                + " (488,280 directories; the Ozone benchmark's tree is 5 x 10), 9 lookups per walk, the last one"
                                + " the miss below the leaf; " + threads
                                + (threads == 1 ? " walking thread" : " walking threads")
                                + ". " + about)
                .chart(Chart.dirWalk())
                .workloads("dirWalk")
                .params(params)
                .options(SuiteParams.options(
                        "-f",
                        "1",
                        "-wi",
                        "2",
                        "-w",
                        "500ms",
                        "-i",
                        "10",
                        "-r",
                        "300ms",
                        "-t",
                        Integer.toString(threads),
                        "-foe",
                        "false"))
                .entries(488_280);
    }

    /**
     * The application workloads, one test each: readers under a rate-limited writer (the RocksDB
     * in-memory benchmark's light rate, 10,000 writes/s, with 2 readers), prefix scans alone and
     * under that writer, and readKey as reader threads grow. Each concurrent run is one timed
     * run of {@code duration} seconds per engine (no warm-up run: its first second includes the
     * JIT's). A further application test is one more entry of this list.
     */
    static List<Experiment> appTests() {
        Map<String, String> single = SuiteParams.oneFork(0, 1);
        List<Experiment> tests = new ArrayList<>();
        tests.add(readersWhileWriting(single));
        tests.add(prefixScans(single));
        tests.add(readKeyByThreads());
        tests.addAll(dirWalks());
        return tests;
    }

    /** Readers under the RocksDB in-memory benchmark's light write rate, with 2 readers. */
    private static Experiment readersWhileWriting(Map<String, String> single) {
        return Experiment.titled(
                        "Readers while one writer writes",
                        "readWhileWriting (db_bench's readwhilewriting): 2 reader threads look up random existing keys for 10 s while one writer overwrites random existing keys at 10,000 writes/s, committing every 100. Read throughput, the writer's achieved rate and the read latency percentiles.")
                .chart(Chart.concurrent())
                .workloads("readWhileWriting")
                .params(SuiteParams.concat(SuiteParams.randomIntKeys("100"), SuiteParams.twoReadersUnderWriter(10)))
                .options(single)
                .entries(100_000);
    }

    /** Prefix scans alone and under the writer, RocksDB also with its prefix options. */
    private static Experiment prefixScans(Map<String, String> single) {
        return Experiment.titled(
                        "Prefix scans",
                        "prefixScan: 20-byte keys (12-byte prefix, 8-byte suffix), 10 keys per prefix, 100-byte values; 2 reader threads seek to a random prefix and read its keys for 5 s, alone and while the writer overwrites at 10,000 writes/s. Ordered engines only; RocksDB also with its fixed prefix extractor, and with it and the memtable prefix bloom.")
                .chart(Chart.concurrent())
                .workloads("prefixScan")
                .params(SuiteParams.concat(
                        SuiteParams.params(
                                "store",
                                "all,rocksdb:prefixBytes=12,rocksdb:prefixBytes=12+prefixBloom=true",
                                "valSize",
                                "100"),
                        SuiteParams.twoReadersUnderWriter(5),
                        SuiteParams.params("keysPerPrefix", "10", "writer", "false,true")))
                .options(single)
                .entries(100_000);
    }

    /** readKey as reader threads grow: how reads scale with threads on one store. */
    private static Experiment readKeyByThreads() {
        return Experiment.titled(
                        "readKey by reader threads",
                        "readKey at 1, 2, 4 and 8 reader threads, each thread reading every key once per round through its own reader; random int keys, 100-byte values. On 2 cores, threads beyond 2 share them.")
                .chart(Chart.threads())
                .workloads("readKeyThreads")
                .params(SuiteParams.concat(SuiteParams.randomIntKeys("100"), SuiteParams.params("readers", "1,2,4,8")))
                .options(SuiteParams.options(
                        "-f", "1", "-wi", "1", "-w", "1s", "-i", "5", "-r", "200ms", "-foe", "false"))
                .entries(100_000);
    }

    /** The directory-tree walk: every engine on one encoding, then the encodings and a second thread on five. */
    private static List<Experiment> dirWalks() {
        // Every engine in three encodings at 1 and 2 threads is 96 trials, each a fork (~1.7 s), the tree's
        // load (488,280 directories: up to ~10 s for fs, a few for mapdb, sqlite and bdbje) and 4 s of
        // iterations: about 12 minutes, on top of about 12 for the tests above, against a budget of about
        // 15 in all. So 44 trials, about 5 minutes: every engine on LONG at 1 thread; the three encodings
        // on the five engines the figures name (and the limit rows); those five on LONG at 2 threads.
        String five = SuiteParams.withLimits("lmdb,rocksdb,leveldb,mvstore,xodus");
        return List.of(
                dirWalk(
                        "Directory tree walk, every engine, 1 thread",
                        "Directory ids as 8-byte values (LONG) only: the encodings are compared in the next test, on five engines.",
                        null,
                        "LONG",
                        1),
                dirWalk(
                        "Directory tree walk by value encoding, 1 thread",
                        "Values as the directory's id (LONG), a protobuf record (PROTO) or a FlatBuffers record (FLAT_BUFFER), "
                                + "on LMDB, RocksDB, LevelDB, MVStore and Xodus and the limit rows: walks/s, storage and bytes "
                                + "allocated per walk by encoding. The other engines ran LONG only (the previous test), to keep "
                                + "the suite near 15 minutes.",
                        five,
                        "LONG,PROTO,FLAT_BUFFER",
                        1),
                dirWalk(
                        "Directory tree walk, 2 threads",
                        "LONG only, on LMDB, RocksDB, LevelDB, MVStore and Xodus and the limit rows, to keep the suite near "
                                + "15 minutes: against 1 thread (the previous tests), how walks/s scale with a second thread.",
                        five,
                        "LONG",
                        2));
    }
}
