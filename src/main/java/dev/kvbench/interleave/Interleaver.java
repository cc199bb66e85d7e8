package dev.kvbench.interleave;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.trial.BenchParams;

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
 * <p>Every engine gets {@link Settings#minRotations} measured turns per JVM; after that, only the engines whose
 * interval is still wider than {@link Settings#target} of their median take further rotations (still shuffled
 * among themselves), up to {@link Settings#maxRotations}.
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
     * @param forks           JVMs per engine; their turns are pooled
     * @param target          the relative error at which a block may stop
     * @param timeoutSeconds  the longest wait for one JVM's answer before it is killed as hung
     * @param seed            the shuffles' seed
     */
    public record Settings(int warmupRotations, int minRotations, int maxRotations, long turnMillis, long warmMillis,
                           int forks, double target, long timeoutSeconds, long seed) {
        public Settings {
            if (minRotations < 1 || maxRotations < minRotations || turnMillis < 1 || warmMillis < 0 || forks < 1) {
                throw new IllegalArgumentException("interleaving needs at least 1 measured rotation, at most as many"
                        + " as the most, a turn of at least 1 ms and at least 1 JVM per engine");
            }
        }
    }

    /** One benchmark over several stores with the same other parameters: the engines interleaved together. */
    public record Block(String benchmark, List<Map<String, String>> trials) {
    }

    /** One engine's result: its turns. */
    public record Row(String benchmark, Map<String, String> params, Turns turns) {
    }

    private final List<String> java;
    private final Settings settings;
    private final SideFile side;
    private final PrintStream log;
    private final boolean failOnError;
    private final int startAtOnce;
    private boolean failed;

    /**
     * @param java        the JVM command up to the main class (java, its flags, the class path)
     * @param startAtOnce JVMs loading and settling at the same time (nothing is measured meanwhile)
     */
    public Interleaver(List<String> java, Settings settings, SideFile side, PrintStream log, boolean failOnError,
                       int startAtOnce) {
        this.java = List.copyOf(java);
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
                + " rotations, then up to " + settings.maxRotations() + " for the engines whose interval is still over "
                + Math.round(settings.target() * 100) + "% of their median");
        log.println("# Host factors: each turn divided by its rotation's host factor, the median over the other engines"
                + " of the rotation (at least " + HostFactors.MIN_OTHERS + ") of their turn over their median turn");
        log.println("# Threads: 1 thread");
        log.println("# Fork: 1 of " + settings.forks());
        log.println("# Shuffle seed: " + settings.seed());
        List<Row> rows = new ArrayList<>();
        Random random = new Random(settings.seed());
        for (int b = 0; b < blocks.size() && !(failed && failOnError); b++) {
            Block block = blocks.get(b);
            log.println("# Run progress: block " + (b + 1) + " of " + blocks.size() + ", " + shortName(block.benchmark())
                    + " on " + block.trials().size() + " stores");
            rows.addAll(block(block, random));
        }
        log.println(failed && failOnError ? "# Run stopped: a trial failed and fail on error is on" : "# Run complete.");
        log.flush();
        return rows;
    }

    private List<Row> block(Block block, Random random) throws InterruptedException {
        long blockStart = System.nanoTime();
        List<Server> servers = new ArrayList<>();
        Map<Server, Turns> turns = new LinkedHashMap<>();
        Map<Map<String, String>, Turns> byTrial = new LinkedHashMap<>();
        List<Server> waiting = new ArrayList<>();
        for (int fork = 0; fork < settings.forks(); fork++) {
            for (Map<String, String> params : block.trials()) {
                String label = params.get("store") + (settings.forks() > 1 ? "#" + (fork + 1) : "");
                waiting.add(Server.start(java, block.benchmark(), params, label, log));
                if (waiting.size() == startAtOnce) {
                    ready(waiting, servers);
                }
            }
        }
        ready(waiting, servers);
        long readyNanos = System.nanoTime() - blockStart;
        for (Server server : servers) {
            turns.put(server, byTrial.computeIfAbsent(server.params, p -> new Turns()));
        }
        Map<Server, Long> background = new LinkedHashMap<>();
        long measuredNanos = 0;
        int rotations = 0;
        List<Server> active = new ArrayList<>(servers);
        for (int r = 0; r < settings.warmupRotations() + settings.maxRotations() && !active.isEmpty(); r++) {
            boolean warmup = r < settings.warmupRotations();
            List<Server> order = new ArrayList<>(active);
            Collections.shuffle(order, random);
            log.println("  rotation " + (warmup ? "w" : "") + (r + 1) + ": "
                    + String.join(" ", order.stream().map(server -> server.label).toList()));
            for (Server server : order) {
                if (!servers.contains(server)) {
                    continue;
                }
                Map<Server, Long> before = cpu(servers, server);
                long start = System.nanoTime();
                long[] passes = turn(server);
                long elapsed = System.nanoTime() - start;
                Map<Server, Long> after = cpu(servers, server);
                if (passes == null) {
                    lost(server, servers);
                    if (failOnError) {
                        stop(servers);
                        return List.of();
                    }
                    continue;
                }
                if (!warmup) {
                    turns.get(server).add(r - settings.warmupRotations(), passes);
                    measuredNanos += elapsed;
                    before.forEach((other, nanos) -> background.merge(other, after.getOrDefault(other, nanos) - nanos, Long::sum));
                }
            }
            if (!warmup) {
                rotations++;
                if (rotations >= settings.minRotations()) {
                    HostFactors.apply(byTrial.values());
                    // only the engines whose interval is still wide take the next rotations
                    active.removeIf(server -> !servers.contains(server)
                            || turns.get(server).relativeError() <= settings.target());
                }
            }
            active.retainAll(servers);
        }
        HostFactors.apply(byTrial.values());
        logBlock(block, byTrial, rotations, background, measuredNanos, readyNanos, System.nanoTime() - blockStart);
        List<Row> rows = new ArrayList<>();
        for (Server server : new ArrayList<>(servers)) {
            if (!server.send("end") || server.await(settings.timeoutSeconds()) == null) {
                lost(server, servers);
            }
        }
        for (Map<String, String> params : block.trials()) {
            Turns t = byTrial.get(params);
            boolean alive = servers.stream().anyMatch(s -> s.params.equals(params));
            if (t != null && alive && t.count() > 0) {
                rows.add(new Row(block.benchmark(), params, t));
            }
        }
        return rows;
    }

    /** Waits until each of {@code waiting} is loaded and settled; those that are join {@code servers}. */
    private void ready(List<Server> waiting, List<Server> servers) throws InterruptedException {
        for (Server server : waiting) {
            String answer = server.await(settings.timeoutSeconds());
            if (answer == null) {
                lost(server, servers);
            } else {
                servers.add(server);
            }
        }
        waiting.clear();
    }

    private long[] turn(Server server) throws InterruptedException {
        if (!server.send("turn " + settings.turnMillis() + " " + settings.warmMillis())) {
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
    private void lost(Server server, List<Server> servers) {
        servers.remove(server);
        failed = true;
        String reason = server.failure() == null ? "the JVM stopped answering" : server.failure();
        log.println("  [" + server.label + "] FAILED: " + reason);
        if (!server.failedItself()) {
            side.append(TrialRecord.died(server.benchmark, BenchParams.inOrder(server.params), reason, server.tail()));
        }
        server.kill();
    }

    private static void stop(List<Server> servers) {
        for (Server server : servers) {
            server.kill();
        }
        servers.clear();
    }

    private static Map<Server, Long> cpu(List<Server> servers, Server measured) {
        Map<Server, Long> cpu = new LinkedHashMap<>();
        for (Server server : servers) {
            if (server != measured) {
                cpu.put(server, server.cpuNanos());
            }
        }
        return cpu;
    }

    private void logBlock(Block block, Map<Map<String, String>, Turns> byTrial, int rotations,
                          Map<Server, Long> background, long measuredNanos, long readyNanos, long blockNanos) {
        log.printf(Locale.ROOT, "# Benchmark: %s (%d measured rotations at most; %.1f s to start, load and settle the JVMs,"
                + " %.1f s in all)%n", block.benchmark(), rotations, readyNanos / 1e9, blockNanos / 1e9);
        log.println("  host factor per rotation: " + HostFactors.text(byTrial.values()));
        for (Map.Entry<Map<String, String>, Turns> entry : byTrial.entrySet()) {
            Turns t = entry.getValue();
            long idle = background.entrySet().stream().filter(e -> e.getKey().params.equals(entry.getKey()))
                    .mapToLong(Map.Entry::getValue).sum();
            log.printf(Locale.ROOT, "  %-24s %10.3f ± %8.3f ms/op (%4.1f%%), %d turns, %d passes; CPU while others were"
                            + " measured: %d ms (%.2f%% of their time); %d turns divided by a host factor, median as"
                            + " measured %.3f%n", entry.getKey().get("store"), t.median() / 1e6,
                    t.error() / 1e6, 100 * t.relativeError(), t.count(), t.passes(), idle / 1_000_000,
                    measuredNanos == 0 ? 0.0 : 100.0 * idle / measuredNanos, t.adjusted(), t.rawMedian() / 1e6);
            log.println("    turns (ms/op, in order): " + t.text());
        }
        log.flush();
    }

    private static String shortName(String benchmark) {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }
}
