package dev.kvbench.suite;

import dev.kvbench.workload.ycsb.Presets;
import dev.kvbench.workload.ycsb.WorkloadFileException;
import dev.kvbench.workload.ycsb.WorkloadProperties;
import dev.kvbench.workload.ycsb.YcsbParams;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The command line of {@code ./run.sh workload FILE [-p name=value ...] [JMH options]}: the
 * workload file (or a preset, workloada to workloadf), YCSB's {@code -p}
 * overrides of its properties, and what is left for JMH ({@code -p store=...}, {@code -p sync=...}
 * and options). The workload is read and checked here, before anything runs: a mistake is one
 * line and exit 2.
 *
 * @param workload   the workload argument: an absolute path to the file, or the preset's name
 * @param overrides  the {@code -p} overrides of workload properties, in order
 * @param properties the properties in force
 * @param rest       the arguments for JMH
 */
record WorkloadArgs(String workload, Map<String, String> overrides, WorkloadProperties properties, List<String> rest) {

    /** The {@code -p} names that are JMH parameters of the YCSB benchmark, not workload properties. */
    private static final Set<String> JMH_PARAMS = Set.of("store", "sync");

    static WorkloadArgs of(List<String> args) {
        if (args.isEmpty() || args.get(0).startsWith("-")) {
            throw new UsageException("give a workload file: ./run.sh workload path/to/workloada [-p name=value ...]"
                    + " (or a preset: " + String.join(", ", Presets.NAMES) + ")");
        }
        Split split = split(args.subList(1, args.size()));
        String given = args.get(0);
        Path file = Path.of(given);
        if (Files.isDirectory(file) && Presets.presetName(given) == null) {
            throw new UsageException("workload file " + given + " is a folder; give a YCSB workload file in it (e.g. "
                    + file.resolve("workloada") + ") or a preset: " + String.join(", ", Presets.NAMES));
        }
        if (!Files.isRegularFile(file) && Presets.presetName(given) == null) {
            throw new UsageException("workload file " + given + " not found; give a YCSB workload file (e.g. "
                    + "path/to/workloada) or a preset: " + String.join(", ", Presets.NAMES));
        }
        if (Files.isRegularFile(file) && binary(file)) {
            throw new UsageException("workload file " + given + " is not a text file of properties (it holds binary"
                    + " bytes, as a program or an archive does); give a YCSB workload file, lines of name=value (e.g."
                    + " path/to/workloada), or a preset: " + String.join(", ", Presets.NAMES));
        }
        String workload =
                Files.isRegularFile(file) ? file.toAbsolutePath().normalize().toString() : Presets.presetName(given);
        if (workload.contains(",")) {
            throw new UsageException(
                    "workload file " + given + ": a path with a comma cannot be a JMH parameter; rename it");
        }
        Map<String, String> overrides = split.overrides();
        List<String> rest = split.rest();
        secondWorkload(given, rest);
        WorkloadProperties properties;
        try {
            overrides = interleaved(Presets.resolve(workload, overrides), overrides);
            properties = Presets.resolve(workload, overrides);
        } catch (WorkloadFileException e) {
            throw new UsageException(e.getMessage());
        }
        return new WorkloadArgs(workload, overrides, properties, rest);
    }

    /** Whether {@code file} starts with a NUL byte in its first 8 KiB: no text file of properties holds one. */
    private static boolean binary(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(8192);
            for (byte b : head) {
                if (b == 0) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            throw new UsageException("workload file " + file + " cannot be read: " + e.getMessage());
        }
    }

    /**
     * Refuses a second workload ({@code ./run.sh workload workloada workloadb}), which JMH would take as a benchmark
     * pattern: a word after the first workload that no option takes as its value and that names a preset or a file.
     */
    private static void secondWorkload(String first, List<String> rest) {
        for (int i = 0; i < rest.size(); i++) {
            String word = rest.get(i);
            boolean optionValue = i > 0 && rest.get(i - 1).startsWith("-");
            if (!optionValue
                    && !word.startsWith("-")
                    && (Presets.presetName(word) != null || Files.isRegularFile(Path.of(word)))) {
                throw new UsageException("workload " + word + " after " + first + ": a run takes one workload file;"
                        + " run ./run.sh workload " + word + " on its own (it would be read as a JMH benchmark"
                        + " pattern here)");
            }
        }
    }

    /**
     * {@code overrides} with {@code interleave=true} added where neither they nor {@code properties} set interleave,
     * target or maxexecutiontime: a user's workload runs interleaved, every engine's run phase in turns until the
     * ranking is decided, unless the workload paces its operations or runs for a time, as YCSB's client does.
     */
    static Map<String, String> interleaved(WorkloadProperties properties, Map<String, String> overrides) {
        if (properties.isGiven("interleave") || properties.target() > 0 || properties.maxExecutionTimeSec() > 0) {
            return overrides;
        }
        Map<String, String> with = new LinkedHashMap<>(overrides);
        with.put("interleave", "true");
        return with;
    }

    /**
     * The line that says an explicit {@code -p operationcount} does not set the run's length in turns (the ranking does,
     * and {@code interleave=false} runs that many operations once per engine); empty otherwise.
     */
    Optional<String> note() {
        if (!properties.inTurns() || !overrides.containsKey("operationcount")) {
            return Optional.empty();
        }
        return Optional.of("run.sh: operationcount=" + overrides.get("operationcount") + " is not the run's"
                + " length here: each engine's run phase runs in turns until the ranking is decided, and the report"
                + " gives how many operations each ran; -p interleave=false runs " + overrides.get("operationcount")
                + " operations once per engine, as YCSB's client does");
    }

    /** A command line's workload property overrides ({@code -p name=value}) and the rest, for JMH. */
    record Split(Map<String, String> overrides, List<String> rest) {}

    /** Splits {@code args} into the {@code -p} overrides of workload properties and the arguments for JMH. */
    static Split split(List<String> args) {
        Map<String, String> overrides = new LinkedHashMap<>();
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("-p") && i + 1 < args.size()) {
                String pair = args.get(i + 1);
                int at = pair.indexOf('=');
                String name = at > 0 ? pair.substring(0, at) : pair;
                if (at > 0 && name.equals("props")) {
                    throw new UsageException("-p " + pair + ": props is kvbench's own parameter (the workload's -p "
                            + "overrides as one value); give each property as -p name=value");
                }
                if (at > 0 && name.equals("workload")) {
                    String value = pair.substring(at + 1);
                    if (Presets.presetName(value) != null || Files.isRegularFile(Path.of(value))) {
                        throw new UsageException("-p " + pair + ": YCSB's workload property names its Java class ("
                                + WorkloadProperties.CORE_WORKLOAD + "); the workload file is the argument after the "
                                + "suite: ./run.sh workload " + value);
                    }
                }
                // YCSB's workload property (every YCSB file carries it) is a property here, never the benchmark's
                // own workload parameter, which only the argument after the suite sets
                if (at > 0
                        && !JMH_PARAMS.contains(name)
                        && (!YcsbParams.NAMES.contains(name) || name.equals("workload"))) {
                    if (pair.contains(",") || pair.contains(";")) {
                        throw new UsageException("-p " + pair + ": a workload property's value cannot hold , or ;");
                    }
                    overrides.put(name, pair.substring(at + 1));
                    i++;
                    continue;
                }
            }
            rest.add(arg);
        }
        return new Split(overrides, rest);
    }

    /** The {@code props} parameter value of the overrides. */
    String props() {
        return YcsbParams.props(overrides);
    }
}
