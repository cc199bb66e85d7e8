package dev.kvbench.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One engine's interleaved turns of one workload, JVM by JVM, checked for a steady state ({@link SteadyState}): which
 * turns each JVM ran, in order, where its steady state began, and the turns that may be scored and paired — those of
 * the JVMs that reached a steady state, from its start on. A JVM without one gives none of its turns; an engine none
 * of whose JVMs reached one has no score, only the range its turns spanned.
 *
 * <p>The turns come keyed by the rotation they are paired under, as the log writes it (1-based): with {@code forks}
 * JVMs per engine, JVM k's turn of measured rotation r is {@code forks × r + k + 1}, so the JVM is the key's remainder
 * and its turns run in key order. Each turn is divided by its host factor before the analysis (the same median polish
 * the interleaver uses, {@link #hostFactors}), so that a slow phase of the host is not taken for a change of the
 * engine's own speed.
 */
public final class SteadyTurns {

    /** One JVM of the engine: its index (0-based), its turns' keys in the order they ran, and its analysis. */
    public record Jvm(int index, List<Integer> keys, SteadyState state) {

        /** The keys of the turns at the JVM's steady level ({@link SteadyState#kept}); none without one. */
        List<Integer> steadyKeys() {
            List<Integer> steady = new ArrayList<>();
            for (int i = 0; i < keys.size(); i++) {
                if (state.kept(i)) {
                    steady.add(keys.get(i));
                }
            }
            return steady;
        }
    }

    /** The fewest other engines in a rotation for its host factor to be used, as in the interleaver. */
    static final int MIN_OTHERS = 5;

    private final Map<Integer, Double> turns;
    private final Map<Integer, Double> factors;
    private final List<Jvm> jvms;

    private SteadyTurns(Map<Integer, Double> turns, Map<Integer, Double> factors, List<Jvm> jvms) {
        this.turns = turns;
        this.factors = factors;
        this.jvms = jvms;
    }

    /**
     * The analysis of one engine's {@code turns} (paired key → the turn as measured), {@code factors} its host factor
     * per key (a key without one: 1), {@code forks} the JVMs per engine (1 or more).
     */
    public static SteadyTurns of(Map<Integer, Double> turns, Map<Integer, Double> factors, int forks) {
        int jvmCount = Math.max(1, forks);
        Map<Integer, Integer> jvmOf = new TreeMap<>();
        turns.keySet().forEach(key -> jvmOf.put(key, Math.floorMod(key - 1, jvmCount)));
        return of(turns, factors, jvmOf);
    }

    /**
     * The analysis of one engine's {@code turns} with each turn's JVM given ({@code jvmOf}: paired key → JVM, 0-based),
     * as the log names it when an engine ran in more JVMs than the first ones, whose keys no longer say it; a key
     * without one is JVM 0.
     */
    public static SteadyTurns of(
            Map<Integer, Double> turns, Map<Integer, Double> factors, Map<Integer, Integer> jvmOf) {
        Map<Integer, List<Integer>> byJvm = new TreeMap<>();
        new TreeMap<>(turns)
                .keySet()
                .forEach(key -> byJvm.computeIfAbsent(jvmOf.getOrDefault(key, 0), j -> new ArrayList<>())
                        .add(key));
        List<Jvm> jvms = new ArrayList<>();
        byJvm.forEach((index, keys) -> {
            double[] divided = keys.stream()
                    .mapToDouble(k -> turns.get(k) / factors.getOrDefault(k, 1.0))
                    .toArray();
            jvms.add(new Jvm(index, List.copyOf(keys), SteadyState.of(divided)));
        });
        return new SteadyTurns(turns, factors, jvms);
    }

    /**
     * Each engine's host factor per key, from a block's turns ({@code block}: engine → key → the turn as measured):
     * the median over the other engines that ran in that rotation, at least {@link #MIN_OTHERS} of them, of their turn
     * over their median turn, in logarithms; a key with fewer others has none.
     */
    public static <E> Map<E, Map<Integer, Double>> hostFactors(Map<E, Map<Integer, Double>> block) {
        Map<E, Double> medians = new LinkedHashMap<>();
        block.forEach((engine, turns) -> medians.put(
                engine,
                Math.log(OrderStatistics.median(turns.values().stream()
                        .mapToDouble(Double::doubleValue)
                        .sorted()
                        .toArray()))));
        Map<E, Map<Integer, Double>> factors = new LinkedHashMap<>();
        block.forEach((engine, turns) -> {
            Map<Integer, Double> own = new LinkedHashMap<>();
            for (Integer key : turns.keySet()) {
                double[] others = block.entrySet().stream()
                        .filter(e -> !e.getKey().equals(engine) && e.getValue().containsKey(key))
                        .mapToDouble(e -> Math.log(e.getValue().get(key)) - medians.get(e.getKey()))
                        .sorted()
                        .toArray();
                if (others.length >= MIN_OTHERS) {
                    own.put(key, Math.exp(OrderStatistics.median(others)));
                }
            }
            factors.put(engine, own);
        });
        return factors;
    }

    public List<Jvm> jvms() {
        return jvms;
    }

    /** Whether every JVM's turns were flat: nothing is left out. */
    public boolean flat() {
        return jvms.stream().allMatch(jvm -> jvm.state().kind() == SteadyState.Kind.FLAT);
    }

    /** Whether at least one JVM reached a steady state: the engine has a score. */
    public boolean steady() {
        return jvms.stream().anyMatch(jvm -> jvm.state().steady());
    }

    /** The turns that may be scored and paired (key → the turn as measured): every steady JVM's from its start on. */
    public Map<Integer, Double> kept() {
        Map<Integer, Double> kept = new TreeMap<>();
        jvms.forEach(jvm -> jvm.steadyKeys().forEach(key -> kept.put(key, turns.get(key))));
        return kept;
    }

    /** How many turns were left out: before a steady state, or of a JVM without one. */
    public int leftOut() {
        return turns.size() - kept().size();
    }

    /** The kept turns divided by their host factors, sorted. */
    private double[] keptDivided() {
        return kept().entrySet().stream()
                .mapToDouble(e -> e.getValue() / factors.getOrDefault(e.getKey(), 1.0))
                .sorted()
                .toArray();
    }

    /** The median of the kept turns, each divided by its host factor: the engine's score; NaN with none. */
    public double median() {
        return OrderStatistics.median(keptDivided());
    }

    /**
     * The half-width of the median's 99.9% interval over the kept turns, the wider side, as the interleaver gives a
     * score's error; NaN with fewer turns than an interval needs.
     */
    public double error() {
        double[] sorted = keptDivided();
        int k = OrderStatistics.lowerRank(sorted.length);
        if (k < 1) {
            return Double.NaN;
        }
        double median = OrderStatistics.median(sorted);
        return Math.max(median - sorted[k - 1], sorted[sorted.length - k] - median);
    }

    /** The lowest and highest turn as measured, over every JVM. */
    public double[] range() {
        double[] all = turns.values().stream().mapToDouble(Double::doubleValue).toArray();
        return all.length == 0
                ? new double[] {Double.NaN, Double.NaN}
                : new double[] {
                    Arrays.stream(all).min().getAsDouble(),
                    Arrays.stream(all).max().getAsDouble()
                };
    }

    /**
     * Each steady JVM's median over its kept turns, each divided by its host factor, by JVM index; where they fall
     * apart ({@link #jvmsDiffer}), more turns in the same JVMs cannot decide a pair that holds this engine, since
     * every ratio of it holds which JVM it came from.
     */
    public Map<Integer, Double> jvmMedians() {
        Map<Integer, Double> medians = new TreeMap<>();
        for (Jvm jvm : jvms) {
            double[] divided = jvm.steadyKeys().stream()
                    .mapToDouble(k -> turns.get(k) / factors.getOrDefault(k, 1.0))
                    .sorted()
                    .toArray();
            if (divided.length > 0) {
                medians.put(jvm.index(), OrderStatistics.median(divided));
            }
        }
        return medians;
    }

    /**
     * Whether the steady JVMs disagree: their medians spread by more than {@link SteadyState#STEP} of the fastest, and
     * the fastest JVM's slowest kept turn is below the slowest JVM's fastest one, so that no turn of one lies among the
     * other's.
     */
    public boolean jvmsDiffer() {
        Map<Integer, Double> medians = jvmMedians();
        if (medians.size() < 2) {
            return false;
        }
        int fastest = medians.entrySet().stream()
                .min(Map.Entry.comparingByValue())
                .get()
                .getKey();
        int slowest = medians.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .get()
                .getKey();
        if (medians.get(slowest) <= medians.get(fastest) * (1 + SteadyState.STEP)) {
            return false;
        }
        return keptExtreme(fastest, true) < keptExtreme(slowest, false);
    }

    /** JVM {@code index}'s slowest ({@code slowest}) or fastest kept turn, divided by its host factor. */
    private double keptExtreme(int index, boolean slowest) {
        double[] divided = jvms.stream()
                .filter(jvm -> jvm.index() == index)
                .flatMap(jvm -> jvm.steadyKeys().stream())
                .mapToDouble(k -> turns.get(k) / factors.getOrDefault(k, 1.0))
                .sorted()
                .toArray();
        return slowest ? divided[divided.length - 1] : divided[0];
    }

    /** "JVM 2: warm-up: 9 of 12 turns left out (83.3, then 11.0 ms/pass)" for each JVM that was not flat. */
    public List<String> notFlat(String unit) {
        return jvms.stream()
                .filter(jvm -> jvm.state().kind() != SteadyState.Kind.FLAT)
                .map(jvm -> "JVM " + (jvm.index() + 1) + ": " + jvm.state().text(unit))
                .toList();
    }
}
