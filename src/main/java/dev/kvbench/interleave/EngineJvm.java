package dev.kvbench.interleave;

import dev.kvbench.fork.ForkDeath;
import dev.kvbench.fork.ProcessTree;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One {@link PassServer} JVM seen from the coordinator: started with its benchmark and parameters, its
 * protocol lines read by a thread of its own (anything else it prints goes to the run's log with the
 * store's name, and the last lines are kept for a failure), asked for turns, ended or killed.
 */
final class EngineJvm {

    private static final int TAIL = 40;
    private static final String GONE = "\u0000gone";

    /** The benchmark of the trial it runs now (a server of several read workloads moves on with {@code next}). */
    String benchmark;

    final Map<String, String> params;
    final int fork;
    final String label;
    private final Process process;
    private final Writer in;
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
    private final ArrayDeque<String> tail = new ArrayDeque<>();
    private String failure;
    /** Whether the trial reported its own failure (and so wrote its side-file line) before the JVM ended. */
    private boolean failedItself;

    private EngineJvm(
            String benchmark, Map<String, String> params, int fork, String label, Process process, PrintStream log) {
        this.benchmark = benchmark;
        this.params = params;
        this.fork = fork;
        this.label = label;
        this.process = process;
        this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> read(log), "kvbench-interleave-" + label);
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts {@code java} (the command up to the class name) on {@code benchmarks} (the first now, the others on
     * {@code next}) with {@code params}, as JVM {@code fork} of that trial.
     */
    static EngineJvm start(
            List<String> java,
            List<String> benchmarks,
            Map<String, String> params,
            int fork,
            String label,
            PrintStream log) {
        List<String> command = new ArrayList<>(java);
        command.add(PassServer.class.getName());
        command.add(String.join(",", benchmarks));
        params.forEach((name, value) -> command.add(name + "=" + value));
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            return new EngineJvm(benchmarks.get(0), params, fork, label, process, log);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot start a JVM for " + label + ": " + e.getMessage(), e);
        }
    }

    private void read(PrintStream log) {
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.startsWith(PassServer.PREFIX)) {
                    answers.add(line);
                } else {
                    synchronized (tail) {
                        if (tail.size() == TAIL) {
                            tail.removeFirst();
                        }
                        tail.addLast(line);
                    }
                    log.println("  [" + label + "] " + line);
                }
            }
        } catch (IOException e) {
            // the JVM is gone: the answer below says so
        }
        answers.add(GONE);
    }

    /**
     * Waits for the server's next protocol line, up to {@code seconds} (0: as long as it takes, as KVBENCH_TIMEOUT=0
     * asks; a server that dies still answers, by its output's end): its text after the prefix, or null when the
     * server failed, died or timed out ({@link #failure()} then says how).
     */
    String await(long seconds) throws InterruptedException {
        String line = seconds > 0 ? answers.poll(seconds, TimeUnit.SECONDS) : answers.take();
        if (line == null) {
            kill();
            failure = ForkDeath.cause(-1, tail(), ForkDeath.duration(seconds));
            return null;
        }
        if (line.equals(GONE)) {
            answers.add(GONE); // gone for every later wait too, which must not wait for an answer that cannot come
            process.waitFor(10, TimeUnit.SECONDS);
            failure = ForkDeath.cause(process.isAlive() ? -1 : process.exitValue(), tail(), null);
            return null;
        }
        if (line.startsWith(PassServer.FAILED)) {
            failure = line.substring(PassServer.FAILED.length()).trim();
            failedItself = true;
            process.waitFor(10, TimeUnit.SECONDS);
            return null;
        }
        return line.substring(PassServer.PREFIX.length());
    }

    /** Which trial and fork a server runs, whichever benchmark it is on. */
    static String id(Map<String, String> params, int fork) {
        return params + "#" + fork;
    }

    String id() {
        return id(params, fork);
    }

    /** Sends one command line; false when the server no longer reads. */
    boolean send(String command) {
        try {
            in.write(command + "\n");
            in.flush();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The reason it stopped, once {@link #await} returned null. */
    String failure() {
        return failure;
    }

    /** Whether the reason is the trial's own (it wrote its side-file line) rather than a dead or hung JVM. */
    boolean failedItself() {
        return failedItself;
    }

    List<String> tail() {
        synchronized (tail) {
            return new ArrayList<>(tail);
        }
    }

    /** CPU time the JVM has used so far, ns (0 when the system does not say). */
    long cpuNanos() {
        return process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    void kill() {
        ProcessTree.end(process, true);
    }
}
