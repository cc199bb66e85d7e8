package dev.kvbench.fork;

import dev.kvbench.workload.DataSpec;
import java.util.Locale;

/**
 * How long one benchmark fork (one trial) may run before {@link ForkWatch} kills it as hung:
 * {@code -Dkvbench.timeout} or {@code KVBENCH_TIMEOUT} ({@code 90s}, {@code 20m}, {@code 2h}, a
 * number of seconds, or {@code 0} for none); by default 30 minutes plus one minute per 100,000
 * entries of the run's largest data set, generous for any pass kvbench makes on a working
 * engine (the largest report test's passes take minutes), and short of forever; plus the time
 * the user set a trial's timed phase to run (YCSB's {@code maxexecutiontime}, each iteration).
 */
public final class TrialTimeout {

    static final String PROPERTY = "kvbench.timeout";
    static final String ENVIRONMENT = "KVBENCH_TIMEOUT";

    private TrialTimeout() {}

    /**
     * The timeout in seconds for a run whose largest data set is {@code largest} and whose forks run phases the user
     * timed for {@code timedSeconds} in all; 0 for none.
     */
    public static long seconds(DataSpec largest, long timedSeconds) {
        String given = System.getProperty(PROPERTY);
        String source = "-D" + PROPERTY;
        if (given == null || given.isBlank()) {
            given = System.getenv(ENVIRONMENT);
            source = ENVIRONMENT;
        }
        if (given == null || given.isBlank()) {
            // largest null: no 2016 data set (dirWalk, YCSB)
            return defaultSeconds(largest == null ? 0 : largest.num()) + timedSeconds;
        }
        return parse(given.trim(), source);
    }

    static long defaultSeconds(int num) {
        return 30 * 60 + 60L * (num / 100_000);
    }

    /** {@code 90}, {@code 90s}, {@code 20m}, {@code 2h} in seconds; anything else is one line naming {@code source}. */
    static long parse(String text, String source) {
        String lower = text.toLowerCase(Locale.ROOT);
        long unit = 1;
        String digits = lower;
        if (lower.endsWith("s") || lower.endsWith("m") || lower.endsWith("h")) {
            unit = switch (lower.charAt(lower.length() - 1)) {
                case 'm' -> 60;
                case 'h' -> 3600;
                default -> 1;
            };
            digits = lower.substring(0, lower.length() - 1);
        }
        try {
            long value = Long.parseLong(digits);
            if (value >= 0) {
                return Math.multiplyExact(value, unit);
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // the message below
        }
        throw new IllegalArgumentException(source + "=" + text + " is not a trial timeout; give seconds (90), "
                + "minutes (20m) or hours (2h), or 0 for none");
    }
}
