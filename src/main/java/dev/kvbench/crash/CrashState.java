package dev.kvbench.crash;

import dev.kvbench.bench.KvParams;
import dev.kvbench.cutfs.CutFs;
import dev.kvbench.results.Metric;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.BenchmarkFailure;
import dev.kvbench.trial.FailureReason;
import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.WorkFolder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * One crash-test trial: the store spec with its sync setting, the data set and batch size, and
 * {@code reps} repetitions; their outcomes become one side-file line. An acknowledged entry lost
 * with {@code sync=true}, or a corrupt entry, is a finding printed loudly on stderr.
 */
@State(Scope.Benchmark)
public class CrashState extends KvParams {

    /** Repetitions: kills and reopens per (store, sync). */
    @Param("20")
    public String reps;

    private String benchmark;
    private Map<String, String> params;
    private StoreSpec spec;
    private CrashExperiment experiment;
    private int repetitions;
    private final List<CrashExperiment.Outcome> outcomes = new ArrayList<>();

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams jmh) {
        benchmark = jmh.getBenchmark();
        params = BenchParams.inOrder(JmhParams.of(jmh));
        try {
            BenchParams bench = BenchParams.parse(params);
            repetitions = BenchParams.reps(reps);
            spec = bench.effectiveSpec();
            Path folder = WorkFolder.base()
                    .resolve(kind() + "-" + bench.engine() + "-"
                            + ProcessHandle.current().pid());
            experiment = new CrashExperiment(
                    spec.toString(), new CrashArgs(bench.data(), bench.batchSize()), folder, powerCut());
        } catch (RuntimeException e) {
            String reason = FailureReason.beforeStart(benchmark, params, e);
            SideFile.current().append(TrialRecord.failed(benchmark, params, reason, Map.of()));
            throw new BenchmarkFailure(reason, e);
        }
    }

    /** The folder name's prefix and the test's name in messages: {@code crash}. */
    String kind() {
        return "crash";
    }

    /** What ends the writer, in a finding: {@code kill -9}. */
    String cause() {
        return "kill -9";
    }

    /** Null: the writer is killed, no power cut follows. */
    CutFs.Names powerCut() {
        return null;
    }

    /** Every repetition; returns the acknowledged entries lost (for JMH's blackhole). */
    long runAll() {
        long lost = 0;
        int hung = 0;
        for (int rep = 0; rep < repetitions; rep++) {
            if (hung == CrashExperiment.HUNG_LIMIT) {
                System.err.println("kvbench: " + spec + ": " + hung
                        + " times a reopen did not finish or the writer fell" + " silent in time; the other "
                        + (repetitions - rep) + " of " + repetitions + " repetitions are left out");
                break;
            }
            try {
                CrashExperiment.Outcome outcome = experiment.run(rep);
                outcomes.add(outcome);
                lost += outcome.lost();
                if (outcome.writerSilent() != null) {
                    System.err.println("kvbench: " + spec + ": repetition " + (rep + 1) + ": " + outcome.writerSilent()
                            + "; " + cause() + " there, and the repetition went on");
                }
                if (outcome.hung() || outcome.writerSilent() != null) {
                    hung++;
                }
            } catch (RuntimeException e) {
                String reason = kind() + " on " + params.get("store") + " failed: " + FailureReason.oneLine(e);
                SideFile.current().append(TrialRecord.failed(benchmark, params, reason, metrics()));
                outcomes.clear();
                throw new BenchmarkFailure(reason, e);
            }
        }
        return lost;
    }

    @TearDown(Level.Trial)
    public void record() {
        if (outcomes.isEmpty()) {
            return;
        }
        Map<String, Object> metrics = metrics();
        long lost = ((Number) metrics.get(Metric.CRASH_LOST)).longValue();
        long corrupt = ((Number) metrics.get(Metric.CRASH_CORRUPT)).longValue();
        long notOpened = outcomes.size() - ((Number) metrics.get(Metric.CRASH_OPENED)).longValue();
        boolean durable = "true".equals(spec.options().get("sync"));
        if ((durable && lost > 0) || corrupt > 0 || notOpened > 0) {
            System.err.println("kvbench: FINDING: " + spec + " after " + cause() + ": " + lost
                    + " acknowledged entries lost, "
                    + corrupt + " corrupt, " + notOpened + " of " + outcomes.size() + " reopens failed"
                    + (durable ? " with sync=true" : "")
                    + (notOpened > 0 ? " (the first refusal: " + metrics.get(Metric.CRASH_NOT_OPENED) + ")" : "")
                    + "; the engine's promise: " + Stores.engine(spec.engine()).durabilityPromise(spec.options()));
        }
        SideFile.current().append(TrialRecord.ok(benchmark, params, metrics));
    }

    private Map<String, Object> metrics() {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Double> reopen = new ArrayList<>();
        long acked = 0;
        long lost = 0;
        long lostMax = 0;
        long corrupt = 0;
        long torn = 0;
        long unacked = 0;
        long opened = 0;
        String notOpened = null;
        long silent = 0;
        String silentReason = null;
        for (CrashExperiment.Outcome o : outcomes) {
            if (o.writerSilent() != null) {
                silent++;
                silentReason = silentReason == null ? o.writerSilent() : silentReason;
            }
            acked += o.acked();
            lost += o.lost();
            lostMax = Math.max(lostMax, o.lost());
            corrupt += o.corrupt();
            torn += o.torn();
            unacked += o.unackedPresent();
            if (o.opened()) {
                opened++;
                reopen.add(o.reopenMs());
            } else if (notOpened == null) {
                notOpened = o.notOpened();
            }
        }
        reopen.sort(Double::compare);
        m.put(Metric.CRASH_REPS, outcomes.size());
        m.put(Metric.CRASH_OPENED, opened);
        m.put(Metric.CRASH_ACKED, acked);
        m.put(Metric.CRASH_LOST, lost);
        m.put(Metric.CRASH_LOST_MAX, lostMax);
        m.put(Metric.CRASH_CORRUPT, corrupt);
        m.put(Metric.CRASH_TORN, torn);
        m.put(Metric.CRASH_UNACKED_PRESENT, unacked);
        m.put(Metric.CRASH_REOPEN_MEDIAN, reopen.isEmpty() ? null : reopen.get(reopen.size() / 2));
        m.put(Metric.CRASH_REOPEN_MAX, reopen.isEmpty() ? null : reopen.get(reopen.size() - 1));
        m.put(Metric.CRASH_NOT_OPENED, notOpened);
        m.put(Metric.CRASH_WRITER_SILENT, silent);
        m.put(Metric.CRASH_WRITER_SILENT_REASON, silentReason);
        return m;
    }
}
