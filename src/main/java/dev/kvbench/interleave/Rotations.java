package dev.kvbench.interleave;

import dev.kvbench.interleave.Interleaver.Settings;
import dev.kvbench.results.Stability;
import dev.kvbench.results.TurnLog;
import dev.kvbench.trial.WorkloadFamilies;
import dev.kvbench.trial.WorkloadFamily;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One benchmark's rotations on the ready JVMs of a block: the warm-up rotations, the fewest measured ones in shuffled
 * orders, then extra ones for the engines whose order is not decided ({@link UndecidedPairs}) until the time cap; each
 * turn's passes into its trial's {@link Turns}, and the benchmark's lines of the log. Apart from {@link Interleaver},
 * which starts, hands over and ends the JVMs, since this is where what is measured, and for how long, is decided.
 */
final class Rotations {

    /** What the run does with a JVM that failed, died or hung during a turn. */
    interface Loss {
        /** Takes {@code server} out of the block, its trial failed; whether the run stops for it (fail on error). */
        boolean lose(EngineJvm server);
    }

    private final Settings settings;
    private final PrintStream log;
    private final Loss loss;
    private final String benchmark;
    private final List<EngineJvm> present;
    /** Every live JVM of the block, those of other benchmarks waiting: a lost JVM leaves it. */
    private final List<EngineJvm> servers;

    private final Map<EngineJvm, Turns> turns = new LinkedHashMap<>();
    private final Map<Map<String, String>, Turns> byTrial = new LinkedHashMap<>();
    /** CPU each JVM used while another was measured, ns. */
    private final Map<EngineJvm, Long> background = new LinkedHashMap<>();

    private final List<EngineJvm> ranked;
    private final HostSamples host = new HostSamples();
    private final boolean ycsb;
    private final int warmupRotations;
    /** A YCSB block's turn sizes (null for passes). */
    private final YcsbTurnPlan ycsbTurns;

    private List<EngineJvm> active;
    private long measuredNanos;
    private int rotations;
    private long rotationsStart;
    /** The time the warmup and fewest rotations took, ns; -1 until they are over. */
    private long fewestNanos = -1;

    private boolean capped;
    private int extra;
    /** When the first JVMs' rotations ended, before any JVMs were added, ns. */
    private long rotationsEnd;
    /** Starts and ends added JVMs ({@link MoreJvms}); null where none may be added. */
    private final MoreJvms.Jvms moreJvms;

    /** The rotations of {@code benchmark} on {@code present}, each ready, among the block's live {@code servers}. */
    Rotations(
            Settings settings,
            PrintStream log,
            Loss loss,
            String benchmark,
            List<EngineJvm> present,
            List<EngineJvm> servers,
            MoreJvms.Jvms moreJvms) {
        this.settings = settings;
        this.moreJvms = moreJvms;
        this.log = log;
        this.loss = loss;
        this.benchmark = benchmark;
        this.present = present;
        this.servers = servers;
        for (EngineJvm server : present) {
            turns.put(server, byTrial.computeIfAbsent(server.params, p -> new Turns(settings.forks())));
        }
        active = new ArrayList<>(present);
        ranked = present.stream()
                .filter(server -> !RankedEngines.reference(server.params))
                .toList();
        ycsb = WorkloadFamilies.turnOf(benchmark) == WorkloadFamily.Turn.OPERATIONS;
        warmupRotations = ycsb
                ? YcsbTurnSize.PROBES + Math.max(YcsbTurnSize.WARMUPS, settings.warmupRotations())
                : settings.warmupRotations();
        ycsbTurns = ycsb ? new YcsbTurnPlan(settings.turnMillis(), warmupRotations, log) : null;
    }

    /**
     * Runs the rotations, {@code start} being when the benchmark's JVMs began to start, load or hand over; each trial's
     * turns.
     */
    Map<Map<String, String>, Turns> measure(Random random, long start) throws InterruptedException {
        long readyNanos = System.nanoTime() - start;
        rotationsStart = System.nanoTime();
        for (int r = 0; r < warmupRotations + settings.maxRotations() && !active.isEmpty(); r++) {
            if (ycsb && !ycsbTurns.beforeRotation(r, active, this::align)) {
                return byTrial;
            }
            if (fewestNanos >= 0
                    && System.nanoTime() - rotationsStart - fewestNanos > settings.extraShare() * fewestNanos
                    && everyHasAnInterval(active, turns)) {
                capped = true;
                break;
            }
            boolean warmup = r < warmupRotations;
            if (!rotation(r, order(random, warmup, r))) {
                return byTrial;
            }
            if (!warmup) {
                measured();
            }
            active.retainAll(servers);
        }
        rotationsEnd = System.nanoTime();
        if (!more(readyNanos)) {
            return byTrial;
        }
        HostFactors.apply(byTrial.values());
        logEnd(readyNanos, System.nanoTime() - start);
        return byTrial;
    }

    /**
     * The added JVMs of the pairs whose engines' JVMs differ ({@link MoreJvms}), within the time cap's share of the
     * time the block took to start its JVMs and run the fewest rotations; none for YCSB, whose turns follow one
     * sequence of operations. False when a lost JVM stops the run.
     */
    private boolean more(long readyNanos) throws InterruptedException {
        if (moreJvms == null || ycsb || fewestNanos < 0) {
            return true;
        }
        HostFactors.apply(byTrial.values());
        List<EngineJvm> live = RankedEngines.distinctStores(
                ranked.stream().filter(servers::contains).toList());
        long budget = (long) (settings.extraShare() * (readyNanos + fewestNanos));
        long startCost = (readyNanos + fewestNanos) / Math.max(1, present.size());
        return new MoreJvms(settings, log, loss, moreJvms, servers, byTrial).run(live, budget, startCost);
    }

    /** A YCSB catch-up turn ({@link YcsbTurnPlan}); false when losing {@code server} stops the run. */
    private boolean align(EngineJvm server, String asked) throws InterruptedException {
        if (!servers.contains(server)) {
            return true;
        }
        return TurnRequest.ask(settings, server, asked, PassServer.ALIGN) != null || !loss.lose(server);
    }

    /**
     * The order of rotation {@code r}, logged: shuffled until the fewest rotations are measured; after them, the same
     * order reversed every other rotation, so that a pair's two engines take the first turn by turns.
     */
    private List<EngineJvm> order(Random random, boolean warmup, int r) {
        List<EngineJvm> order = new ArrayList<>(active);
        if (rotations < settings.minRotations()) {
            Collections.shuffle(order, random);
        } else if (extra++ % 2 == 1) {
            Collections.reverse(order);
        }
        log.println("  rotation " + (warmup ? "w" : "") + (r + 1) + ": "
                + String.join(" ", order.stream().map(server -> server.label).toList()));
        return order;
    }

    /** Rotation {@code r}: one turn of each of {@code order} still live; false when a lost JVM stops the run. */
    private boolean rotation(int r, List<EngineJvm> order) throws InterruptedException {
        boolean warmup = r < warmupRotations;
        for (EngineJvm server : order) {
            if (!servers.contains(server)) {
                continue;
            }
            Map<EngineJvm, Long> before = cpu(servers, server);
            long turnStart = System.nanoTime();
            long[] passes = TurnRequest.turn(settings, server, ycsb ? ycsbTurns.ops(server) : r, warmup);
            long elapsed = System.nanoTime() - turnStart;
            Map<EngineJvm, Long> after = cpu(servers, server);
            if (passes == null) {
                if (loss.lose(server)) {
                    return false;
                }
                continue;
            }
            if (ycsb && warmup) {
                ycsbTurns.probed(server, passes[0]);
            }
            if (!warmup) {
                turns.get(server).add(pairing(r - warmupRotations, server.fork, settings.forks()), passes);
                measuredNanos += elapsed;
                before.forEach(
                        (other, nanos) -> background.merge(other, after.getOrDefault(other, nanos) - nanos, Long::sum));
            }
        }
        return true;
    }

    /**
     * After a measured rotation: the host's sample, and, once the fewest rotations are measured, the engines that take
     * the next one.
     */
    private void measured() {
        host.sample();
        rotations++;
        if (rotations == settings.minRotations()) {
            fewestNanos = System.nanoTime() - rotationsStart;
        }
        if (rotations >= settings.minRotations()) {
            HostFactors.apply(byTrial.values());
            int left = settings.maxRotations() - rotations;
            // one per store: an engine's JVMs share their turns (paired JVM by JVM, see pairing)
            List<EngineJvm> live = RankedEngines.distinctStores(
                    ranked.stream().filter(servers::contains).toList());
            List<EngineJvm> next = new ArrayList<>(UndecidedPairs.engines(
                    live,
                    server -> turns.get(server).steadyByRotation(),
                    server -> turns.get(server).score(),
                    left));
            UndecidedPairs.variants(
                            live,
                            server -> RankedEngines.base(server.params),
                            server -> turns.get(server).steadyByRotation(),
                            server -> turns.get(server).score(),
                            left)
                    .stream()
                    .filter(server -> !next.contains(server))
                    .forEach(next::add);
            // an engine short of the steady turns an interval needs (a JVM warming up, or whose last turns changed)
            // takes turns until it has them, where it can; one with no steady state, while its next turns may be one
            int fewest = Turns.fewestForInterval();
            present.stream()
                    .filter(server -> servers.contains(server)
                            && !next.contains(server)
                            && turns.get(server).steadyCount() < fewest
                            && (turns.get(server).steadyCount() + left >= fewest
                                    || (left > 0 && !turns.get(server).steady().steady())))
                    .forEach(next::add);
            // every JVM of a store that takes more turns takes them
            Set<Map<String, String>> taking = new HashSet<>();
            next.forEach(server -> taking.add(server.params));
            active = present.stream()
                    .filter(server -> servers.contains(server) && taking.contains(server.params))
                    .collect(Collectors.toCollection(ArrayList::new));
        }
    }

    /** The benchmark's lines of the log: each trial's turns, the host's samples, the rotations' times, the ranking. */
    private void logEnd(long readyNanos, long blockNanos) {
        logBlock(readyNanos, blockNanos);
        String hostText = host.text();
        if (!hostText.isEmpty()) {
            log.println(hostText);
        }
        long extraNanos = rotationsEnd - rotationsStart - Math.max(0, fewestNanos);
        log.printf(
                Locale.ROOT,
                "  rotations: the %s %d in %.1f s, %d more in %.1f s%s%n",
                Interleaver.firstRotationsText(warmupRotations),
                Math.min(rotations, settings.minRotations()),
                (fewestNanos < 0 ? extraNanos : fewestNanos) / 1e9,
                Math.max(0, rotations - settings.minRotations()),
                fewestNanos < 0 ? 0.0 : extraNanos / 1e9,
                capped ? " (stopped by the time cap, " + active.size() + " engines still taking turns)" : "");
        log.println("  ranking: "
                + RankedEngines.rankingText(
                        RankedEngines.distinctStores(ranked.stream()
                                .filter(server -> turns.containsKey(server)
                                        && turns.get(server).count() > 0)
                                .toList()),
                        turns));
        log.flush();
    }

    /**
     * The rotation number a turn is logged and paired under: {@code rotation} itself with one JVM per engine; with
     * {@code forks}, rotation r's turn of JVM k is {@code forks * r + k}, paired with the other engines' JVM k of the
     * same rotation only. Two JVMs of one library on one host differ by several per cent (an A/A run of rocksdbjni
     * 11.8.1 against itself gave 1.08× (1.06-1.12×) on random writes with one JVM each): pooled by rotation, the JVMs'
     * own difference would sit inside every pair and never in the interval; paired JVM by JVM, a ratio that differs
     * between the JVM pairs widens the interval by as much.
     */
    static int pairing(int rotation, int fork, int forks) {
        return forks == 1 ? rotation : forks * rotation + fork;
    }

    /**
     * Whether every engine still taking turns has the {@link Turns#fewestForInterval()} steady turns a 99.9% interval
     * of its median needs: the time cap stops no block before (the most rotations still do), since an engine stopped
     * with fewer has no error, and every number it gives is unstable by construction (4 rotations of the deep-vs-flat
     * test once stopped at 10 turns; a JVM still warming up, with 11 turns of which 10 were steady, likewise).
     */
    private static boolean everyHasAnInterval(List<EngineJvm> active, Map<EngineJvm, Turns> turns) {
        int fewest = Turns.fewestForInterval();
        return active.stream().allMatch(server -> turns.get(server).steadyCount() >= fewest);
    }

    private static Map<EngineJvm, Long> cpu(List<EngineJvm> servers, EngineJvm measured) {
        Map<EngineJvm, Long> cpu = new LinkedHashMap<>();
        for (EngineJvm server : servers) {
            if (server != measured) {
                cpu.put(server, server.cpuNanos());
            }
        }
        return cpu;
    }

    private void logBlock(long readyNanos, long blockNanos) {
        log.printf(
                Locale.ROOT,
                "# Benchmark: %s (%d measured rotations at most; %.1f s to start, load or hand over, and settle the JVMs,"
                        + " %.1f s in all)%n",
                benchmark,
                rotations,
                readyNanos / 1e9,
                blockNanos / 1e9);
        log.println("  host factor per rotation: " + HostFactors.text(byTrial.values()));
        for (Map.Entry<Map<String, String>, Turns> entry : byTrial.entrySet()) {
            Turns t = entry.getValue();
            if (t.count() == 0) {
                // a store that failed before its first measured turn has no time to show, and no turns line to pair
                log.println("  " + entry.getKey().get("store") + ": no turns (it failed: its FAILED line says why)");
                continue;
            }
            long idle = background.entrySet().stream()
                    .filter(e -> e.getKey().params.equals(entry.getKey()))
                    .mapToLong(Map.Entry::getValue)
                    .sum();
            log.printf(
                    Locale.ROOT,
                    "  %-24s %10.4g ± %8.3g ms/op (%4.1f%%), %d turns, %d passes; CPU while others were"
                            + " measured: %d ms (%.2f%% of their time); %d turns divided by a host factor, median as"
                            + " measured %.4g%n",
                    entry.getKey().get("store"),
                    t.score() / 1e6,
                    t.scoreError() / 1e6,
                    100 * t.scoreError() / t.score(),
                    t.count(),
                    t.passes(),
                    idle / 1_000_000,
                    measuredNanos == 0 ? 0.0 : 100.0 * idle / measuredNanos,
                    t.adjusted(),
                    t.rawMedian() / 1e6);
            log.println(TurnLog.TURNS + t.text());
            log.println(TurnLog.ROTATIONS + t.rotationsText());
            if (t.moreJvms()) {
                log.println(TurnLog.JVMS + t.jvmsText());
            }
            double[] drift = t.drift();
            if (drift != null && Stability.drifted(drift[0], drift[1])) {
                log.println(Stability.driftLine(drift[0], drift[1]));
            }
            t.steady().notFlat("ms/op").forEach(jvm -> log.println(TurnLog.STEADY + jvm));
        }
        log.flush();
    }
}
