package dev.kvbench.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
 * and its turns run in key order. Each turn is divided by its host factor before the analysis (the median polish the
 * interleaver uses too, {@link #hostFactors}), so that a slow phase of the host is not taken for a change of the
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

    /**
     * The fewest other engines in a rotation for its host factor to be used: with fewer, the median of their turns is
     * too noisy to be a better guess than 1.
     */
    public static final int MIN_OTHERS = 5;

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
        Map<E, Map<Integer, Double>> residuals = overMedian(block);
        Map<E, Map<Integer, Double>> factors = new LinkedHashMap<>();
        residuals.forEach((engine, turns) -> {
            Map<Integer, Double> own = new LinkedHashMap<>();
            for (Integer key : turns.keySet()) {
                double[] others = residuals.entrySet().stream()
                        .filter(e -> !e.getKey().equals(engine) && e.getValue().containsKey(key))
                        .mapToDouble(e -> e.getValue().get(key))
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

    /**
     * Each engine's turns over its median turn, in logarithms ({@code block}: engine → key → the turn as measured):
     * what is left of a turn once the engine's own speed is taken out, the host's share of it, from which
     * {@link #hostFactors} takes each rotation's median. A factor, not a difference: one step of Tukey's median polish.
     */
    public static <E> Map<E, Map<Integer, Double>> overMedian(Map<E, Map<Integer, Double>> block) {
        Map<E, Map<Integer, Double>> residuals = new LinkedHashMap<>();
        block.forEach((engine, turns) -> {
            double median = Math.log(OrderStatistics.median(turns.values().stream()
                    .mapToDouble(Double::doubleValue)
                    .sorted()
                    .toArray()));
            Map<Integer, Double> own = new LinkedHashMap<>();
            turns.forEach((key, turn) -> own.put(key, Math.log(turn) - median));
            residuals.put(engine, own);
        });
        return residuals;
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

    /**
     * The variance of the steady turns split into its two levels, as Kalibera and Jones separate them, in logarithms
     * of the turns divided by their host factors: {@code [between, within]}, the variance of the JVMs' mean logarithms
     * and the mean over JVMs of each one's variance around its own mean; NaN for both with fewer than two steady JVMs.
     * Where between outweighs within, more turns in the same JVMs narrow nothing, and more JVMs are what decides.
     */
    public double[] varianceSplit() {
        List<double[]> logs = new ArrayList<>();
        for (Jvm jvm : jvms) {
            double[] own = jvm.steadyKeys().stream()
                    .mapToDouble(k -> Math.log(turns.get(k) / factors.getOrDefault(k, 1.0)))
                    .toArray();
            if (own.length > 1) {
                logs.add(own);
            }
        }
        if (logs.size() < 2) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double[] means = logs.stream().mapToDouble(own -> mean(own)).toArray();
        double within = 0;
        for (int j = 0; j < logs.size(); j++) {
            within += variance(logs.get(j), means[j]) / logs.size();
        }
        return new double[] {variance(means, mean(means)), within};
    }

    /** The share of the steady turns' variance that lies between JVMs ({@link #varianceSplit}); NaN without it. */
    public double betweenShare() {
        double[] split = varianceSplit();
        return split[0] / (split[0] + split[1]);
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    /** The sample variance of {@code values} around {@code mean}. */
    private static double variance(double[] values, double mean) {
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return sum / (values.length - 1);
    }

    /**
     * The engine's answer over its JVMs, where they disagree: {@code [median, low, high]}, the median of the steady
     * JVMs' medians and the lowest and highest of them, an interval that holds the median JVM's time with a
     * probability of 1 - 2^(1-n) for n JVMs (97% with 6); NaN for all without a steady JVM.
     */
    public double[] overJvms() {
        double[] medians = jvmMedians().values().stream()
                .mapToDouble(Double::doubleValue)
                .sorted()
                .toArray();
        return medians.length == 0
                ? new double[] {Double.NaN, Double.NaN, Double.NaN}
                : new double[] {OrderStatistics.median(medians), medians[0], medians[medians.length - 1]};
    }

    /**
     * The steady JVMs in two groups, where their medians fall so: split at the widest gap between neighbouring
     * medians, when it is wider than {@link SteadyState#STEP} of the faster side and wider than the spread inside
     * either group; each group as {@code [JVMs, median]}, the faster first. Empty with fewer than three steady JVMs
     * or no such gap.
     */
    public List<double[]> jvmGroups() {
        double[] medians = jvmMedians().values().stream()
                .mapToDouble(Double::doubleValue)
                .sorted()
                .toArray();
        int n = medians.length;
        if (n < 3) {
            return List.of();
        }
        int cut = 1;
        for (int i = 1; i < n; i++) {
            if (Math.log(medians[i] / medians[i - 1]) > Math.log(medians[cut] / medians[cut - 1])) {
                cut = i;
            }
        }
        double gap = Math.log(medians[cut] / medians[cut - 1]);
        double inside = Math.max(Math.log(medians[cut - 1] / medians[0]), Math.log(medians[n - 1] / medians[cut]));
        if (gap <= Math.log(1 + SteadyState.STEP) || gap <= inside) {
            return List.of();
        }
        double[] fast = Arrays.copyOfRange(medians, 0, cut);
        double[] slow = Arrays.copyOfRange(medians, cut, n);
        return List.of(
                new double[] {fast.length, OrderStatistics.median(fast)},
                new double[] {slow.length, OrderStatistics.median(slow)});
    }

    /** "3 of 6 JVMs 1.60 ms/pass, 3 of 6 2.07" where the JVMs fall in two groups ({@link #jvmGroups}); else empty. */
    public String groupsText(String unit) {
        List<double[]> groups = jvmGroups();
        if (groups.isEmpty()) {
            return "";
        }
        int n = (int) (groups.get(0)[0] + groups.get(1)[0]);
        return String.format(
                Locale.ROOT,
                "%d of %d JVMs %.3g %s, %d of %d %.3g",
                (int) groups.get(0)[0],
                n,
                groups.get(0)[1],
                unit,
                (int) groups.get(1)[0],
                n,
                groups.get(1)[1]);
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
