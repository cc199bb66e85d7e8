package dev.kvbench.report.section;

import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.RunKey;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.results.JvmPairs;
import dev.kvbench.results.PairedRatio;
import dev.kvbench.results.SteadyState;
import dev.kvbench.results.SteadyTurns;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Method section's paragraph on the steady state of the interleaved engines: how each engine-JVM's turns were
 * checked for changepoints, how many were flat, every one that was not, with its class and the turns its score left
 * out, and the engines whose JVMs disagree; empty for a folder without interleaved turns.
 */
final class Changepoints {

    private final ResultsFolder folder;
    private final Specs specs;
    /** The unit of a turn's time: "ms/pass" for the 2016 passes, "ms/op" for YCSB's operations. */
    private final String unit;

    Changepoints(ResultsFolder folder, Specs specs, String unit) {
        this.folder = folder;
        this.specs = specs;
        this.unit = unit;
    }

    String text() {
        int jvms = 0;
        int flat = 0;
        List<String> notFlat = new ArrayList<>();
        List<String> differ = new ArrayList<>();
        List<String> byJvm = new ArrayList<>();
        for (TestRun test : folder.tests) {
            byJvm.addAll(dependsOnTheJvm(test));
            for (Map.Entry<RunKey, SteadyTurns> run : test.steadiness.entrySet()) {
                SteadyTurns steady = run.getValue();
                for (SteadyTurns.Jvm jvm : steady.jvms()) {
                    jvms++;
                    flat += jvm.state().kind() == SteadyState.Kind.FLAT ? 1 : 0;
                }
                String name = "test " + test.number + " " + run.getKey().workload() + ", "
                        + specs.label(run.getKey().store());
                List<String> jvmTexts = steady.notFlat(unit);
                if (!jvmTexts.isEmpty()) {
                    notFlat.add(name + " " + String.join("; ", jvmTexts));
                }
                if (steady.jvmsDiffer()) {
                    differ.add(name + ": " + jvmMediansText(steady, unit));
                }
            }
        }
        if (jvms == 0) {
            return "";
        }
        return "Steady state, measured: each engine-JVM's turns, in the order they ran and divided by their "
                + "rotation's host factor, were split at their changepoints (the optimal partition of their "
                + "logarithms, a penalty of " + String.format(Locale.ROOT, "%.0f", SteadyState.PENALTY)
                + " ln n of the turns' noise per segment, levels within " + Math.round(100 * SteadyState.STEP)
                + "% of each other joined), as Barrett et al. classify a VM's iterations: flat, warm-up (the last "
                + "level is the fastest), slowdown, or no steady state (the last level shorter than a quarter of the "
                + "turns, or its turns in two groups). A score and every paired ratio use only the turns at a JVM's "
                + "steady level (after its last changepoint, and any earlier level within "
                + Math.round(100 * SteadyState.STEP) + "% of it); a JVM without a steady state gives none, and an "
                + "engine none of whose JVMs reached one is shown as the range of its turns and never ranked. Here "
                + flat + " of " + jvms + " engine-JVMs were flat"
                + (notFlat.isEmpty() ? "." : "; the others: " + String.join("; ", notFlat) + ".")
                + differText(differ)
                + (byJvm.isEmpty()
                        ? ""
                        : " Pairs still undecided over the JVMs added for them, JVM pair by JVM pair: "
                                + String.join("; ", byJvm) + ".")
                + overJvmsText();
    }

    /**
     * How an engine with JVMs added is scored, and each one so scored: the tables' number is then its JVMs', and a pair
     * of two such engines may be answered JVM pair by JVM pair; nothing where no JVMs were added.
     */
    private String overJvmsText() {
        List<String> scored = new ArrayList<>();
        for (TestRun test : folder.tests) {
            for (Result r : test.results) {
                if (r.overJvms()) {
                    scored.add("test " + test.number + " " + r.workload() + ", " + specs.label(r.store()) + " "
                            + Numbers.sig3(r.ms()) + " " + unit + " over " + r.jvmCount() + " JVMs ("
                            + Numbers.sig3(r.jvmRange()[0]) + "-" + Numbers.sig3(r.jvmRange()[1]) + ")");
                }
            }
        }
        return scored.isEmpty()
                ? ""
                : " An engine for which JVMs were added is scored by the median of its steady JVMs' medians, with"
                        + " the fastest and the slowest JVM as its interval, since more turns in a JVM narrow only the"
                        + " spread within it: " + String.join("; ", scored) + ". A pair of two such engines still"
                        + " undecided over their turns, one engine's JVMs in two groups and the JVM pairs split, is"
                        + " answered \"depends on the JVM\" with its k of n JVM pairs, and counted as decided.";
    }

    /**
     * For each pair of a test's engines that ran in more JVMs than the run's first ones (added where their JVMs
     * differed) and is still undecided over all its steady turns: "test 1 readSeq, MVStore against LMDB: depends on
     * the JVM: MVStore faster in 3 of 6 JVM pairs, LMDB in 3".
     */
    private List<String> dependsOnTheJvm(TestRun test) {
        List<Map.Entry<RunKey, SteadyTurns>> added = test.steadiness.entrySet().stream()
                .filter(run ->
                        test.log.jvms(run.getKey().benchmark(), run.getKey().store()) != null)
                .toList();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < added.size(); i++) {
            for (int j = i + 1; j < added.size(); j++) {
                RunKey a = added.get(i).getKey();
                RunKey b = added.get(j).getKey();
                Map<Integer, Double> turnsA = added.get(i).getValue().kept();
                Map<Integer, Double> turnsB = added.get(j).getValue().kept();
                if (!a.benchmark().equals(b.benchmark())
                        || PairedRatio.of(turnsA, turnsB).decided()) {
                    continue;
                }
                String depends = JvmPairs.dependsText(
                        JvmPairs.byJvm(turnsA, turnsB, test.log.jvms(a.benchmark(), a.store())),
                        specs.label(a.store()),
                        specs.label(b.store()));
                if (!depends.isEmpty()) {
                    texts.add("test " + test.number + " " + a.workload() + ", " + specs.label(a.store()) + " against "
                            + specs.label(b.store()) + ": " + depends);
                }
            }
        }
        return texts;
    }

    /** The runs whose JVMs disagree, or nothing. */
    private static String differText(List<String> differ) {
        return differ.isEmpty()
                ? ""
                : " JVMs that disagree (each JVM's steady turns apart from the other's, their medians more than "
                        + Math.round(100 * SteadyState.STEP) + "% apart): " + String.join("; ", differ)
                        + ". A pair that holds such an engine rests on which of its JVMs ran, which more turns in the"
                        + " same JVMs do not narrow.";
    }

    /**
     * "JVM 1 1.60 ms/pass, JVM 2 2.07"; with more than two JVMs (added where they disagreed), the engine's answer over
     * them, the median JVM and the range of the JVMs, and their two groups where they fall so: "1.85 ms/pass over 6
     * JVMs (1.60-2.07): 3 of 6 JVMs 1.60 ms/pass, 3 of 6 2.07".
     */
    private static String jvmMediansText(SteadyTurns steady, String unit) {
        if (steady.jvmMedians().size() > 2) {
            double[] over = steady.overJvms();
            String groups = steady.groupsText(unit);
            return Numbers.sig3(over[0]) + " " + unit + " over "
                    + steady.jvmMedians().size() + " JVMs (" + Numbers.sig3(over[1]) + "-" + Numbers.sig3(over[2]) + ")"
                    + (groups.isEmpty() ? "" : ": " + groups);
        }
        List<String> parts = new ArrayList<>();
        steady.jvmMedians()
                .forEach((jvm, ms) ->
                        parts.add("JVM " + (jvm + 1) + " " + Numbers.sig3(ms) + (parts.isEmpty() ? " " + unit : "")));
        return String.join(", ", parts);
    }
}
