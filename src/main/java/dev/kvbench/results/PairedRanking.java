package dev.kvbench.results;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The engines of one workload and data set ranked by paired comparison ({@link PairedRatio}): the one rule behind
 * a ranking's winner, its ties and its margins, and behind the interleaver's choice of which engines need more
 * turns. The order is the engines' scores, corrected wherever two neighbours' paired median says otherwise.
 *
 * <ul>
 * <li>{@link Kind#WINNER}: the leader's ratio against every other engine lies above 1 at 99.9%.
 * <li>{@link Kind#TIE}: some engines' ratios against the leader hold 1, and each of those intervals lies within
 * {@link PairedRatio#TIE_WIDTH}: a decided tie.
 * <li>{@link Kind#UNDECIDED}: some engine's ratio against the leader holds 1 with a wider interval (or has too
 * few pairs for one): more turns could still order them.
 * <li>{@link Kind#ALONE}: one engine only.
 * </ul>
 *
 * @param <T> an engine's result, whatever the caller keeps
 */
public final class PairedRanking<T> {

    public enum Kind {
        WINNER,
        TIE,
        UNDECIDED,
        ALONE
    }

    private final List<T> order;
    private final Function<T, Map<Integer, Double>> turns;
    private final Map<List<T>, PairedRatio> ratios = new HashMap<>();

    private PairedRanking(List<T> engines, Function<T, Map<Integer, Double>> turns, ToDoubleFunction<T> score) {
        Map<T, Map<Integer, Double>> byEngine = new HashMap<>();
        this.turns = engine -> byEngine.computeIfAbsent(engine, turns); // each engine's turns once, not once per pair
        List<T> sorted = new ArrayList<>(engines);
        sorted.sort(Comparator.comparingDouble(
                t -> Double.isNaN(score.applyAsDouble(t)) ? Double.POSITIVE_INFINITY : score.applyAsDouble(t)));
        // an insertion sort by the neighbours' paired medians: a comparison of ratios is not always transitive, which a
        // library sort may refuse; the scores' order stands where two engines share no rotation
        for (int i = 1; i < sorted.size(); i++) {
            for (int j = i; j > 0 && ratio(sorted.get(j), sorted.get(j - 1)).median() > 1; j--) {
                T t = sorted.get(j);
                sorted.set(j, sorted.get(j - 1));
                sorted.set(j - 1, t);
            }
        }
        this.order = List.copyOf(sorted);
    }

    /**
     * Ranks {@code engines}: {@code turns} gives each one's turn time per measured rotation, {@code score} its
     * own number (the median of its turns), which orders engines that share no rotation.
     */
    public static <T> PairedRanking<T> of(
            Collection<T> engines, Function<T, Map<Integer, Double>> turns, ToDoubleFunction<T> score) {
        return new PairedRanking<>(List.copyOf(engines), turns, score);
    }

    /** The engines, fastest first. */
    public List<T> order() {
        return order;
    }

    public T leader() {
        return order.isEmpty() ? null : order.get(0);
    }

    /** The second in the order, null with one engine. */
    public T runnerUp() {
        return order.size() < 2 ? null : order.get(1);
    }

    /** {@code other}'s time ÷ {@code base}'s, paired by rotation. */
    public PairedRatio ratio(T base, T other) {
        return ratios.computeIfAbsent(List.of(base, other), k -> PairedRatio.of(turns.apply(base), turns.apply(other)));
    }

    /** The leader's ratio to {@code other}: how much slower {@code other} is. */
    public PairedRatio againstLeader(T other) {
        return ratio(leader(), other);
    }

    /** The engines the leader is not faster than at 99.9%, in order. */
    public List<T> tied() {
        return order.stream()
                .skip(1)
                .filter(other -> !againstLeader(other).baseFaster())
                .toList();
    }

    public Kind kind() {
        if (order.size() < 2) {
            return Kind.ALONE;
        }
        List<T> tied = tied();
        if (tied.isEmpty()) {
            return Kind.WINNER;
        }
        return tied.stream().allMatch(other -> againstLeader(other).narrowTie()) ? Kind.TIE : Kind.UNDECIDED;
    }

    /** Whether the ranking answers who is fastest: a winner, or a decided tie. */
    public boolean decided() {
        return kind() != Kind.UNDECIDED;
    }

    /**
     * The pairs whose order more turns could still settle, the fastest first: the undecided neighbours of the order
     * ({@link #undecidedNeighbours()}), and the leader with each engine it ties with undecided, which keeps the
     * leader from being named the winner though the engine between them is decided against both (Chronicle 1.95×
     * faster than LMDB, LMDB beside LevelDB undecided, Chronicle against LevelDB 0.63-5.91×).
     */
    public List<List<T>> undecidedPairs() {
        List<List<T>> pairs = new ArrayList<>(undecidedNeighbours());
        if (!order.isEmpty()) {
            for (T other : tied()) {
                List<T> pair = List.of(leader(), other);
                if (!againstLeader(other).narrowTie() && !pairs.contains(pair)) {
                    pairs.add(pair);
                }
            }
        }
        return pairs;
    }

    /**
     * The neighbours of the order whose ratio is not yet decided ({@link PairedRatio#decided()}), the fastest pair
     * first: where more turns could change the ranking.
     */
    public List<List<T>> undecidedNeighbours() {
        List<List<T>> pairs = new ArrayList<>();
        for (int i = 0; i + 1 < order.size(); i++) {
            if (!ratio(order.get(i), order.get(i + 1)).decided()) {
                pairs.add(List.of(order.get(i), order.get(i + 1)));
            }
        }
        return pairs;
    }
}
