package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Metrics;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.Verdict;
import dev.kvbench.results.Metric;
import dev.kvbench.results.PairedRatio;
import dev.kvbench.results.Stability;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The answer to "which engine for this workload", in words, for a YCSB workload's part of the report and for the
 * report's at-a-glance table: the engines ranked by the report's one rule ({@link Verdict}), the winner and its
 * margin, the tie, or why none is named. It is kept apart from the charts and tables because it is the one place
 * where the report states a ranking, and every sentence of it is computed from the runs.
 */
final class YcsbAnswer {

    private final Specs specs;

    YcsbAnswer(Specs specs) {
        this.specs = specs;
    }

    /**
     * The computed answer, by the report's one rule ({@link Verdict}): an engine is named the fastest in the run phase
     * only where its throughput's interval (from the rounds, {@link Metrics#spread}) lies above every other engine's;
     * a run measured once has no interval, so a suite run once names none. Then the lowest p99 of the main operation
     * and the smallest store, as figures.
     */
    String text(Group group, List<String> specList) {
        List<Result> ranked = ranked(group, specList);
        if (ranked.isEmpty()) {
            return "**Which engine for this workload:** no engine ran it to the end, so none is named.";
        }
        StringBuilder text = new StringBuilder("**Which engine for this workload:** ");
        if (ranked.size() == 1) {
            text.append(specs.label(ranked.get(0).store()))
                    .append(", the only engine that ran it to the end (")
                    .append(YcsbFigures.opsText(ranked.get(0)))
                    .append(" in the run phase).");
        } else {
            text.append(verdictText(verdict(ranked), ranked));
        }
        String op = mainOp(ranked.get(0));
        if (op != null) {
            ranked.stream()
                    .filter(r -> !Double.isNaN(p99(r, op)))
                    .min(Comparator.comparingDouble(r -> p99(r, op)))
                    .ifPresent(lowest -> text.append(
                                    ranked.size() == 1
                                            ? " Its " + op + " p99: "
                                            : " The lowest " + op + " p99: " + specs.label(lowest.store()) + "'s, ")
                            .append(Numbers.sig3(p99(lowest, op) / 1000))
                            .append(" µs")
                            .append(
                                    ranked.size() == 1
                                            ? "."
                                            : " (a percentile has no interval here: a figure, not a ranking)."));
        }
        Result smallest = ranked.stream()
                .filter(r -> !Double.isNaN(r.metric(Metric.ycsb("run", "storageBytes"))))
                .min(Comparator.comparingDouble(r -> r.metric(Metric.ycsb("run", "storageBytes"))))
                .orElse(null);
        if (smallest != null) {
            text.append(" Smallest store after the run: ")
                    .append(specs.label(smallest.store()))
                    .append(" (")
                    .append(Numbers.bytes(smallest.metric(Metric.ycsb("run", "storageBytes"))))
                    .append(").");
        }
        return text.toString();
    }

    /** The run phase's verdict over {@code ranked}, the report's one rule applied to their throughputs. */
    static Verdict verdict(List<Result> ranked) {
        return Verdict.of(ranked.stream().map(YcsbFigures::scored).toList());
    }

    /** "LMDB DB (286,811 ± 4,000 ops/s)", "..., tied with RocksDB" or "no stable winner (0 of 12 stable): LevelDB (...), ...". */
    String glanceCell(List<Result> ranked) {
        Verdict verdict = verdict(ranked);
        if (verdict.paired()) {
            return pairedText(verdict);
        }
        return switch (verdict.kind()) {
            case WINNER -> named(original(verdict.best(), ranked));
            case TIE ->
                named(original(verdict.best(), ranked)) + ", tied with "
                        + String.join(
                                ", ",
                                verdict.rivals().stream()
                                        .map(r -> specs.label(r.store()))
                                        .toList());
            case NONE -> verdict.noWinner() + ": " + candidates(verdict, ranked);
        };
    }

    /**
     * The best candidates of a cell with no winner, highest first: the engines that could beat the fastest stable one
     * come before it, and it is marked as the fastest stable when one of them leads.
     */
    private String candidates(Verdict verdict, List<Result> ranked) {
        if (verdict.best() == null) {
            return String.join(", ", ranked.stream().limit(2).map(this::named).toList());
        }
        Result best = original(verdict.best(), ranked);
        List<Result> listed = Stream.concat(Stream.of(verdict.best()), verdict.rivals().stream())
                .map(r -> original(r, ranked))
                .sorted(Comparator.comparingInt(ranked::indexOf))
                .toList();
        boolean mark = listed.get(0) != best;
        return String.join(
                ", ",
                listed.stream()
                        .map(r -> mark && r == best
                                ? specs.label(r.store()) + " (" + YcsbFigures.opsText(r) + ", the fastest stable)"
                                : named(r))
                        .toList());
    }

    /**
     * An interleaved verdict, from the engines' turns paired by rotation: "LMDB DB (286,811 ± 4,000 ops/s), 1.32×
     * faster than RocksDB (1.10-1.50×)", "LMDB DB (...) ties with RocksDB 1.01× (0.99-1.02×)" or "undecided: ...".
     */
    private String pairedText(Verdict verdict) {
        Result leader = verdict.best();
        if (verdict.kind() == Verdict.Kind.WINNER) {
            Result next = verdict.ranking().runnerUp();
            PairedRatio margin = verdict.againstLeader(next);
            return named(leader) + ", " + margin.medianText() + " faster than " + named(next) + " ("
                    + margin.intervalText() + ")";
        }
        return verdict.tieText(
                named(leader), r -> named(r) + " " + verdict.againstLeader(r).text());
    }

    /** The verdict over two or more engines, in words: the winner and its margin, the tie, or why none is named. */
    private String verdictText(Verdict verdict, List<Result> ranked) {
        if (verdict.paired()) {
            return pairedText(verdict) + " in the run phase, from each rotation's turns paired (the same operations on"
                    + " every engine); "
                    + (verdict.kind() == Verdict.Kind.WINNER
                            ? "every other engine's 99.9% interval lies above 1."
                            : verdict.decided()
                                    ? "their intervals hold 1 and lie within ±3%."
                                    : "their intervals hold 1 and are wider than ±3%.");
        }
        return switch (verdict.kind()) {
            case WINNER -> {
                Result best = original(verdict.best(), ranked);
                Result next = ranked.stream().filter(r -> r != best).findFirst().orElseThrow();
                yield specs.label(best.store()) + ": " + YcsbFigures.opsText(best) + " in the run phase, "
                        + Numbers.times(YcsbFigures.rate(best) / YcsbFigures.rate(next)) + " the next, "
                        + specs.label(next.store()) + " (" + YcsbFigures.opsText(next)
                        + "); its interval lies above every"
                        + " other engine's.";
            }
            case TIE -> {
                List<String> names = new ArrayList<>(List.of(named(original(verdict.best(), ranked))));
                verdict.rivals().forEach(r -> names.add(named(original(r, ranked))));
                yield "a tie at the top between " + joined(names)
                        + ": their intervals overlap in the run phase, so none is" + " called the winner.";
            }
            case NONE -> {
                if (ranked.stream().allMatch(r -> Double.isNaN(YcsbFigures.spread(r)))) {
                    yield "none is named: each engine ran once, so no throughput has an interval (a rerun can order them"
                            + " differently; KVBENCH_ROUNDS=3 runs every engine in 3 rounds). The highest single runs: "
                            + joined(ranked.stream().limit(3).map(this::named).toList()) + ".";
                }
                List<Result> candidates = new ArrayList<>();
                if (verdict.best() != null) {
                    candidates.add(original(verdict.best(), ranked));
                }
                verdict.rivals().forEach(r -> candidates.add(original(r, ranked)));
                yield verdict.noWinner() + " in the run phase (stable: the interval at most "
                        + Math.round(100 * Stability.ERROR) + "% of the time per operation); best candidates "
                        + joined(candidates.stream()
                                .map(r -> named(r) + (YcsbFigures.scored(r).stable() ? "" : ", unstable"))
                                .toList())
                        + ".";
            }
        };
    }

    /** The competitors that ran the workload to the end, by run-phase throughput, highest first. */
    List<Result> ranked(Group group, List<String> specList) {
        return specs.competitors(specList).stream()
                .map(spec -> YcsbFigures.run(group, spec))
                .flatMap(Optional::stream)
                .filter(Result::ok)
                .filter(r -> !Double.isNaN(YcsbFigures.rate(r)))
                .sorted(Comparator.comparingDouble(YcsbFigures::rate).reversed())
                .toList();
    }

    /** The run in {@code ranked} that {@code scored} was made from. */
    private static Result original(Result scored, List<Result> ranked) {
        return ranked.stream()
                .filter(r -> r.key().equals(scored.key()))
                .findFirst()
                .orElse(scored);
    }

    private String named(Result r) {
        return specs.label(r.store()) + " (" + YcsbFigures.opsText(r) + ")";
    }

    /** The operation type the run made most of. */
    private static String mainOp(Result r) {
        String main = null;
        double most = 0;
        for (String op : YcsbKind.OPS) {
            double n = r.metric(Metric.ycsb("run", op, "count"));
            if (!Double.isNaN(n) && n > most) {
                most = n;
                main = op;
            }
        }
        return main;
    }

    private static double p99(Result r, String op) {
        return r.metric(Metric.ycsbLatency("run", op, "service", "p99"));
    }

    private static String joined(List<String> names) {
        int last = names.size() - 1;
        return last < 1
                ? String.join("", names)
                : String.join(", ", names.subList(0, last)) + " and " + names.get(last);
    }
}
