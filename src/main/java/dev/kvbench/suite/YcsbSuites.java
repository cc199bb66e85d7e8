package dev.kvbench.suite;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.workload.ycsb.Presets;
import dev.kvbench.workload.ycsb.WorkloadProperties;
import dev.kvbench.workload.ycsb.YcsbParams;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The suites of YCSB's workloads: {@code ycsb} (A-F on every engine), {@code ycsb-peer} (A-F beside YCSB's own
 * client), {@code workload} (one YCSB workload file) and {@code upgrade} (variants of an engine on quick's tests and
 * A-F), each registered in {@link Suites} with its own {@link SuiteKind}.
 */
final class YcsbSuites {

    /**
     * The ycsb suite's size: records loaded (in commits of {@link #YCSB_LOAD_BATCH}), operations run once per engine
     * (only where a workload runs once: {@code interleave=false}, a target or a time), client threads. 200,000 records
     * of 1 KB: 200 MB of data per store, six times this host kind's 32 MiB last-level cache, so that reads go to
     * memory as a real data set's do (10,000 records fit in the cache). Every engine's store and JVM is held at once
     * in an interleaved run: at 300,000 records the 13 JVMs took 16 GB resident beside 8.6 GB of stores in the
     * memory file system, and 1 GB of 24 was left. The load is a bulk load: the sorted array merges its whole array
     * per commit.
     */
    static final int YCSB_RECORDS = 200_000;
    /** Why {@link #YCSB_RECORDS}, as the test's description says it. */
    static final String SIZE_WHY = ", 200 MB per store, beyond a 32 MiB last-level cache (not YCSB's 1,000: those"
            + " fit in it), and no more, since an interleaved run holds every engine's store and JVM at once: at"
            + " 300,000 records the 13 JVMs and their stores left 1 GB of 24 GiB";

    static final int YCSB_OPERATIONS = 10_000;
    /**
     * One client thread, YCSB's own default. On a 2-core host a second client thread shares the cores with the
     * engine's own threads, the JVM's and the coordinator's, and a turn lasts as long as its slower thread: in one
     * run's workload C on 13 engines the turns' spread (interquartile range over median, the median over the engines) was 20%
     * with two threads against 8% with one, and with two the close leaders stayed undecided. {@code -p threadcount=2}
     * measures two.
     */
    static final int YCSB_THREADS = 1;

    static final int YCSB_LOAD_BATCH = 1_000;
    /**
     * The ycsb suite's rounds where a workload runs once per engine (a target or a time limit): every engine twice, a
     * third time where the trial's time is still wider than 5%, so that each throughput has an interval and the answer
     * names a winner only where the intervals part (one run of A-F took 3 min 27 s, so about 7-10 minutes).
     * {@code KVBENCH_ROUNDS=1} runs it once.
     */
    static final Rounds YCSB_ROUNDS = new Rounds(2, 3, 0.05, 2.5);
    /** The fewest measured rotations of an interleaved YCSB test, as quick's tests. */
    static final int YCSB_ROTATIONS = 12;
    /** The median engine's turn of an interleaved YCSB test (the issue asked for 100-200 ms). */
    static final String YCSB_TURN = "150ms";
    /**
     * JVMs per variant in the upgrade suite, each paired with the other variants' JVM of the same number: an upgrade's
     * effect is often a few per cent, as large as what differs between two JVMs of the same library (an A/A run of
     * rocksdbjni 11.8.1 against itself: 1.08× on random writes, one JVM each), which one JVM pair would take for the
     * upgrade's.
     */
    static final int UPGRADE_JVMS = 2;
    /**
     * The ycsb-peer suite's size: records, run-phase operations and client threads of each of A-F, the same on
     * both tools, loaded one insert at a time as YCSB loads; the client-cost runs (kvbench's {@code null} store,
     * YCSB's BasicDB) make ten times the operations, so that both clients are past their JIT's warm-up. Sized
     * for about 10 minutes on 2 cores: workload E's scans (up to 100 records each) take the longest.
     */
    static final int YCSB_PEER_RECORDS = 100_000;

    static final int YCSB_PEER_OPERATIONS = 100_000;
    static final int YCSB_PEER_CLIENT_FACTOR = 10;
    /** Two client threads on both tools: what the two clients' costs were compared at. */
    static final int YCSB_PEER_THREADS = 2;

    private YcsbSuites() {}

    /**
     * YCSB's core workloads A-F (kvbench's presets, YCSB's numbers) on every engine through one
     * binding each, with the limit rows, one test per workload: {@value #YCSB_RECORDS} records
     * loaded in commits of {@value #YCSB_LOAD_BATCH}, then the run phase by {@value #YCSB_THREADS} client
     * thread in interleaved turns, every engine's JVM loading its store once, until the ranking is decided
     * ({@link #ycsbTest}); with a {@code target} or a {@code maxexecutiontime} (or {@code interleave=false}),
     * {@value #YCSB_OPERATIONS} operations once per engine and round, in {@link #YCSB_ROUNDS}. {@code overrides}
     * ({@code ./run.sh ycsb -p recordcount=2000}) replace any property of every workload.
     */
    static List<Experiment> ycsb(Map<String, String> overrides) {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("recordcount", String.valueOf(YCSB_RECORDS));
        all.put("operationcount", String.valueOf(YCSB_OPERATIONS));
        all.put("threadcount", String.valueOf(YCSB_THREADS));
        all.put("loadbatchsize", String.valueOf(YCSB_LOAD_BATCH));
        all.putAll(overrides);
        boolean turns = !all.containsKey("target") && !all.containsKey("maxexecutiontime");
        all.putIfAbsent("interleave", Boolean.toString(turns));
        turns = Boolean.parseBoolean(all.get("interleave"));
        if (turns && !overrides.containsKey("operationcount")) {
            all.remove("operationcount"); // the turns' number is the ranking's to decide
        }
        String props = YcsbParams.props(all);
        int records;
        try {
            records = Integer.parseInt(all.get("recordcount").trim());
        } catch (NumberFormatException e) {
            throw new UsageException("-p recordcount=" + all.get("recordcount") + " is not a whole number");
        }
        List<Experiment> tests = new ArrayList<>();
        String[][] workloads = {
            {"workloada", "A: update heavy", "50% reads, 50% updates, zipfian"},
            {"workloadb", "B: read mostly", "95% reads, 5% updates, zipfian"},
            {"workloadc", "C: read only", "100% reads, zipfian"},
            {"workloadd", "D: read latest", "95% reads, 5% inserts, the newest records read most"},
            {"workloade", "E: short ranges", "95% scans of up to 100 records, 5% inserts, zipfian; ordered engines only"
            },
            {"workloadf", "F: read-modify-write", "50% reads, 50% read-modify-writes, zipfian"}
        };
        for (String[] w : workloads) {
            String run = turns
                    ? "the run phase in interleaved turns by " + clients(all) + " until the ranking is decided"
                    : all.get("operationcount") + " operations by " + clients(all);
            Experiment test = ycsbTest(
                    "YCSB " + w[1],
                    w[2] + "; " + all.get("recordcount") + " records of 10 x 100 bytes"
                            + (overrides.containsKey("recordcount") ? "" : SIZE_WHY)
                            + " (loaded in commits of " + all.get("loadbatchsize") + "), " + run
                            + ", each write committed (the"
                            + " properties in force are listed with the results).",
                    SuiteParams.oneBindingEach(),
                    w[0],
                    props,
                    records,
                    turns);
            tests.add(turns ? test : test.repeated(YCSB_ROUNDS));
        }
        return tests;
    }

    /**
     * kvbench beside YCSB 0.17.0's own client ({@link YcsbPeer}) on YCSB's core workloads A-F: tests 1-6 run kvbench's
     * {@code rocksdb} (YCSB's RocksDB binding runs beside each), tests 7-12 kvbench's {@code null} store (YCSB's BasicDB
     * beside each: the clients' own costs). {@value #YCSB_PEER_RECORDS} records, loaded one insert per commit as YCSB
     * loads, {@value #YCSB_PEER_OPERATIONS} operations ({@value #YCSB_PEER_CLIENT_FACTOR} times as many for the
     * client costs), {@value #YCSB_PEER_THREADS} client threads; {@code overrides} ({@code -p recordcount=1000}) replace any
     * property on both sides.
     */
    static List<Experiment> ycsbPeer(Map<String, String> overrides) {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("recordcount", String.valueOf(YCSB_PEER_RECORDS));
        all.put("operationcount", String.valueOf(YCSB_PEER_OPERATIONS));
        all.put("threadcount", String.valueOf(YCSB_PEER_THREADS));
        all.putAll(overrides);
        long operations;
        int records;
        try {
            records = Integer.parseInt(all.get("recordcount").trim());
            operations = Long.parseLong(all.get("operationcount").trim());
        } catch (NumberFormatException e) {
            throw new UsageException("-p recordcount=" + all.get("recordcount") + " -p operationcount="
                    + all.get("operationcount") + ": both must be whole numbers");
        }
        Map<String, String> client = new LinkedHashMap<>(all);
        client.put("operationcount", String.valueOf(operations * YCSB_PEER_CLIENT_FACTOR));
        String size = all.get("recordcount") + " records of 10 x 100 bytes, loaded one insert per commit, then "
                + all.get("operationcount") + " operations by " + clients(all);
        List<Experiment> tests = new ArrayList<>();
        for (String w : Presets.NAMES) {
            tests.add(ycsbTest(
                    "YCSB " + w.substring("workload".length()).toUpperCase(Locale.ROOT)
                            + " beside YCSB's own client: RocksDB",
                    "kvbench's rocksdb, and YCSB 0.17.0's client with its RocksDB binding just before it, on " + w
                            + ": " + size + ", the same properties on both (ycsb-N.properties).",
                    "rocksdb",
                    w,
                    YcsbParams.props(all),
                    records,
                    false));
        }
        for (String w : Presets.NAMES) {
            tests.add(ycsbTest(
                    "YCSB " + w.substring("workload".length()).toUpperCase(Locale.ROOT) + ": the clients' own cost",
                    "kvbench's null store, and YCSB 0.17.0's client with BasicDB just before it, on " + w
                            + ": neither keeps"
                            + " anything, so their throughput is each client's own cost; "
                            + client.get("operationcount")
                            + " operations, so that both are warm.",
                    "null",
                    w,
                    YcsbParams.props(client),
                    records,
                    false));
        }
        return tests;
    }

    /** One YCSB workload ({@code ./run.sh workload FILE}) on every engine through one binding each, with the limit rows. */
    static List<Experiment> workload(String workload, String props, WorkloadProperties properties) {
        return List.of(ycsbTest(
                "YCSB workload " + properties.source(),
                "A YCSB workload file, loaded then run on every engine, every operation verified"
                        + (properties.inTurns()
                                ? "; the run phase in interleaved turns until the ranking is decided."
                                : "; the run phase once per engine, as YCSB runs it."),
                SuiteParams.oneBindingEach(),
                workload,
                props,
                (int) Math.min(Integer.MAX_VALUE, properties.recordCount()),
                properties.inTurns()));
    }

    /**
     * A YCSB test: in interleaved turns ({@code interleave=true} in {@code props}), each engine's JVM loads its store
     * once and runs the run phase in turns of {@value #YCSB_TURN} in shuffled rotations with the other engines', as
     * quick runs its passes; else one single shot per engine, the load and the run as YCSB's client makes them.
     */
    /** "1 client thread", "2 client threads": {@code properties}' threadcount. */
    private static String clients(Map<String, String> properties) {
        String threads = properties.get("threadcount").trim();
        return threads + (threads.equals("1") ? " client thread" : " client threads");
    }

    private static Experiment ycsbTest(
            String title, String about, String stores, String workload, String props, int records, boolean turns) {
        Map<String, String> jmh = turns
                ? SuiteParams.options(
                        "-interleave",
                        "true",
                        "-f",
                        "1",
                        "-wi",
                        "1",
                        "-i",
                        Integer.toString(YCSB_ROTATIONS),
                        "-r",
                        YCSB_TURN,
                        "-foe",
                        "false")
                : SuiteParams.singleShot(0, 1);
        return Experiment.titled(title, about)
                .chart(Chart.ycsb())
                .workloads("ycsb")
                .params(SuiteParams.params("store", stores, "workload", workload, "props", props))
                .options(jmh)
                .entries(records);
    }

    /**
     * Is the upgrade faster: quick's two tests, then YCSB's A-F ({@link #ycsb}, {@code overrides} replacing its
     * properties), on the stores the user names, among them variants of one engine (another library version, JDK or
     * collector: {@code -p store=rocksdb@10.10.1.1,rocksdb}, {@code -p jvm=17,25}). Every test is interleaved, so each
     * variant's ratio to what it replaces comes from turns of the same rotations, seconds apart.
     */
    static List<Experiment> upgrade(Map<String, String> overrides) {
        List<Experiment> tests = new ArrayList<>(QuickSuites.intKeyTests(SuiteParams.oneBindingEach(), "The variants"));
        tests.addAll(ycsb(overrides));
        return tests.stream()
                .map(test -> test.with("-f", Integer.toString(UPGRADE_JVMS)))
                .toList();
    }

    /**
     * The upgrade suite compares variants: without one among the stores ({@code -p store=rocksdb@10.10.1.1,rocksdb}) or
     * a JVM list ({@code -p jvm=17,25}) it would be quick and ycsb run again, which is not what was asked.
     */
    static void checkUpgradeVariants(UserArgs user) {
        if (!user.jvms().isEmpty()) {
            return;
        }
        String stores = user.param("store").orElse("");
        boolean variant = false;
        for (String spec : stores.split(",")) {
            try {
                variant |= !spec.isBlank() && StoreSpec.parse(spec).isVariant();
            } catch (IllegalArgumentException e) {
                // a spec that does not parse ("rocksdb@", no version) is that mistake, not a missing variant
                throw new UsageException(e.getMessage());
            }
        }
        if (!variant) {
            throw new UsageException("the upgrade suite compares variants of an engine: give them, e.g. -p store="
                    + "rocksdb@10.10.1.1,rocksdb (a library version), -p store=lmdb:jdk=17,lmdb:jdk=25, or -p jvm=17,25"
                    + " (every engine on both JDKs); "
                    + (stores.isEmpty() ? "none was given" : "-p store=" + stores + " names none"));
        }
    }
}
