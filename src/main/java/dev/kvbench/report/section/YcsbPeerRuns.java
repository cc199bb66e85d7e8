package dev.kvbench.report.section;

import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.RoundScores;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.report.folder.YcsbOutput;
import dev.kvbench.results.Metric;
import dev.kvbench.text.KeyValueFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pairs of a results folder's YCSB runs: per test whose {@code ycsb-N.run.txt} exists (the ycsb-peer suite),
 * kvbench's run of the test (its one store, {@code rocksdb} or {@code null}) beside YCSB's client's load and run
 * of the same workload; and, for any YCSB report, kvbench's client cost on the {@code null} store.
 */
final class YcsbPeerRuns {

    static final String ROCKSDB_CLIENT = "site.ycsb.db.rocksdb.RocksDBClient";
    static final String BASIC_DB = "site.ycsb.BasicDB";

    /**
     * One test's pair.
     *
     * @param test     the test
     * @param workload its workload (a preset such as workloada, or a file)
     * @param kvbench  kvbench's run (absent when it did not run)
     * @param load     YCSB's load phase, if it made one (in rounds, each figure the median of the rounds')
     * @param run      YCSB's run phase (likewise)
     * @param threads  YCSB's client threads (its properties file's {@code threadcount})
     * @param rounds   the rounds YCSB's client ran ({@code ycsb-N.run.txt}, {@code ycsb-N.r2.run.txt}...)
     * @param loadSpread YCSB's load throughput's ± over the rounds (the farthest round from the median), NaN for one round
     * @param runSpread  the same of its run throughput
     */
    record Pair(
            TestRun test,
            String workload,
            Optional<Result> kvbench,
            Optional<YcsbOutput> load,
            YcsbOutput run,
            int threads,
            int rounds,
            double loadSpread,
            double runSpread) {

        boolean basicDb() {
            return run.ran(BASIC_DB);
        }

        /** YCSB's client time per operation and thread in the run phase, µs. */
        double ycsbMicrosPerOp() {
            return threads * 1e6 / run.throughput();
        }

        /** kvbench's client time per operation and thread in the run phase, µs (NaN when it did not run). */
        double kvbenchMicrosPerOp() {
            return kvbench.filter(Result::ok).map(YcsbPeerRuns::microsPerOp).orElse(Double.NaN);
        }
    }

    private YcsbPeerRuns() {}

    /** The folder's pairs, in test order. */
    static List<Pair> of(ResultsFolder folder) {
        List<Pair> pairs = new ArrayList<>();
        for (TestRun test : folder.tests) {
            if (!Files.exists(folder.dir.resolve("ycsb-" + test.number + ".run.txt"))) {
                continue;
            }
            try {
                List<YcsbOutput> runs = rounds(folder.dir, test.number, "run");
                List<YcsbOutput> loads = rounds(folder.dir, test.number, "load");
                Path properties = folder.dir.resolve("ycsb-" + test.number + ".properties");
                int threads = (int) Math.max(
                        1,
                        Math.round(Double.parseDouble(
                                KeyValueFile.read(properties, "=").getOrDefault("threadcount", "1"))));
                Optional<Result> kvbench = test.results.stream().findFirst();
                String workload = kvbench.map(r -> r.key().param("workload"))
                        .orElse(test.meta.getOrDefault("command", "").replaceAll(".*workload=(\\S+).*", "$1"));
                pairs.add(new Pair(
                        test,
                        workload,
                        kvbench,
                        loads.isEmpty() ? Optional.empty() : Optional.of(YcsbOutput.median(loads)),
                        YcsbOutput.median(runs),
                        threads,
                        runs.size(),
                        spread(loads),
                        spread(runs)));
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "cannot read YCSB's output of test " + test.number + ": " + e.getMessage(), e);
            }
        }
        return pairs;
    }

    /** YCSB's output of one phase of test {@code n}, round by round: {@code ycsb-N.PHASE.txt}, {@code ycsb-N.r2.PHASE.txt}... */
    private static List<YcsbOutput> rounds(Path dir, int n, String phase) throws IOException {
        List<YcsbOutput> rounds = new ArrayList<>();
        for (int r = 1; Files.exists(dir.resolve(name(n, r, phase))); r++) {
            rounds.add(YcsbOutput.read(dir.resolve(name(n, r, phase))));
        }
        return rounds;
    }

    private static String name(int n, int round, String phase) {
        return "ycsb-" + n + (round > 1 ? ".r" + round : "") + "." + phase + ".txt";
    }

    /** The ± of a phase's throughput over its rounds, as a JMH score's rounds ({@link RoundScores#spread}); NaN for one. */
    private static double spread(List<YcsbOutput> rounds) {
        return rounds.size() < 2
                ? Double.NaN
                : RoundScores.spread(
                        rounds.stream().mapToDouble(YcsbOutput::throughput).toArray(), new double[0]);
    }

    /**
     * kvbench's client cost in a YCSB report: each run of the {@code null} store that passed, with its workload
     * and µs per operation and thread, in test order.
     */
    static List<Result> nullRuns(ResultsFolder folder) {
        return folder.tests.stream()
                .filter(t -> ChartKind.of(t) == ChartKind.YCSB)
                .flatMap(t -> t.results.stream())
                .filter(r -> Specs.engine(r.store()).equals("null")
                        && r.ok()
                        && !Double.isNaN(r.metric(Metric.ycsb("run", "opsPerSec"))))
                .toList();
    }

    /** A run's client time per operation and thread in the run phase, µs. */
    static double microsPerOp(Result r) {
        double threads = r.metric(Metric.YCSB_THREADS);
        return (Double.isNaN(threads) ? 1 : threads) * 1e6 / r.metric(Metric.ycsb("run", "opsPerSec"));
    }
}
