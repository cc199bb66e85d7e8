package dev.kvbench.interleave;

import dev.kvbench.interleave.Interleaver.Settings;
import dev.kvbench.results.JvmPairs;
import dev.kvbench.results.PairedRatio;
import dev.kvbench.results.SteadyTurns;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * More JVMs where the JVMs disagree: after a benchmark's extra rotations, each undecided pair one of whose engines'
 * JVMs differ ({@link UndecidedPairs#jvmBound}) gets more JVMs of both engines, {@link Settings#forks} more at a time
 * up to {@link #MOST} per engine, each started on the benchmark and loaded and settled as the first ones were (only
 * while they fit in the memory free then, {@link Jvms#fit}: the suite's memory plan counts the block's JVMs, not
 * these), and
 * rotations of just those JVMs, A's JVM j beside B's JVM j under one pairing key ({@link #key}), until the pair is
 * decided or the time cap. More turns in the same JVMs cannot decide such a pair, since every ratio of it holds which
 * JVM ran (Kalibera and Jones's two levels of variance); more JVMs sample the level that varies.
 */
final class MoreJvms {

    /** The most JVMs per engine and benchmark, the first ones included. */
    static final int MOST = JvmPairs.MOST_JVMS;

    /** Starting and ending the block's JVMs, which the {@link Interleaver} does. */
    interface Jvms {
        /**
         * Starts JVMs {@code from} to {@code from + count - 1} of each of {@code trials} on the benchmark only, and
         * waits until they are loaded and settled; those that are join the block's live JVMs and are returned.
         */
        List<EngineJvm> start(List<Map<String, String>> trials, int from, int count) throws InterruptedException;

        /** Ends {@code server}'s trial and its JVM. */
        void end(EngineJvm server) throws InterruptedException;

        /**
         * Whether {@code count} more JVMs of each of {@code trials} fit in the memory free now: the suite's memory plan
         * counts the block's JVMs, not these, so they may take only what is free when they would start.
         */
        default boolean fit(List<Map<String, String>> trials, int count) {
            return true;
        }
    }

    private final Settings settings;
    private final PrintStream log;
    private final Rotations.Loss loss;
    private final Jvms jvms;
    private final List<EngineJvm> servers;
    private final Map<Map<String, String>, Turns> byTrial;
    /** The measured rotations of the added JVMs so far: what keeps their pairing keys apart. */
    private int rotations;

    MoreJvms(
            Settings settings,
            PrintStream log,
            Rotations.Loss loss,
            Jvms jvms,
            List<EngineJvm> servers,
            Map<Map<String, String>, Turns> byTrial) {
        this.settings = settings;
        this.log = log;
        this.loss = loss;
        this.jvms = jvms;
        this.servers = servers;
        this.byTrial = byTrial;
    }

    /**
     * The pairing key of JVM {@code jvm}'s turn in the {@code m}th measured rotation of the added JVMs: past every key
     * of the first JVMs' rotations ({@link Rotations#pairing} of at most {@code maxRotations}), and one per JVM index,
     * so that only the two engines' JVMs of one index pair.
     */
    static int key(int m, int jvm, int forks, int maxRotations) {
        return forks * maxRotations + MOST * m + jvm;
    }

    /**
     * Runs the added JVMs for the JVM-bound pairs of {@code ranked} (one live JVM per store), within {@code budget} ns
     * from now; {@code startCost} is what starting and running the fewest rotations of one JVM took the block, ns.
     * False when a lost JVM stops the run.
     */
    boolean run(List<EngineJvm> ranked, long budget, long startCost) throws InterruptedException {
        long start = System.nanoTime();
        List<List<Map<String, String>>> bound = UndecidedPairs.jvmBound(
                        ranked,
                        server -> byTrial.get(server.params).steadyByRotation(),
                        server -> byTrial.get(server.params).score(),
                        server -> byTrial.get(server.params).steady().jvmsDiffer())
                .stream()
                .map(pair -> List.of(pair.get(0).params, pair.get(1).params))
                .toList();
        if (bound.isEmpty()) {
            return true;
        }
        List<Map<String, String>> engines = new ArrayList<>();
        bound.forEach(pair -> pair.stream().filter(e -> !engines.contains(e)).forEach(engines::add));
        int have = settings.forks();
        int step = Math.min(settings.forks(), MOST - have);
        if (step <= 0 || startCost * step * engines.size() > budget) {
            log.println("  more JVMs: none for " + boundText(bound) + ": "
                    + (step <= 0 ? "they have " + MOST + " JVMs each already" : "the time cap leaves too little"));
            return true;
        }
        log.println("  more JVMs: " + boundText(bound) + ", " + step + " more each");
        List<EngineJvm> started = new ArrayList<>();
        boolean going = true;
        while (going && have < MOST && !undecided(bound).isEmpty()) {
            long left = budget - (System.nanoTime() - start);
            int more = Math.min(step, MOST - have);
            if (have > settings.forks() && startCost * more * engines.size() > left) {
                break;
            }
            if (!jvms.fit(engines, more)) {
                log.println("  more JVMs: no more for " + engines.size() + " engines: " + more
                        + " more JVMs each would need more than the memory free now, less the plan's margin");
                break;
            }
            List<EngineJvm> ready = jvms.start(engines, have, more);
            started.addAll(ready);
            going = rotations(ready, bound, start, budget);
            have += more;
        }
        for (EngineJvm server : started) {
            if (servers.contains(server)) {
                jvms.end(server);
            }
        }
        logEnd(bound, have, start, budget);
        return going;
    }

    /**
     * Rotations of {@code ready} (the JVMs just added), each engine's JVM j beside the others' JVM j, until every pair
     * of {@code bound} is decided after the fewest rotations, the most, or the time cap; false when a loss stops the
     * run.
     */
    private boolean rotations(List<EngineJvm> ready, List<List<Map<String, String>>> bound, long start, long budget)
            throws InterruptedException {
        int warmups = settings.warmupRotations();
        for (int r = 0; r < warmups + settings.maxRotations(); r++) {
            int measured = r - warmups;
            if ((measured > 0 && System.nanoTime() - start > budget)
                    || (measured >= settings.minRotations() && undecided(bound).isEmpty())) {
                break;
            }
            List<EngineJvm> order = new ArrayList<>(ready);
            order.removeIf(server -> !servers.contains(server));
            if (r % 2 == 1) {
                Collections.reverse(order);
            }
            order.sort((a, b) -> Integer.compare(a.fork, b.fork)); // stable: the engines' order alternates per fork
            log.println("  more JVMs' rotation " + (measured < 0 ? "w" + (r + 1) : String.valueOf(measured + 1)) + ": "
                    + String.join(
                            " ", order.stream().map(server -> server.label).toList()));
            for (EngineJvm server : order) {
                long[] passes = TurnRequest.turn(settings, server, r, measured < 0);
                if (passes == null) {
                    if (loss.lose(server)) {
                        return false;
                    }
                } else if (measured >= 0) {
                    byTrial.get(server.params)
                            .add(
                                    key(rotations, server.fork, settings.forks(), settings.maxRotations()),
                                    server.fork,
                                    passes);
                }
            }
            rotations += measured >= 0 ? 1 : 0;
        }
        return true;
    }

    /** The pairs of {@code bound} whose paired ratio is not decided yet. */
    private List<List<Map<String, String>>> undecided(List<List<Map<String, String>>> bound) {
        return bound.stream().filter(pair -> !ratio(pair).decided()).toList();
    }

    private PairedRatio ratio(List<Map<String, String>> pair) {
        return PairedRatio.of(
                byTrial.get(pair.get(0)).steadyByRotation(),
                byTrial.get(pair.get(1)).steadyByRotation());
    }

    /** "mvstore, lmdb (their JVMs differ: mvstore 1.60 against 2.07 ms/op, 85% of its variance between JVMs)". */
    private String boundText(List<List<Map<String, String>>> bound) {
        List<String> texts = new ArrayList<>();
        for (List<Map<String, String>> pair : bound) {
            List<String> differ = new ArrayList<>();
            for (Map<String, String> engine : pair) {
                SteadyTurns steady = byTrial.get(engine).steady();
                if (steady.jvmsDiffer()) {
                    differ.add(jvmsText(engine.get("store"), steady));
                }
            }
            texts.add(pair.get(0).get("store") + ", " + pair.get(1).get("store") + " (their JVMs differ: "
                    + String.join("; ", differ) + ")");
        }
        return String.join("; ", texts);
    }

    /** "mvstore 1.60 against 2.07 ms/op, 85% of its variance between JVMs". */
    static String jvmsText(String store, SteadyTurns steady) {
        double fastest = steady.jvmMedians().values().stream()
                .mapToDouble(Double::doubleValue)
                .min()
                .orElse(Double.NaN);
        double slowest = steady.jvmMedians().values().stream()
                .mapToDouble(Double::doubleValue)
                .max()
                .orElse(Double.NaN);
        return store + " " + String.format(Locale.ROOT, "%.3g against %.3g", fastest, slowest) + " ms/op, "
                + Math.round(100 * steady.betweenShare()) + "% of its variance between JVMs";
    }

    /** The phase's last line: its rotations, their time, and each pair's ratio over every JVM. */
    private void logEnd(List<List<Map<String, String>>> bound, int have, long start, long budget) {
        List<String> pairs = new ArrayList<>();
        for (List<Map<String, String>> pair : bound) {
            PairedRatio ratio = ratio(pair);
            String depends = JvmPairs.dependsText(
                    JvmPairs.byJvm(
                            byTrial.get(pair.get(0)).steadyByRotation(),
                            byTrial.get(pair.get(1)).steadyByRotation(),
                            byTrial.get(pair.get(0)).jvmByRotation()),
                    pair.get(0).get("store"),
                    pair.get(1).get("store"));
            pairs.add(pair.get(0).get("store") + " against " + pair.get(1).get("store") + " " + ratio.text()
                    + (ratio.decided()
                            ? ", decided"
                            : ", still undecided" + (depends.isEmpty() ? "" : ": " + depends)));
        }
        long took = System.nanoTime() - start;
        log.println(String.format(
                        Locale.ROOT,
                        "  more JVMs' rotations: %d in %.1f s, %d JVMs each%s; ",
                        rotations,
                        took / 1e9,
                        have,
                        took > budget ? " (stopped by the time cap)" : "")
                + String.join("; ", pairs));
    }
}
