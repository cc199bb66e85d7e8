package dev.kvbench.suite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The JMH command of each round of a test run in rounds ({@link Rounds}): every store in an order shuffled per test
 * and round (seeded, so a rerun runs the same orders), and in the extra rounds only the benchmarks and stores whose
 * interval is still wide, one command per group of stores.
 */
final class RoundCommands {

    private RoundCommands() {}

    /** {@code test} run in {@code rounds} (KVBENCH_ROUNDS in place of the suite's), its time estimate scaled to them. */
    static PlannedTest withRounds(PlannedTest test, Rounds rounds) {
        long seconds = test.seconds() / test.test().repeat().min() * rounds.min();
        return test.withTest(test.test().repeated(rounds)).withSeconds(seconds);
    }

    /** The worse of two JMH exit statuses: a failure in any round is the test's. */
    static int worse(int a, int b) {
        return a != 0 ? a : b;
    }

    /**
     * Round {@code r}'s JMH arguments: the planned ones, with the store list in an order shuffled for this
     * test and round; as planned for a test run once.
     */
    static List<String> shuffled(PlannedTest test, Rounds repeat, int r) {
        if (!repeat.repeated()) {
            return test.args();
        }
        List<String> args = new ArrayList<>(test.args());
        for (int i = 0; i + 1 < args.size(); i++) {
            if (isStores(args, i)) {
                List<String> stores = new ArrayList<>(
                        List.of(args.get(i + 1).substring("store=".length()).split(",")));
                Collections.shuffle(stores, random(test, r));
                args.set(i + 1, "store=" + String.join(",", stores));
            }
        }
        return args;
    }

    /** The JMH arguments of an extra round for {@code benchmarks} on {@code stores} only (shuffled). */
    static List<String> restricted(PlannedTest test, List<String> benchmarks, Set<String> stores, int r) {
        List<String> args = new ArrayList<>(test.args());
        args.set(
                0,
                "^(" + String.join("|", benchmarks.stream().map(Pattern::quote).toList()) + ")$");
        List<String> order = new ArrayList<>(stores);
        Collections.shuffle(order, random(test, r));
        boolean replaced = false;
        for (int i = 0; i + 1 < args.size(); i++) {
            if (isStores(args, i)) {
                args.set(i + 1, "store=" + String.join(",", order));
                replaced = true;
            }
        }
        if (!replaced) {
            args.addAll(List.of("-p", "store=" + String.join(",", order)));
        }
        return args;
    }

    private static boolean isStores(List<String> args, int i) {
        return args.get(i).equals("-p") && args.get(i + 1).startsWith("store=");
    }

    private static Random random(PlannedTest test, int r) {
        return new Random(1_000L * test.number() + r);
    }

    /** Benchmarks grouped by the stores that need another round of them: one JMH command per group. */
    static Map<Set<String>, List<String>> byStores(Map<String, Set<String>> wide) {
        Map<Set<String>, List<String>> groups = new LinkedHashMap<>();
        wide.forEach((benchmark, stores) ->
                groups.computeIfAbsent(stores, s -> new ArrayList<>()).add(benchmark));
        return groups;
    }

    /** The runs of {@code wide}: its stores, summed over its benchmarks. */
    static int count(Map<String, Set<String>> wide) {
        return wide.values().stream().mapToInt(Set::size).sum();
    }
}
