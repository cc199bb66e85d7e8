package dev.kvbench.fork;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/** The JVM flags every benchmark fork and helper JVM runs with, beside kvbench's one flag set. */
public final class ForkFlags {

    /**
     * Flags for the benchmark forks only (tests keep the checks on).
     *
     * <p>Agrona's bounds checks off, as lmdbjava's own benchmarks run them. They guard every
     * {@code DirectBuffer} access of the harness (data set, checksums, key folds) and of the
     * engines that use Agrona (LMDB DB), so every engine gains the same; the code they guard is
     * tested with them on.
     *
     * <p>The adapters ({@value #ADAPTERS}) always inlined into their callers, so that a workload's
     * loop calls the engine's API as a user's loop would. Without it, C2 compiles a hot adapter
     * method such as LMDB's {@code Reader.get} on its own first, with lmdbjava's lookup inlined
     * into it, and then refuses to inline the result into the loop ("already compiled into a big
     * method"): one more call per lookup, which cost LMDB 3-8% against its direct API (measured in
     * pairs, {@code direct.HarnessPairs}). Only kvbench's own code is forced; the engines' libraries are
     * inlined by the JIT's usual rules, as in any program.
     */
    public static final List<String> BENCH_FLAGS = List.of(
            "-Dagrona.disable.bounds.checks=true",
            "-XX:CompileCommand=quiet",
            "-XX:CompileCommand=inline," + ForkFlags.ADAPTERS + "::*");

    /** The classes of the engine adapters, as a HotSpot CompileCommand class pattern. */
    public static final String ADAPTERS = "dev.kvbench.store.*";

    /** The user's flags already accepted, by the java that accepted them (a suite checks each test's command line). */
    private static final Map<List<String>, Boolean> ACCEPTED = new ConcurrentHashMap<>();

    private ForkFlags() {}

    /**
     * The user's own JVM flags ({@code -jvmArgs}, {@code -jvmArgsAppend}, {@code -jvmArgsPrepend}) are
     * ones {@code java} accepts: tried once with {@code java <flags> -version}. The forks run with
     * {@code -XX:+IgnoreUnrecognizedVMOptions} (kvbench's own flags must work on every JDK from 17 on),
     * which would drop a misspelt flag of the user's without a word.
     *
     * @param given the options that gave them, for the message ({@code -jvmArgsAppend})
     * @throws IllegalArgumentException one line with the JVM's complaint
     */
    public static void checkUserFlags(String java, String given, List<String> flags) {
        if (flags.isEmpty()) {
            return;
        }
        List<String> key = new ArrayList<>(flags);
        key.add(0, java);
        if (ACCEPTED.containsKey(key)) {
            return;
        }
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(flags);
        command.add("-version");
        String said;
        int exit;
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            byte[] out;
            try (InputStream in = process.getInputStream()) {
                out = in.readAllBytes();
            }
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return; // a JVM that starts this slowly is not refusing its flags
            }
            exit = process.exitValue();
            said = new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return; // no java to ask: the fork says why when it starts
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (exit == 0) {
            ACCEPTED.put(key, Boolean.TRUE);
            return;
        }
        String complaint = said.lines()
                .map(String::trim)
                .filter(line -> !line.isEmpty())
                .filter(line -> !line.startsWith("Error: Could not create the Java Virtual Machine"))
                .filter(line -> !line.startsWith("Error: A fatal exception has occurred"))
                .findFirst()
                .orElse("exit status " + exit);
        throw new IllegalArgumentException(
                "java refuses the JVM flags of " + given + " (" + String.join(" ", flags) + "): "
                        + complaint
                        + "; fix the flag or leave it out (the forks ignore unrecognized -XX flags, so it would be dropped"
                        + " without a word)");
    }
}
