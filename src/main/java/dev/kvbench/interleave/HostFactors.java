package dev.kvbench.interleave;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The host's speed in each rotation of a block, read from the engines themselves, and divided out of
 * their turns. A slow phase of the host that lasts a rotation makes every engine's turn in it slow
 * together; the median over the engines of "this turn ÷ this engine's median turn" says by how much,
 * and dividing each turn by it leaves what the engine did. Interleaving alone only spreads such a
 * phase over all engines, where it still widens every interval; this takes it out.
 *
 * <p>Each turn's factor comes from the <em>other</em> engines of its rotation (never from its own turn,
 * so an engine's own noise is not subtracted from itself and its interval is not narrowed by it), and
 * only when at least {@link #MIN_OTHERS} others ran in that rotation: with fewer, the median of their
 * turns is too noisy to be a better guess than 1, and the turn stands as measured. It works on
 * logarithms (a factor, not a difference), one step of Tukey's median polish: engine medians, then
 * rotation medians of what is left.
 */
final class HostFactors {

    /** The fewest other engines in a rotation for its factor to be used. */
    static final int MIN_OTHERS = 5;

    private HostFactors() {}

    /** One turn's share of a rotation: the trial it belongs to and its log time over the trial's log median. */
    private record Residual(Turns turns, double value) {}

    /**
     * Sets every turn's host factor from the other trials' turns of its rotation ({@code block}: each trial's
     * turns, of one block); a turn whose rotation had fewer than {@link #MIN_OTHERS} others gets 1.
     */
    static void apply(Collection<Turns> block) {
        Map<Integer, List<Residual>> byRotation = residuals(block);
        for (Turns t : block) {
            for (int i = 0; i < t.count(); i++) {
                List<Residual> rotation = byRotation.get(t.rotation(i));
                double[] others = rotation.stream()
                        .filter(r -> r.turns() != t)
                        .mapToDouble(Residual::value)
                        .toArray();
                t.factor(i, others.length >= MIN_OTHERS ? Math.exp(median(others)) : 1);
            }
        }
    }

    /**
     * The host's factor per measured rotation over all trials of the block (for the log, not for the scores,
     * which leave each trial's own turn out), as "1.02 0.97 ...", "-" where fewer than {@link #MIN_OTHERS} + 1
     * trials ran.
     */
    static String text(Collection<Turns> block) {
        StringBuilder text = new StringBuilder();
        for (List<Residual> rotation : residuals(block).values()) {
            double[] all = rotation.stream().mapToDouble(Residual::value).toArray();
            text.append(text.length() == 0 ? "" : " ")
                    .append(all.length > MIN_OTHERS ? String.format(Locale.ROOT, "%.3f", Math.exp(median(all))) : "-");
        }
        return text.toString();
    }

    private static Map<Integer, List<Residual>> residuals(Collection<Turns> block) {
        Map<Integer, List<Residual>> byRotation = new TreeMap<>();
        for (Turns t : block) {
            double median = Math.log(t.rawMedian());
            for (int i = 0; i < t.count(); i++) {
                byRotation
                        .computeIfAbsent(t.rotation(i), r -> new ArrayList<>())
                        .add(new Residual(t, Math.log(t.mean(i)) - median));
            }
        }
        return byRotation;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return Turns.median(sorted);
    }
}
