package dev.kvbench.interleave;

import dev.kvbench.results.PairedRanking;
import dev.kvbench.results.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * Which engines take the extra rotations after the fewest: those of the pairs whose order more turns can still decide.
 * The paired ranking ({@link PairedRanking}) says which pairs are undecided; this says which of them are worth the
 * time the extra turns take.
 */
final class UndecidedPairs {

    private UndecidedPairs() {}

    /**
     * The engines that take the next rotation: those of the pairs of the paired ranking of {@code ranked} whose order
     * is not decided yet, neighbours and the leader's undecided rivals ({@link PairedRanking#undecidedPairs()}),
     * leaving out a pair
     * that {@code left} more rotations would not decide either; none when every pair is decided. The extra turns go
     * where the answer needs them: a close pair needs hundreds of pairs, which every engine cannot take.
     */
    static <T> List<T> engines(
            List<T> ranked, Function<T, Map<Integer, Double>> turns, ToDoubleFunction<T> median, int left) {
        PairedRanking<T> ranking = PairedRanking.of(ranked, turns, median);
        List<T> engines = new ArrayList<>();
        for (List<T> pair : ranking.undecidedPairs()) {
            if (decidable(ranking.ratio(pair.get(0), pair.get(1)), left)) {
                pair.stream().filter(engine -> !engines.contains(engine)).forEach(engines::add);
            }
        }
        return engines;
    }

    /**
     * The engines of the variant pairs (another library version or JVM of one store: {@code rocksdb:version=10.10.1.1}
     * and {@code rocksdb}) whose ratio is not decided yet and that {@code left} more rotations could decide. The
     * question of an upgrade is that pair's ratio, which the ranking's neighbours need not include: an engine between
     * the two, or a third variant, would leave it undecided.
     */
    static <T> List<T> variants(
            List<T> ranked,
            Function<T, String> base,
            Function<T, Map<Integer, Double>> turns,
            ToDoubleFunction<T> median,
            int left) {
        List<T> engines = new ArrayList<>();
        PairedRanking<T> ranking = null;
        for (int i = 0; i < ranked.size(); i++) {
            for (int j = i + 1; j < ranked.size(); j++) {
                T a = ranked.get(i);
                T b = ranked.get(j);
                if (!base.apply(a).equals(base.apply(b))) {
                    continue;
                }
                if (ranking == null) {
                    ranking = PairedRanking.of(ranked, turns, median);
                }
                PairedRatio ratio = ranking.ratio(a, b);
                if (!ratio.decided() && decidable(ratio, left)) {
                    List.of(a, b).stream()
                            .filter(engine -> !engines.contains(engine))
                            .forEach(engines::add);
                }
            }
        }
        return engines;
    }

    /**
     * The undecided pairs of the paired ranking of {@code ranked} ({@link PairedRanking#undecidedPairs()}) that are
     * JVM-bound: at least one of the two engines' JVMs differ ({@code jvmsDiffer}, {@link
     * dev.kvbench.results.SteadyTurns#jvmsDiffer}), so that every ratio of the pair holds which of its JVMs ran, and
     * more turns in the same JVMs cannot decide it; more JVMs can ({@link MoreJvms}).
     */
    static <T> List<List<T>> jvmBound(
            List<T> ranked,
            Function<T, Map<Integer, Double>> turns,
            ToDoubleFunction<T> median,
            Predicate<T> jvmsDiffer) {
        return PairedRanking.of(ranked, turns, median).undecidedPairs().stream()
                .filter(pair -> jvmsDiffer.test(pair.get(0)) || jvmsDiffer.test(pair.get(1)))
                .toList();
    }

    /**
     * Whether {@code left} more pairs could decide {@code ratio}: the interval its spread gives at that many pairs would
     * leave 1 out, or lie within the width of a decided tie. A pair without an interval yet may, when it can reach one.
     */
    static boolean decidable(PairedRatio ratio, int left) {
        if (left <= 0) {
            return false;
        }
        if (!ratio.hasInterval() || Double.isNaN(ratio.spread())) {
            return ratio.pairs() + left >= Turns.fewestForInterval();
        }
        double projected = ratio.halfWidthAt(ratio.pairs() + left);
        return Math.abs(Math.log(ratio.median())) > projected || projected <= Math.log(1 + PairedRatio.TIE_WIDTH);
    }
}
