package dev.kvbench.suite;

/**
 * How a test's JMH run is repeated in rounds, so that a slow phase of the host spreads over every
 * engine instead of landing on one: every round runs every engine once, in an order shuffled per
 * round; the report gives each run the median over its rounds with an interval from them.
 *
 * <p>After {@code min} rounds, only the runs whose interval is still wider than {@code target} of
 * their score get more rounds (measured until the error is small), up to {@code max} rounds and
 * while the test has taken at most {@code cap} times its first round's time.
 *
 * @param min    rounds every run gets (at least 1)
 * @param max    rounds a run whose interval is still wide may get (at least {@code min})
 * @param target the interval, as a share of the score, at which a run needs no more rounds
 * @param cap    extra rounds stop once the test has taken this many times its first round
 */
public record Rounds(int min, int max, double target, double cap) {

    /** One round: the JMH run as it is. */
    public static final Rounds ONCE = new Rounds(1, 1, 0.05, 1);

    /** The environment variable that sets the rounds of every test: {@code 3} or {@code 2-4}. */
    public static final String ENVIRONMENT = "KVBENCH_ROUNDS";

    public Rounds {
        if (min < 1 || max < min) {
            throw new IllegalArgumentException(
                    "rounds must be 1 or more, and the most at least the least: " + min + "-" + max);
        }
    }

    /** {@code value} of {@link #ENVIRONMENT} ("3", "2-4") in place of {@code suite}'s; {@code suite} when unset. */
    static Rounds of(String value, Rounds suite) {
        if (value == null || value.isBlank()) {
            return suite;
        }
        String text = value.trim();
        if (text.matches("\\d{1,2}")) {
            int n = Integer.parseInt(text);
            if (n >= 1) {
                return new Rounds(n, n, suite.target(), Math.max(suite.cap(), n));
            }
        } else if (text.matches("\\d{1,2}-\\d{1,2}")) {
            int min = Integer.parseInt(text.substring(0, text.indexOf('-')));
            int max = Integer.parseInt(text.substring(text.indexOf('-') + 1));
            if (min >= 1 && max >= min) {
                return new Rounds(min, max, suite.target(), Math.max(suite.cap(), max));
            }
        }
        throw new UsageException(ENVIRONMENT + "=" + value + ": give the rounds per test as a number from 1 to 99 (3)"
                + " or as the least and the most (2-4)");
    }

    boolean repeated() {
        return max > 1;
    }
}
