package dev.kvbench.trial;

import dev.kvbench.results.Metric;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.annotations.Mode;

/**
 * When a trial's pass time has settled: the rule for the verified, untimed passes a trial runs
 * before JMH's warmup, so that the measured passes see the engine's steady state and not its
 * start (the JIT compiling the engine's code, its caches filling, the heap and the engine's
 * memory touched for the first time).
 *
 * <p>JMH's warmup is a fixed time, and a fixed time is a few passes of a slow engine: in the quick
 * suite's 800 ms, Xodus's readKey at 100,000 entries made four passes, and its first five measured
 * passes then took 420 ms where the last five took 50 ms, so its score was neither. The rule:
 * after at least {@link #minNanos}, passes are settled when the medians of the last three windows
 * of passes lie within {@link #TOLERANCE} of each other (the largest at most that much over the
 * smallest). A window is {@link #WINDOW} passes, or a third of the passes so far while there are
 * fewer than {@code 3 × WINDOW} (a slow engine's single passes). Medians, so that one pause (a
 * GC, a flush) neither settles nor unsettles it. Passes stop at {@link #maxNanos} whether settled
 * or not; a trial that did not settle says so in its side-file line, and the report names it
 * (its score is still ranked when its JMH error is within 10%: the error says whether the measured
 * passes agree).
 */
public final class Settle {

    /** One settling pass with what comes before and after it, as the benchmark runs them. */
    @FunctionalInterface
    public interface Pass {
        /** Runs the pass; returns its own time in nanoseconds (what comes before and after it left out). */
        long timed();
    }

    /** A settling pass: {@code before} and {@code after} untimed around the timed {@code pass}. */
    public static Pass of(Runnable before, Runnable pass, Runnable after) {
        return () -> {
            before.run();
            long start = System.nanoTime();
            pass.run();
            long nanos = System.nanoTime() - start;
            after.run();
            return nanos;
        };
    }

    /** Nothing, before or after a pass. */
    public static final Runnable NOTHING = () -> {};

    /** Passes per window once there are enough passes. */
    static final int WINDOW = 5;
    /** How far apart the three windows' medians may be: the largest over the smallest, minus one. */
    static final double TOLERANCE = 0.05;
    /** The largest share of a window's time the JIT may spend compiling in a settled window. */
    static final double JIT_SHARE = 0.10;
    /** The default least and most time spent settling, in milliseconds. */
    static final long DEFAULT_MIN_MS = 0;

    static final long DEFAULT_MAX_MS = 2_000;
    /** System properties of the benchmark forks that override them ({@code maxMs=0}: no settling). */
    static final String MIN_PROPERTY = "kvbench.settle.minMs";

    public static final String MAX_PROPERTY = "kvbench.settle.maxMs";

    private final long minNanos;
    private final long maxNanos;
    private long[] passes = new long[32];
    /** The JIT's total compilation time, in ms, at the end of each pass; negative when the JVM does not say. */
    private long[] compiled = new long[32];
    /** The time since settling began, in ns, at the end of each pass. */
    private long[] ends = new long[32];

    private int count;
    private long elapsed;
    private boolean settled;

    Settle(long minMillis, long maxMillis) {
        if (minMillis < 0 || maxMillis < 0) {
            throw new IllegalArgumentException(
                    "settling times must be at least 0 ms: min " + minMillis + ", max " + maxMillis);
        }
        this.minNanos = minMillis * 1_000_000;
        this.maxNanos = Math.max(minMillis, maxMillis) * 1_000_000;
    }

    /**
     * The rule for a benchmark in JMH mode {@code mode}: none for single-shot runs, whose passes
     * the user counts ({@code -bm ss}: data sets too big to repeat), else {@link #fromProperties()}.
     */
    public static Settle forMode(Mode mode) {
        return mode == Mode.SingleShotTime ? new Settle(0, 0) : fromProperties();
    }

    /** The rule as the fork's system properties set it (the defaults otherwise). */
    static Settle fromProperties() {
        return new Settle(millis(MIN_PROPERTY, DEFAULT_MIN_MS), millis(MAX_PROPERTY, DEFAULT_MAX_MS));
    }

    private static long millis(String property, long fallback) {
        String value = System.getProperty(property);
        return value == null || value.isBlank() ? fallback : parse(property, value);
    }

    private static long parse(String property, String value) {
        long millis;
        try {
            millis = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            millis = -1;
        }
        if (millis < 0) {
            throw new IllegalArgumentException("-D" + property + "=" + value + " is not a whole number of milliseconds"
                    + " (0 or more; -D" + MAX_PROPERTY + "=0 turns settling off)");
        }
        return millis;
    }

    /**
     * Checks the settling properties among a command line's fork JVM options ({@code -jvmArgsAppend}),
     * so that a mistake stops the run with one line before any fork starts.
     *
     * @throws IllegalArgumentException naming the first bad one and what is allowed
     */
    public static void check(java.util.Collection<String> jvmArgs) {
        String prefix = "-Dkvbench.settle.";
        for (String option : jvmArgs) {
            for (String arg : option.trim().split("\\s+")) {
                if (!arg.startsWith(prefix)) {
                    continue;
                }
                int equals = arg.indexOf('=');
                String property = arg.substring(2, equals < 0 ? arg.length() : equals);
                if (!property.equals(MIN_PROPERTY) && !property.equals(MAX_PROPERTY)) {
                    throw new IllegalArgumentException("unknown option " + arg + " (settling takes -D" + MIN_PROPERTY
                            + "=MS and -D" + MAX_PROPERTY + "=MS)");
                }
                parse(property, equals < 0 ? "" : arg.substring(equals + 1));
            }
        }
    }

    /** Runs {@code pass} untimed until the passes settle or the cap; {@link #metrics()} then says how it went. */
    void settle(Pass pass) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean timed = jit != null && jit.isCompilationTimeMonitoringSupported();
        long start = System.nanoTime();
        while (ran(pass.timed(), System.nanoTime() - start, timed ? jit.getTotalCompilationTime() : -1)) {
            // the rule decides
        }
    }

    /** Whether the trial settles at all ({@code maxMs=0} turns it off). */
    boolean enabled() {
        return maxNanos > 0;
    }

    /**
     * Records one pass of {@code nanos}; {@code elapsedNanos} is the time since settling began and
     * {@code compileMillis} the JIT's total compilation time so far (negative when unknown).
     *
     * @return whether to run another pass
     */
    boolean ran(long nanos, long elapsedNanos, long compileMillis) {
        if (count == passes.length) {
            passes = Arrays.copyOf(passes, count * 2);
            compiled = Arrays.copyOf(compiled, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
        }
        passes[count] = nanos;
        compiled[count] = compileMillis;
        ends[count] = elapsedNanos;
        count++;
        elapsed = elapsedNanos;
        settled = elapsedNanos >= minNanos && steady() && jitQuiet();
        return !settled && elapsedNanos < maxNanos;
    }

    /**
     * Whether the JIT spent at most {@link #JIT_SHARE} of the last window's time compiling: while it
     * is compiling, the code a pass runs may still change (Xodus's cursor passes ran 80 ms for
     * seconds, then 8 ms once C2 had compiled them). True when the JVM does not tell.
     */
    private boolean jitQuiet() {
        int last = count - 1;
        if (compiled[last] < 0) {
            return true;
        }
        int before = last - window(); // steady() asks first, so there are three windows and before >= 0
        long compiling = compiled[last] - compiled[before];
        long wall = ends[last] - ends[before];
        return compiling * 1_000_000 <= JIT_SHARE * wall;
    }

    /** Whether the last three windows' medians are within {@link #TOLERANCE} of each other. */
    private boolean steady() {
        int window = window();
        if (window == 0) {
            return false;
        }
        double lowest = Double.MAX_VALUE;
        double highest = 0;
        for (int w = 1; w <= 3; w++) {
            double median = median(count - w * window, window);
            lowest = Math.min(lowest, median);
            highest = Math.max(highest, median);
        }
        return highest <= lowest * (1 + TOLERANCE);
    }

    /** Passes per window now: {@link #WINDOW}, or a third of the passes while there are fewer than three windows' worth. */
    private int window() {
        return Math.min(WINDOW, count / 3);
    }

    private double median(int from, int length) {
        long[] window = Arrays.copyOfRange(passes, from, from + length);
        Arrays.sort(window);
        return length % 2 == 1 ? window[length / 2] : (window[length / 2 - 1] + window[length / 2]) / 2.0;
    }

    boolean settled() {
        return settled;
    }

    /** The side-file figures: passes, time, whether they settled, and the last window's median. */
    Map<String, Object> metrics() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Metric.SETTLE_PASSES, count);
        m.put(Metric.SETTLE_MS, Math.round(elapsed / 1e5) / 10.0);
        m.put(Metric.SETTLED, settled ? 1 : 0);
        m.put(Metric.SETTLE_MAX_MS, maxNanos / 1_000_000);
        if (count > 0) {
            int window = Math.max(1, window());
            m.put(Metric.SETTLE_LAST_MS, Math.round(median(count - window, window) / 1e3) / 1e3);
        }
        return m;
    }
}
