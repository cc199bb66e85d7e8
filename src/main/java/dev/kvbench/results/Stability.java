package dev.kvbench.results;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a number is stable enough to rank, and when an interleaved engine's own time drifted: one threshold for
 * both, so the interleaver names a drift exactly when it alone could keep a score from being ranked. The
 * interleaver writes a drift into the JMH log on a line of its own ({@link #driftLine}), the report reads it
 * back ({@link #parseDriftLine}): the line's format lives here once.
 */
public final class Stability {

    /** The largest error, as a share of the score, that a score may have and still be ranked or called a winner. */
    public static final double ERROR = 0.10;

    private static final Pattern DRIFT_LINE = Pattern.compile(
            "^    drift: ([0-9.eE+-]+) ms/op in the first third of the turns, ([0-9.eE+-]+) in the last");

    private Stability() {}

    /** Whether medians of the first and last third of an engine's turns are far enough apart to be named. */
    public static boolean drifted(double first, double last) {
        return Math.abs(last / first - 1) > ERROR;
    }

    /**
     * The log's line under an engine whose turns drifted: "    drift: 1.490 ms/op in the first third of the turns,
     * 3.450 in the last (+132%), each turn divided by its host factor", from the thirds' medians in ns.
     */
    public static String driftLine(double firstNanos, double lastNanos) {
        return String.format(
                Locale.ROOT,
                "    drift: %.4g ms/op in the first third of the turns, %.4g in the last"
                        + " (%+.0f%%), each turn divided by its host factor",
                firstNanos / 1e6,
                lastNanos / 1e6,
                100 * (lastNanos / firstNanos - 1));
    }

    /** The first and last third's medians (ms) of a {@link #driftLine}, or null when {@code line} is not one. */
    public static double[] parseDriftLine(String line) {
        Matcher matcher = DRIFT_LINE.matcher(line);
        return matcher.find()
                ? new double[] {Double.parseDouble(matcher.group(1)), Double.parseDouble(matcher.group(2))}
                : null;
    }
}
