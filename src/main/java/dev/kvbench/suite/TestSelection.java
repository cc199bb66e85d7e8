package dev.kvbench.suite;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Some of a suite's tests by number, {@code --tests LIST}: LIST is numbers and ranges joined by commas
 * ({@code 1-4}, {@code 2}, {@code 1,3}, {@code 1-2,5}), 1-based as the dry run numbers them ("test 1 of 8").
 * As with a shard ({@link Shard}), the tests keep their own numbers ({@code out-N.*}), so such folders merge
 * into one ({@code ./process.sh --merge}). It runs into a folder of its own, {@code <date>-<suite>-tests<LIST>}
 * with LIST normalised (sorted, overlapping and adjacent numbers joined into ranges, a comma written {@code +}:
 * {@code --tests 5,2-1} writes {@code tests1-2+5}), and {@code env.txt} records it as {@code tests: 1-2,5 of 8}.
 */
record TestSelection(List<Range> ranges) {

    /** Tests {@code from} to {@code to}, both included. */
    record Range(int from, int to) {
        @Override
        public String toString() {
            return from == to ? String.valueOf(from) : from + "-" + to;
        }
    }

    /** The whole suite. */
    static final TestSelection ALL = new TestSelection(List.of());

    static final String OPTION = "--tests";

    private static final String EXAMPLES = "e.g. --tests 1-4, --tests 2 or --tests 1-2,5";
    private static final Pattern ITEM = Pattern.compile("(\\d{1,9})(?:-(\\d{1,9}))?");

    /** The tests named in {@code args} ({@code --tests LIST} or {@code --tests=LIST}), else {@link #ALL}. */
    static TestSelection of(List<String> args) {
        return UserArgs.runnerOption(args, OPTION, TestSelection::parse, ALL);
    }

    /** {@code args} without {@code --tests LIST}: what goes on to JMH. */
    static List<String> without(List<String> args) {
        return UserArgs.withoutRunnerOption(args, OPTION);
    }

    static TestSelection parse(String text) {
        if (text.isEmpty()) {
            throw new UsageException(OPTION + " needs the numbers of the tests to run, " + EXAMPLES);
        }
        List<Range> ranges = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            Matcher m = ITEM.matcher(item);
            if (!m.matches()) {
                throw new UsageException(OPTION + " " + text
                        + " is not a list of test numbers: give numbers and ranges " + "joined by commas, " + EXAMPLES);
            }
            int from = Integer.parseInt(m.group(1));
            int to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
            if (from < 1) {
                throw new UsageException(OPTION + " " + text
                        + ": tests are numbered from 1 (test 1 of N, as the dry run " + "lists them), " + EXAMPLES);
            }
            if (to < from) {
                throw new UsageException(OPTION + " " + text + ": the range " + item
                        + " ends before it starts; give it " + "lowest first, " + to + "-" + from);
            }
            ranges.add(new Range(from, to));
        }
        return new TestSelection(normalised(ranges));
    }

    /** {@code ranges} sorted, overlapping and adjacent ones joined. */
    private static List<Range> normalised(List<Range> ranges) {
        List<Range> sorted = new ArrayList<>(ranges);
        sorted.sort(Comparator.comparingInt(Range::from).thenComparingInt(Range::to));
        List<Range> joined = new ArrayList<>();
        for (Range r : sorted) {
            Range last = joined.isEmpty() ? null : joined.get(joined.size() - 1);
            if (last != null && (long) r.from() <= (long) last.to() + 1) {
                joined.set(joined.size() - 1, new Range(last.from(), Math.max(last.to(), r.to())));
            } else {
                joined.add(r);
            }
        }
        return List.copyOf(joined);
    }

    boolean all() {
        return ranges.isEmpty();
    }

    /** Whether the suite's test number {@code n} (1-based) is selected. */
    boolean holds(int n) {
        return all() || ranges.stream().anyMatch(r -> n >= r.from() && n <= r.to());
    }

    /** This selection, checked against a suite of {@code tests} tests: refused when it names a test the suite lacks. */
    TestSelection within(int tests, String suite) {
        if (!all() && ranges.get(ranges.size() - 1).to() > tests) {
            throw new UsageException(OPTION + " " + this + ": the " + suite + " suite has " + tests + " test"
                    + (tests == 1 ? " (test 1)" : "s: 1 to " + tests) + " (KVBENCH_DRY_RUN=1 ./run.sh " + suite
                    + " lists them)");
        }
        return this;
    }

    /** The results folder's suffix: "" for the whole suite, "-tests1-4", "-tests1-2+5". */
    String folderSuffix() {
        return all() ? "" : "-tests" + toString().replace(',', '+');
    }

    /** env.txt's line: none for the whole suite, else "tests: 1-4 of 8". */
    List<String> envLines(int tests) {
        return all() ? List.of() : List.of("tests: " + this + " of " + tests);
    }

    /** "1-4", "1-2,5". */
    @Override
    public String toString() {
        return String.join(",", ranges.stream().map(Range::toString).toList());
    }
}
