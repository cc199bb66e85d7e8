package dev.kvbench.report.section;

import dev.kvbench.report.folder.AnchorGroups;
import dev.kvbench.report.folder.Group;
import dev.kvbench.report.folder.Result;
import dev.kvbench.report.folder.ResultsFolder;
import dev.kvbench.report.folder.Specs;
import dev.kvbench.report.folder.TestRun;
import dev.kvbench.results.AnchoredRatio;
import dev.kvbench.results.PairedRatio;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tests whose stores did not fit in memory at once and ran in groups that did, each holding the anchor store
 * ({@link AnchorGroups}): which engines ran together, and, per workload and data set, every engine ranked by its
 * ratio to the anchor in its own group, each neighbour's margin paired directly where the two ran in one group and
 * through the anchor where they did not ({@link AnchoredRatio}: the ratio of their ratios to the anchor, its interval
 * both sides' together). The test's own tables and verdict pair only engines of one group.
 */
final class AnchoredSection extends Section {

    AnchoredSection(ResultsFolder folder, Specs specs, Markdown md) {
        super(folder, specs, md);
    }

    static final String HEADING = "Engines in groups";

    /** The tests of {@code folder} that ran in groups; none where every test held its stores at once. */
    static List<TestRun> split(ResultsFolder folder) {
        return folder.tests.stream()
                .filter(test -> AnchorGroups.count(test.meta) > 1 && !test.groups.isEmpty())
                .toList();
    }

    @Override
    void write() {
        List<TestRun> split = split(folder);
        if (split.isEmpty()) {
            return;
        }
        md.heading(2, HEADING);
        md.paragraph("These tests held more stores than the memory could at once, so their engines ran in groups that"
                + " fit, each group holding the same anchor engine. Turns pair only within a group; two engines of"
                + " different groups are compared through the anchor: the ratio of each one's ratio to the anchor in"
                + " its own group, with an interval that takes in both (each side at 99.95%, so both hold at once"
                + " with 99.9%), never narrower than either.");
        for (TestRun test : split) {
            writeTest(test);
        }
    }

    private void writeTest(TestRun test) {
        String anchor = AnchorGroups.anchor(test.meta);
        md.heading(3, "Test " + test.number + ": " + test.title());
        List<String> groups = new ArrayList<>();
        for (int g = 1; g <= test.groups.size(); g++) {
            groups.add("group " + g + ": "
                    + String.join(
                            ", ",
                            AnchorGroups.stores(test.meta, g).stream()
                                    .map(specs::label)
                                    .toList()));
        }
        md.paragraph(test.groups.size() + " groups, each with the anchor " + specs.label(anchor) + ":")
                .bullets(groups);
        for (Map.Entry<String, List<Entry>> dataSet : entries(test, anchor).entrySet()) {
            List<Entry> ranked = dataSet.getValue();
            if (ranked.size() < 2) {
                continue;
            }
            List<List<String>> rows = new ArrayList<>();
            for (int i = 0; i < ranked.size(); i++) {
                Entry entry = ranked.get(i);
                rows.add(List.of(
                        Integer.toString(i + 1),
                        specs.label(entry.store()),
                        Integer.toString(entry.group() + 1),
                        entry.toAnchor().text(),
                        i == 0 ? "" : margin(ranked.get(i - 1), entry)));
            }
            md.paragraph("**" + dataSet.getKey() + "**")
                    .table(
                            List.of(
                                    "rank",
                                    "engine",
                                    "group",
                                    "÷ " + specs.label(anchor) + " in its group",
                                    "slower than the one above"),
                            rows);
        }
    }

    /** One engine of a data set: its group (0-based), its run there, and the anchor's run in that group. */
    private record Entry(String store, int group, Result run, Result anchor) {

        PairedRatio toAnchor() {
            return PairedRatio.of(anchor.turns(), run.turns());
        }

        /** Whether this is the anchor itself (its run of group 1). */
        boolean isAnchor() {
            return run == anchor;
        }
    }

    /**
     * The margin of {@code slower} over {@code faster}: paired directly where they ran in one group (the anchor ran in
     * every group, so against it the other's own group pairs them), else through the anchor.
     */
    private static String margin(Entry faster, Entry slower) {
        if (faster.group() == slower.group()) {
            return PairedRatio.of(faster.run().turns(), slower.run().turns()).text() + ", paired";
        }
        if (faster.isAnchor()) {
            return slower.toAnchor().text() + ", paired";
        }
        if (slower.isAnchor()) {
            return faster.toAnchor().inverse().text() + ", paired";
        }
        AnchoredRatio ratio = AnchoredRatio.of(
                faster.anchor().turns(),
                faster.run().turns(),
                slower.anchor().turns(),
                slower.run().turns());
        return ratio.ratio().text() + ", through the anchor";
    }

    /**
     * Each data set and workload's engines (the anchor once, from group 1), fastest first by their median ratio to the
     * anchor in their group; an engine without turns to pair is left out.
     */
    private static Map<String, List<Entry>> entries(TestRun test, String anchor) {
        Map<String, List<Entry>> byDataSet = new LinkedHashMap<>();
        for (int g = 0; g < test.groups.size(); g++) {
            List<Result> group = test.groups.get(g);
            for (Result run : group) {
                if (!run.paired() || (g > 0 && run.store().equals(anchor))) {
                    continue;
                }
                Result own = group.stream()
                        .filter(r -> r.store().equals(anchor)
                                && r.key().benchmark().equals(run.key().benchmark())
                                && withoutStore(r).equals(withoutStore(run)))
                        .findFirst()
                        .orElse(null);
                if (own == null || !own.paired()) {
                    continue;
                }
                String title = run.workload() + ", " + Group.describe(run.key());
                byDataSet.computeIfAbsent(title, t -> new ArrayList<>()).add(new Entry(run.store(), g, run, own));
            }
        }
        byDataSet
                .values()
                .forEach(list -> list.sort(Comparator.comparingDouble(
                        entry -> Double.isNaN(entry.toAnchor().median())
                                ? Double.POSITIVE_INFINITY
                                : entry.toAnchor().median())));
        return byDataSet;
    }

    private static Map<String, String> withoutStore(Result run) {
        Map<String, String> params = new LinkedHashMap<>(run.key().params());
        params.remove("store");
        return params;
    }
}
