package dev.kvbench.fork;

import dev.kvbench.results.Metric;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.Trial;
import dev.kvbench.trial.WorkFolder;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;

/**
 * Watches JMH's benchmark forks from the host, so that a trial whose JVM dies or hangs is a
 * failed trial with a reason, and the run goes on with the next one ({@code -foe false}).
 *
 * <p>It is JMH's own output format with two additions. It keeps the last lines each fork
 * printed; when JMH reports {@code <forked VM failed with exit code N>} and the fork wrote no
 * {@code failed} line of its own (a JVM that crashed in native code, was killed, or timed out
 * cannot), it appends one to the side file: the cause from {@link ForkDeath} (the signal and
 * native frame of a crash, a kill, the timeout) and the fork's last lines. And a watchdog kills
 * a fork that has run longer than the trial timeout (SIGTERM, then SIGKILL 10 s later): JMH's
 * own {@code -to} only interrupts the benchmark thread, which a thread stuck in native code or
 * in a lock never notices. A fork JMH could not start at all ({@code <failed to invoke the VM>}:
 * too many open files, no memory for a process) is a failed trial too.
 */
public final class ForkWatch implements OutputFormat {

    /** Lines of a dead fork's output kept in its side-file line. */
    public static final int TAIL_LINES = 20;
    /** Lines of each fork's output kept for finding the cause (a fatal-error banner is about 20). */
    private static final int KEPT_LINES = 200;

    private static final Pattern FORK_FAILED = Pattern.compile("<forked VM failed with exit code (-?\\d+)>");
    private static final Pattern NOT_STARTED =
            Pattern.compile("<failed to invoke the VM, caught (.*)>", Pattern.DOTALL);

    private final OutputFormat out;
    private final SideFile side;
    private final long timeoutSeconds;
    private final Path workFolder;
    private final Thread watchdog;
    private final Deque<String> lines = new ArrayDeque<>();
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
    private volatile BenchmarkParams current;
    private volatile long forkStarted;
    private volatile Instant forkBegan = Instant.now();
    private volatile String timedOut;
    /** When the fork's current single-shot iteration (one pass) began, by this JVM's clock; 0 when none is under way. */
    private volatile long passBegan;
    /** The fork printed {@link Trial#PASS_ENDED}: its write pass is over and it is verifying, untimed. */
    private volatile boolean passEnded;
    /** How long the pass under way had run when the watchdog killed the fork, ms; -1 if none was. */
    private volatile long killedPassMs = -1;

    private volatile boolean killedAfterPass;
    private long sideAtFork;

    /**
     * @param options        the run's options: its {@code -o} file and verbosity, as JMH's own format uses them
     * @param side           the side file the run's trials write
     * @param timeoutSeconds the longest a fork may run; 0 for none
     * @param workFolder     the run's work folder, whose file system a dead fork's reason says is full if it is
     */
    public ForkWatch(Options options, SideFile side, long timeoutSeconds, Path workFolder) {
        this.workFolder = workFolder;
        this.out = OutputFormatFactory.createFormatInstance(
                stream(options), options.verbosity().orElse(Defaults.VERBOSITY));
        this.side = side;
        this.timeoutSeconds = timeoutSeconds;
        this.watchdog = new Thread(this::watch, "kvbench-fork-watchdog");
        watchdog.setDaemon(true);
        if (timeoutSeconds > 0) {
            watchdog.start();
        }
    }

    private static PrintStream stream(Options options) {
        if (!options.getOutput().hasValue()) {
            return new PrintStream(System.out, true, StandardCharsets.UTF_8) {
                @Override
                public void close() {
                    flush(); // System.out stays open
                }
            };
        }
        try {
            return new PrintStream(options.getOutput().get(), StandardCharsets.UTF_8);
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException(
                    "cannot write the JMH output file " + options.getOutput().get(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- the forks' lifecycle, as JMH prints it

    @Override
    public void println(String s) {
        if (s.startsWith("# Fork: ") || s.startsWith("# Warmup Fork: ")) {
            forkBegins();
        } else {
            Matcher failed = FORK_FAILED.matcher(s);
            Matcher notStarted = NOT_STARTED.matcher(s);
            if (failed.matches()) {
                forkDied(Integer.parseInt(failed.group(1)));
            } else if (notStarted.matches()) {
                forkNotStarted(notStarted.group(1));
            }
        }
        out.println(s);
    }

    private synchronized void forkBegins() {
        lines.clear();
        partial.reset();
        timedOut = null;
        passBegan = 0;
        passEnded = false;
        killedPassMs = -1;
        killedAfterPass = false;
        sideAtFork = size(side.path());
        forkStarted = System.nanoTime();
        forkBegan = Instant.now();
    }

    /** JMH has joined the fork's output streams before it prints the exit code: its lines are all here. */
    private synchronized void forkDied(int exit) {
        forkStarted = 0;
        endLine();
        BenchmarkParams params = current;
        if (params == null || wroteItsOwnFailure()) {
            return;
        }
        List<String> all = new ArrayList<>(lines);
        Map<String, String> values = BenchParams.inOrder(JmhParams.of(params));
        // The dead trial's files are still there (DeadTrials deletes them later): a full file system shows.
        String full = WorkFolder.diskFull(null, workFolder);
        String reason = TrialRecord.workloadOf(params.getBenchmark()) + " on " + values.get("store")
                + ": " + (full == null ? "" : "disk full: " + full + "; ") + ForkDeath.cause(exit, all, timedOut)
                + (timedOut == null ? "" : ForkDeath.passUnderWay(killedPassMs, killedAfterPass, values.get("num")));
        Map<String, Object> metrics =
                timedOut != null && killedPassMs >= 0 ? Map.of(Metric.TIMEOUT_PASS_MS, killedPassMs) : Map.of();
        side.append(TrialRecord.died(
                params.getBenchmark(),
                values,
                reason,
                metrics,
                all.subList(Math.max(0, all.size() - TAIL_LINES), all.size())));
    }

    /** JMH could not start the fork (no process: too many open files, no memory): the trial failed before it began. */
    private synchronized void forkNotStarted(String caught) {
        forkStarted = 0;
        BenchmarkParams params = current;
        if (params == null) {
            return;
        }
        Map<String, String> values = BenchParams.inOrder(JmhParams.of(params));
        String first = caught.lines().findFirst().orElse("").strip();
        side.append(TrialRecord.failed(
                params.getBenchmark(),
                values,
                TrialRecord.workloadOf(params.getBenchmark())
                        + " on " + values.get("store") + ": could not start its benchmark JVM: " + first
                        + WorkFolder.openFilesHint(caught),
                Map.of()));
    }

    private boolean wroteItsOwnFailure() {
        try {
            return side.readFrom(sideAtFork).stream().anyMatch(r -> r.status() == TrialRecord.Status.FAILED);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    // ---- the forks' output (JMH copies each fork's stdout and stderr here, byte by byte or in blocks)

    @Override
    public synchronized void write(int b) {
        keep(b);
        out.write(b);
    }

    @Override
    public synchronized void write(byte[] b) throws IOException {
        for (byte x : b) {
            keep(x);
        }
        out.write(b);
    }

    private void keep(int b) {
        if (b == '\n') {
            endLine();
        } else if (partial.size() < 4096) {
            partial.write(b);
        }
    }

    private void endLine() {
        if (partial.size() == 0) {
            return;
        }
        String line = partial.toString(StandardCharsets.UTF_8).stripTrailing();
        if (line.startsWith(Trial.PASS_ENDED)) {
            passEnded = true;
        }
        lines.addLast(line);
        partial.reset();
        while (lines.size() > KEPT_LINES) {
            lines.removeFirst();
        }
    }

    // ---- the watchdog

    private void watch() {
        while (true) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            long started = forkStarted;
            if (started != 0
                    && timedOut == null
                    && System.nanoTime() - started > TimeUnit.SECONDS.toNanos(timeoutSeconds)) {
                long began = passBegan;
                killedAfterPass = began != 0 && passEnded;
                killedPassMs = began != 0 && !passEnded ? TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began) : -1;
                timedOut = ForkDeath.duration(timeoutSeconds);
                killForks();
            }
        }
    }

    /**
     * Kills the children started since the fork began (JMH's one fork; its command line is too
     * long for the kernel to show whole, so it is not told by its main class), and theirs.
     */
    private void killForks() {
        Instant since = forkBegan.minusSeconds(2);
        List<ProcessHandle> forks = ProcessHandle.current()
                .children()
                .filter(p ->
                        p.info().startInstant().map(t -> !t.isBefore(since)).orElse(true))
                .toList();
        for (ProcessHandle fork : forks) {
            fork.descendants().forEach(ProcessHandle::destroyForcibly);
            fork.destroy();
        }
        for (ProcessHandle fork : forks) {
            try {
                fork.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                fork.destroyForcibly();
            }
        }
    }

    private static long size(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** JMH closes its format at the end of each run; this one serves every run of a command line. */
    @Override
    public void close() {
        out.flush();
    }

    /** Ends the watch: the watchdog stops, the output is closed. */
    public void stop() {
        watchdog.interrupt();
        out.close();
    }

    // ---- JMH's format, as it is

    @Override
    public void startBenchmark(BenchmarkParams benchParams) {
        current = benchParams;
        out.startBenchmark(benchParams);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        forkStarted = 0;
        out.endBenchmark(result);
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        // one pass per iteration only in single-shot mode: then the iteration's time so far bounds the pass's from
        // below
        boolean onePass = benchParams.getMode() == Mode.SingleShotTime && params.getBatchSize() == 1;
        passEnded = false;
        passBegan = onePass ? System.nanoTime() : 0;
        out.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(
            BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        passBegan = 0;
        out.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void startRun() {
        out.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        forkStarted = 0;
        out.endRun(result);
    }

    @Override
    public void print(String s) {
        out.print(s);
    }

    @Override
    public void flush() {
        out.flush();
    }

    @Override
    public void verbosePrintln(String s) {
        out.verbosePrintln(s);
    }
}
