package dev.kvbench.report.folder;

import dev.kvbench.results.PairedRatio;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * How a variant B's time compares with its base A's on one workload, in the words a user asks it in ("is the upgrade
 * faster?"), from their turns paired by rotation: {@code ratio} is B's time ÷ A's ({@link PairedRatio#of} with A as
 * the base), its median and its 99.9% interval, decided by {@link PairedRatio}'s own rule.
 *
 * <p>The percentages are of time, the one convention of the report: B is <em>faster by x%</em> where it takes x% less
 * time than A (x = 1 − ratio), <em>slower by x%</em> where it takes x% more (x = ratio − 1); the interval is given in the
 * same terms. So "faster by 12% (8-15%)" is a ratio of 0.88 whose interval is 0.85-0.92.
 */
public record VariantChange(PairedRatio ratio) {

    public enum Kind {
        FASTER,
        SLOWER,
        NO_DIFFERENCE,
        UNDECIDED
    }

    /** B's turns against A's, each map rotation → the turn's time. */
    public static VariantChange of(Result a, Result b) {
        return new VariantChange(PairedRatio.of(a.turns(), b.turns()));
    }

    public Kind kind() {
        if (ratio.otherFaster()) {
            return Kind.FASTER;
        }
        if (ratio.baseFaster()) {
            return Kind.SLOWER;
        }
        return ratio.narrowTie() ? Kind.NO_DIFFERENCE : Kind.UNDECIDED;
    }

    /**
     * "faster by 12% (8-15%)", "slower by 9% (4-13%)", "no difference larger than ±3%" or "undecided (0.95-1.10×)"
     * (or "undecided (no interval: 7 pairs)").
     */
    public String text() {
        return switch (kind()) {
            case FASTER ->
                "faster by " + percent(1 - ratio.median()) + "% (" + percent(1 - ratio.high()) + "-"
                        + percent(1 - ratio.low()) + "%)";
            case SLOWER ->
                "slower by " + percent(ratio.median() - 1) + "% (" + percent(ratio.low() - 1) + "-"
                        + percent(ratio.high() - 1) + "%)";
            case NO_DIFFERENCE -> "no difference larger than ±" + percent(PairedRatio.TIE_WIDTH) + "%";
            case UNDECIDED -> "undecided (" + ratio.intervalText() + ")";
        };
    }

    /**
     * A share as a percentage: whole percent from 1% up ("12"), below that one significant digit ("0.4"), so that an
     * interval's end that excludes 1 never reads as 0 (the median lies within the interval, so on the same side of 1).
     */
    public static String percent(double share) {
        double p = 100 * share;
        if (Math.abs(p) >= 1 || p == 0) {
            return Long.toString(Math.round(p));
        }
        return new BigDecimal(p).round(new MathContext(1)).stripTrailingZeros().toPlainString();
    }
}
