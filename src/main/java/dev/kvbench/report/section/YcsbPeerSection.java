package dev.kvbench.report.section;

import dev.kvbench.report.folder.Metrics;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.YcsbOutput;
import dev.kvbench.results.Metric;
import dev.kvbench.text.KeyValueFile;
import dev.kvbench.text.Numbers;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * "Side by side with YCSB": the ycsb-peer suite's tables, from YCSB's client output ({@code ycsb-N.*.txt},
 * {@link YcsbOutput}) and kvbench's side file of the same test. Per workload, RocksDB through YCSB's binding and
 * through kvbench's adapter (throughput of each phase, their ratio, the read and write latencies at p50 and p99),
 * with what differs between the two said in words; then each client's own cost per operation (YCSB's BasicDB
 * against kvbench's {@code null} store). Nothing when the folder holds no YCSB output.
 */
public final class YcsbPeerSection extends Section {

    public static final String HEADING = "Side by side with YCSB";

    /** The rocksdbjni YCSB 0.17.0's RocksDB binding was written for (its pom.xml, {@code rocksdb.version}). */
    static final String YCSB_OWN_ROCKSDBJNI = "6.2.2";

    YcsbPeerSection(ResultsFolder folder, Specs specs, Markdown md) {
        super(folder, specs, md);
    }

    @Override
    void write() {
        List<YcsbPeerRuns.Pair> pairs = YcsbPeerRuns.of(folder);
        if (pairs.isEmpty()) {
            return;
        }
        md.heading(2, HEADING);
        List<YcsbPeerRuns.Pair> rocks = pairs.stream().filter(p -> !p.basicDb()).toList();
        List<YcsbPeerRuns.Pair> basic =
                pairs.stream().filter(YcsbPeerRuns.Pair::basicDb).toList();
        if (!rocks.isEmpty()) {
            rocksDb(rocks);
        }
        if (!basic.isEmpty()) {
            clientCost(basic);
        }
        List<String> failures = new ArrayList<>();
        for (YcsbPeerRuns.Pair p : pairs) {
            for (Optional<YcsbOutput> phase : List.of(p.load(), Optional.of(p.run()))) {
                phase.filter(o -> o.exit() != 0)
                        .ifPresent(
                                o -> failures.add("test " + p.test().number + " (" + p.workload() + "): YCSB's client "
                                        + (o.exit() < 0 ? "did not finish" : "exited with status " + o.exit())));
            }
            long notOk =
                    YcsbKind.OPS.stream().mapToLong(op -> p.run().notOk(op)).sum();
            if (notOk > 0) {
                failures.add("test " + p.test().number + " (" + p.workload() + "): YCSB's client had "
                        + Numbers.count(notOk) + " operations that did not return OK");
            }
        }
        if (!failures.isEmpty()) {
            md.paragraph("Not as expected (see `ycsb-N.load.txt` and `ycsb-N.run.txt`): " + String.join("; ", failures)
                    + ".");
        }
    }

    /**
     * At a glance, for a folder of YCSB's client beside kvbench's: kvbench ÷ YCSB in the run phase per workload on
     * RocksDB, and the range of kvbench's client cost against YCSB's; empty without YCSB's output.
     */
    static String glance(ResultsFolder folder) {
        List<YcsbPeerRuns.Pair> pairs = YcsbPeerRuns.of(folder);
        List<String> ratios = new ArrayList<>();
        for (YcsbPeerRuns.Pair p : pairs) {
            double kv = p.kvbench()
                    .filter(Result::ok)
                    .map(r -> r.metric(Metric.ycsb("run", "opsPerSec")))
                    .orElse(Double.NaN);
            if (!p.basicDb() && !Double.isNaN(kv) && p.run().throughput() > 0) {
                ratios.add(p.workload() + " " + Numbers.times(kv / p.run().throughput()));
            }
        }
        double[] costs = pairs.stream()
                .filter(YcsbPeerRuns.Pair::basicDb)
                .filter(p -> p.run().throughput() > 0)
                .mapToDouble(p -> p.kvbenchMicrosPerOp() / p.ycsbMicrosPerOp())
                .filter(v -> !Double.isNaN(v))
                .toArray();
        List<String> parts = new ArrayList<>();
        if (!ratios.isEmpty()) {
            parts.add("RocksDB's run-phase throughput through kvbench ÷ through YCSB's own client: "
                    + String.join(", ", ratios));
        }
        if (costs.length > 0) {
            double low = Arrays.stream(costs).min().getAsDouble();
            double high = Arrays.stream(costs).max().getAsDouble();
            parts.add("kvbench's client costs "
                    + (Numbers.sig3(low).equals(Numbers.sig3(high))
                            ? Numbers.sig3(low)
                            : Numbers.sig3(low) + "-" + Numbers.sig3(high))
                    + " of YCSB's per operation");
        }
        return parts.isEmpty()
                ? ""
                : String.join("; ", parts) + " (" + (once(pairs) ? "single runs" : "medians of the rounds") + ": see *"
                        + HEADING + "*).";
    }

    private void rocksDb(List<YcsbPeerRuns.Pair> pairs) {
        String kvVersion = folder.env.getOrDefault("engine.rocksdb.version", "unknown");
        String peerVersion = folder.env.getOrDefault("ycsb.peer.rocksdbjni", "unknown");
        String core = folder.env.getOrDefault("ycsb.peer.core", "unknown");
        md.paragraph(
                "RocksDB through YCSB " + core + "'s own client and RocksDB binding (`RocksDBClient`), and through "
                        + "kvbench's (`rocksdb`), on the same workloads: the same properties file (`ycsb-N.properties`: records, "
                        + "operations, threads, fields of 10 × 100 bytes), YCSB's client just before kvbench's, the store in the "
                        + "same work folder. "
                        + (kvVersion.equals(peerVersion)
                                ? "Both ran rocksdbjni " + kvVersion + ": YCSB's binding (written for rocksdbjni "
                                        + YCSB_OWN_ROCKSDBJNI
                                        + ") was compiled against kvbench's version and ran with that jar on its class path."
                                : "Different RocksDB versions: kvbench ran rocksdbjni " + kvVersion
                                        + ", YCSB's binding " + peerVersion + " (it was written for "
                                        + YCSB_OWN_ROCKSDBJNI + "), so the library differs as well as the client."));
        List<String> header = List.of(
                "Workload",
                "load ops/s, YCSB",
                "load ops/s, kvbench",
                "run ops/s, YCSB",
                "run ops/s, kvbench",
                "run: kvbench ÷ YCSB",
                "READ p50 / p99 µs, YCSB",
                "READ p50 / p99 µs, kvbench",
                "UPDATE p50 / p99 µs, YCSB",
                "UPDATE p50 / p99 µs, kvbench");
        List<List<String>> rows = new ArrayList<>();
        for (YcsbPeerRuns.Pair p : pairs) {
            rows.add(row(p));
        }
        md.table(header, rows);
        md.paragraph("Operations per second of each phase, all client threads together; latency in µs from each tool's "
                + "own histogram (YCSB's HdrHistogram per operation type, `hdrhistogram.percentiles=50,95,99,99.9`; "
                + "kvbench's service time). Where a workload has no READ (E) or no UPDATE (D and E: INSERT; F: "
                + "READ-MODIFY-WRITE), the cell names the operation it shows. "
                + (once(pairs)
                        ? "One run each, no interval: a ratio within about 10% is a tie on a quiet machine, and means nothing on a "
                                + "busy one."
                        : "In rounds (YCSB's client just before kvbench's in each, " + roundsText(pairs)
                                + "): every figure is the "
                                + "median of the rounds, a throughput ± the distance from it to the farthest round (as a JMH score's "
                                + "rounds); the ratio is of the medians, and where the two intervals overlap the tools are not told "
                                + "apart."));
        md.paragraph("What else differs: " + recordSizes(pairs.get(0)) + "; YCSB's binding "
                + "reads a record before each UPDATE (a get, then the put of the merged record), kvbench's UPDATE writes "
                + "the record whole; kvbench verifies every read, scan and, after the run, every record, YCSB checks "
                + "only status codes; YCSB's binding opens RocksDB with its defaults (compression included) and "
                + "`optimizeLevelStyleCompaction`, kvbench's adapter with compression off, a block cache sized from the "
                + "data and a bloom filter (its Engines row); each of YCSB's threads calls RocksDB's put itself, "
                + "kvbench's writes take the Store contract's one writer in turn; YCSB runs its load and its run "
                + "phase in two JVMs, as its users do (the run starts with a cold JIT, and its time includes opening "
                + "and closing the store: `[CLEANUP]`), kvbench both in one trial's JVM.");
    }

    /** A workload's row: each tool's load and run throughput, their ratio, and each tool's read and write latency. */
    private List<String> row(YcsbPeerRuns.Pair p) {
        List<String> row = new ArrayList<>();
        row.add(p.workload());
        Optional<Result> kv = p.kvbench().filter(Result::ok);
        row.add(p.load().map(o -> withSpread(o.throughput(), p.loadSpread())).orElse("—"));
        row.add(kv.map(r -> kvbench(r, "load")).orElse(notRun(p)));
        row.add(withSpread(p.run().throughput(), p.runSpread()));
        double kvRun = kv.map(r -> r.metric(Metric.ycsb("run", "opsPerSec"))).orElse(Double.NaN);
        row.add(kv.isPresent() ? kvbench(kv.get(), "run") : notRun(p));
        double kvSpread = kv.map(r -> r.metric(Metrics.spread(Metric.ycsb("run", "opsPerSec"))))
                .orElse(Double.NaN);
        boolean overlap = !Double.isNaN(kvSpread)
                && !Double.isNaN(p.runSpread())
                && Math.abs(kvRun - p.run().throughput()) <= kvSpread + p.runSpread();
        row.add(
                Double.isNaN(kvRun) || !(p.run().throughput() > 0)
                        ? "—"
                        : Numbers.times(kvRun / p.run().throughput()) + (overlap ? " (intervals overlap)" : ""));
        String read = first(p, List.of("READ", "SCAN"));
        String write = first(p, List.of("UPDATE", "INSERT", "READ-MODIFY-WRITE"));
        row.add(ycsbLatency(p, read, "READ"));
        row.add(kvLatency(kv, read, "READ"));
        row.add(ycsbLatency(p, write, "UPDATE"));
        row.add(kvLatency(kv, write, "UPDATE"));
        return row;
    }

    /**
     * How the two tools' records differ in size, from the test's properties in force ({@code ycsb-N.properties}):
     * YCSB's RocksDB binding stores each field as a 4-byte name length, the name ({@code field0}...), a 4-byte value
     * length and the value; kvbench stores the values alone, side by side. Both use YCSB's key names.
     */
    String recordSizes(YcsbPeerRuns.Pair p) {
        Map<String, String> properties = properties(p.test().number);
        int fields = (int) Numbers.parse(properties.getOrDefault("fieldcount", "10"));
        double length = Numbers.parse(properties.getOrDefault("fieldlength", "100"));
        boolean constant =
                properties.getOrDefault("fieldlengthdistribution", "constant").equals("constant");
        long overhead = ycsbFieldOverhead(fields);
        String names = fields == 1 ? "field0" : fields == 2 ? "field0 and field1" : "field0 ... field" + (fields - 1);
        String sizes = !constant || Double.isNaN(length)
                ? ""
                : String.format(
                        ": with %s fields of %s bytes, %s bytes a record against kvbench's %s, %s%% more",
                        Numbers.count(fields),
                        Numbers.count(length),
                        Numbers.count(fields * length + overhead),
                        Numbers.count(fields * length),
                        Numbers.sig3(100.0 * overhead / (fields * length)));
        return "YCSB's RocksDB binding stores a record as its fields, each after a 4-byte length of its name, the name ("
                + names + ") and a 4-byte length of its value, where kvbench stores the field values alone, side by "
                + "side: " + Numbers.count(overhead) + " bytes more per record through YCSB" + sizes + " (the keys are "
                + "the same `user...` strings)";
    }

    /** The bytes YCSB's RocksDB binding adds to a record of {@code fields} fields: per field 4 + its name's length + 4. */
    public static long ycsbFieldOverhead(int fields) {
        long bytes = 0;
        for (int i = 0; i < fields; i++) {
            bytes += 4 + ("field" + i).length() + 4;
        }
        return bytes;
    }

    private Map<String, String> properties(int test) {
        try {
            return KeyValueFile.read(folder.dir.resolve("ycsb-" + test + ".properties"), "=");
        } catch (IOException e) {
            return Map.of();
        }
    }

    private void clientCost(List<YcsbPeerRuns.Pair> pairs) {
        md.paragraph("Each client's own cost: YCSB's client with `BasicDB`, a binding that does nothing per operation, "
                + "and kvbench's with its `null` store, which keeps nothing, on the same workloads; more operations than "
                + "above, so that both are past their JIT's warm-up. Client time per operation and thread = threads ÷ "
                + "throughput. kvbench's client also makes every key and value and verifies every answer (finding "
                + "nothing); YCSB's makes its keys and values and checks nothing.");
        List<List<String>> rows = new ArrayList<>();
        for (YcsbPeerRuns.Pair p : pairs) {
            Optional<Result> kv = p.kvbench().filter(Result::ok);
            double ycsb = p.ycsbMicrosPerOp();
            double mine = p.kvbenchMicrosPerOp();
            rows.add(List.of(
                    p.workload(),
                    Numbers.sig3(p.run().throughput()),
                    kv.map(r -> Numbers.sig3(r.metric(Metric.ycsb("run", "opsPerSec"))))
                            .orElse(notRun(p)),
                    Numbers.sig3(ycsb),
                    Double.isNaN(mine) ? "—" : Numbers.sig3(mine),
                    Double.isNaN(mine) ? "—" : Numbers.sig3(mine / ycsb)));
        }
        md.table(
                List.of(
                        "Workload",
                        "run ops/s, YCSB + BasicDB",
                        "run ops/s, kvbench + null",
                        "µs per op per thread, YCSB",
                        "µs per op per thread, kvbench",
                        "kvbench ÷ YCSB"),
                rows);
    }

    /**
     * The first of {@code ops} both runs made (YCSB's alone when kvbench's did not run), or null. In F, YCSB also
     * times the UPDATE inside each READ-MODIFY-WRITE, kvbench only the whole: F's write column is READ-MODIFY-WRITE.
     */
    private static String first(YcsbPeerRuns.Pair p, List<String> ops) {
        Optional<Result> kv = p.kvbench().filter(Result::ok);
        return ops.stream()
                .filter(op -> !Double.isNaN(p.run().operations(op)))
                .filter(op -> kv.isEmpty() || !Double.isNaN(kv.get().metric(Metric.ycsb("run", op, "count"))))
                .findFirst()
                .orElse(null);
    }

    private static String ycsbLatency(YcsbPeerRuns.Pair p, String op, String column) {
        if (op == null) {
            return "—";
        }
        return (op.equals(column) ? "" : op + " ") + Numbers.sig3(p.run().latencyMicros(op, "50")) + " / "
                + Numbers.sig3(p.run().latencyMicros(op, "99"));
    }

    private static String kvLatency(Optional<Result> kv, String op, String column) {
        if (op == null || kv.isEmpty()) {
            return "—";
        }
        double p50 = kv.get().metric(Metric.ycsbLatency("run", op, "service", "p50"));
        double p99 = kv.get().metric(Metric.ycsbLatency("run", op, "service", "p99"));
        if (Double.isNaN(p50)) {
            return "—";
        }
        return (op.equals(column) ? "" : op + " ") + Numbers.sig3(p50 / 1000) + " / " + Numbers.sig3(p99 / 1000);
    }

    /** Whether every figure of both tools comes from one run (no rounds, so no interval). */
    private static boolean once(List<YcsbPeerRuns.Pair> pairs) {
        return pairs.stream()
                .allMatch(p -> p.rounds() == 1
                        && p.kvbench()
                                .map(r -> Double.isNaN(r.metric(Metrics.spread(Metric.ycsb("run", "opsPerSec")))))
                                .orElse(true));
    }

    /** "3 rounds", or "2-3 rounds" when the tests had different counts. */
    private static String roundsText(List<YcsbPeerRuns.Pair> pairs) {
        int least = pairs.stream().mapToInt(YcsbPeerRuns.Pair::rounds).min().orElse(1);
        int most = pairs.stream().mapToInt(YcsbPeerRuns.Pair::rounds).max().orElse(1);
        return (least == most ? String.valueOf(least) : least + "-" + most) + " rounds of YCSB's client";
    }

    /** kvbench's throughput of a phase, with its ± over the rounds when it ran in rounds. */
    private static String kvbench(Result r, String phase) {
        return YcsbFigures.withSpread(r, Metric.ycsb(phase, "opsPerSec"));
    }

    private static String withSpread(double value, double spread) {
        return YcsbFigures.withSpread(value, spread);
    }

    private static String notRun(YcsbPeerRuns.Pair p) {
        return p.kvbench().map(r -> r.status().word()).orElse("not run");
    }
}
