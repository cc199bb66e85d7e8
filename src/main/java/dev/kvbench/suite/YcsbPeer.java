package dev.kvbench.suite;

import dev.kvbench.trial.WorkFolder;
import dev.kvbench.workload.ycsb.Presets;
import dev.kvbench.workload.ycsb.WorkloadProperties;
import dev.kvbench.workload.ycsb.YcsbParams;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * YCSB's own client beside a test of the {@code ycsb-peer} suite: YCSB 0.17.0 as
 * {@code ../shared/peer/ycsb.sh build} builds it ({@code OUT/ycsb-peer.jar}, YCSB's RocksDB binding compiled
 * against the rocksdbjni kvbench uses, and {@code OUT/lib/}: YCSB's core and that rocksdbjni), found through
 * {@code KVBENCH_YCSB=OUT}, run as {@code ycsb.sh run} runs it ({@code java -cp OUT/ycsb-peer.jar:OUT/lib/*
 * site.ycsb.Client}), with this JVM's java.
 *
 * <p>For a test on kvbench's {@code rocksdb}, YCSB's {@code RocksDBClient} loads the records and runs the
 * operations; for a test on kvbench's {@code null} store, YCSB's {@code BasicDB} (which does nothing per
 * operation) runs them: its throughput is YCSB's client's own cost. Both read one properties file,
 * {@code ycsb-N.properties}: every YCSB property kvbench's test has in force (the same workload, records,
 * operations, threads and field layout), written out. The client runs just before each round of kvbench's
 * (in rounds, {@code KVBENCH_ROUNDS}, once per round, so that both tools have intervals); its output goes, whole,
 * to {@code ycsb-N.load.txt} and {@code ycsb-N.run.txt} ({@code ycsb-N.rR.*} in round R), after a
 * {@code # command:} line and before an {@code # exit:} line; the report parses its {@code [OVERALL]},
 * {@code [READ]} ... lines.
 */
final class YcsbPeer {

    /** The environment variable naming the folder {@code ycsb.sh build} wrote. */
    static final String ENVIRONMENT = "KVBENCH_YCSB";

    static final String ROCKSDB_CLIENT = "site.ycsb.db.rocksdb.RocksDBClient";
    static final String BASIC_DB = "site.ycsb.BasicDB";
    /** The percentiles YCSB prints per operation type (its default is 95,99: no median). */
    static final String PERCENTILES = "50,95,99,99.9";

    private static final String HOW =
            "build YCSB 0.17.0's client once with ../shared/peer/ycsb.sh build YCSB_CHECKOUT OUT "
                    + "(git clone https://github.com/brianfrankcooper/YCSB YCSB_CHECKOUT; git -C YCSB_CHECKOUT checkout 0.17.0), "
                    + "then run KVBENCH_YCSB=OUT ./run.sh ycsb-peer";

    /**
     * For the suite's time estimate: what one phase of YCSB's client costs besides its operations (a JVM started,
     * the store opened and closed; 1-2 s on 2 cores), and its throughput: with RocksDB (one write per commit) about
     * 55,000-100,000 ops/s outside E and 19,000 in E's scans, with BasicDB 1.3-2.4 million (20261125-ycsb-peer),
     * taken low so that the estimate errs long.
     */
    static final double PHASE_START_SECONDS = 1.5;

    static final double ROCKSDB_OPS_PER_SECOND = 50_000;
    static final double SCAN_OPS_PER_SECOND = 15_000;
    static final double BASIC_DB_OPS_PER_SECOND = 1_000_000;

    private final Path dir;
    private final AtomicReference<Process> running = new AtomicReference<>();

    private YcsbPeer(Path dir) {
        this.dir = dir;
    }

    /** The peer in {@code KVBENCH_YCSB}'s folder; one line (exit 2) when it is unset or not a build of {@code ycsb.sh}. */
    static YcsbPeer of(Map<String, String> env) {
        String given = env.get(ENVIRONMENT);
        if (given == null || given.isBlank()) {
            throw new UsageException(
                    "the ycsb-peer suite runs YCSB's own client, and " + ENVIRONMENT + " is not set: " + HOW);
        }
        Path dir = Path.of(given).toAbsolutePath().normalize();
        if (!Files.isRegularFile(dir.resolve("ycsb-peer.jar"))
                || library(dir, "core-").isEmpty()) {
            throw new UsageException(ENVIRONMENT + "=" + given
                    + " has no ycsb-peer.jar and lib/core-*.jar (what ycsb.sh build " + "writes): " + HOW);
        }
        return new YcsbPeer(dir);
    }

    /** The suite sets its own stores, each beside a binding of YCSB's: a {@code -p store} of the user's is refused. */
    static void checkNoStores(UserArgs user) {
        if (user.param("store").isPresent()) {
            throw new UsageException(
                    "-p store=" + user.param("store").get() + ": the ycsb-peer suite sets its own stores "
                            + "(rocksdb beside YCSB's RocksDB binding, null beside YCSB's BasicDB); leave -p store out");
        }
    }

    /** env.txt's lines: where the client is, and the versions of YCSB's core and of rocksdbjni on its class path. */
    List<String> envLines() {
        return List.of(
                "ycsb.peer.dir: " + dir,
                "ycsb.peer.core: " + library(dir, "core-").orElse("unknown"),
                "ycsb.peer.rocksdbjni: " + library(dir, "rocksdbjni-").orElse("none"));
    }

    /** The YCSB binding standing beside a test's store ({@code rocksdb} or {@code null}), or null for none. */
    static String binding(PlannedTest test) {
        return switch (test.params().getOrDefault("store", "")) {
            case "rocksdb" -> ROCKSDB_CLIENT;
            case "null" -> BASIC_DB;
            default -> null;
        };
    }

    /** The client's phases for a test: load and run with RocksDB (the run reads what the load wrote); run alone with BasicDB. */
    static List<String> phases(String binding) {
        return binding.equals(ROCKSDB_CLIENT) ? List.of("load", "run") : List.of("run");
    }

    /** The client's command line for one phase of test {@code n}, its store in {@code dbDir}. */
    List<String> command(String binding, String phase, Path properties, Path dbDir) {
        List<String> command = new ArrayList<>(List.of(
                Jvm.java(),
                "-cp",
                dir.resolve("ycsb-peer.jar") + File.pathSeparator + dir.resolve("lib") + "/*",
                "site.ycsb.Client",
                phase.equals("load") ? "-load" : "-t",
                "-db",
                binding,
                "-P",
                properties.toString(),
                "-p",
                "hdrhistogram.percentiles=" + PERCENTILES));
        if (binding.equals(ROCKSDB_CLIENT)) {
            command.addAll(List.of("-p", "rocksdb.dir=" + dbDir));
        } else {
            command.addAll(List.of("-p", "basicdb.verbose=false"));
        }
        return command;
    }

    /**
     * The YCSB properties file of a test: every property of YCSB's that kvbench's test has in force. A kvbench
     * addition set away from its default (which YCSB would not follow) is refused: the two would not run the
     * same workload. The seed is the exception: YCSB's client has none (it draws from unseeded generators).
     */
    static String properties(PlannedTest test) {
        WorkloadProperties inForce = Presets.resolve(
                test.params().get("workload"),
                YcsbParams.overrides(test.params().getOrDefault("props", YcsbParams.NONE)));
        Map<String, WorkloadProperties.Property> known = WorkloadProperties.known();
        StringBuilder text = new StringBuilder("# YCSB's properties of kvbench's test " + test.number() + " ("
                + inForce.source() + "), as kvbench had them in force\n");
        inForce.inForce().forEach((name, value) -> {
            WorkloadProperties.Property property = known.get(name);
            if (property == null || property.origin() == WorkloadProperties.Origin.YCSB) {
                text.append(name).append('=').append(value).append('\n');
            } else if (property.origin() == WorkloadProperties.Origin.KVBENCH
                    && !name.equals("seed")
                    && !Objects.equals(property.defaultValue(), value)) {
                throw new UsageException(
                        "-p " + name + "=" + value + " is kvbench's, and YCSB's client would not follow it:"
                                + " the ycsb-peer suite runs the same workload on both, so leave it out");
            }
        });
        return text.toString();
    }

    /**
     * A rough time of YCSB's client beside one round of {@code test}, in seconds: a JVM per phase, the load's
     * {@code recordcount} inserts and the run's {@code operationcount} operations at the rates above; 0 for a test
     * without a YCSB binding beside it.
     */
    static double seconds(PlannedTest test) {
        String binding = binding(test);
        if (binding == null) {
            return 0;
        }
        WorkloadProperties inForce = Presets.resolve(
                test.params().get("workload"),
                YcsbParams.overrides(test.params().getOrDefault("props", YcsbParams.NONE)));
        double seconds = phases(binding).size() * PHASE_START_SECONDS;
        if (binding.equals(BASIC_DB)) {
            return seconds + inForce.operationCount() / BASIC_DB_OPS_PER_SECOND;
        }
        return seconds
                + inForce.recordCount() / ROCKSDB_OPS_PER_SECOND
                + inForce.operationCount() / (inForce.scans() ? SCAN_OPS_PER_SECOND : ROCKSDB_OPS_PER_SECOND);
    }

    /** {@code test} with YCSB's client's time beside each of its rounds added to its estimate ({@link #seconds(PlannedTest)}). */
    static PlannedTest withClientTime(PlannedTest test) {
        return test.withSeconds(test.seconds() + Math.round(test.test().repeat().min() * seconds(test)));
    }

    /** What {@link #run} would run for {@code test}, for a dry run. */
    List<String> plan(PlannedTest test, Path results, Path workDir) {
        String binding = binding(test);
        if (binding == null) {
            return List.of();
        }
        return phases(binding).stream()
                .map(phase -> String.join(
                        " ",
                        command(
                                        binding,
                                        phase,
                                        results.resolve("ycsb-" + test.number() + ".properties"),
                                        workDir.resolve("ycsb-" + test.number()))
                                .stream()
                                .map(Shell::word)
                                .toList()))
                .toList();
    }

    /** The stem of YCSB's output files of round {@code round} of test {@code n}: {@code ycsb-N}, then {@code ycsb-N.rR}, as kvbench's {@code out-N.rR}. */
    static String stem(int n, int round) {
        return "ycsb-" + n + (round > 1 ? ".r" + round : "");
    }

    /** Removes what an earlier, unfinished attempt at test {@code n} left of YCSB's files in {@code results}. */
    static void forget(Path results, int n) {
        try (Stream<Path> files = Files.list(results)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("ycsb-" + n + "."))
                    .toList()) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove YCSB's earlier files of test " + n + " in " + results, e);
        }
    }

    /**
     * Runs YCSB's client beside round {@code round} of {@code test}: its phases, each into
     * {@code ycsb-N.PHASE.txt} ({@code ycsb-N.rR.PHASE.txt} from round 2 on), its store in
     * {@code workDir/ycsb-N} (emptied before, removed after). Returns null when every phase exited 0, else
     * the first failure in one line (the suite goes on, and the report shows it).
     */
    String run(PlannedTest test, int round, Path results, Path workDir, PrintStream out) throws InterruptedException {
        String binding = binding(test);
        if (binding == null) {
            return null;
        }
        int n = test.number();
        Path properties = results.resolve("ycsb-" + n + ".properties");
        Path db = workDir.resolve("ycsb-" + n);
        try {
            Files.writeString(properties, properties(test), StandardCharsets.UTF_8);
            WorkFolder.delete(db);
            for (String phase : phases(binding)) {
                out.println("    YCSB 0.17.0's client, " + phase + " phase with "
                        + binding.substring(binding.lastIndexOf('.') + 1) + (round > 1 ? ", round " + round : ""));
                Path file = results.resolve(stem(n, round) + "." + phase + ".txt");
                List<String> command = command(binding, phase, properties, db);
                Files.writeString(
                        file,
                        "# command: "
                                + String.join(
                                        " ", command.stream().map(Shell::word).toList()) + "\n",
                        StandardCharsets.UTF_8);
                Process process = new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(file.toFile()))
                        .start();
                running.set(process);
                process.getOutputStream().close();
                int exit = process.waitFor();
                running.set(null);
                Files.writeString(file, "# exit: " + exit + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
                if (exit != 0) {
                    return "YCSB's client failed in the " + phase + " phase of test " + n
                            + (round > 1 ? " round " + round : "") + " (exit status " + exit + "): see " + file;
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run YCSB's client for test " + n + ": " + e.getMessage(), e);
        } finally {
            WorkFolder.delete(db);
        }
    }

    /** Stops the client if one is running (the suite was interrupted). */
    void stop() {
        Process process = running.get();
        if (process != null) {
            process.destroyForcibly();
        }
    }

    /** The version in {@code dir/lib/PREFIX<version>.jar}, if there is one. */
    private static Optional<String> library(Path dir, String prefix) {
        try (Stream<Path> jars = Files.list(dir.resolve("lib"))) {
            return jars.map(p -> p.getFileName().toString())
                    .filter(f -> f.startsWith(prefix) && f.endsWith(".jar"))
                    .map(f -> f.substring(prefix.length(), f.length() - ".jar".length()))
                    .sorted()
                    .findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
