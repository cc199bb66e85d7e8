package dev.kvbench.interleave;

import dev.kvbench.results.OrderStatistics;
import dev.kvbench.results.SteadyTurns;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
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
 * only when at least {@link SteadyTurns#MIN_OTHERS} others ran in that rotation: with fewer, the median of
 * their turns is too noisy to be a better guess than 1, and the turn stands as measured. It works on
 * logarithms (a factor, not a difference), one step of Tukey's median polish: engine medians, then
 * rotation medians of what is left. The rule is the report's ({@link SteadyTurns#hostFactors}, which finds
 * each engine's steady state in its turns so divided), so that the interleaver and the report divide the
 * same host out of the same turns.
 */
final class HostFactors {

    private HostFactors() {}

    /**
     * Sets every turn's host factor from the other trials' turns of its rotation ({@code block}: each trial's
     * turns, of one block); a turn whose rotation had fewer than {@link SteadyTurns#MIN_OTHERS} others gets 1. The
     * factors are the report's ({@link SteadyTurns#hostFactors}), from the turns as measured.
     */
    static void apply(Collection<Turns> block) {
        Map<Turns, Map<Integer, Double>> factors = SteadyTurns.hostFactors(byRotation(block));
        for (Turns t : block) {
            for (int i = 0; i < t.count(); i++) {
                t.factor(i, factors.get(t).getOrDefault(t.rotation(i), 1.0));
            }
        }
    }

    /**
     * The host's factor per measured rotation over all trials of the block (for the log, not for the scores,
     * which leave each trial's own turn out), as "1.02 0.97 ...", "-" where fewer than
     * {@link SteadyTurns#MIN_OTHERS} + 1 trials ran.
     */
    static String text(Collection<Turns> block) {
        Map<Integer, List<Double>> byRotation = new TreeMap<>();
        SteadyTurns.overMedian(byRotation(block))
                .values()
                .forEach(turns -> turns.forEach((rotation, residual) -> byRotation
                        .computeIfAbsent(rotation, r -> new ArrayList<>())
                        .add(residual)));
        StringBuilder text = new StringBuilder();
        for (List<Double> rotation : byRotation.values()) {
            double[] all =
                    rotation.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            text.append(text.length() == 0 ? "" : " ")
                    .append(
                            all.length > SteadyTurns.MIN_OTHERS
                                    ? String.format(Locale.ROOT, "%.3f", Math.exp(OrderStatistics.median(all)))
                                    : "-");
        }
        return text.toString();
    }

    /** Each trial's turns as measured by rotation; a trial's rotations are its own ({@link Rotations#pairing}). */
    private static Map<Turns, Map<Integer, Double>> byRotation(Collection<Turns> block) {
        Map<Turns, Map<Integer, Double>> byRotation = new LinkedHashMap<>();
        block.forEach(t -> byRotation.put(t, t.byRotation()));
        return byRotation;
    }
}
