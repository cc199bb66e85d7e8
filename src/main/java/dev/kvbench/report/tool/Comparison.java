package dev.kvbench.report.tool;

import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.RunKey;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.report.section.ChartKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The runs of two folders matched by benchmark and parameters. */
record Comparison(List<Pair> common, int onlyA, int onlyB, double threshold) {

    /** One run in both folders: its test numbers, its results and B ÷ A. */
    record Pair(int testA, int testB, Result a, Result b, boolean direct) {

        RunKey key() {
            return b.key();
        }

        boolean comparable() {
            return a.ok() && b.ok() && a.ms() > 0;
        }

        double ratio() {
            return b.ms() / a.ms();
        }

        /** The ratio's error from both errors (relative errors added in quadrature); NaN when either is unknown. */
        double ratioError() {
            return ratio() * Math.hypot(a.errorMs() / a.ms(), b.errorMs() / b.ms());
        }

        /** Whether the two intervals overlap; a run without an error could be anything, so it overlaps. */
        boolean overlap() {
            return Double.isNaN(a.errorMs())
                    || Double.isNaN(b.errorMs())
                    || Math.abs(b.ms() - a.ms()) <= a.errorMs() + b.errorMs();
        }

        /** Whether the two 99.9% intervals are apart and the ratio more than {@code threshold} from 1. */
        boolean significant(double threshold) {
            return comparable()
                    && !Double.isNaN(a.errorMs())
                    && !Double.isNaN(b.errorMs())
                    && !overlap()
                    && Math.abs(ratio() - 1) > threshold;
        }
    }

    static Comparison of(ResultsFolder a, ResultsFolder b, double threshold) {
        Map<List<Object>, Pair> inA = runs(a);
        Map<List<Object>, Pair> inB = runs(b);
        List<Pair> common = new ArrayList<>();
        inB.forEach((key, run) -> {
            Pair other = inA.get(key);
            if (other != null) {
                common.add(new Pair(other.testA(), run.testA(), other.a(), run.a(), run.direct()));
            }
        });
        int onlyA = (int) inA.keySet().stream().filter(k -> !inB.containsKey(k)).count();
        int onlyB = (int) inB.keySet().stream().filter(k -> !inA.containsKey(k)).count();
        return new Comparison(common, onlyA, onlyB, threshold);
    }

    /**
     * Every run of a folder (as a pair of it with itself) by its key and how many times the key came
     * before: two tests that ran the same benchmark and parameters (a suite's settings and its
     * engine comparison) are matched in their order, the first with the first.
     */
    private static Map<List<Object>, Pair> runs(ResultsFolder folder) {
        Map<List<Object>, Pair> runs = new LinkedHashMap<>();
        Map<RunKey, Integer> seen = new HashMap<>();
        for (TestRun test : folder.tests) {
            if (ChartKind.of(test) == ChartKind.YCSB) {
                continue; // its answer is the run phase's throughput, not the trial's single-shot time
            }
            for (List<Result> results : List.of(test.results, test.direct)) {
                for (Result r : results) {
                    int occurrence = seen.merge(r.key(), 1, Integer::sum);
                    runs.put(
                            List.of(r.key(), occurrence),
                            new Pair(test.number, test.number, r, r, r.key().direct()));
                }
            }
        }
        return runs;
    }

    List<Pair> significant() {
        return common.stream()
                .filter(p -> p.significant(threshold))
                .sorted(Comparator.comparingDouble(Pair::ratio))
                .toList();
    }

    long comparable() {
        return common.stream().filter(Pair::comparable).count();
    }
}
