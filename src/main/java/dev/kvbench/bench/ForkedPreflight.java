package dev.kvbench.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import dev.kvbench.store.Capability;

/**
 * Runs {@link Probe} in a child JVM started like a JMH fork (same java, class path and flags),
 * because engines must only be opened with their flags.
 */
final class ForkedPreflight implements Plan.Preflight {

    private static final long TIMEOUT_SECONDS = 300;

    private final String java;
    private final List<String> jvmArgs;
    private final Path scratch;

    ForkedPreflight(String java, List<String> jvmArgs, Path scratch) {
        this.java = java;
        this.jvmArgs = jvmArgs;
        this.scratch = scratch;
    }

    @Override
    public Map<Plan.Check, Set<Capability>> check(Collection<Plan.Check> checks) {
        List<Plan.Check> ordered = new ArrayList<>(checks);
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(jvmArgs);
        // a crash report of an engine (SIGBUS on a full tmpfs) goes to the temp folder, not the user's current one
        command.add("-XX:ErrorFile=" + DeadTrials.ERROR_FILE);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Probe.class.getName());
        command.add(scratch.toString());
        for (Plan.Check check : ordered) {
            command.add(check.spec().toString());
            command.add(Integer.toString(check.num()));
            command.add(Boolean.toString(check.intKey()));
            command.add(Integer.toString(check.valSize()));
        }
        String output;
        int exit;
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            try (InputStream in = process.getInputStream()) {
                output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("the preflight check of the stores took over " + TIMEOUT_SECONDS + " s");
            }
            exit = process.exitValue();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + java + " for the preflight check: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during the preflight check", e);
        } finally {
            WorkFolder.delete(scratch);
        }
        Map<Plan.Check, Set<Capability>> results = new LinkedHashMap<>();
        for (String line : output.split("\n")) {
            String[] fields = line.split("\t", 4);
            if (fields.length < 3 || !fields[0].equals(Probe.PREFIX)) {
                continue;
            }
            Plan.Check check = ordered.get(Integer.parseInt(fields[1]));
            String detail = fields.length > 3 ? fields[3].strip() : "";
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
            results.put(check, capabilities);
        }
        if (results.size() != ordered.size()) {
            String full = WorkFolder.diskFull(new IllegalStateException(output), scratch);
            if (full != null || output.contains("SIGBUS")) {
                throw new WorkFolder.NoSpaceException((full != null ? full : "no space left in " + scratch)
                        + " during the preflight check (the engine was killed" + (output.contains("SIGBUS") ? " by SIGBUS" : "")
                        + "): free some space or point KVBENCH_DIR at a bigger file system");
            }
            String tail = output.length() > 2000 ? output.substring(output.length() - 2000) : output;
            throw new IllegalStateException("the preflight check of the stores ended early (exit " + exit
                    + ") after " + results.size() + " of " + ordered.size() + " checks:\n" + tail);
        }
        return results;
    }
}
