package dev.kvbench.trial;

import dev.kvbench.results.Json;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Folders of trials whose JVM died: a memory-mapped store (LMDB, MapDB, Chronicle) that cannot
 * grow its file on a full tmpfs gets SIGBUS, and a JVM killed that way runs no cleanup. Each
 * trial leaves a {@value #MARKER} in its folder naming its benchmark and parameters; whoever next
 * finds such a folder of a dead process (the next trial, or {@code cli.Main} after a JMH run) deletes
 * it so the next trial has its room. The trial's {@code failed} line is normally {@link ForkWatch}'s
 * (the cause and the fork's last lines); only a trial the side file has no failed line for gets
 * one here, with the signal from the JVM's crash report ({@link #ERROR_FILE}) and whether the file
 * system is full, so that a dead trial has exactly one line.
 */
public final class DeadTrials {

    static final String MARKER = "trial.json";
    /**
     * The crash report a fork writes, {@code %p} being its process id: in the temp folder, since
     * the work folder may be the full file system that killed it.
     */
    public static final Path ERROR_FILE = Path.of(System.getProperty("java.io.tmpdir"), "kvbench-hs_err_%p.log");
    /** A trial folder: {@code <workload>-<engine>-<pid>-<n>}. */
    private static final Pattern TRIAL = Pattern.compile(".+-(\\d{1,18})-\\d+");

    private static final Pattern SIGNAL = Pattern.compile("#\\s+(SIG[A-Z]+)\\b.*");

    private DeadTrials() {}

    /** Records which trial works in {@code folder}, for the finder of a folder left by a dead JVM. */
    static void mark(Path folder, String benchmark, Map<String, String> params) {
        Map<String, Object> marker = new LinkedHashMap<>();
        marker.put("benchmark", benchmark);
        marker.put("params", new LinkedHashMap<>(params));
        try {
            Files.writeString(folder.resolve(MARKER), Json.write(marker), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write in the work folder " + folder + ": " + WorkFolder.why(e), e);
        }
    }

    /**
     * Deletes each trial folder in {@code base} whose JVM is gone, first writing a {@code failed}
     * line for it unless the side file has one already; returns the reasons of the lines written.
     */
    public static List<String> collect(Path base, SideFile side) {
        List<String> reasons = new ArrayList<>();
        if (!Files.isDirectory(base)) {
            return reasons;
        }
        List<Path> folders;
        try (Stream<Path> list = Files.list(base)) {
            folders = list.filter(Files::isDirectory).toList();
        } catch (IOException e) {
            return reasons;
        }
        for (Path folder : folders) {
            Matcher name = TRIAL.matcher(folder.getFileName().toString());
            if (!name.matches()
                    || ProcessHandle.of(Long.parseLong(name.group(1))).isPresent()) {
                continue;
            }
            Path marker = folder.resolve(MARKER);
            if (Files.exists(marker)) {
                record(marker, name.group(1), side).ifPresent(reasons::add);
            }
            WorkFolder.delete(folder);
        }
        return reasons;
    }

    @SuppressWarnings("unchecked")
    private static Optional<String> record(Path marker, String pid, SideFile side) {
        Map<String, Object> trial;
        try {
            trial = (Map<String, Object>) Json.parse(Files.readString(marker, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // cut short as the JVM died: nothing to name
        }
        String benchmark = String.valueOf(trial.get("benchmark"));
        Map<String, String> params = new LinkedHashMap<>();
        ((Map<String, Object>) trial.get("params")).forEach((k, v) -> params.put(k, String.valueOf(v)));
        Map<String, String> inOrder = BenchParams.inOrder(params);
        if (hasFailedLine(side, benchmark, inOrder)) {
            return Optional.empty(); // ForkWatch saw the fork die and wrote its cause and last lines
        }
        String reason =
                TrialRecord.workloadOf(benchmark) + " on " + params.get("store") + ": " + why(pid, marker.getParent());
        side.append(TrialRecord.failed(benchmark, inOrder, reason, Map.of()));
        return Optional.of(reason);
    }

    private static boolean hasFailedLine(SideFile side, String benchmark, Map<String, String> params) {
        try {
            return side.read().stream()
                    .anyMatch(r -> r.status() == TrialRecord.Status.FAILED
                            && r.benchmark().equals(benchmark)
                            && r.params().equals(params));
        } catch (IOException | RuntimeException e) {
            return false; // an unreadable side file: write the line rather than lose the trial
        }
    }

    /** Why the JVM {@code pid} died while working in {@code folder}, from its crash report. */
    static String why(String pid, Path folder) {
        Path report = Path.of(ERROR_FILE.toString().replace("%p", pid));
        String signal = signal(report);
        String died = signal == null
                ? "the benchmark JVM died without a crash report (killed?)"
                : "the benchmark JVM was killed by " + signal + " (crash report: " + report + ")";
        if ("SIGBUS".equals(signal)) {
            return "disk full: " + died + ", which a memory-mapped store gets when " + WorkFolder.fileStore(folder)
                    + " has no room left to grow its file (" + WorkFolder.mib(WorkFolder.usableBytes(folder))
                    + " usable with the dead trial's files)";
        }
        String full = WorkFolder.diskFull(null, folder);
        return full == null ? died : "disk full: " + full + "; " + died;
    }

    private static String signal(Path report) {
        if (!Files.exists(report)) {
            return null;
        }
        try (Stream<String> lines = Files.lines(report, StandardCharsets.UTF_8)) {
            return lines.limit(20)
                    .map(SIGNAL::matcher)
                    .filter(Matcher::matches)
                    .map(m -> m.group(1))
                    .findFirst()
                    .orElse(null);
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
    }
}
