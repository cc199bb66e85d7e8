package dev.kvbench.interleave;

import dev.kvbench.trial.FixedTurns;
import dev.kvbench.trial.Settle;
import dev.kvbench.trial.Trial;
import dev.kvbench.trial.WorkloadFamilies;
import dev.kvbench.trial.WorkloadFamily;
import dev.kvbench.trial.WorkloadFamily.Turn;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Mode;

/**
 * One engine's JVM in an interleaved run: it begins the trial of one benchmark and parameter
 * combination as the JMH benchmark's state would (the store filled and reopened for a read, a fresh
 * empty store before every write pass), runs passes until their time settles ({@link Settle}), says
 * it is ready, and then waits: each {@code turn MS WARM OPS KIND} line on its standard input makes it run verified
 * passes for at least {@code MS} milliseconds (one at the least) after untimed ones for at least {@code WARM}
 * milliseconds, and answer with each pass's own time (a YCSB workload's run phase instead runs {@code OPS}
 * operations, {@code KIND} {@code measured} or {@code warmup}, and answers with the turn's time: {@link YcsbTurns};
 * of {@code KIND} {@link #ALIGN}, OPS is the other engines' turn sizes, to catch up with; a loaded read workload in
 * turns of a fixed number of operations, {@link FixedTurns}, runs turn number OPS, the coordinator's rotation, and
 * answers with its time); {@code next} ends the trial (ended) and begins the next
 * benchmark's on the same loaded store ({@link Trial#handOver}: read workloads share one JVM and one load), ready again
 * once settled; {@code end} ends the trial (its side-file line) and the JVM. Between turns it does nothing, so that the engine
 * measured meanwhile has the machine.
 *
 * <p>Protocol lines start with {@link #PREFIX}; anything else an engine prints is passed through.
 */
public final class PassServer {

    static final String PREFIX = "kvbench-interleave ";
    static final String READY = PREFIX + "ready";
    static final String PASSES = PREFIX + "passes";
    static final String ENDED = PREFIX + "ended";
    static final String FAILED = PREFIX + "failed";
    /** A YCSB turn's kind that brings the streams level with the other engines' ({@link YcsbTurns#align}). */
    static final String ALIGN = "align";

    /** Keeps what each pass returns reachable, so that no pass can be optimised away. */
    static volatile Object sink;

    private PassServer() {}

    /**
     * {@code args}: the benchmarks' JMH names, separated by commas (a write, or read workloads that share one loaded
     * store, run in this order), then their parameters as {@code name=value}.
     */
    public static void main(String[] args) throws IOException {
        PrintStream out = System.out;
        Map<String, String> params = params(args);
        Deque<String> benchmarks = new ArrayDeque<>(List.of(args[0].split(",")));
        String first = benchmarks.removeFirst();
        Trial trial;
        try {
            trial = Trial.begin(first, params); // a failure here is already the trial's failed line
        } catch (RuntimeException | Error e) {
            failed(out, e);
            return;
        }
        Settle.Pass pass;
        try {
            pass = prepare(trial, first, params);
        } catch (RuntimeException | Error e) {
            failed(out, trial.fail(e));
            return;
        }
        say(out, READY);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try {
            trial.waiting(true);
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("turn ")) {
                    trial.waiting(false);
                    String passes = answerTurn(line, pass);
                    trial.waiting(true);
                    say(out, PASSES + " " + passes);
                } else if (line.equals("next") && !benchmarks.isEmpty()) {
                    trial.waiting(false);
                    String next = benchmarks.removeFirst();
                    trial = trial.handOver(next, () -> say(out, ENDED));
                    pass = prepare(trial, next, params);
                    trial.waiting(true);
                    say(out, READY);
                } else if (line.equals("end")) {
                    trial.waiting(false);
                    if (ycsb != null) {
                        ycsb.finish();
                    }
                    trial.end();
                    say(out, ENDED);
                    System.exit(0);
                }
            }
            // the coordinator went away: end the trial so that its folder goes, without a verdict
            trial.fail(new IllegalStateException("the interleaved run's coordinator stopped before this trial ended"));
            System.exit(1);
        } catch (RuntimeException | Error e) {
            failed(out, trial.fail(e)); // a failed pass has written its line already; fail() then only words it
        }
    }

    /** The benchmarks' parameters from {@code args} after the first, each {@code name=value}. */
    private static Map<String, String> params(String[] args) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String arg : Arrays.copyOfRange(args, 1, args.length)) {
            int eq = arg.indexOf('=');
            params.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return params;
    }

    /** One protocol line, flushed at once: the coordinator waits for it. */
    private static void say(PrintStream out, String line) {
        out.println(line);
        out.flush();
    }

    private static void failed(PrintStream out, Throwable e) {
        say(out, FAILED + " " + oneLine(e));
        System.exit(1);
    }

    /** The answer to a {@code turn MS WARM OPS KIND} line: a YCSB turn of OPS operations, else passes for MS. */
    private static String answerTurn(String line, Settle.Pass pass) {
        String[] turn = line.substring(5).trim().split(" ");
        if (ycsb != null && turn[3].equals(ALIGN)) {
            return ycsb.align(
                    Arrays.stream(turn[2].split(",")).map(Long::valueOf).toList());
        }
        if (fixed != null) {
            return Long.toString(fixed.turn(Long.parseLong(turn[2])));
        }
        return ycsb != null
                ? ycsb.turn(Long.parseLong(turn[2]), turn[3].equals("measured"))
                : turn(
                        pass,
                        Long.parseLong(turn[0]) * 1_000_000L,
                        turn.length > 1 ? Long.parseLong(turn[1]) * 1_000_000L : 0);
    }

    /** The YCSB trial's turns, when the server runs a YCSB workload's run phase (null otherwise). */
    private static YcsbTurns ycsb;

    /**
     * The trial's turns of a fixed number of operations, when its family gives a loaded read workload such turns
     * ({@link WorkloadFamily#fixedTurns}); null for whole passes. OPS of a turn line is then the turn's number.
     */
    private static FixedTurns fixed;

    /**
     * The trial's timed pass, with what the JMH state runs around it; the store loaded first for a read. A YCSB
     * workload has no pass: its store is loaded and its client threads wait for their turns ({@link YcsbTurns}),
     * unsettled, since a settling of its own length per engine would put each engine at a different point of the
     * operations' sequence; the warm-up rotations take that part.
     */
    private static Settle.Pass prepare(Trial trial, String benchmark, Map<String, String> params) {
        Turn turn = WorkloadFamilies.turnOf(benchmark);
        fixed = null;
        if (turn == Turn.OPERATIONS) {
            ycsb = YcsbTurns.start(trial);
            return null;
        }
        if (turn == Turn.NONE) {
            throw new IllegalArgumentException(
                    trial.workload() + " cannot be interleaved: its family gives it no turns");
        }
        lastPass = 0;
        Trial.Operation operation = trial.storePass();
        Runnable run = () -> sink = trial.pass(operation);
        Settle.Pass pass;
        if (turn == Turn.WRITE_PASS) {
            pass = Settle.of(trial::openEmpty, run, trial::verifyWriteAndClose);
        } else {
            if (trial.store() == null) {
                trial.openLoaded(); // else the store came loaded from the trial before ({@link Trial#handOver})
            }
            fixed = WorkloadFamilies.of(trial.workload()).fixedTurns(trial, params);
            if (fixed != null) {
                return null; // settled on turns of its own
            }
            pass = Settle.of(Settle.NOTHING, run, Settle.NOTHING);
        }
        trial.settle(Settle.forMode(Mode.SampleTime), pass);
        return pass;
    }

    /** The last pass's time in ns, for the next turn's choice of warm passes (0: none yet, or a new workload). */
    private static long lastPass;

    /**
     * One turn: passes for at least {@code warmNanos} that refill the caches another engine's turn emptied, none
     * when the last pass was longer than the turn itself (its cold start is then a small share of it); then passes
     * for at least {@code nanos}, one at the least. Answers "T1 T2 ... warm W1 W2 ...", each pass's time in ns,
     * the timed passes first ("warm" and what follows only when there were warm passes).
     */
    static String turn(Settle.Pass pass, long nanos, long warmNanos) {
        StringBuilder warm = new StringBuilder();
        if (lastPass <= nanos) {
            long start = System.nanoTime();
            while (System.nanoTime() - start < warmNanos) {
                lastPass = pass.timed();
                warm.append(' ').append(lastPass);
            }
        }
        StringBuilder times = new StringBuilder();
        long start = System.nanoTime();
        do {
            if (times.length() > 0) {
                times.append(' ');
            }
            lastPass = pass.timed();
            times.append(lastPass);
        } while (System.nanoTime() - start < nanos);
        return warm.length() == 0 ? times.toString() : times + " warm" + warm;
    }

    private static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.replaceAll("\\s*\n\\s*", "; ");
    }
}
