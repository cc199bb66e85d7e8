package dev.kvbench.report.folder;

import dev.kvbench.results.Metric;
import dev.kvbench.results.Stability;
import dev.kvbench.text.Numbers;
import java.util.Locale;
import java.util.Map;

/**
 * Everything known about one run once the JMH CSV, the side file and the JMH log are joined:
 * its time per pass in milliseconds (NaN without a JMH score), JMH's 99.9% error, its status,
 * its measurements aggregated over forks, and, for an interleaved run, its turns by the rotation
 * they ran in, which rankings pair with the other engines' turns ({@link dev.kvbench.results.PairedRatio}).
 *
 * @param turns measured rotation → the turn's time as measured, ms; empty for a run that was not interleaved
 * @param jvms  each turn's JVM (0-based) by its key in {@code turns}, where the engine ran in more JVMs than the run's
 *              first ones (added where its JVMs disagreed): its score is then the median over its JVMs, and a pair of
 *              two such engines is answered JVM pair by JVM pair ({@link Verdict#dependsOnJvm}); empty otherwise
 */
public record Result(
        RunKey key,
        double ms,
        double errorMs,
        Status status,
        String reason,
        Map<String, Double> metrics,
        Map<Integer, Double> turns,
        Map<Integer, Integer> jvms) {

    /** How many JVMs an engine with JVMs added was scored over ({@link #overJvms()}). */
    static final String JVMS = "jvms.count";
    /** The fastest and the slowest of those JVMs' medians, ms: the interval of the score over them. */
    static final String JVMS_LOW = "jvms.lowMs";

    static final String JVMS_HIGH = "jvms.highMs";
    /** 1 where those JVMs' medians fall in two groups ({@link dev.kvbench.results.SteadyTurns#jvmGroups}). */
    static final String JVM_GROUPS = "jvms.twoGroups";

    /** A run without turns (not interleaved, or no score). */
    public Result(RunKey key, double ms, double errorMs, Status status, String reason, Map<String, Double> metrics) {
        this(key, ms, errorMs, status, reason, metrics, Map.of(), Map.of());
    }

    /** This run with {@code turns}. */
    Result withTurns(Map<Integer, Double> turns) {
        return new Result(key, ms, errorMs, status, reason, metrics, Map.copyOf(turns), jvms);
    }

    /**
     * Whether the run's score is the median over its JVMs, JVMs having been added for it: {@link #ms()} is the median
     * JVM's, and {@link #jvmRange()} the fastest and slowest JVM's.
     */
    public boolean overJvms() {
        return !Double.isNaN(metric(JVMS));
    }

    /** How many JVMs the score was taken over; 0 where it is not over JVMs. */
    public int jvmCount() {
        return overJvms() ? (int) metric(JVMS) : 0;
    }

    /** The fastest and slowest JVM's median, ms, of a score over JVMs; NaNs for any other. */
    public double[] jvmRange() {
        return new double[] {metric(JVMS_LOW), metric(JVMS_HIGH)};
    }

    /** Whether the JVMs of a score over JVMs fall in two groups. */
    public boolean jvmGroups() {
        return metric(JVM_GROUPS) == 1;
    }

    /** Whether the run has turns to pair with another engine's. */
    public boolean paired() {
        return ok() && !turns.isEmpty();
    }

    public enum Status {
        OK,
        SKIPPED,
        FAILED;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public boolean ok() {
        return status == Status.OK && !Double.isNaN(ms);
    }

    /**
     * Whether the score may be ranked or called a winner: JMH's 99.9% error is at most
     * {@link Stability#ERROR} of it. A score without an error (one sample) is not stable either:
     * nothing says how far the next pass could be.
     */
    public boolean stable() {
        return ok() && !Double.isNaN(errorMs) && errorMs <= Stability.ERROR * ms;
    }

    /**
     * Whether the trial's pass time settled before it was measured (every fork's did); true when
     * the trial did not settle at all (single-shot runs, settling turned off, results from before it).
     */
    public boolean settled() {
        double settled = metric(Metric.SETTLED);
        return Double.isNaN(settled) || settled >= 1;
    }

    /**
     * "unstable: ± 250% of the score" or "unstable: one sample, error unknown", with ", pass time
     * still changing after 3.0 s of settling" when the trial did not settle.
     */
    public String instability() {
        String error = Double.isNaN(errorMs)
                ? "unstable: one sample, error unknown"
                : "unstable: ± " + Math.round(100 * errorMs / ms) + "% of the score";
        if (overJvms()) {
            error = "its " + jvmCount() + " JVMs' medians spread " + Numbers.sig3(jvmRange()[0]) + "-"
                    + Numbers.sig3(jvmRange()[1]) + " ms/pass";
        }
        if (!steadyState()) {
            error = noSteadyState();
        }
        error = drifted() ? error + ", " + drift() : error;
        return settled() ? error : error + ", " + unsettled();
    }

    /**
     * Whether the run's turns reached a steady state in at least one of its JVMs (true for a run that was not
     * interleaved): false, it has no score, only the range of its turns, and is never ranked.
     */
    public boolean steadyState() {
        return Double.isNaN(metric(SteadyResults.NO_STEADY_STATE));
    }

    /** How many of its turns the run's score left out (before a JVM's steady state, or of a JVM without one). */
    public int turnsLeftOut() {
        double leftOut = metric(SteadyResults.LEFT_OUT);
        return Double.isNaN(leftOut) ? 0 : (int) leftOut;
    }

    /** The lowest and highest turn, ms, of a run without a steady state; NaNs for any other. */
    public double[] turnRange() {
        return new double[] {metric(SteadyResults.RANGE_LOW), metric(SteadyResults.RANGE_HIGH)};
    }

    /** "no steady state in any JVM: its turns spanned 131-189 ms/pass". */
    public String noSteadyState() {
        return "no steady state in any JVM: its turns spanned " + Numbers.sig3(turnRange()[0]) + "-"
                + Numbers.sig3(turnRange()[1]) + " ms/pass";
    }

    /** Whether the engine's own time moved during its interleaved turns (the log's drift line). */
    public boolean drifted() {
        return !Double.isNaN(metric(TestRun.DRIFT_FIRST));
    }

    /** "its own time drifted from 1.49 to 3.45 ms/pass over its turns (+131%), the host's divided out". */
    String drift() {
        double first = metric(TestRun.DRIFT_FIRST);
        double last = metric(TestRun.DRIFT_LAST);
        return "its own time drifted from " + Numbers.sig3(first) + " to " + Numbers.sig3(last)
                + " ms/pass over its turns (" + String.format(Locale.ROOT, "%+.0f%%", 100 * (last / first - 1))
                + "), the host's divided out";
    }

    /** "pass time still changing after 3.0 s of settling". */
    String unsettled() {
        double seconds = metric(Metric.SETTLE_MS) / 1000;
        return "pass time still changing after "
                + (Double.isNaN(seconds) ? "its" : String.format(Locale.ROOT, "%.1f s of", seconds)) + " settling";
    }

    /** A measurement from the side file, NaN when the engine or the run did not report it. */
    public double metric(String name) {
        Double value = metrics.get(name);
        return value == null ? Double.NaN : value;
    }

    public String workload() {
        return key.workload();
    }

    public String store() {
        return key.store();
    }
}
