package dev.kvbench.suite;

import java.util.List;
import java.util.Map;

import dev.kvbench.workload.DataSpec;

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
 * @param space     {@code WorkFolder.estimate(largest)}, times the stores held at once ({@link Planner#storesAtOnce})
 */
public record PlannedTest(int number, Experiment test, List<String> args, Map<String, String> params,
                          Map<String, String> options, int num, String numSource, long runs, long seconds,
                          DataSpec largest, long space) {

    /** The command that reruns this test by hand, as the meta file and the report show it. */
    public String command() {
        StringBuilder line = new StringBuilder("java -jar target/benchmarks.jar");
        for (String arg : args) {
            line.append(' ').append(Shell.word(arg));
        }
        return line.toString();
    }

    /** A title that names sizes: "... 10,000,000 entries". */
    private static final java.util.regex.Pattern SIZED = java.util.regex.Pattern.compile("\\d[\\d,]* entries");

    /**
     * The test's title as this run has it: the suite's, and where the user's {@code -p num} replaced the sizes the
     * title names ("... entries"), the sizes that run ({@code "Beyond memory on a disk: 10,000,000 entries (run with -p num=2,000,000)"}).
     */
    public String title() {
        if (!numSource.equals("user") || !params.containsKey("num") || !SIZED.matcher(test.title()).find()) {
            return test.title();
        }
        List<String> sizes = new java.util.ArrayList<>();
        for (String size : params.get("num").split(",")) {
            sizes.add(dev.kvbench.text.Numbers.count(Defaults.integer(size.trim())));
        }
        return test.title() + " (run with -p num=" + String.join(" and ", sizes) + ")";
    }

    /** Bytes of a flat array of the largest data set. */
    public long flatBytes() {
        return largest.flatBytes();
    }
}
