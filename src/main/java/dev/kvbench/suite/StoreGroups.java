package dev.kvbench.suite;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.JvmMemory;
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
        long usable = JvmMemory.usable(memAvailable);
        String anchor = anchor(plan);
        List<String> others =
                specs.stream().filter(spec -> !spec.equals(anchor)).toList();
        // an engine's variants (its JVMs of -p jvm=, its settings) are a unit first, so that the question they ask,
        // which of them is fastest, is answered by direct pairs; a unit too large for one group is cut store by store
        List<List<String>> byEngine = groupsOf(plan, anchor, units(others), usable);
        return byEngine.isEmpty()
                ? groupsOf(plan, anchor, others.stream().map(List::of).toList(), usable)
                : byEngine;
    }

    /** The greedy groups of {@code units}, then spread evenly over as many groups where that fits; none if one cannot fit. */
    private static List<List<String>> groupsOf(MemoryPlan plan, String anchor, List<List<String>> units, long usable) {
        List<List<String>> greedy = greedy(plan, anchor, units, usable);
        if (greedy.isEmpty()) {
            return List.of();
        }
        List<List<String>> even = evenGroups(plan, anchor, units, greedy.size());
        boolean allFit = even.stream().allMatch(group -> need(plan, group) <= usable);
        return allFit ? even : greedy;
    }

    /** {@code stores} cut into runs of one engine each, in their order. */
    static List<List<String>> units(List<String> stores) {
        List<List<String>> units = new ArrayList<>();
        String engine = null;
        for (String spec : stores) {
            String next = engineOf(spec);
            if (units.isEmpty() || !next.equals(engine)) {
                units.add(new ArrayList<>());
                engine = next;
            }
            units.get(units.size() - 1).add(spec);
        }
        return units;
    }

    private static String engineOf(String spec) {
        try {
            return StoreSpec.parse(spec).engine();
        } catch (IllegalArgumentException e) {
            return spec;
        }
    }

    /** Groups filled in the test's order, each the anchor and the next units while they fit; none if one cannot fit. */
    private static List<List<String>> greedy(MemoryPlan plan, String anchor, List<List<String>> units, long usable) {
        List<List<String>> groups = new ArrayList<>();
        List<String> current = new ArrayList<>(List.of(anchor));
        for (List<String> unit : units) {
            List<String> with = new ArrayList<>(current);
            with.addAll(unit);
            if (need(plan, with) <= usable) {
                current = with;
                continue;
            }
            List<String> alone = new ArrayList<>(List.of(anchor));
            alone.addAll(unit);
            if (current.size() < 2 || need(plan, alone) > usable) {
                return List.of();
            }
            groups.add(inOrder(plan, current));
            current = alone;
        }
        groups.add(inOrder(plan, current));
        return groups;
    }

    /**
     * {@code units} cut into {@code count} runs of the test's order, each as near an even share of the stores as whole
     * units allow, the anchor added to each.
     */
    private static List<List<String>> evenGroups(MemoryPlan plan, String anchor, List<List<String>> units, int count) {
        List<List<String>> groups = new ArrayList<>();
        int stores = units.stream().mapToInt(List::size).sum();
        int from = 0;
        int placed = 0;
        for (int g = 0; g < count; g++) {
            double share = (stores - placed) / (double) (count - g);
            List<String> group = new ArrayList<>();
            // at least one unit per group; then a unit joins while that brings the group nearer its share and leaves a
            // unit for every later group; the last group takes what is left
            while (from < units.size()) {
                List<String> unit = units.get(from);
                boolean leavesEnough = units.size() - from - 1 >= count - g - 1;
                boolean nearer = Math.abs(group.size() + unit.size() - share) < Math.abs(group.size() - share);
                if (!group.isEmpty() && g < count - 1 && !(leavesEnough && nearer)) {
                    break;
                }
                group.addAll(unit);
                from++;
            }
            placed += group.size();
            group.add(anchor);
            groups.add(inOrder(plan, group));
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
