package dev.kvbench.suite;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import java.util.ArrayList;
import java.util.List;

/**
 * The groups an interleaved test too large for memory at once runs in ({@link MemoryPlan}): each holds the anchor
 * store, through which the report ranks engines of different groups ({@code results.AnchoredRatio}), and as many of
 * the other stores as fit beside it.
 */
final class StoreGroups {

    private StoreGroups() {}

    /**
     * The groups the stores of {@code plan}'s test run in where they do not all fit {@code memAvailable} at once: each
     * holds the anchor ({@link #anchor}) and as many of the other stores, in the test's order, as fit beside it, so that the
     * variants of one store (listed together) share a group and their pair is measured directly; the stores are then
     * spread evenly over that many groups, so no group is a straggler of two. Empty where the test fits as one group,
     * where it cannot be split (a test in rounds: its extra rounds run the wide runs' stores together, which groups
     * would keep apart; fewer than three stores), or where the anchor and some other store do not fit together.
     */
    static List<List<String>> of(MemoryPlan plan, long memAvailable) {
        List<String> specs = plan.specs();
        if (plan.fits(memAvailable) || plan.test().test().repeat().repeated() || specs.size() < 3) {
            return List.of();
        }
        long usable = MemoryPlan.usable(memAvailable);
        String anchor = anchor(plan);
        List<String> others =
                specs.stream().filter(spec -> !spec.equals(anchor)).toList();
        List<List<String>> greedy = greedy(plan, anchor, others, usable);
        if (greedy.isEmpty()) {
            return List.of();
        }
        List<List<String>> even = evenGroups(plan, anchor, others, greedy.size());
        boolean allFit = even.stream().allMatch(group -> need(plan, group) <= usable);
        return allFit ? even : greedy;
    }

    /** Groups filled in the test's order, each the anchor and the next stores while they fit; none if one cannot fit. */
    private static List<List<String>> greedy(MemoryPlan plan, String anchor, List<String> others, long usable) {
        List<List<String>> groups = new ArrayList<>();
        List<String> current = new ArrayList<>(List.of(anchor));
        for (String spec : others) {
            List<String> with = new ArrayList<>(current);
            with.add(spec);
            if (need(plan, with) <= usable) {
                current = with;
                continue;
            }
            if (current.size() < 2 || need(plan, List.of(anchor, spec)) > usable) {
                return List.of();
            }
            groups.add(inOrder(plan, current));
            current = new ArrayList<>(List.of(anchor, spec));
        }
        groups.add(inOrder(plan, current));
        return groups;
    }

    /** {@code others} cut into {@code count} runs of the test's order as even as may be, the anchor added to each. */
    private static List<List<String>> evenGroups(MemoryPlan plan, String anchor, List<String> others, int count) {
        List<List<String>> groups = new ArrayList<>();
        int from = 0;
        for (int g = 0; g < count; g++) {
            int to = from + (others.size() - from) / (count - g);
            List<String> group = new ArrayList<>(others.subList(from, to));
            group.add(anchor);
            groups.add(inOrder(plan, group));
            from = to;
        }
        return groups;
    }

    /** {@code stores} in the test's order. */
    private static List<String> inOrder(MemoryPlan plan, List<String> stores) {
        return plan.specs().stream().filter(stores::contains).toList();
    }

    /** Bytes {@code stores} of {@code plan} need at once at its size. */
    private static long need(MemoryPlan plan, List<String> stores) {
        return plan.need(stores, plan.sizing().size());
    }

    /**
     * The store every group holds: of the ranked stores (a limit row, array, heap or null, is measured but never
     * ranked, and the null store's near-empty turns would make every ratio through it a ratio to the harness's noise),
     * the one that needs the least memory, the first in the test's order among equals. The anchor is held in every
     * group, so its memory is paid once per group: the least demanding one leaves the most room and so makes the
     * fewest groups, and each group fewer means fewer rankings that go through the anchor, whose intervals are wider
     * than a direct pair's.
     */
    static String anchor(MemoryPlan plan) {
        List<String> specs = plan.specs();
        List<String> ranked = specs.stream().filter(spec -> !reference(spec)).toList();
        List<String> from = ranked.isEmpty() ? specs : ranked;
        String best = from.get(0);
        for (String spec : from) {
            if (need(plan, List.of(spec)) < need(plan, List.of(best))) {
                best = spec;
            }
        }
        return best;
    }

    private static boolean reference(String spec) {
        try {
            return Stores.engine(StoreSpec.parse(spec).engine()).isReference();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
