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
        long space) {

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
        return new PlannedTest(number, test, changed, params, options, num, numSource, runs, seconds, largest, space);
    }

    /** The same test with its time estimate {@code changed}. */
    public PlannedTest withSeconds(long changed) {
        return new PlannedTest(number, test, args, params, options, num, numSource, runs, changed, largest, space);
    }

    /** The same planned test of the suite's test {@code changed} (say, the same test in other rounds). */
    public PlannedTest withTest(Experiment changed) {
        return new PlannedTest(number, changed, args, params, options, num, numSource, runs, seconds, largest, space);
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
