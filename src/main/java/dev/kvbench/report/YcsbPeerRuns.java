package dev.kvbench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.kvbench.results.Metric;
import dev.kvbench.text.KeyValueFile;

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
     * @param workload its workload ({@code workloada}...)
     * @param kvbench  kvbench's run (absent when it did not run)
     * @param load     YCSB's load phase, if it made one
     * @param run      YCSB's run phase
     * @param threads  YCSB's client threads (its properties file's {@code threadcount})
     */
    record Pair(TestRun test, String workload, Optional<Result> kvbench, Optional<YcsbOutput> load, YcsbOutput run,
                int threads) {

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

    private YcsbPeerRuns() {
    }

    /** The folder's pairs, in test order. */
    static List<Pair> of(ResultsFolder folder) {
        List<Pair> pairs = new ArrayList<>();
        for (TestRun test : folder.tests) {
            Path run = folder.dir.resolve("ycsb-" + test.number + ".run.txt");
            if (!Files.exists(run)) {
                continue;
            }
            try {
                Path load = folder.dir.resolve("ycsb-" + test.number + ".load.txt");
                Path properties = folder.dir.resolve("ycsb-" + test.number + ".properties");
                int threads = (int) Math.max(1, Math.round(Double.parseDouble(KeyValueFile.read(properties, "=")
                        .getOrDefault("threadcount", "1"))));
                Optional<Result> kvbench = test.results.stream().findFirst();
                String workload = kvbench.map(r -> r.key().param("workload"))
                        .orElse(test.meta.getOrDefault("command", "").replaceAll(".*workload=(\\S+).*", "$1"));
                pairs.add(new Pair(test, workload, kvbench,
                        Files.exists(load) ? Optional.of(YcsbOutput.read(load)) : Optional.empty(), YcsbOutput.read(run), threads));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read YCSB's output of test " + test.number + ": " + e.getMessage(), e);
            }
        }
        return pairs;
    }

    /**
     * kvbench's client cost in a YCSB report: each run of the {@code null} store that passed, with its workload
     * and µs per operation and thread, in test order.
     */
    static List<Result> nullRuns(ResultsFolder folder) {
        return folder.tests.stream().filter(t -> "ycsb".equals(t.chart())).flatMap(t -> t.results.stream())
                .filter(r -> Specs.engine(r.store()).equals("null") && r.ok()
                        && !Double.isNaN(r.metric(Metric.ycsb("run", "opsPerSec"))))
                .toList();
    }

    /** A run's client time per operation and thread in the run phase, µs. */
    static double microsPerOp(Result r) {
        double threads = r.metric(Metric.YCSB_THREADS);
        return (Double.isNaN(threads) ? 1 : threads) * 1e6 / r.metric(Metric.ycsb("run", "opsPerSec"));
    }
}
