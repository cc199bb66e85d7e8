package dev.kvbench.report.section;

import dev.kvbench.report.folder.Amplification;
import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.Verdict;
import dev.kvbench.results.Metric;
import dev.kvbench.results.PairedRatio;
import dev.kvbench.results.Stability;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The sentences of the report that state a number or a ranking, each computed from the results
 * it is about, so that the prose can never contradict the tables and charts beside it.
 */
final class Findings {

    private final Specs specs;

    Findings(Specs specs) {
        this.specs = specs;
    }

    /**
     * "readKey: fastest LMDB DB (1.23 ms/pass), 2.1× faster than the next, RocksDB (2.58 ms/pass);
     * slowest MapDB (14.8 ms/pass, 12× LMDB DB)." Runs whose JMH error bars overlap are called a tie.
     */
    String ranking(String workload, List<Result> runs, Figures.Unit unit) {
        Verdict verdict = Verdict.of(runs);
        if (verdict.paired()) {
            return pairedRanking(workload, runs, verdict, unit);
        }
        List<Result> unstable = runs.stream()
                .filter(r -> r.ok() && !r.stable())
                .sorted(Comparator.comparingDouble(Result::ms))
                .toList();
        String rest = unstable.isEmpty() ? "" : " Not ranked, " + unstableList(unstable, unit) + ".";
        return rankStable(workload, runs, unit) + rest;
    }

    /**
     * "readKey: fastest LMDB (1.23 ms/pass), 3.21× faster than the next, MVStore (3.95 ms/pass), paired interval
     * 2.42-3.77×; slowest SQLite (43.3 ms/pass, 35.2× LMDB, 30.1-40.6×)", from the engines' turns paired by rotation
     * ({@link Verdict#paired()}); a number whose own interval is wide is ranked all the same and named after it.
     */
    private String pairedRanking(String workload, List<Result> runs, Verdict verdict, Figures.Unit unit) {
        List<Result> order = verdict.ranking().order();
        Result first = order.get(0);
        StringBuilder s = new StringBuilder("**" + workload + "**: ");
        if (verdict.kind() == Verdict.Kind.WINNER) {
            Result next = order.get(1);
            PairedRatio margin = verdict.againstLeader(next);
            s.append(fastestClause(first, next, times(margin), unit))
                    .append(", paired interval ")
                    .append(interval(margin));
        } else {
            s.append(verdict.tieText(
                    name(first) + " (" + time(first, unit) + ")",
                    r -> name(r) + " (" + time(r, unit) + ", "
                            + verdict.againstLeader(r).text() + ")",
                    r -> name(r) + " (" + time(r, unit) + ")"));
            if (!verdict.decided()) {
                s.append(", whose paired intervals hold 1 and are wider than ±3%");
            }
        }
        if (order.size() > 2) {
            Result slowest = order.get(order.size() - 1);
            PairedRatio ratio = verdict.againstLeader(slowest);
            s.append(slowestClause(slowest, times(ratio) + " " + name(first) + ", " + interval(ratio), unit));
        }
        s.append('.');
        List<Result> imprecise = runs.stream()
                .filter(r -> r.ok() && !r.stable())
                .sorted(Comparator.comparingDouble(Result::ms))
                .toList();
        if (!imprecise.isEmpty()) {
            s.append(" Ranked by their paired turns, though their own numbers are imprecise: ")
                    .append(unstableList(imprecise, unit))
                    .append('.');
        }
        return s.toString();
    }

    /** "fastest LMDB (1.23 ms/pass), 3.21× faster than the next, MVStore (3.95 ms/pass)": {@code times} is the margin. */
    private String fastestClause(Result first, Result next, String times, Figures.Unit unit) {
        return "fastest %s (%s), %s faster than the next, %s (%s)"
                .formatted(name(first), time(first, unit), times, name(next), time(next, unit));
    }

    /** "; slowest SQLite (43.3 ms/pass, 35.2× LMDB)": {@code against} is how it compares with the fastest. */
    private String slowestClause(Result slowest, String against, Figures.Unit unit) {
        return "; slowest %s (%s, %s)".formatted(name(slowest), time(slowest, unit), against);
    }

    private static String times(PairedRatio ratio) {
        return ratio.medianText();
    }

    private static String interval(PairedRatio ratio) {
        return ratio.intervalText();
    }

    /**
     * "readKey, limit rows (not ranked): Sorted array 0.81 ms/pass, Heap map 2.40 ms/pass, Null
     * (harness cost) 0.12 ms/pass." Empty when no limit row ran.
     */
    String limits(String workload, List<Result> references, Figures.Unit unit) {
        List<String> parts = new ArrayList<>();
        for (Result r : references) {
            if (!r.ok()) {
                continue;
            }
            // a score over JVMs gives their spread in its instability, not a ±
            String time = Double.isNaN(r.errorMs()) || r.overJvms() ? time(r, unit) : timeWithError(r, unit);
            parts.add(name(r) + " " + time + (r.stable() ? "" : " (" + r.instability() + ")"));
        }
        return parts.isEmpty()
                ? ""
                : "**" + workload + "**, limit rows (not ranked): " + String.join(", ", parts) + ".";
    }

    /** "MVStore (599 ± 1,500 ms/pass, unstable: ± 250% of the score)", joined with "; ". */
    private String unstableList(List<Result> unstable, Figures.Unit unit) {
        List<String> parts = new ArrayList<>();
        for (Result r : unstable) {
            // a score over JVMs gives their spread in its instability, not a ±
            String time = Double.isNaN(r.errorMs()) || r.overJvms() ? time(r, unit) : timeWithError(r, unit);
            parts.add(name(r) + " (" + time + ", " + r.instability() + ")");
        }
        return String.join("; ", parts);
    }

    private String rankStable(String workload, List<Result> runs, Figures.Unit unit) {
        List<Result> ok = runs.stream()
                .filter(Result::stable)
                .sorted(Comparator.comparingDouble(Result::ms))
                .toList();
        if (ok.isEmpty()) {
            return "**" + workload + "**: no engine has a stable result (JMH error at most "
                    + Math.round(100 * Stability.ERROR) + "% of the score).";
        }
        Result fastest = ok.get(0);
        Verdict verdict = Verdict.of(runs);
        if (verdict.kind() == Verdict.Kind.NONE) {
            return noWinner(workload, verdict, fastest, unit);
        }
        if (ok.size() == 1) {
            return "**" + workload + "**: only " + name(fastest) + " has a result (" + time(fastest, unit) + ").";
        }
        Result next = ok.get(1);
        StringBuilder s = new StringBuilder("**" + workload + "**: ");
        if (verdict.kind() == Verdict.Kind.TIE) {
            s.append(tie(verdict, fastest, unit));
        } else {
            s.append(fastestClause(fastest, next, Numbers.times(next.ms() / fastest.ms()), unit));
        }
        if (ok.size() > 2) {
            Result slowest = ok.get(ok.size() - 1);
            s.append(slowestClause(slowest, Numbers.times(slowest.ms() / fastest.ms()) + " " + name(fastest), unit));
        }
        return s.append('.').toString();
    }

    /** "readKey: no winner ...; best candidates LMDB DB (1.23 ± 0.10 ms/pass), MVStore (1.30 ms/pass, unstable)." */
    private String noWinner(String workload, Verdict verdict, Result fastest, Figures.Unit unit) {
        List<String> candidates = new ArrayList<>(List.of(name(fastest) + " (" + timeWithError(fastest, unit) + ")"));
        verdict.rivals()
                .forEach(r -> candidates.add(
                        name(r) + " (" + (Double.isNaN(r.errorMs()) ? time(r, unit) : timeWithError(r, unit))
                                + (r.stable() ? "" : ", unstable") + ")"));
        return "**" + workload + "**: " + verdict.noWinner() + "; best candidates " + String.join(", ", candidates)
                + ".";
    }

    /** "fastest LMDB DB (1.23 ± 0.10 ms/pass) and MVStore (1.30 ± 0.08 ms/pass) are within each other's error margin". */
    private String tie(Verdict verdict, Result fastest, Figures.Unit unit) {
        return "fastest " + name(fastest) + " (" + timeWithError(fastest, unit) + ") and "
                + String.join(
                        ", ",
                        verdict.rivals().stream()
                                .map(r -> name(r) + " (" + timeWithError(r, unit) + ")")
                                .toList())
                + (verdict.rivals().size() == 1
                        ? " are within each other's error margin"
                        : " are within its error margin");
    }

    /** "write: LMDB DB (sync) takes 12.3 ms/pass against 4.10 ms/pass for LMDB DB: 3.0× slower." */
    String versus(String workload, Result variant, Result base, Figures.Unit unit) {
        String head = "**" + workload + "**: " + name(variant) + " " + time(variant, unit) + " against "
                + time(base, unit) + " for " + name(base) + ": ";
        if (variant.paired() && base.paired()) {
            PairedRatio ratio = PairedRatio.of(base.turns(), variant.turns());
            if (ratio.baseFaster() || ratio.otherFaster()) {
                return head
                        + (ratio.median() >= 1
                                ? ratio.medianText() + " slower (paired " + interval(ratio)
                                : ratio.inverse().medianText() + " faster (paired " + interval(ratio.inverse()))
                        + ").";
            }
            return head + (ratio.narrowTie() ? "as fast, " : "undecided, ") + ratio.text() + " by paired turns.";
        }
        if (!variant.stable() || !base.stable()) {
            Result shaky = variant.stable() ? base : variant;
            return head + "not compared, " + name(shaky) + " is " + shaky.instability() + ".";
        }
        if (overlap(variant, base)) {
            return head + "within each other's error margin.";
        }
        double ratio = variant.ms() / base.ms();
        return head + (ratio >= 1 ? Numbers.times(ratio) + " slower." : Numbers.times(1 / ratio) + " faster.");
    }

    /** "Smallest: LevelDB, 2.91% over the flat array; largest: Xodus, 354.87% over (4.5× the flat array)." */
    String storage(List<Tables.StorageRow> rows) {
        if (rows.isEmpty()) {
            return "No engine reported its storage.";
        }
        Tables.StorageRow smallest = rows.get(0);
        Tables.StorageRow largest = rows.get(rows.size() - 1);
        if (rows.size() > 1 && smallest.bytes() == largest.bytes()) {
            return "Every engine here uses the same storage: " + Numbers.count(smallest.bytes()) + " bytes, "
                    + overhead(smallest.overheadPercent()) + ".";
        }
        String s = "Smallest: " + smallest.label() + ", " + overhead(smallest.overheadPercent());
        if (rows.size() > 1) {
            s += "; largest: " + largest.label() + ", " + overhead(largest.overheadPercent()) + " ("
                    + Numbers.times(largest.bytes() / smallest.bytes()) + " " + smallest.label() + ")";
        }
        return s + ".";
    }

    private static String overhead(double percent) {
        return percent >= 0
                ? Numbers.percent(percent) + "% over the flat array"
                : Numbers.percent(-percent) + "% under the flat array";
    }

    /** The engine that burnt most CPU in its own threads while writing, and the one with most open files. */
    List<String> costs(List<Result> runs) {
        List<String> sentences = new ArrayList<>();
        runs.stream()
                .filter(r -> r.workload().equals("write") && r.metric(Metric.CPU_BACKGROUND) > 0)
                .max(Comparator.comparingDouble(r -> r.metric(Metric.CPU_BACKGROUND)))
                .ifPresent(r -> sentences.add("Most background CPU while writing: " + name(r) + ", "
                        + Numbers.count(r.metric(Metric.CPU_BACKGROUND)) + " ms per trial"
                        + share(r) + "."));
        runs.stream()
                .filter(r -> !Double.isNaN(r.metric(Metric.FD_PEAK)))
                .max(Comparator.comparingDouble(r -> r.metric(Metric.FD_PEAK)))
                .ifPresent(r -> sentences.add("Most open files at a peak: " + name(r) + ", "
                        + Numbers.count(r.metric(Metric.FD_PEAK)) + " (" + r.workload() + ")."));
        return sentences;
    }

    /** ", 45% of its benchmark thread's CPU" when the benchmark thread's CPU is known. */
    static String share(Result r) {
        double measured = r.metric(Metric.CPU_MEASURED);
        if (Double.isNaN(measured) || measured <= 0) {
            return "";
        }
        return " (" + Math.round(100 * r.metric(Metric.CPU_BACKGROUND) / measured) + "% of its benchmark thread's CPU)";
    }

    /** Per spec, the value of the swept parameter with the fastest time, then the fastest overall. */
    List<String> sweepBest(Group group, String workload, String param, List<String> specList, Figures.Unit unit) {
        List<String> sentences = new ArrayList<>();
        Result overall = null;
        for (String spec : specList) {
            Optional<Result> best = group.results().stream()
                    .filter(r -> r.store().equals(spec) && r.workload().equals(workload) && r.ok())
                    .min(Comparator.comparingDouble(Result::ms));
            if (best.isEmpty()) {
                continue;
            }
            Result r = best.get();
            sentences.add("**" + workload + "**, " + specs.label(spec) + ": fastest with "
                    + Figures.valueText(param, r.key().param(param)) + " (" + time(r, unit) + ").");
            if (overall == null || r.ms() < overall.ms()) {
                overall = r;
            }
        }
        if (overall != null && specList.size() > 1) {
            sentences.add("Fastest " + workload + " of all: " + name(overall) + " with "
                    + Figures.valueText(param, overall.key().param(param)) + " (" + time(overall, unit) + ").");
        }
        return sentences;
    }

    /** Of all one-byte steps of the swept value size, the one that grows storage the most. */
    String largestStep(List<Tables.Step> steps) {
        return steps.stream()
                .max(Comparator.comparingDouble(Tables.Step::percent))
                .map(s -> "Largest storage step from one more value byte: " + s.label() + ", "
                        + Numbers.count(s.fromSize()) + " → " + Numbers.count(s.fromSize() + 1) + " B values: "
                        + Numbers.bytes(s.fromBytes()) + " → " + Numbers.bytes(s.toBytes()) + " ("
                        + (s.percent() >= 0 ? "+" : "") + Numbers.percent(s.percent()) + "%).")
                .orElse("");
    }

    private String name(Result r) {
        return specs.label(r.store());
    }

    private static String time(Result r, Figures.Unit unit) {
        return Numbers.sig3(r.ms() / unit.divisor()) + " " + unit.name();
    }

    private static String timeWithError(Result r, Figures.Unit unit) {
        return Numbers.sig3(r.ms() / unit.divisor()) + " ± " + Numbers.sig2(r.errorMs() / unit.divisor()) + " "
                + unit.name();
    }

    /** Whether two scores' JMH error intervals overlap (both errors known). */
    static boolean overlap(Result a, Result b) {
        if (Double.isNaN(a.errorMs()) || Double.isNaN(b.errorMs())) {
            return false;
        }
        Result low = a.ms() <= b.ms() ? a : b;
        Result high = low == a ? b : a;
        return low.ms() + low.errorMs() >= high.ms() - high.errorMs();
    }

    /**
     * The amplification test in sentences, per sync setting over the engines (not the limit rows): which wrote the
     * least and the most per user byte under the overwrites, and which ended the smallest and the largest on disk.
     * A run whose overwrites its engine skipped ({@link Amplification#overwritesSkipped}) is left out.
     * A single measurement each, on one disk: differences of a few percent are not a ranking.
     */
    List<String> amp(Group group, List<String> specList) {
        List<String> sentences = new ArrayList<>();
        for (String sync : group.values("sync")) {
            Map<String, Amplification> runs = new LinkedHashMap<>();
            for (String spec : specList) {
                if (!specs.reference(spec)) {
                    group.find(spec, "amp", "sync", sync)
                            .filter(r -> r.status() == Result.Status.OK)
                            .map(Amplification::of)
                            .filter(a -> !a.overwritesSkipped(spec))
                            .ifPresent(a -> runs.put(spec, a));
                }
            }
            if (runs.size() < 2) {
                continue;
            }
            String with = group.values("sync").size() > 1 ? "With sync=" + sync + ", u" : "U";
            sentences.add(with + "nder the overwrites "
                    + extremes(runs, Amplification::writeAmpOverwrite, " bytes written per byte put") + "; after them "
                    + extremes(runs, Amplification::spaceAmpOverwrite, " bytes on disk per byte held") + ".");
        }
        return sentences;
    }

    /** "X the least (1.2×)... , Y the most (30×)..." of {@code figure} over {@code runs}, NaN left out. */
    private String extremes(Map<String, Amplification> runs, ToDoubleFunction<Amplification> figure, String unit) {
        List<Map.Entry<String, Amplification>> known = runs.entrySet().stream()
                .filter(e -> !Double.isNaN(figure.applyAsDouble(e.getValue())))
                .sorted(Comparator.comparingDouble(e -> figure.applyAsDouble(e.getValue())))
                .toList();
        if (known.isEmpty()) {
            return "nothing was measured";
        }
        Map.Entry<String, Amplification> least = known.get(0);
        Map.Entry<String, Amplification> most = known.get(known.size() - 1);
        return specs.label(least.getKey()) + " had the fewest (" + Numbers.sig3(figure.applyAsDouble(least.getValue()))
                + unit + "), " + specs.label(most.getKey()) + " the most ("
                + Numbers.sig3(figure.applyAsDouble(most.getValue())) + ")";
    }
}
