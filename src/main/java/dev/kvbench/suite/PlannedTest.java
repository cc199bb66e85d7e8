package dev.kvbench.suite;

import dev.kvbench.text.Numbers;
import dev.kvbench.workload.DataSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A test as it will run here: its number in the suite, the JMH arguments after the user's
 * replacements, the effective parameters and options, its entry count and where that count came
 * from, and what it costs (runs, seconds, work-folder bytes).
 *
 * @param number    1-based position in the suite: the N of {@code out-N.*}
 * @param test      the suite's test
 * @param args      JMH's command line (without the result file options)
 * @param params    every JMH parameter the test runs with, the user's replacing the suite's
 * @param options   every JMH option the test runs with, the user's replacing the suite's
 * @param num       the entries (the largest when several are given)
 * @param numSource {@code suite}, {@code scaled} (to the budget) or {@code user} ({@code -p num})
 * @param runs      JMH runs: workloads x stores x every other parameter's values x forks
 * @param seconds   a rough cost estimate
 * @param largest   the data set that needs the most room in the work folder
 * @param space     one store's room ({@link Planner#storeSpace}), times the stores held at once ({@link Planner#storesAtOnce})
 * @param groups    the stores of each group an interleaved test too large for memory runs in, one JMH command each, the
 *                  anchor in every one ({@link MemoryPlan#groups}); empty where its stores run as one
 */
public record PlannedTest(
        int number,
        Experiment test,
        List<String> args,
        Map<String, String> params,
        Map<String, String> options,
        int num,
        String numSource,
        long runs,
        long seconds,
        DataSpec largest,
        long space,
        List<List<String>> groups) {

    /** The command that reruns this test by hand, as the meta file and the report show it. */
    public String command() {
        StringBuilder line = new StringBuilder("java -jar target/benchmarks.jar");
        for (String arg : args) {
            line.append(' ').append(Shell.word(arg));
        }
        return line.toString();
    }

    /** A title that names sizes: "... 10,000,000 entries". */
    private static final Pattern SIZED = Pattern.compile("\\d[\\d,]* entries");

    /**
     * The test's title as this run has it: the suite's, and where the user's {@code -p num} replaced the sizes the
     * title names ("... entries"), the sizes that run ({@code "Beyond memory on a disk: 10,000,000 entries (run with -p num=2,000,000)"}).
     */
    public String title() {
        if (!numSource.equals("user")
                || !params.containsKey("num")
                || !SIZED.matcher(test.title()).find()) {
            return test.title();
        }
        List<String> sizes = new ArrayList<>();
        for (String size : params.get("num").split(",")) {
            sizes.add(Numbers.count(Defaults.integer(size.trim())));
        }
        return test.title() + " (run with -p num=" + String.join(" and ", sizes) + ")";
    }

    /** Bytes of a flat array of the largest data set. */
    public long flatBytes() {
        return largest.flatBytes();
    }

    /** The same test run with JMH's command line {@code changed}. */
    public PlannedTest withArgs(List<String> changed) {
        return new PlannedTest(
                number, test, changed, params, options, num, numSource, runs, seconds, largest, space, groups);
    }

    /** The same test with its time estimate {@code changed}. */
    public PlannedTest withSeconds(long changed) {
        return new PlannedTest(
                number, test, args, params, options, num, numSource, runs, changed, largest, space, groups);
    }

    /** The same planned test of the suite's test {@code changed} (say, the same test in other rounds). */
    public PlannedTest withTest(Experiment changed) {
        return new PlannedTest(
                number, changed, args, params, options, num, numSource, runs, seconds, largest, space, groups);
    }

    /**
     * The same test run in {@code split} groups of its stores (two or more, the anchor in each): every store's runs
     * once and the anchor's once per group, so its runs, its time and the stores it holds at once follow the groups.
     */
    public PlannedTest withGroups(List<List<String>> split) {
        long stores = Defaults.values(params, "store").size();
        long held = split.stream().mapToLong(List::size).sum();
        long largestGroup = split.stream().mapToLong(List::size).max().orElse(stores);
        return new PlannedTest(
                number,
                test,
                args,
                params,
                options,
                num,
                numSource,
                Math.round((double) runs * held / stores),
                Math.round((double) seconds * held / stores),
                largest,
                space / stores * largestGroup,
                List.copyOf(split.stream().map(List::copyOf).toList()));
    }

    /** Whether the test runs in groups of its stores ({@link #withGroups}). */
    public boolean split() {
        return groups.size() > 1;
    }

    /** The store in every group: the first store of the first group that every other group holds too. */
    public String anchor() {
        return groups.isEmpty()
                ? ""
                : groups.get(0).stream()
                        .filter(spec -> groups.stream().allMatch(g -> g.contains(spec)))
                        .findFirst()
                        .orElse("");
    }

    /** JMH's command line of group {@code g} (1-based): the test's, its stores those of the group. */
    public List<String> groupArgs(int g) {
        List<String> changed = new ArrayList<>(args);
        for (int i = 0; i + 1 < changed.size(); i++) {
            if (changed.get(i).equals("-p") && changed.get(i + 1).startsWith("store=")) {
                changed.set(i + 1, "store=" + String.join(",", groups.get(g - 1)));
            }
        }
        return changed;
    }

    /** The command that reruns group {@code g} (1-based) by hand. */
    public String groupCommand(int g) {
        return withArgs(groupArgs(g)).command();
    }

    /**
     * The test's line in the dry run and in the progress: "test 2 of 7: TITLE (16 runs x 2-3 rounds, 100000 entries)"
     * ({@code tests}: the suite's tests, the N of "test n of N").
     */
    public String heading(int tests) {
        Rounds rounds = test.repeat();
        String times = !rounds.repeated()
                ? ""
                : rounds.min() == rounds.max()
                        ? " x " + rounds.min() + " rounds"
                        : " x " + rounds.min() + "-" + rounds.max() + " rounds";
        return "test " + number + " of " + tests + ": " + title() + " (" + runs + " runs" + times + ", "
                + (params.containsKey("fanout") ? "a tree of " + num + " directories" : num + " entries") + ")";
    }
}
