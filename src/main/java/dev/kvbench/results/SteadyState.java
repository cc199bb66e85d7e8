package dev.kvbench.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Whether one engine-JVM's turns, in the order they ran, reached a steady state, found as Barrett et al. find it
 * for a VM's in-process iterations (<i>Virtual Machine Warmup Blows Hot and Cold</i>, OOPSLA 2017): the changepoints
 * of the sequence split it into segments of one level each; the segment after the last changepoint is the steady
 * state, and only its turns may be scored or paired. The sequence is then
 * <ul>
 *   <li>{@link Kind#FLAT}: no changepoint;
 *   <li>{@link Kind#WARMUP}: the last segment is the fastest of all;
 *   <li>{@link Kind#SLOWDOWN}: an earlier segment was faster than the last;
 *   <li>{@link Kind#NONE}: no steady state: the last segment is too short to stand for the JVM
 *       ({@link #fewestSteady}), or its own turns fall in two groups far apart.
 * </ul>
 *
 * <p>The segments are the optimal partition of the turns' logarithms (a slower turn is a factor, not a difference)
 * under a normal cost with a penalty of {@link #PENALTY} ln n per segment, segments of at least {@link #SHORTEST}
 * turns so that one stray turn is not a level of its own. The noise the cost is scaled by comes from the differences
 * of consecutive turns (their median absolute value), which a level shift barely moves, floored at
 * {@link #NOISE_FLOOR}. Neighbouring segments whose medians are within {@link #STEP} are one level: a shift smaller
 * than that is not what a user would call warming up, and it is within what a score's interval may hold. Barrett et
 * al. ran 2,000 iterations per process; a JVM here has 6-30 turns, so the penalty is theirs in shape but set on
 * sequences of that length: on 4,000 sequences each of
 * 12 and of 24 turns of log-normal noise (σ 5-15%), 0.5-2% were called not flat, and 99% of 1.5× warm-ups of four
 * turns and 62% of 1.2× ones were found (`SteadyStateTest` holds looser bounds).
 */
public final class SteadyState {

    /** What the turns of one engine-JVM did. */
    public enum Kind {
        FLAT("flat"),
        WARMUP("warm-up"),
        SLOWDOWN("slowdown"),
        NONE("no steady state");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /** The fewest turns a sequence needs for its changepoints to be looked for; fewer are taken as flat. */
    public static final int FEWEST = 5;
    /** The shortest segment: one turn apart from its neighbours is an outlier, not a level. */
    static final int SHORTEST = 2;
    /** The penalty per segment, times ln n, in units of the turns' noise squared. */
    public static final double PENALTY = 8;
    /** The least noise the cost assumes, in logarithms (1%): turns steadier than that do not make small steps count. */
    static final double NOISE_FLOOR = 0.01;
    /** The fewest turns in which two groups are looked for: in fewer, noise alone leaves gaps that wide. */
    static final int FEWEST_FOR_GROUPS = 8;
    /** The least step between neighbouring levels, as a share of the faster one's median. */
    public static final double STEP = Stability.ERROR / 2;

    private final Kind kind;
    private final int count;
    /** The index of the first steady turn: the start of the last segment (0 when flat). */
    private final int steadyFrom;
    /** Which turns are at the steady level: the last segment's, and any earlier segment's within {@link #STEP} of it. */
    private final boolean[] kept;
    /** Each segment's median, in the order they ran (as given, not in logarithms). */
    private final double[] levels;
    /** The lowest and highest turn of the whole sequence. */
    private final double low;

    private final double high;

    private SteadyState(
            Kind kind, int count, int steadyFrom, boolean[] kept, double[] levels, double low, double high) {
        this.kind = kind;
        this.count = count;
        this.steadyFrom = steadyFrom;
        this.kept = kept;
        this.levels = levels;
        this.low = low;
        this.high = high;
    }

    /** The changepoint analysis of {@code turns}, each a positive time, in the order they ran. */
    public static SteadyState of(double[] turns) {
        int n = turns.length;
        double[] sorted = turns.clone();
        Arrays.sort(sorted);
        double low = n == 0 ? Double.NaN : sorted[0];
        double high = n == 0 ? Double.NaN : sorted[n - 1];
        if (n < FEWEST) {
            boolean[] all = new boolean[n];
            Arrays.fill(all, true);
            return new SteadyState(Kind.FLAT, n, 0, all, new double[] {OrderStatistics.median(sorted)}, low, high);
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.log(turns[i]);
        }
        List<Integer> starts = merged(x, partition(smoothed(x), noise(x)));
        double[] levels = new double[starts.size()];
        for (int s = 0; s < starts.size(); s++) {
            int end = s + 1 < starts.size() ? starts.get(s + 1) : n;
            levels[s] = Math.exp(median(x, starts.get(s), end));
        }
        int from = starts.get(starts.size() - 1);
        Kind kind;
        if (starts.size() == 1) {
            kind = twoGroups(x, 0, n) ? Kind.NONE : Kind.FLAT;
        } else if (n - from < fewestSteady(n) || twoGroups(x, from, n)) {
            kind = Kind.NONE;
        } else {
            double last = levels[levels.length - 1];
            boolean fastest = Arrays.stream(levels).allMatch(level -> last <= level * (1 + STEP));
            kind = fastest ? Kind.WARMUP : Kind.SLOWDOWN;
        }
        boolean[] kept = new boolean[n];
        for (int s = 0; s < starts.size() && kind != Kind.NONE; s++) {
            int end = s + 1 < starts.size() ? starts.get(s + 1) : n;
            boolean atLevel = Math.abs(Math.log(levels[s] / levels[levels.length - 1])) < Math.log1p(STEP);
            Arrays.fill(kept, starts.get(s), end, atLevel);
        }
        return new SteadyState(kind, n, from, kept, levels, low, high);
    }

    /**
     * The fewest turns after the last changepoint that make a steady state of {@code n} turns: a quarter of them and
     * at least three, as Barrett et al. call a process without a steady state when its last changepoint falls in the
     * last quarter of its iterations.
     */
    public static int fewestSteady(int n) {
        return Math.max(3, (n + 3) / 4);
    }

    /**
     * The turns' noise in logarithms: the median absolute difference of consecutive turns, scaled to a standard
     * deviation (÷ 0.6745 √2), which a level shift moves by one difference only.
     */
    private static double noise(double[] x) {
        double[] differences = new double[x.length - 1];
        for (int i = 1; i < x.length; i++) {
            differences[i - 1] = Math.abs(x[i] - x[i - 1]);
        }
        Arrays.sort(differences);
        return Math.max(NOISE_FLOOR, OrderStatistics.median(differences) / (0.6745 * Math.sqrt(2)));
    }

    /**
     * {@code x} through a running median of three: a turn out of line with both its neighbours (a stray slow turn:
     * a collection, a page fault storm) takes the nearer neighbour's place, while a step between levels stays where
     * it was. An end turn is judged against the line its two neighbours draw (Tukey's end-point rule).
     */
    private static double[] smoothed(double[] x) {
        int n = x.length;
        double[] smooth = x.clone();
        for (int i = 1; i < n - 1; i++) {
            smooth[i] = medianOf3(x[i - 1], x[i], x[i + 1]);
        }
        smooth[0] = medianOf3(x[0], smooth[1], 3 * smooth[1] - 2 * smooth[2]);
        smooth[n - 1] = medianOf3(x[n - 1], smooth[n - 2], 3 * smooth[n - 2] - 2 * smooth[n - 3]);
        return smooth;
    }

    private static double medianOf3(double a, double b, double c) {
        return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    }

    /** The starts of the optimal partition of {@code x} (optimal partitioning, O(n²): n is a JVM's turns). */
    private static List<Integer> partition(double[] x, double noise) {
        int n = x.length;
        double[] sum = new double[n + 1];
        double[] squares = new double[n + 1];
        for (int i = 0; i < n; i++) {
            sum[i + 1] = sum[i] + x[i];
            squares[i + 1] = squares[i] + x[i] * x[i];
        }
        double penalty = PENALTY * Math.log(n) * noise * noise;
        double[] best = new double[n + 1];
        int[] previous = new int[n + 1];
        Arrays.fill(best, Double.POSITIVE_INFINITY);
        best[0] = -penalty;
        for (int end = SHORTEST; end <= n; end++) {
            for (int start = 0; start <= end - SHORTEST; start++) {
                if (Double.isInfinite(best[start])) {
                    continue;
                }
                int length = end - start;
                double segmentSum = sum[end] - sum[start];
                double cost = squares[end] - squares[start] - segmentSum * segmentSum / length;
                double total = best[start] + cost + penalty;
                if (total < best[end]) {
                    best[end] = total;
                    previous[end] = start;
                }
            }
        }
        List<Integer> starts = new ArrayList<>();
        for (int end = n; end > 0; end = previous[end]) {
            starts.add(0, previous[end]);
        }
        return starts;
    }

    /** {@code starts} with every pair of neighbouring segments whose medians are within {@link #STEP} joined. */
    private static List<Integer> merged(double[] x, List<Integer> starts) {
        List<Integer> joined = new ArrayList<>(starts);
        boolean changed = true;
        while (changed && joined.size() > 1) {
            changed = false;
            double closest = Double.POSITIVE_INFINITY;
            int at = -1;
            for (int s = 1; s < joined.size(); s++) {
                int end = s + 1 < joined.size() ? joined.get(s + 1) : x.length;
                double step = Math.abs(median(x, joined.get(s - 1), joined.get(s)) - median(x, joined.get(s), end));
                if (step < closest) {
                    closest = step;
                    at = s;
                }
            }
            if (closest < Math.log1p(STEP)) {
                joined.remove(at);
                changed = true;
            } else {
                changed = joinExcursion(x, joined);
            }
        }
        return joined;
    }

    /**
     * Joins the first excursion of {@code starts}: a segment of at most {@link #SHORTEST} turns between two whose
     * medians are within {@link #STEP} of each other is a stray pair of turns (a collection, a burst of steal), not a
     * level the JVM went to and came back from; whether one was joined.
     */
    private static boolean joinExcursion(double[] x, List<Integer> starts) {
        for (int s = 1; s + 1 < starts.size(); s++) {
            int end = s + 2 < starts.size() ? starts.get(s + 2) : x.length;
            boolean short_ = starts.get(s + 1) - starts.get(s) <= SHORTEST;
            if (short_
                    && Math.abs(median(x, starts.get(s - 1), starts.get(s)) - median(x, starts.get(s + 1), end))
                            < Math.log1p(STEP)) {
                starts.remove(s + 1);
                starts.remove(s);
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code x[from, to)} falls in two groups far apart, taking turns between them: the widest gap between
     * its sorted values is over twice {@link #STEP}'s and wider than the rest of its spread, with at least a fifth of the
     * turns, and two, on each side (an engine that alternates between two speeds, which no segment is steady in).
     */
    static boolean twoGroups(double[] x, int from, int to) {
        int n = to - from;
        if (n < FEWEST_FOR_GROUPS) {
            return false;
        }
        double[] sorted = Arrays.copyOfRange(x, from, to);
        Arrays.sort(sorted);
        double widest = 0;
        int at = -1;
        int side = Math.max(2, (n + 4) / 5);
        for (int i = side; i <= n - side; i++) {
            double gap = sorted[i] - sorted[i - 1];
            if (gap > widest) {
                widest = gap;
                at = i;
            }
        }
        if (at < 0) {
            return false;
        }
        double rest = (sorted[at - 1] - sorted[0]) + (sorted[n - 1] - sorted[at]);
        return widest > 2 * Math.log1p(STEP) && widest > rest;
    }

    private static double median(double[] x, int from, int to) {
        double[] part = Arrays.copyOfRange(x, from, to);
        Arrays.sort(part);
        return OrderStatistics.median(part);
    }

    public Kind kind() {
        return kind;
    }

    /** Whether the turns reached a steady state (flat, warm-up or slowdown): its turns may be scored. */
    public boolean steady() {
        return kind != Kind.NONE;
    }

    /** The number of turns analysed. */
    public int count() {
        return count;
    }

    /** The index of the first turn of the steady state; the turns before it are left out. */
    public int steadyFrom() {
        return steadyFrom;
    }

    /**
     * Whether turn {@code i} is at the steady level and may be scored: a turn of the last segment, or of an earlier
     * one within {@link #STEP} of it (a JVM that left its level for a while and came back is measured on its level);
     * none without a steady state.
     */
    public boolean kept(int i) {
        return kept[i];
    }

    /** How many turns are not at the steady level: every turn without a steady state. */
    public int leftOut() {
        int leftOut = 0;
        for (boolean k : kept) {
            leftOut += k ? 0 : 1;
        }
        return leftOut;
    }

    /** The levels' medians in the order they ran. */
    public double[] levels() {
        return levels.clone();
    }

    public double low() {
        return low;
    }

    public double high() {
        return high;
    }

    /**
     * "warm-up: 9 of 12 turns left out (81.9, then 10.6 ms/pass)", "no steady state: 131-189 ms/pass over 12 turns",
     * "flat", with {@code unit} after the numbers.
     */
    public String text(String unit) {
        return switch (kind) {
            case FLAT -> kind.word();
            case NONE -> kind.word() + ": " + sig3(low) + "-" + sig3(high) + " " + unit + " over " + count + " turns";
            default ->
                kind.word() + ": " + leftOut() + " of " + count + " turns left out (" + levelsText() + " " + unit + ")";
        };
    }

    private String levelsText() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < levels.length; i++) {
            text.append(i == 0 ? "" : ", then ").append(sig3(levels[i]));
        }
        return text.toString();
    }

    private static String sig3(double value) {
        java.math.BigDecimal rounded = new java.math.BigDecimal(value).round(new java.math.MathContext(3));
        return rounded.precision() < 3
                ? rounded.setScale(rounded.scale() + 3 - rounded.precision()).toPlainString()
                : rounded.toPlainString();
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s from %d of %d", kind.word(), steadyFrom, count);
    }
}
