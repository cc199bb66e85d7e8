package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Metrics;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.results.Metric;
import dev.kvbench.results.Stability;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The harness's own cost: each direct-API baseline's pairs of interleaved passes (the engine's
 * API, then the Store path, on the same store in the same JVM), as the ratio of their times.
 * Over 3% means the harness, not the engine, is measured. Folders from before the pairing
 * compare the baseline's JMH score with the Store benchmark's, run in another JVM.
 */
final class HarnessCostSection extends Section {

    HarnessCostSection(ResultsFolder folder, Specs specs, Markdown md) {
        super(folder, specs, md);
    }

    /** The section, when the folder has direct-API baselines; nothing otherwise. */
    @Override
    void write() {
        List<List<String>> rows = new ArrayList<>();
        List<Result> paired = new ArrayList<>();
        for (TestRun test : folder.tests) {
            for (Result direct : test.direct) {
                if (!Double.isNaN(direct.metric(Metric.HARNESS_RATIO))) {
                    paired.add(direct);
                    rows.add(List.of(
                            specs.label(direct.store()),
                            Group.describe(direct.key()),
                            direct.workload(),
                            Numbers.sig3(direct.metric(Metric.HARNESS_DIRECT)),
                            Numbers.sig3(direct.metric(Metric.HARNESS_STORE)),
                            pairedRatioCell(direct),
                            Numbers.count(direct.metric(Metric.HARNESS_PAIRS))));
                    continue;
                }
                Result store = test.results.stream()
                        .filter(r -> r.key().sameRunAs(direct.key()))
                        .findFirst()
                        .orElse(null);
                if (store == null) {
                    continue;
                }
                rows.add(List.of(
                        specs.label(direct.store()),
                        Group.describe(direct.key()),
                        direct.workload(),
                        Tables.timeCell(direct, Figures.Unit.MS),
                        Tables.timeCell(store, Figures.Unit.MS),
                        ratioCell(store, direct),
                        "—"));
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        md.heading(3, "The harness's own cost: the Store path against the engine's API");
        md.paragraph(paired.isEmpty() ? TWO_JVMS : pairedText(paired));
        md.table(
                List.of(
                        "Engine",
                        "Data set",
                        "Workload",
                        "Direct API (ms/pass)",
                        "Store path (ms/pass)",
                        "Store ÷ direct",
                        "Pairs"),
                rows);
    }

    /** The table's explanation when the two paths ran in two JVMs, not paired in one. */
    private static final String TWO_JVMS =
            "Each row times the same passes over the same data twice, in two JVMs: through kvbench's `Store` "
                    + "interface (adapter, verification of every pass) and with the engine's own API called directly "
                    + "on the store the adapter opened (same settings; only the count of each pass checked). Store ÷ "
                    + "direct near 1.00 means the charts show the engine, not the harness; the goal is within 3%.";

    /**
     * The table's explanation when the two paths alternated in one trial: how a cursor pass read the keys, and
     * whether every ratio came from a single fork.
     */
    private static String pairedText(List<Result> paired) {
        boolean oneFork = paired.stream().allMatch(direct -> Double.isNaN(direct.metric(Metrics.RATIO_MIN)));
        boolean keys = paired.stream().anyMatch(direct -> direct.metric(Metric.HARNESS_DIRECT_KEYS) == 1);
        return "Each row is one trial that alternated passes over the same store in the same JVM: through kvbench's "
                + "`Store` interface (adapter, verification of every pass) and with the engine's own API called "
                + "directly on the store the adapter opened (same settings; only the count of each pass checked"
                + (keys
                        ? "; a cursor pass reads every key and value as the Store pass does, folding the keys "
                                + "and summing the values' lengths"
                        : "; its cursor passes summed lengths without reading the keys, which the Store pass folds")
                + "). Consecutive passes form pairs, in alternating order, so both paths share the JIT, the heap and "
                + "the store's pages; the ratio is the geometric mean of the pairs' ratios, ± its 99.9% "
                + "error (with several forks: the median fork's, and the forks' range, since one fork can land "
                + "a few percent from another). Near 1.00 means the charts show the engine, not the harness; "
                + "the goal is within 3%."
                + (oneFork
                        ? " Here every ratio comes from one fork, so a ratio a few "
                                + "percent from 1.00 may be that fork's and not the harness's: repeat the comparison in several "
                                + "forks (`-f 3`) or in alternating runs (`dev.kvbench.report.tool.AlternatingRuns`) before reading it as the "
                                + "harness's cost."
                        : "");
    }

    /** "1.02 ± 0.01", bold when the ratio is over 3% from 1, "(unstable)" when its error is over 10%. */
    private static String pairedRatioCell(Result direct) {
        if (!direct.ok()) {
            return "—";
        }
        double ratio = direct.metric(Metric.HARNESS_RATIO);
        double error = direct.metric(Metric.HARNESS_RATIO_ERROR);
        String text = String.format(Locale.ROOT, "%.2f", ratio)
                + (Double.isNaN(error) ? "" : String.format(Locale.ROOT, " ± %.2f", error));
        double lowest = direct.metric(Metrics.RATIO_MIN);
        double highest = direct.metric(Metrics.RATIO_MAX);
        if (!Double.isNaN(lowest) && !Double.isNaN(highest)) {
            text += String.format(Locale.ROOT, " (forks %.3f-%.3f)", lowest, highest);
        }
        if (Double.isNaN(error) || error > Stability.ERROR * ratio) {
            return text + " (unstable)";
        }
        return Math.abs(ratio - 1) <= 0.03 ? text : "**" + text + "**";
    }

    private static String ratioCell(Result store, Result direct) {
        if (!store.ok() || !direct.ok()) {
            return "—";
        }
        double ratio = store.ms() / direct.ms();
        String text = String.format(Locale.ROOT, "%.2f", ratio);
        if (!store.stable() || !direct.stable()) {
            return text + " (unstable)";
        }
        return Math.abs(ratio - 1) <= 0.03 ? text : "**" + text + "**";
    }
}
