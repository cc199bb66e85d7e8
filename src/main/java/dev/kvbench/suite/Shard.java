package dev.kvbench.suite;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One machine's share of a suite, {@code --shard i/n}: every n-th test, tests i, i + n, i + 2n...
 * (1-based, in the suite's order), each whole: a test's engines are compared with each other, so
 * they always run on one machine. A shard keeps the tests' own numbers ({@code out-N.*}), so the
 * shards' folders merge into one ({@code ./process.sh --merge}); it runs into a folder of its own,
 * {@code <date>-<suite>-shard<i>of<n>}, and {@code env.txt} records it as {@code shard: i/n}.
 */
record Shard(int index, int count) {

    /** The whole suite on one machine. */
    static final Shard ALL = new Shard(1, 1);

    static final String OPTION = "--shard";

    private static final Pattern FORM = Pattern.compile("(\\d{1,9})/(\\d{1,9})");

    /** The shard named in {@code args} ({@code --shard i/n} or {@code --shard=i/n}), else {@link #ALL}. */
    static Shard of(List<String> args) {
        return UserArgs.runnerOption(args, OPTION, Shard::parse, ALL);
    }

    /** {@code args} without {@code --shard i/n}: what goes on to JMH. */
    static List<String> without(List<String> args) {
        return UserArgs.withoutRunnerOption(args, OPTION);
    }

    static Shard parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new UsageException(
                    OPTION + " " + text + " is not i/n: give this machine's shard and the number of shards, "
                            + "e.g. --shard 1/2 (tests 1, 3, 5...) and --shard 2/2 (tests 2, 4, 6...)");
        }
        int index = Integer.parseInt(m.group(1));
        int count = Integer.parseInt(m.group(2));
        if (count < 1 || index < 1 || index > count) {
            throw new UsageException(OPTION + " " + text + ": the shard must be from 1 to the number of shards"
                    + (count >= 1 ? " (1 to " + count + ")" : ", which is 1 or more") + ", e.g. --shard 1/"
                    + Math.max(2, count));
        }
        return new Shard(index, count);
    }

    boolean all() {
        return count == 1;
    }

    /** Whether the suite's test number {@code n} (1-based) belongs to this shard. */
    boolean holds(int n) {
        return (n - index) % count == 0 && n >= index;
    }

    /** This shard, checked against a suite of {@code tests} tests: refused when it holds none (more shards than tests). */
    Shard within(int tests, String suite) {
        if (index > tests) {
            throw new UsageException(
                    OPTION + " " + this + ": the " + suite + " suite has " + tests + " test" + (tests == 1 ? "" : "s")
                            + ", so shard " + index + " would run none; use at most " + tests + " shards");
        }
        return this;
    }

    /** The results folder's suffix: "" for the whole suite, "-shard1of2". */
    String folderSuffix() {
        return all() ? "" : "-shard" + index + "of" + count;
    }

    /** env.txt's line: none for the whole suite. */
    List<String> envLines() {
        return all() ? List.of() : List.of("shard: " + this);
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
