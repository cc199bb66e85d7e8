package dev.kvbench.report.section;

import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.results.Metric;
import dev.kvbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * The sentences of the crash and power-cut tests, computed from their results: what a killed writer or a cut power
 * cost each engine. Apart from the ranking sentences of {@link Findings}, since they judge durability, not speed.
 */
final class CrashFindings {

    private final Specs specs;

    CrashFindings(Specs specs) {
        this.specs = specs;
    }

    /**
     * The crash test in sentences: every loss of acknowledged entries with sync (a broken promise
     * of durability), every corrupt entry and failed reopen, loudly; else that none was seen.
     */
    List<String> sentences(Group group, List<String> specList, String workload, String after) {
        List<String> sentences = new ArrayList<>();
        List<String> clean = new ArrayList<>();
        for (String spec : specList) {
            for (String sync : group.values("sync")) {
                Result r = group.find(spec, workload, "sync", sync)
                        .filter(Result::ok)
                        .orElse(null);
                if (r == null) {
                    continue;
                }
                String name = specs.label(spec) + (group.values("sync").size() > 1 ? " with sync=" + sync : "");
                double lost = r.metric(Metric.CRASH_LOST);
                double corrupt = r.metric(Metric.CRASH_CORRUPT);
                double notOpened = r.metric(Metric.CRASH_REPS) - r.metric(Metric.CRASH_OPENED);
                String promise = Specs.durabilityPromise(spec, sync);
                String promised = promise.isEmpty() ? "" : " Its documentation: " + promise + ".";
                if (lost > 0 && "true".equals(sync)) {
                    sentences.add(
                            "**FINDING: " + name + " lost " + Numbers.count(lost) + " acknowledged entries** after "
                                    + Numbers.count(r.metric(Metric.CRASH_REPS)) + " " + after
                                    + "s, with its commits meant to be durable."
                                    + promised);
                } else if (lost > 0) {
                    sentences.add(name + " lost " + Numbers.count(lost)
                            + " acknowledged entries (no sync: allowed, and worth knowing).");
                }
                if (corrupt > 0) {
                    sentences.add("**FINDING: " + name + " returned " + Numbers.count(corrupt)
                            + " corrupt acknowledged entries**" + " after the " + after + "s." + promised);
                }
                if (notOpened > 0) {
                    sentences.add("**FINDING: " + name + " did not open after " + Numbers.count(notOpened) + " of "
                            + Numbers.count(r.metric(Metric.CRASH_REPS)) + " " + after + "s.**" + promised);
                }
                double silent = r.metric(Metric.CRASH_WRITER_SILENT);
                if (silent > 0) {
                    sentences.add("**" + name + "'s writer fell silent in " + Numbers.count(silent) + " of "
                            + Numbers.count(r.metric(Metric.CRASH_REPS))
                            + " repetitions**: alive, it acknowledged no commit"
                            + " within the time limit (2 minutes plus a second per 10,000 entries), and was killed there; those"
                            + " repetitions were checked from that point (the side file's "
                            + Metric.CRASH_WRITER_SILENT_REASON
                            + " says where).");
                }
                if (lost == 0 && corrupt == 0 && notOpened == 0) {
                    clean.add(name);
                }
            }
        }
        if (!clean.isEmpty()) {
            sentences.add(
                    "No acknowledged entry lost, none corrupt, every reopen worked: " + String.join(", ", clean) + ".");
        }
        return sentences;
    }
}
