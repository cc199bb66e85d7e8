package dev.kvbench.report.folder;

import dev.kvbench.results.SideFile;
import dev.kvbench.results.SteadyTurns;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.results.TrialRecord.Status;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.text.KeyValueFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One test of a suite, as run.sh left it: {@code out-N.meta} (what the test is), {@code out-N.csv}
 * (JMH scores), {@code out-N.side.jsonl} (measurements per trial) and {@code out-N.txt} (the JMH
 * log), joined into one {@link Result} per run.
 */
public final class TestRun {

    public final int number;
    public final Map<String, String> meta;
    public final JmhLog log;
    /** The Store path's runs: what the charts, tables and rankings show. */
    public final List<Result> results;
    /** The direct-API baselines' runs, shown only against their Store path runs. */
    public final List<Result> direct;
    /** The last lines of output of each trial whose JVM died (side-file {@code tail}), by run. */
    public final Map<RunKey, List<String>> tails = new LinkedHashMap<>();
    /**
     * Each interleaved run's turns, JVM by JVM, checked for a steady state, by run as the log names it (before a
     * sweep's option became a parameter): what the report says of the JVMs that were not flat.
     */
    public final Map<RunKey, SteadyTurns> steadiness = new LinkedHashMap<>();
    /** The side file's text figures (the YCSB properties in force, how writes were made): the first trial's of each name. */
    public final Map<String, String> texts = new LinkedHashMap<>();

    private TestRun(int number, Map<String, String> meta, JmhLog log, List<Result> all) {
        this.number = number;
        this.meta = meta;
        this.log = log;
        this.results = all.stream()
                .filter(r -> !r.key().direct())
                .map(r -> optionAsParam(r, sweep()))
                .toList();
        this.direct = all.stream().filter(r -> r.key().direct()).toList();
    }

    /** The metric that holds how many rounds a run's score comes from (1 for a run measured once). */
    public static final String ROUNDS = "rounds";
    /** The medians (ms) of the first and last third of an interleaved engine's turns, where its log says they drifted. */
    static final String DRIFT_FIRST = "turns.driftFirstMs";

    static final String DRIFT_LAST = "turns.driftLastMs";

    /**
     * Each group's own runs, group 1 first, where the test ran its stores in groups that fit in memory, each holding
     * the anchor ({@link AnchorGroups}); empty otherwise. Each keeps its own rotation keys and its own anchor run.
     */
    public final List<List<Result>> groups = new ArrayList<>();

    static TestRun load(Path dir, int n) throws IOException {
        return load(dir, n, "out-" + n);
    }

    /** The test from the files of {@code stem}: {@code out-N} (with its rounds and groups), or group G's {@code out-N.gG}. */
    static TestRun load(Path dir, int n, String stem) throws IOException {
        boolean whole = stem.equals("out-" + n);
        Map<RunKey, List<JmhCsv.Score>> scores =
                whole ? RoundScores.read(dir, n) : AnchorGroups.scores(dir.resolve(stem + ".csv"));
        List<TrialRecord> trials = new ArrayList<>(new SideFile(dir.resolve(stem + ".side.jsonl")).read());
        JmhLog log = JmhLog.read(dir.resolve(stem + ".txt"));
        for (String round : whole ? RoundScores.stems(dir, n) : List.<String>of()) {
            if (RoundScores.round(round) > 1) {
                trials.addAll(new SideFile(dir.resolve(round + ".side.jsonl")).read());
                log.withFailuresOf(JmhLog.read(dir.resolve(round + ".txt")))
                        .withTurnsOf(JmhLog.read(dir.resolve(round + ".txt")), RoundScores.round(round));
            }
        }
        Path metaFile = dir.resolve("out-" + n + ".meta");
        if (!Files.exists(metaFile)) {
            System.err.println(
                    "process.sh: warning: " + metaFile + " is missing: test " + n
                            + " is shown without its title, description and chart settings (run.sh writes it when the test starts)");
        }
        Map<String, String> meta = KeyValueFile.read(metaFile, "=");
        String noScore = "no JMH score for this run; see out-" + n + ".txt";
        Path csv = dir.resolve("out-" + n + ".csv");
        if (scores.isEmpty()
                && Files.exists(csv)
                && Files.readAllLines(csv).stream().filter(l -> !l.isBlank()).count() <= 1) {
            noScore = "out-" + n + ".csv is empty (only its header line), so there is no score to read; out-" + n
                    + ".txt has JMH's log";
            if (trials.isEmpty()
                    || trials.stream().anyMatch(t -> t.status() == Status.OK)) { // not a test whose every run failed
                System.err.println("process.sh: warning: " + csv
                        + " is empty (only its header line), so the report has no" + " scores for test " + n
                        + "; JMH's log out-" + n + ".txt may hold them: run the test again to chart them");
            }
        }
        Map<RunKey, SteadyTurns> steadiness = new LinkedHashMap<>();
        List<Result> own = join(scores, trials, log, noScore, steadiness);
        List<TestRun> others = whole ? AnchorGroups.load(dir, n, meta) : List.of();
        TestRun run = new TestRun(n, meta, log, AnchorGroups.joined(own, others, meta));
        run.steadiness.putAll(steadiness);
        if (!others.isEmpty()) {
            run.groups.add(own);
            others.forEach(group -> run.groups.add(group.results));
            others.forEach(group -> group.steadiness.forEach(run.steadiness::putIfAbsent));
        }
        trials.forEach(t -> t.metrics().forEach((name, value) -> {
            if (value instanceof String text) {
                run.texts.putIfAbsent(name, text);
            }
        }));
        trials.stream()
                .filter(t -> !t.tail().isEmpty())
                .forEach(t -> run.tails.putIfAbsent(new RunKey(t.benchmark(), t.params()), t.tail()));
        return run;
    }

    public String title() {
        return meta.getOrDefault("title", "untitled (no out-" + number + ".meta)");
    }

    /** The parameter on the x axis of a sweep chart (valSize, batchSize); "" for other charts. */
    public String sweep() {
        return meta.getOrDefault("sweep", "");
    }

    /** Whether the test's scores may be ranked; a smoke test (meta {@code ranking=false}) only checks that runs work. */
    public boolean ranked() {
        return !"false".equals(meta.get("ranking"));
    }

    public boolean hasResults() {
        return !results.isEmpty();
    }

    private static List<Result> join(
            Map<RunKey, List<JmhCsv.Score>> byKey,
            List<TrialRecord> trials,
            JmhLog log,
            String noScore,
            Map<RunKey, SteadyTurns> steadiness) {
        Map<String, Map<String, Map<Integer, Double>>> factors = SteadyResults.factors(log);
        Set<RunKey> keys = new LinkedHashSet<>(byKey.keySet());
        Map<RunKey, List<TrialRecord>> trialsByKey = new LinkedHashMap<>();
        for (TrialRecord trial : trials) {
            RunKey key = new RunKey(trial.benchmark(), trial.params());
            keys.add(key);
            trialsByKey.computeIfAbsent(key, k -> new ArrayList<>()).add(trial);
        }
        keys.addAll(log.failures().keySet());

        List<Result> results = new ArrayList<>();
        for (RunKey key : keys) {
            Result result = result(
                    key,
                    byKey.get(key),
                    trialsByKey.getOrDefault(key, List.of()),
                    log.failures().get(key),
                    noScore);
            double[] drift = log.drift(key.benchmark(), key.params().getOrDefault("store", ""));
            if (drift != null) {
                result.metrics().put(DRIFT_FIRST, drift[0]);
                result.metrics().put(DRIFT_LAST, drift[1]);
            }
            Map<Integer, Double> turns = log.turns(key.benchmark(), key.params().getOrDefault("store", ""));
            if (turns.isEmpty()) {
                results.add(result);
                continue;
            }
            Map<Integer, Double> own =
                    factors.getOrDefault(key.benchmark(), Map.of()).getOrDefault(key.store(), Map.of());
            Map<Integer, Integer> jvms = log.jvms(key.benchmark(), key.params().getOrDefault("store", ""));
            SteadyTurns steady = jvms == null
                    ? SteadyTurns.of(turns, own, Math.max(1, log.forks()))
                    : SteadyTurns.of(turns, own, jvms);
            steadiness.put(key, steady);
            results.add(SteadyResults.apply(result, steady, jvms, log.forks()));
        }
        return results;
    }

    private static Result result(
            RunKey key, List<JmhCsv.Score> rounds, List<TrialRecord> trials, String logFailure, String noScore) {
        Map<String, Double> metrics = new LinkedHashMap<>(Metrics.aggregate(trials));
        JmhCsv.Score score = rounds == null || rounds.isEmpty() ? null : rounds.get(0);
        double[] interval = score == null ? new double[] {Double.NaN, Double.NaN} : RoundScores.interval(rounds);
        double ms = interval[0];
        double error = interval[1];
        if (score != null) {
            metrics.put(ROUNDS, (double) rounds.size());
        }
        TrialRecord failed = first(trials, Status.FAILED);
        TrialRecord skipped = first(trials, Status.SKIPPED);
        if (failed != null) {
            return new Result(key, Double.NaN, Double.NaN, Result.Status.FAILED, reason(failed), metrics);
        }
        if (skipped != null) {
            return new Result(key, Double.NaN, Double.NaN, Result.Status.SKIPPED, reason(skipped), metrics);
        }
        if (logFailure != null) {
            return new Result(key, Double.NaN, Double.NaN, Result.Status.FAILED, logFailure, metrics);
        }
        if (score == null) {
            return new Result(key, ms, error, Result.Status.FAILED, noScore, metrics);
        }
        return new Result(key, ms, error, Result.Status.OK, null, metrics);
    }

    /**
     * A run of a sweep over a store option ({@code fs:depth=3} in a sweep of {@code depth}) as a
     * run of the plain spec ({@code fs}) with the option as one more parameter ({@code depth=3}), so
     * that the option is charted against like a JMH parameter (valSize, batchSize).
     */
    static Result optionAsParam(Result r, String option) {
        if (option.isEmpty()
                || r.key().params().containsKey(option)
                || r.store().isEmpty()) {
            return r;
        }
        StoreSpec spec = StoreSpec.parse(r.store());
        String value = spec.options().get(option);
        if (value == null) {
            return r;
        }
        Map<String, String> options = new LinkedHashMap<>(spec.options());
        options.remove(option);
        Map<String, String> params = new LinkedHashMap<>(r.key().params());
        params.put("store", new StoreSpec(spec.engine(), options, spec.variant()).toString());
        params.put(option, value);
        return new Result(
                new RunKey(r.key().benchmark(), params),
                r.ms(),
                r.errorMs(),
                r.status(),
                r.reason(),
                r.metrics(),
                r.turns(),
                r.jvms());
    }

    private static TrialRecord first(List<TrialRecord> trials, Status status) {
        return trials.stream().filter(t -> t.status() == status).findFirst().orElse(null);
    }

    private static String reason(TrialRecord trial) {
        return trial.reason() == null || trial.reason().isBlank()
                ? trial.status().word() + " (no reason given)"
                : trial.reason();
    }

    /**
     * JMH scores to milliseconds per operation. A throughput (dirWalk's walks per second, every
     * thread together) becomes its inverse, the time per operation at that rate, so that every
     * table and chart of the report reads in one unit.
     */
    public static double toMs(double value, String unit) {
        return switch (unit) {
            case "s/op" -> value * 1000;
            case "us/op" -> value / 1000;
            case "ns/op" -> value / 1_000_000;
            case "ops/s" -> 1000 / value;
            case "ops/ms" -> 1 / value;
            case "ops/us" -> 0.001 / value;
            case "ops/ns" -> 0.000_001 / value;
            default -> value;
        };
    }

    /** The error of {@link #toMs}: scaled for a time, for a throughput the first-order error of its inverse. */
    public static double errorToMs(double value, double error, String unit) {
        if (unit.startsWith("ops/")) {
            return toMs(value, unit) * error / value;
        }
        return toMs(error, unit);
    }
}
