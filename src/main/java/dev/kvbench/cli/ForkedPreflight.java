package dev.kvbench.cli;

import dev.kvbench.fork.ForkDeath;
import dev.kvbench.fork.ForkWatch;
import dev.kvbench.fork.VariantJvm;
import dev.kvbench.results.VariantLine;
import dev.kvbench.store.Capability;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.trial.DeadTrials;
import dev.kvbench.trial.FailureReason;
import dev.kvbench.trial.WorkFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link Probe} in a child JVM started like a JMH fork (same java, class path and flags),
 * because engines must only be opened with their flags.
 *
 * <p>One JVM checks every store. When it dies (an engine's SIGSEGV or SIGBUS in native code) or
 * an engine hangs (no answer within the limit per check), the store whose check had no answer is
 * the one that killed it: it is recorded as dead ({@link #dead()}: the cause, as {@link ForkDeath}
 * tells it, and the JVM's last lines), and the checks after it run in a new JVM, so that one
 * broken engine fails alone, as a crashed trial does.
 */
final class ForkedPreflight implements Preflight {

    /** The longest one check (open a store, write and read back a few entries) may take. */
    static final long TIMEOUT_SECONDS = 300;

    private final String java;
    private final List<String> jvmArgs;
    private final Path scratch;
    private final long timeoutSeconds;
    private final Map<StoreSpec, Preflight.Death> dead = new LinkedHashMap<>();
    private final Map<StoreSpec, String> refused = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> facts = new LinkedHashMap<>();

    /**
     * @param trialTimeout the run's trial timeout in seconds (0 for none): a check gets at most
     *                     that, and at most {@link #TIMEOUT_SECONDS}
     */
    ForkedPreflight(String java, List<String> jvmArgs, Path scratch, long trialTimeout) {
        this.java = java;
        this.jvmArgs = jvmArgs;
        this.scratch = scratch;
        this.timeoutSeconds = trialTimeout > 0 ? Math.min(TIMEOUT_SECONDS, trialTimeout) : TIMEOUT_SECONDS;
    }

    @Override
    public Map<Preflight.Check, Set<Capability>> check(Collection<Preflight.Check> checks) {
        // a variant's stores are checked in a JVM like the variant's own: its library version, JDK, collector and flags
        Map<Map<String, String>, List<Preflight.Check>> byJvm = new LinkedHashMap<>();
        for (Preflight.Check check : checks) {
            byJvm.computeIfAbsent(check.spec().variant(), v -> new ArrayList<>())
                    .add(check);
        }
        Map<Preflight.Check, Set<Capability>> results = new LinkedHashMap<>();
        for (List<Preflight.Check> group : byJvm.values()) {
            check(group, results);
        }
        return results;
    }

    private void check(List<Preflight.Check> checks, Map<Preflight.Check, Set<Capability>> results) {
        boolean variant = checks.get(0).spec().isVariant();
        List<Preflight.Check> remaining = new ArrayList<>(checks);
        while (!remaining.isEmpty()) {
            Attempt attempt = probe(remaining);
            List<Set<Capability>> answers = answers(attempt.output, remaining, variant);
            for (int i = 0; i < answers.size(); i++) {
                if (answers.get(i) != null) {
                    results.put(remaining.get(i), answers.get(i));
                }
            }
            facts(attempt.output, remaining);
            if (answers.size() == remaining.size()) {
                break;
            }
            if (answers.isEmpty() && !attempt.timedOut && attempt.exit < 128 && !attempt.output.contains("#  SIG")) {
                // no signal, no answer: the JVM itself did not start (a bad flag, no memory), whatever the store
                String last = attempt.output
                        .lines()
                        .filter(line -> !line.isBlank())
                        .reduce((a, b) -> b)
                        .orElse("no output");
                throw new IllegalStateException(
                        "the preflight JVM" + (variant ? " of " + checks.get(0).store() : "")
                                + " ended (exit " + attempt.exit + ") before it checked any store: "
                                + last.strip() + WorkFolder.openFilesHint(attempt.output));
            }
            Preflight.Check culprit = remaining.get(answers.size());
            remaining = remaining.subList(answers.size() + 1, remaining.size()).stream()
                    .filter(check -> !check.spec().equals(culprit.spec()))
                    .toList();
            dead.put(culprit.spec(), death(culprit, attempt, !remaining.isEmpty()));
        }
    }

    @Override
    public Map<StoreSpec, String> refused() {
        return refused;
    }

    @Override
    public Map<String, Map<String, String>> facts() {
        return facts;
    }

    /**
     * What the probe JVM said about itself ({@link Probe#JVM}) and each store's library ({@link Probe#LIBRARY}), kept
     * per store as the log's variant lines give them ({@link VariantLine}).
     */
    private void facts(String output, List<Preflight.Check> ordered) {
        Map<String, String> jvm = new LinkedHashMap<>();
        Map<Integer, String> libraries = new LinkedHashMap<>();
        for (String line : output.split("\n")) {
            String[] fields = line.split("\t", -1);
            if (fields[0].equals(Probe.JVM) && fields.length == 5) {
                jvm.put(VariantLine.JAVA, fields[1]);
                jvm.put(VariantLine.VM, fields[2]);
                jvm.put(VariantLine.GC, fields[3]);
                jvm.put(VariantLine.HOME, fields[4]);
            } else if (fields[0].equals(Probe.LIBRARY) && fields.length == 3) {
                libraries.put(Integer.parseInt(fields[1]), fields[2]);
            }
        }
        libraries.forEach((index, library) -> {
            Preflight.Check check = ordered.get(index);
            Map<String, String> known = new LinkedHashMap<>();
            known.put(VariantLine.LIBRARY, library);
            known.putAll(jvm);
            known.put(VariantLine.FLAGS, String.join(" ", VariantJvm.ownFlags(check.spec())));
            facts.putIfAbsent(check.store(), known);
        });
    }

    @Override
    public Map<StoreSpec, Preflight.Death> dead() {
        return dead;
    }

    /** How one preflight JVM ended: all it printed, its exit status, whether it was killed for hanging. */
    private record Attempt(String output, int exit, boolean timedOut) {}

    /** Runs the checks {@code ordered} in one JVM, until it ends or a check has no answer in time. */
    private Attempt probe(List<Preflight.Check> ordered) {
        List<String> flags = new ArrayList<>(jvmArgs);
        // a crash report of an engine (SIGBUS on a full tmpfs) goes to the temp folder, not the user's current one
        flags.add("-XX:ErrorFile=" + DeadTrials.ERROR_FILE);
        flags.add("-XX:-CreateCoredumpOnCrash");
        List<String> command = new ArrayList<>(
                VariantJvm.command(ordered.get(0).spec(), java, flags, System.getProperty("java.class.path")));
        command.add(Probe.class.getName());
        command.add(scratch.toString());
        for (Preflight.Check check : ordered) {
            command.add(check.spec().toString());
            command.add(Integer.toString(check.num()));
            command.add(Boolean.toString(check.intKey()));
            command.add(Integer.toString(check.valSize()));
        }
        Path log = null;
        try {
            // to a file, not a pipe: reading a pipe to its end would wait forever for a hung engine
            log = Files.createTempFile("kvbench-preflight-", ".txt");
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            boolean timedOut = !waitForAnswers(process, log);
            if (timedOut) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor();
            }
            return new Attempt(Files.readString(log, StandardCharsets.UTF_8), process.exitValue(), timedOut);
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot start " + java + " for the preflight check: " + FailureReason.oneLine(e)
                            + WorkFolder.openFilesHint(e.getMessage()),
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during the preflight check", e);
        } finally {
            WorkFolder.delete(scratch);
            if (log != null) {
                WorkFolder.delete(log);
            }
        }
    }

    /** Waits for {@code process} to end; false when it went {@link #timeoutSeconds} without a new answer. */
    private boolean waitForAnswers(Process process, Path log) throws IOException, InterruptedException {
        long lastAnswer = System.nanoTime();
        long logSize = 0;
        int answered = 0;
        while (!process.waitFor(200, TimeUnit.MILLISECONDS)) {
            long size = Files.size(log);
            if (size != logSize) {
                logSize = size;
                int now = (int) Files.readString(log, StandardCharsets.UTF_8)
                        .lines()
                        .filter(line -> line.startsWith(Probe.PREFIX + "\t"))
                        .count();
                if (now > answered) {
                    answered = now;
                    lastAnswer = System.nanoTime();
                }
            }
            if (System.nanoTime() - lastAnswer > TimeUnit.SECONDS.toNanos(timeoutSeconds)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The capabilities the probe's lines in {@code output} give, in order, for the checks they
     * answer; throws with the engine's refusal for a check it refused, unless the check is of a {@code variant}: the
     * same store passes in the run's own JVM, so the variant's library or JVM is the cause, and that store is skipped
     * with the reason ({@link #refused()}, its answer null) while the others run.
     */
    private List<Set<Capability>> answers(String output, List<Preflight.Check> ordered, boolean variant) {
        List<Set<Capability>> answers = new ArrayList<>();
        for (String line : output.split("\n")) {
            String[] fields = line.split("\t", 4);
            if (fields.length < 3 || !fields[0].equals(Probe.PREFIX)) {
                continue;
            }
            Preflight.Check check = ordered.get(Integer.parseInt(fields[1]));
            String detail = fields.length > 3 ? fields[3].strip() : "";
            if (fields[2].equals("error") && variant) {
                refused.putIfAbsent(check.spec(), VariantJvm.incompatibility(check.spec(), detail));
                answers.add(null);
                continue;
            }
            if (fields[2].equals("error")) {
                throw new IllegalArgumentException(check.store() + " (tried with " + (check.intKey() ? "int" : "string")
                        + " keys and valSize=" + check.valSize() + "): " + detail + WorkFolder.fileSizeHint(detail));
            }
            Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
            for (String name : detail.split(",")) {
                if (!name.isBlank()) {
                    capabilities.add(Capability.valueOf(name.strip()));
                }
            }
            answers.add(capabilities);
        }
        return answers;
    }

    /**
     * Why the JVM checking {@code culprit} ended without its answer: a full disk ends the whole run
     * (every engine needs the room); a crash or a hang is {@code culprit}'s own failure. {@code more}:
     * whether checks after it are left, for a new JVM.
     */
    private Preflight.Death death(Preflight.Check culprit, Attempt attempt, boolean more) {
        String output = attempt.output;
        if (!attempt.timedOut) {
            String full = WorkFolder.diskFull(new IllegalStateException(output), scratch);
            if (full != null || output.contains("SIGBUS")) {
                throw new WorkFolder.NoSpaceException((full != null ? full : "no space left in " + scratch)
                        + " during the preflight check (the engine was killed"
                        + (output.contains("SIGBUS") ? " by SIGBUS" : "")
                        + "): free some space or point KVBENCH_DIR at a bigger file system");
            }
        }
        // its own lines: those after the last answer of the checks before it
        List<String> lines = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.startsWith(Probe.PREFIX + "\t")) {
                lines.clear();
            } else if (!line.isBlank()) {
                lines.add(line.stripTrailing());
            }
        }
        String what = culprit.store() + " failed its preflight check (open a store, write and read back "
                + culprit.num() + " entries with " + (culprit.intKey() ? "int" : "string") + " keys and valSize="
                + culprit.valSize() + "): ";
        String cause = attempt.timedOut
                ? "no answer within " + ForkDeath.duration(timeoutSeconds) + " (at most "
                        + ForkDeath.duration(TIMEOUT_SECONDS)
                        + ", less when KVBENCH_TIMEOUT is shorter): the engine hung, and its JVM was killed"
                : ForkDeath.cause(attempt.exit, lines, null);
        return new Preflight.Death(
                what + cause + (more ? "; the stores after it were checked in a new JVM" : ""),
                lines.subList(Math.max(0, lines.size() - ForkWatch.TAIL_LINES), lines.size()));
    }
}
