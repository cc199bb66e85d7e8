package dev.kvbench.results;

import java.util.Arrays;
import java.util.Map;

/**
 * How much slower one engine is than another that ran in another group of the same test, through the anchor engine
 * both groups held ({@code suite.MemoryPlan}'s groups): each engine's paired ratio to the anchor in its own group
 * ({@link PairedRatio}, turns paired by rotation, so each group's host phases divide out within it), and their quotient,
 * other ÷ base = (other ÷ anchor) ÷ (base ÷ anchor). Turns of two groups never pair directly: they ran minutes apart,
 * in other JVMs, so a ratio of them would hold whatever the host did in between.
 *
 * <p>The interval: each side's median ratio gets a distribution-free interval from its own pairs at {@link
 * #SIDE_CONFIDENCE} (99.95%), and the quotient's interval is their quotient taken at the extremes, low = other's low ÷
 * base's high, high = other's high ÷ base's low; on the log scale, the two half-widths add. Both sides' intervals hold
 * their medians at once with at least 1 − 2 × 0.05% = 99.9% (the union bound: nothing is assumed of how the two groups'
 * errors relate, nor of their shape), and then the quotient's interval holds the quotient of the medians, so the
 * answer keeps the 99.9% of a direct pair. Adding the half-widths, rather than their root-sum-square, is what makes it
 * conservative without a normal or independence assumption: the interval is never narrower than either side's, so a
 * ranking through the anchor is never more certain than the least certain of the two comparisons it is made of.
 *
 * @param ratio the other ÷ base ratio through the anchor, with its combined interval ({@link PairedRatio#decided()}
 *              and {@link PairedRatio#text()} read it as a direct pair's); its pairs are the fewer of the two sides'
 * @param base  the base's ratio to the anchor in its group, base ÷ anchor, at {@link #SIDE_CONFIDENCE}
 * @param other the other's ratio to the anchor in its group, other ÷ anchor, at {@link #SIDE_CONFIDENCE}
 */
public record AnchoredRatio(PairedRatio ratio, PairedRatio base, PairedRatio other) {

    /** Each side's confidence: two at this level hold at once with {@link OrderStatistics#CONFIDENCE} (Bonferroni). */
    public static final double SIDE_CONFIDENCE = 1 - (1 - OrderStatistics.CONFIDENCE) / 2;

    /**
     * {@code other} ÷ {@code base} through the anchor: {@code anchorWithBase} and {@code base} are the turns (rotation →
     * time) of the anchor and the base in the base's group, {@code anchorWithOther} and {@code other} those in the
     * other's group. Where one of the two is the anchor itself, pass its group's anchor turns for both of its maps: its
     * side is then exactly 1, and the answer is the other side's ratio (at {@link #SIDE_CONFIDENCE}, so a little wider
     * than the direct pair's).
     */
    public static AnchoredRatio of(
            Map<Integer, Double> anchorWithBase,
            Map<Integer, Double> base,
            Map<Integer, Double> anchorWithOther,
            Map<Integer, Double> other) {
        PairedRatio baseSide = side(anchorWithBase, base);
        PairedRatio otherSide = side(anchorWithOther, other);
        double median = otherSide.median() / baseSide.median();
        int pairs = Math.min(baseSide.pairs(), otherSide.pairs());
        boolean interval = baseSide.hasInterval() && otherSide.hasInterval();
        PairedRatio ratio = new PairedRatio(
                median,
                interval ? otherSide.low() / baseSide.high() : Double.NaN,
                interval ? otherSide.high() / baseSide.low() : Double.NaN,
                pairs,
                Double.NaN);
        return new AnchoredRatio(ratio, baseSide, otherSide);
    }

    /**
     * {@code engine} ÷ {@code anchor} over the rotations both took a turn in, its interval at {@link #SIDE_CONFIDENCE};
     * exactly 1 (every pair) where the engine is the anchor.
     */
    static PairedRatio side(Map<Integer, Double> anchor, Map<Integer, Double> engine) {
        double[] ratios = anchor.entrySet().stream()
                .filter(e -> engine.containsKey(e.getKey()))
                .mapToDouble(e -> engine.get(e.getKey()) / e.getValue())
                .filter(r -> r > 0 && Double.isFinite(r))
                .toArray();
        Arrays.sort(ratios);
        int n = ratios.length;
        int k = OrderStatistics.lowerRank(n, SIDE_CONFIDENCE);
        double median = OrderStatistics.median(ratios);
        return k < 1
                ? new PairedRatio(median, Double.NaN, Double.NaN, n, Double.NaN)
                : new PairedRatio(median, ratios[k - 1], ratios[n - k], n, Double.NaN);
    }

    /** The log-scale half-width of an interval, the larger of its two sides: NaN without one. */
    public static double logHalfWidth(PairedRatio ratio) {
        return Math.max(Math.log(ratio.median() / ratio.low()), Math.log(ratio.high() / ratio.median()));
    }
}
