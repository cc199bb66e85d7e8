package dev.kvbench.interleave;

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
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.kvbench.results.PairedRanking;
import dev.kvbench.results.PairedRatio;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.Stability;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.results.TurnLog;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.workload.Workload;

/**
 * Runs the engines of one benchmark and parameter combination interleaved, pass by pass, rather than
 * one after another: every engine's trial is a {@link PassServer} JVM, all of them loaded and settled
 * before any is measured, and then, rotation by rotation in a shuffled order, each gets one turn of
 * passes while the others wait. A slow phase of the host (another tenant, memory bandwidth, a frequency
 * change) lasts seconds; a turn lasts a fraction of one, so the slow phase lands on every engine's
 * turns alike instead of on the one engine measured during it, and each engine's median over its turns
 * ({@link Turns}) leaves it out. What such a phase still does to every engine's turns in a rotation is then
 * divided out ({@link HostFactors}), from the other engines' turns of the same rotation.
 *
 * <p>Every engine gets {@link Settings#minRotations} measured turns per JVM, in shuffled rotations; after that, only
 * the engines whose order in the paired ranking ({@link PairedRanking}) is not decided take further rotations, the two
 * of each undecided pair taking the first turn by turns, up to {@link Settings#maxRotations}, and only until the time
 * cap. The user's question is which engine is faster and by how much: a ratio of turns seconds apart, which the
 * host's slow phases divide out of, and which a close pair settles only with hundreds of turns that every engine
 * cannot take.
 * A JVM that fails, dies or hangs ends its own trial (failed, with the cause, in the side file), and the
 * others go on unless fail-on-error is set. While one engine is measured, the CPU the waiting JVMs use
 * (an engine's background threads) is counted and logged per engine.
 */
public final class Interleaver {

    /**
     * How the rotations go.
     *
     * @param warmupRotations rotations whose turns are run and left out
     * @param minRotations    the fewest measured rotations
     * @param maxRotations    the most measured rotations
     * @param turnMillis      each turn's passes run for at least this long (one pass at the least)
     * @param warmMillis      untimed passes run for at least this long before a turn's timed ones, unless the engine's
     *                        last pass was longer than a turn
     * @param forks           JVMs per engine; JVM k's turns pair with the other engines' JVM k ({@link #pairing})
     * @param extraShare      the extra rotations (after the fewest) stop once they have taken this share of the time the
     *                        warmup and fewest rotations took: the time cap of a benchmark
     * @param timeoutSeconds  the longest wait for one JVM's answer before it is killed as hung
     * @param seed            the shuffles' seed
     */
    public record Settings(int warmupRotations, int minRotations, int maxRotations, long turnMillis, long warmMillis,
                           int forks, double extraShare, long timeoutSeconds, long seed) {
        public Settings {
            if (minRotations < 1 || maxRotations < minRotations || turnMillis < 1 || warmMillis < 0 || forks < 1
                    || !(extraShare >= 0)) {
                throw new IllegalArgumentException("interleaving needs at least 1 measured rotation, at most as many"
                        + " as the most, a turn of at least 1 ms, at least 1 JVM per engine and a time cap of 0 or more");
            }
        }

        /** The time cap in words, for the log's settings line: "half as long as". */
        String capText() {
            return extraShare == 0.5 ? "half as long as" : extraShare == 1 ? "as long as"
                    : String.format(Locale.ROOT, "%.2f times as long as", extraShare);
        }
    }

    /**
     * Benchmarks over several stores with the same other parameters: the engines interleaved together, one benchmark
     * after another on the same JVMs (read workloads that share one loaded store; a write is a block of its own).
     */
    public record Block(Map<String, List<Map<String, String>>> trialsByBenchmark) {
        public Block {
            if (trialsByBenchmark.isEmpty()) {
                throw new IllegalArgumentException("a block needs a benchmark");
            }
            Map<String, List<Map<String, String>>> copy = new LinkedHashMap<>();
            trialsByBenchmark.forEach((benchmark, trials) -> copy.put(benchmark, List.copyOf(trials)));
            trialsByBenchmark = Collections.unmodifiableMap(copy);
        }

        /** One benchmark on {@code trials}. */
        public Block(String benchmark, List<Map<String, String>> trials) {
            this(Map.of(benchmark, trials));
        }

        /** The benchmarks, in the order they run. */
        public List<String> benchmarks() {
            return List.copyOf(trialsByBenchmark.keySet());
        }

        /** The trials of {@code benchmark} (one per store). */
        public List<Map<String, String>> trials(String benchmark) {
            return trialsByBenchmark.get(benchmark);
        }

        /** Every store's trial in the block, once. */
        public List<Map<String, String>> trials() {
            return trialsByBenchmark.values().stream().flatMap(List::stream).distinct().toList();
        }

        /** The benchmarks after the {@code i}th that {@code params}' trial runs. */
        List<String> after(int i, Map<String, String> params) {
            List<String> all = benchmarks();
            return all.subList(i + 1, all.size()).stream().filter(b -> trialsByBenchmark.get(b).contains(params)).toList();
        }
    }

    /** One engine's result: its turns. */
    public record Row(String benchmark, Map<String, String> params, Turns turns) {
    }

    private final Function<Map<String, String>, List<String>> java;
    private final Settings settings;
    private final SideFile side;
    private final PrintStream log;
    private final boolean failOnError;
    private final int startAtOnce;
    private boolean failed;

    /**
     * @param java        a trial's JVM command up to the main class (java, its flags, the class path), from its
     *                    parameters: a variant of a store (another library version, JDK or collector) has its own
     * @param startAtOnce JVMs loading and settling at the same time (nothing is measured meanwhile)
     */
    public Interleaver(Function<Map<String, String>, List<String>> java, Settings settings, SideFile side,
                       PrintStream log, boolean failOnError, int startAtOnce) {
        this.java = java;
        this.settings = settings;
        this.side = side;
        this.log = log;
        this.failOnError = failOnError;
        this.startAtOnce = Math.max(1, startAtOnce);
    }

    /** Runs every block in turn; the rows of the engines that finished, in block order. */
    public List<Row> run(List<Block> blocks) throws InterruptedException {
        log.println("# Benchmark mode: interleaved turns, each engine's median over its turns (ms/op)");
        log.println("# Warmup: " + settings.warmupRotations() + " rotations");
        log.println("# Measurement: turns of " + settings.turnMillis() + " ms per JVM after " + settings.warmMillis()
                + " ms of untimed passes (none where a pass is longer than a turn), " + settings.minRotations()
                + " rotations, then up to " + settings.maxRotations() + " for the engines of the neighbouring pairs of the"
                + " paired ranking whose order is not decided (a ratio's 99.9% interval holding 1 and wider than ±"
                + Math.round(PairedRatio.TIE_WIDTH * 100) + "%), until the extra rotations have taken "
                + settings.capText() + " the warmup and fewest ones (the time cap)");
        log.println("# Ranking: by paired ratios, each engine's turn over another's in the same rotation; limit rows"
                + " are measured, not ranked");
        log.println("# Host factors: each turn divided by its rotation's host factor, the median over the other engines"
                + " of the rotation (at least " + HostFactors.MIN_OTHERS + ") of their turn over their median turn");
        log.println("# JVMs: one per engine and block; a block's read workloads run one after another in it, on the"
                + " store it loaded once, each settled again before its turns");
        log.println("# Threads: 1 thread");
        log.println("# Fork: 1 of " + settings.forks());
        if (settings.forks() > 1) {
            log.println("# JVM pairs: each engine's JVM k takes its turns beside every other engine's JVM k; rotation r's"
                    + " turns of JVM k are paired as rotation " + settings.forks() + "r+k, so that a ratio's interval"
                    + " holds what differs from one JVM to the next");
        }
        log.println("# Shuffle seed: " + settings.seed());
        List<Row> rows = new ArrayList<>();
        Random random = new Random(settings.seed());
        for (int b = 0; b < blocks.size() && !(failed && failOnError); b++) {
            Block block = blocks.get(b);
            log.println("# Run progress: block " + (b + 1) + " of " + blocks.size() + ", " + String.join(", ",
                    block.benchmarks().stream().map(Interleaver::shortName).toList()) + " on " + block.trials().size()
                    + " stores");
            rows.addAll(block(block, random));
        }
        log.println(failed && failOnError ? "# Run stopped: a trial failed and fail on error is on" : "# Run complete.");
        log.flush();
        return rows;
    }

    /**
     * One block: its benchmarks one after another, each engine's trials on one JVM. Before each benchmark after an
     * engine's first, its JVM ends its trial and begins the next benchmark's on the same loaded store ({@code next}), a
     * few JVMs at a time, as they settle again; a JVM ends after its trial's last benchmark; a trial whose JVM was lost
     * gets a new JVM for its benchmarks still to run.
     */
    private List<Row> block(Block block, Random random) throws InterruptedException {
        Map<String, Map<Map<String, String>, Turns>> measured = new LinkedHashMap<>();
        Map<String, Set<Map<String, String>>> ended = new LinkedHashMap<>();
        List<EngineJvm> servers = new ArrayList<>();
        List<String> benchmarks = block.benchmarks();
        for (int i = 0; i < benchmarks.size() && !(failed && failOnError); i++) {
            String benchmark = benchmarks.get(i);
            List<Map<String, String>> trials = block.trials(benchmark);
            long start = System.nanoTime();
            if (benchmarks.size() > 1) {
                log.println("# Run progress: " + shortName(benchmark) + ", workload " + (i + 1) + " of "
                        + benchmarks.size() + " on the same JVMs and loaded stores");
            }
            Set<String> begun = new HashSet<>();
            List<EngineJvm> moving = servers.stream().filter(server -> trials.contains(server.params)).toList();
            next(moving, servers, benchmark, begun, ended);
            if (!(failed && failOnError)) {
                startMissing(block, i, servers, begun);
                List<EngineJvm> present = servers.stream().filter(server -> trials.contains(server.params)).toList();
                measured.put(benchmark, measure(benchmark, present, servers, random, start));
                // a JVM whose trial has no benchmark after this one ends now
                for (EngineJvm server : present) {
                    if (servers.contains(server) && block.after(i, server.params).isEmpty()) {
                        end(server, servers, ended);
                    }
                }
            }
        }
        if (failed && failOnError) {
            stop(servers);
        }
        for (EngineJvm server : new ArrayList<>(servers)) {
            end(server, servers, ended);
        }
        List<Row> rows = new ArrayList<>();
        for (String benchmark : benchmarks) {
            Map<Map<String, String>, Turns> turns = measured.getOrDefault(benchmark, Map.of());
            for (Map<String, String> params : block.trials(benchmark)) {
                Turns t = turns.get(params);
                if (t != null && t.count() > 0 && ended.getOrDefault(benchmark, Set.of()).contains(params)) {
                    rows.add(new Row(benchmark, params, t));
                }
            }
        }
        return rows;
    }

    /** Ends {@code server}'s trial and its JVM; a trial that ended well goes into {@code ended}. */
    private void end(EngineJvm server, List<EngineJvm> servers, Map<String, Set<Map<String, String>>> ended)
            throws InterruptedException {
        if (server.send("end") && server.await(settings.timeoutSeconds()) != null) {
            ended.computeIfAbsent(server.benchmark, b -> new HashSet<>()).add(server.params);
            servers.remove(server);
        } else {
            lost(server, servers);
        }
    }

    /**
     * Starts a JVM for every trial and fork of the block's benchmark {@code i} that has none and has not begun it
     * (an engine's first benchmark of the block, or its JVM lost before), a few at a time, each ready when loaded and
     * settled.
     */
    private void startMissing(Block block, int i, List<EngineJvm> servers, Set<String> begun) throws InterruptedException {
        String benchmark = block.benchmarks().get(i);
        List<EngineJvm> waiting = new ArrayList<>();
        for (int fork = 0; fork < settings.forks(); fork++) {
            for (Map<String, String> params : block.trials(benchmark)) {
                String id = EngineJvm.id(params, fork);
                if (begun.contains(id) || servers.stream().anyMatch(server -> server.id().equals(id))) {
                    continue;
                }
                String label = params.get("store") + (settings.forks() > 1 ? "#" + (fork + 1) : "");
                List<String> own = new ArrayList<>(List.of(benchmark));
                own.addAll(block.after(i, params));
                waiting.add(EngineJvm.start(java.apply(params), own, params, fork, label, log));
                if (waiting.size() == startAtOnce) {
                    ready(waiting, servers);
                }
            }
        }
        ready(waiting, servers);
    }

    /**
     * Has each of {@code moving} end its trial and begin {@code benchmark}'s on the same store, a few at a time, each
     * ready when settled again; a trial that ended well goes into {@code ended}, and a server that began
     * {@code benchmark}, well or not, into {@code begun}.
     */
    private void next(List<EngineJvm> moving, List<EngineJvm> servers, String benchmark, Set<String> begun,
                      Map<String, Set<Map<String, String>>> ended) throws InterruptedException {
        for (int from = 0; from < moving.size(); from += startAtOnce) {
            List<EngineJvm> batch = moving.subList(from, Math.min(moving.size(), from + startAtOnce));
            for (EngineJvm server : batch) {
                if (!server.send("next")) {
                    lost(server, servers);
                }
            }
            for (EngineJvm server : batch) {
                if (!servers.contains(server)) {
                    continue;
                }
                if (server.await(settings.timeoutSeconds()) == null) {
                    lost(server, servers); // its trial of the earlier benchmark did not end well
                    continue;
                }
                ended.computeIfAbsent(server.benchmark, b -> new HashSet<>()).add(server.params);
                server.benchmark = benchmark;
                begun.add(server.id());
                if (server.await(settings.timeoutSeconds()) == null) {
                    lost(server, servers);
                }
            }
        }
    }

    /**
     * The rotations of one benchmark on {@code present}, each ready ({@code servers}: every live JVM of the block,
     * those of other benchmarks waiting); each trial's turns.
     */
    private Map<Map<String, String>, Turns> measure(String benchmark, List<EngineJvm> present, List<EngineJvm> servers,
                                                    Random random, long start) throws InterruptedException {
        long readyNanos = System.nanoTime() - start;
        Map<EngineJvm, Turns> turns = new LinkedHashMap<>();
        Map<Map<String, String>, Turns> byTrial = new LinkedHashMap<>();
        for (EngineJvm server : present) {
            turns.put(server, byTrial.computeIfAbsent(server.params, p -> new Turns()));
        }
        Map<EngineJvm, Long> background = new LinkedHashMap<>();
        long measuredNanos = 0;
        int rotations = 0;
        long rotationsStart = System.nanoTime();
        long fewestNanos = -1;
        boolean capped = false;
        List<EngineJvm> active = new ArrayList<>(present);
        List<EngineJvm> ranked = present.stream().filter(server -> !reference(server.params)).toList();
        HostSamples host = new HostSamples();
        int extra = 0;
        boolean ycsb = Workload.named(TrialRecord.workloadOf(benchmark)) == Workload.YCSB;
        int warmupRotations = ycsb ? YcsbTurnSize.PROBES + Math.max(YcsbTurnSize.WARMUPS, settings.warmupRotations())
                : settings.warmupRotations();
        Map<EngineJvm, Long> probes = new LinkedHashMap<>();
        Map<EngineJvm, Long> ops = new LinkedHashMap<>();
        for (int r = 0; r < warmupRotations + settings.maxRotations() && !active.isEmpty(); r++) {
            if (ycsb && r >= YcsbTurnSize.PROBES && r <= warmupRotations) {
                ops = YcsbTurnSize.turnOps(probes, settings.turnMillis()); // sized again after each warm-up rotation, as the JIT ends
            }
            if (ycsb && r == warmupRotations) {
                log.println("  turns of operations: " + String.join(", ", ops.entrySet().stream()
                        .map(e -> e.getKey().label + " " + e.getValue()).toList()) + " (the median engine's rate in"
                        + " the last warm-up turn times " + settings.turnMillis() + " ms, the"
                        + " same for every engine but one whose turn would last over " + YcsbTurnSize.SLOWEST_TURNS
                        + " times that: its own rate times " + YcsbTurnSize.SLOWEST_TURNS * settings.turnMillis() + " ms)");
            }
            if (fewestNanos >= 0 && System.nanoTime() - rotationsStart - fewestNanos > settings.extraShare() * fewestNanos
                    && everyHasAnInterval(active, turns)) {
                capped = true;
                break;
            }
            boolean warmup = r < warmupRotations;
            List<EngineJvm> order = new ArrayList<>(active);
            if (rotations < settings.minRotations()) {
                Collections.shuffle(order, random);
            } else if (extra++ % 2 == 1) {
                Collections.reverse(order); // a pair's two engines take the first turn by turns
            }
            log.println("  rotation " + (warmup ? "w" : "") + (r + 1) + ": "
                    + String.join(" ", order.stream().map(server -> server.label).toList()));
            for (EngineJvm server : order) {
                if (!servers.contains(server)) {
                    continue;
                }
                Map<EngineJvm, Long> before = cpu(servers, server);
                long turnStart = System.nanoTime();
                long[] passes = turn(server, ycsb ? ops.getOrDefault(server, YcsbTurnSize.PROBE_OPS) : 0, warmup);
                long elapsed = System.nanoTime() - turnStart;
                Map<EngineJvm, Long> after = cpu(servers, server);
                if (passes == null) {
                    lost(server, servers);
                    if (failOnError) {
                        return byTrial;
                    }
                    continue;
                }
                if (ycsb && warmup) {
                    probes.put(server, passes[0]);
                }
                if (!warmup) {
                    turns.get(server).add(pairing(r - warmupRotations, server.fork, settings.forks()), passes);
                    measuredNanos += elapsed;
                    before.forEach((other, nanos) -> background.merge(other, after.getOrDefault(other, nanos) - nanos, Long::sum));
                }
            }
            if (!warmup) {
                host.sample();
                rotations++;
                if (rotations == settings.minRotations()) {
                    fewestNanos = System.nanoTime() - rotationsStart;
                }
                if (rotations >= settings.minRotations()) {
                    HostFactors.apply(byTrial.values());
                    int left = settings.maxRotations() - rotations;
                    // one per store: an engine's JVMs share their turns (paired JVM by JVM, see pairing)
                    List<EngineJvm> live = distinctStores(ranked.stream().filter(servers::contains).toList());
                    List<EngineJvm> next = new ArrayList<>(UndecidedPairs.engines(live, server -> turns.get(server).byRotation(),
                            server -> turns.get(server).median(), left));
                    UndecidedPairs.variants(live, server -> base(server.params), server -> turns.get(server).byRotation(),
                            server -> turns.get(server).median(), left).stream().filter(server -> !next.contains(server))
                            .forEach(next::add);
                    // an engine short of the turns an interval needs takes turns until it has them, where it can
                    int fewest = Turns.fewestForInterval();
                    present.stream().filter(server -> servers.contains(server) && !next.contains(server)
                            && turns.get(server).count() < fewest && turns.get(server).count() + left >= fewest)
                            .forEach(next::add);
                    // every JVM of a store that takes more turns takes them
                    Set<Map<String, String>> taking = new HashSet<>();
                    next.forEach(server -> taking.add(server.params));
                    active = present.stream().filter(server -> servers.contains(server) && taking.contains(server.params))
                            .collect(Collectors.toCollection(ArrayList::new));
                }
            }
            active.retainAll(servers);
        }
        HostFactors.apply(byTrial.values());
        logBlock(benchmark, byTrial, rotations, background, measuredNanos, readyNanos, System.nanoTime() - start);
        String hostText = host.text();
        if (!hostText.isEmpty()) {
            log.println(hostText);
        }
        long extraNanos = System.nanoTime() - rotationsStart - Math.max(0, fewestNanos);
        log.printf(Locale.ROOT, "  rotations: the warmup and fewest %d in %.1f s, %d more in %.1f s%s%n",
                Math.min(rotations, settings.minRotations()), (fewestNanos < 0 ? extraNanos : fewestNanos) / 1e9,
                Math.max(0, rotations - settings.minRotations()), fewestNanos < 0 ? 0.0 : extraNanos / 1e9,
                capped ? " (stopped by the time cap, " + active.size() + " engines still taking turns)" : "");
        log.println("  ranking: " + rankingText(distinctStores(ranked.stream().filter(turns::containsKey).toList()), turns));
        log.flush();
        return byTrial;
    }

    /** The first JVM of each store among {@code jvms}: with several JVMs per engine, one stands for its turns. */
    private static List<EngineJvm> distinctStores(List<EngineJvm> jvms) {
        Set<Map<String, String>> seen = new HashSet<>();
        return jvms.stream().filter(server -> seen.add(server.params)).toList();
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
     * Whether every engine still taking turns has the {@link Turns#fewestForInterval()} turns a 99.9% interval of its
     * median needs: the time cap stops no block before, since an engine stopped with fewer has no error, and every
     * number it gives is unstable by construction (4 rotations of the deep-vs-flat test once stopped at 10 turns).
     */
    private static boolean everyHasAnInterval(List<EngineJvm> active, Map<EngineJvm, Turns> turns) {
        int fewest = Turns.fewestForInterval();
        return active.stream().allMatch(server -> turns.get(server).count() >= fewest);
    }


    /** The store of {@code params} without its variant: the same for every variant of one store. */
    private static String base(Map<String, String> params) {
        try {
            return StoreSpec.parse(params.get("store")).base().toString();
        } catch (IllegalArgumentException e) {
            return params.get("store");
        }
    }

    /** "lmdb < mvstore 1.42× (1.20-1.63×) < xodus ...": the block's paired ranking, for the log. */
    private static String rankingText(List<EngineJvm> ranked, Map<EngineJvm, Turns> turns) {
        PairedRanking<EngineJvm> ranking = PairedRanking.of(ranked, server -> turns.get(server).byRotation(),
                server -> turns.get(server).median());
        StringBuilder text = new StringBuilder();
        List<EngineJvm> order = ranking.order();
        for (int i = 0; i < order.size(); i++) {
            text.append(i == 0 ? "" : " < ").append(order.get(i).params.get("store"));
            if (i > 0) {
                text.append(' ').append(ranking.ratio(order.get(i - 1), order.get(i)).text());
            }
        }
        return text.length() == 0 ? "none (no engine to rank)" : text.toString();
    }

    /** Whether {@code params}' store is a limit row (array, heap, null), which is measured but never ranked. */
    private static boolean reference(Map<String, String> params) {
        try {
            return Stores.engine(StoreSpec.parse(params.get("store")).engine()).isReference();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Waits until each of {@code waiting} is loaded and settled; those that are join {@code servers}. */
    private void ready(List<EngineJvm> waiting, List<EngineJvm> servers) throws InterruptedException {
        for (EngineJvm server : waiting) {
            String answer = server.await(settings.timeoutSeconds());
            if (answer == null) {
                lost(server, servers);
            } else {
                servers.add(server);
            }
        }
        waiting.clear();
    }

    private long[] turn(EngineJvm server, long ops, boolean warmup) throws InterruptedException {
        if (!server.send("turn " + settings.turnMillis() + " " + settings.warmMillis() + " " + ops + " "
                + (warmup ? "warmup" : "measured"))) {
            server.await(10);
            return null;
        }
        String answer = server.await(settings.timeoutSeconds());
        if (answer == null || !answer.startsWith("passes ")) {
            return null;
        }
        String timed = answer.substring("passes ".length());
        int warm = timed.indexOf(" warm");
        String[] parts = (warm < 0 ? timed : timed.substring(0, warm)).trim().split(" ");
        long[] nanos = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            nanos[i] = Long.parseLong(parts[i]);
        }
        return nanos;
    }

    /** A JVM that failed, died or hung: out of the block, its trial failed in the side file. */
    private void lost(EngineJvm server, List<EngineJvm> servers) {
        servers.remove(server);
        failed = true;
        String reason = server.failure() == null ? "the JVM stopped answering" : server.failure();
        log.println("  [" + server.label + "] FAILED: " + reason);
        if (!server.failedItself()) {
            side.append(TrialRecord.died(server.benchmark, BenchParams.inOrder(server.params), reason, server.tail()));
        }
        server.kill();
    }

    private static void stop(List<EngineJvm> servers) {
        for (EngineJvm server : servers) {
            server.kill();
        }
        servers.clear();
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

    private void logBlock(String benchmark, Map<Map<String, String>, Turns> byTrial, int rotations,
                          Map<EngineJvm, Long> background, long measuredNanos, long readyNanos, long blockNanos) {
        log.printf(Locale.ROOT, "# Benchmark: %s (%d measured rotations at most; %.1f s to start, load or hand over, and settle the JVMs,"
                + " %.1f s in all)%n", benchmark, rotations, readyNanos / 1e9, blockNanos / 1e9);
        log.println("  host factor per rotation: " + HostFactors.text(byTrial.values()));
        for (Map.Entry<Map<String, String>, Turns> entry : byTrial.entrySet()) {
            Turns t = entry.getValue();
            long idle = background.entrySet().stream().filter(e -> e.getKey().params.equals(entry.getKey()))
                    .mapToLong(Map.Entry::getValue).sum();
            log.printf(Locale.ROOT, "  %-24s %10.4g ± %8.3g ms/op (%4.1f%%), %d turns, %d passes; CPU while others were"
                            + " measured: %d ms (%.2f%% of their time); %d turns divided by a host factor, median as"
                            + " measured %.4g%n", entry.getKey().get("store"), t.median() / 1e6,
                    t.error() / 1e6, 100 * t.relativeError(), t.count(), t.passes(), idle / 1_000_000,
                    measuredNanos == 0 ? 0.0 : 100.0 * idle / measuredNanos, t.adjusted(), t.rawMedian() / 1e6);
            log.println(TurnLog.TURNS + t.text());
            log.println(TurnLog.ROTATIONS + t.rotationsText());
            double[] drift = t.drift();
            if (drift != null && Stability.drifted(drift[0], drift[1])) {
                log.println(Stability.driftLine(drift[0], drift[1]));
            }
        }
        log.flush();
    }

    private static String shortName(String benchmark) {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }
}
