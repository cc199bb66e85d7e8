package dev.kvbench.interleave;

import dev.kvbench.results.PairedRanking;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.WorkloadFamilies;
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
     * @param forks           JVMs per engine; JVM k's turns pair with the other engines' JVM k ({@link Rotations#pairing})
     * @param extraShare      the extra rotations (after the fewest) stop once they have taken this share of the time the
     *                        warmup and fewest rotations took: the time cap of a benchmark
     * @param timeoutSeconds  the longest wait for one JVM's answer before it is killed as hung; 0 for none
     * @param seed            the shuffles' seed
     */
    public record Settings(
            int warmupRotations,
            int minRotations,
            int maxRotations,
            long turnMillis,
            long warmMillis,
            int forks,
            double extraShare,
            long timeoutSeconds,
            long seed) {
        public Settings {
            if (minRotations < 1
                    || maxRotations < minRotations
                    || turnMillis < 1
                    || warmMillis < 0
                    || forks < 1
                    || !(extraShare >= 0)) {
                throw new IllegalArgumentException(
                        "interleaving needs at least 1 measured rotation, at most as many"
                                + " as the most, a turn of at least 1 ms, at least 1 JVM per engine and a time cap of 0 or more");
            }
        }

        /** The time cap in words, for the log's settings line: "half as long as". */
        String capText() {
            return extraShare == 0.5
                    ? "half as long as"
                    : extraShare == 1 ? "as long as" : String.format(Locale.ROOT, "%.2f times as long as", extraShare);
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
            return trialsByBenchmark.values().stream()
                    .flatMap(List::stream)
                    .distinct()
                    .toList();
        }

        /** The benchmarks after the {@code i}th that {@code params}' trial runs. */
        List<String> after(int i, Map<String, String> params) {
            List<String> all = benchmarks();
            return all.subList(i + 1, all.size()).stream()
                    .filter(b -> trialsByBenchmark.get(b).contains(params))
                    .toList();
        }
    }

    /** One engine's result: its turns. */
    public record Row(String benchmark, Map<String, String> params, Turns turns) {}

    final Function<Map<String, String>, List<String>> java;
    private final Settings settings;
    private final SideFile side;
    final PrintStream log;
    private final boolean failOnError;
    final int startAtOnce;
    private boolean failed;

    /**
     * @param java        a trial's JVM command up to the main class (java, its flags, the class path), from its
     *                    parameters: a variant of a store (another library version, JDK or collector) has its own
     * @param startAtOnce JVMs loading and settling at the same time (nothing is measured meanwhile)
     */
    public Interleaver(
            Function<Map<String, String>, List<String>> java,
            Settings settings,
            SideFile side,
            PrintStream log,
            boolean failOnError,
            int startAtOnce) {
        this.java = java;
        this.settings = settings;
        this.side = side;
        this.log = log;
        this.failOnError = failOnError;
        this.startAtOnce = Math.max(1, startAtOnce);
    }

    /** The log's warmup: its rotations, or none, since every JVM settles each workload before its first turn. */
    static String warmupText(int rotations) {
        return rotations == 0
                ? "none (every JVM settled each workload first)"
                : rotations + (rotations == 1 ? " rotation" : " rotations");
    }

    /**
     * The rotations the time cap is measured against, as the log names them: "warmup and fewest", or "fewest" without
     * warm-up rotations. The report reads the cap from this wording ({@code report.section.InterleavedMethod}).
     */
    static String firstRotationsText(int warmupRotations) {
        return warmupRotations > 0 ? "warmup and fewest" : "fewest";
    }

    /** Runs every block in turn; the rows of the engines that finished, in block order. */
    public List<Row> run(List<Block> blocks) throws InterruptedException {
        RunHeader.write(log, blocks, settings);
        log.println("# Shuffle seed: " + settings.seed());
        List<Row> rows = new ArrayList<>();
        Random random = new Random(settings.seed());
        for (int b = 0; b < blocks.size() && !(failed && failOnError); b++) {
            Block block = blocks.get(b);
            log.println("# Run progress: block " + (b + 1) + " of " + blocks.size() + ", "
                    + String.join(
                            ", ",
                            block.benchmarks().stream()
                                    .map(Interleaver::shortName)
                                    .toList()) + " on " + block.trials().size()
                    + " stores");
            rows.addAll(block(block, random));
        }
        log.println(
                failed && failOnError ? "# Run stopped: a trial failed and fail on error is on" : "# Run complete.");
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
            String turnsText = WorkloadFamilies.ofBenchmark(benchmark)
                    .turnsText(WorkloadFamilies.workloadOf(benchmark), trials.get(0));
            if (turnsText != null) {
                log.println(turnsText);
            }
            Set<String> begun = new HashSet<>();
            List<EngineJvm> moving = servers.stream()
                    .filter(server -> trials.contains(server.params))
                    .toList();
            next(moving, servers, benchmark, begun, ended);
            if (!(failed && failOnError)) {
                startMissing(block, i, servers, begun);
                List<EngineJvm> present = servers.stream()
                        .filter(server -> trials.contains(server.params))
                        .toList();
                Rotations.Loss loss = server -> {
                    lost(server, servers);
                    return failOnError;
                };
                MoreJvms.Jvms more = new AddedJvms(this, benchmark, servers, ended);
                measured.put(
                        benchmark,
                        new Rotations(settings, log, loss, benchmark, present, servers, more).measure(random, start));
                // a JVM whose trial has no benchmark after this one ends now
                for (EngineJvm server : present) {
                    if (servers.contains(server)
                            && block.after(i, server.params).isEmpty()) {
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
                if (t != null
                        && t.count() > 0
                        && ended.getOrDefault(benchmark, Set.of()).contains(params)) {
                    rows.add(new Row(benchmark, params, t));
                }
            }
        }
        return rows;
    }

    /** Ends {@code server}'s trial and its JVM; a trial that ended well goes into {@code ended}. */
    void end(EngineJvm server, List<EngineJvm> servers, Map<String, Set<Map<String, String>>> ended)
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
    private void startMissing(Block block, int i, List<EngineJvm> servers, Set<String> begun)
            throws InterruptedException {
        String benchmark = block.benchmarks().get(i);
        List<EngineJvm> waiting = new ArrayList<>();
        for (int fork = 0; fork < settings.forks(); fork++) {
            for (Map<String, String> params : block.trials(benchmark)) {
                String id = EngineJvm.id(params, fork);
                if (begun.contains(id)
                        || servers.stream().anyMatch(server -> server.id().equals(id))) {
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
    private void next(
            List<EngineJvm> moving,
            List<EngineJvm> servers,
            String benchmark,
            Set<String> begun,
            Map<String, Set<Map<String, String>>> ended)
            throws InterruptedException {
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

    /** Waits until each of {@code waiting} is loaded and settled; those that are join {@code servers}. */
    void ready(List<EngineJvm> waiting, List<EngineJvm> servers) throws InterruptedException {
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

    private static String shortName(String benchmark) {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }
}
