package dev.kvbench.interleave;

import dev.kvbench.measure.CpuAccount;
import dev.kvbench.results.Metric;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.ycsb.YcsbParams;
import dev.kvbench.workload.ycsb.YcsbRun;
import dev.kvbench.workload.ycsb.YcsbWorkload;
import java.util.List;

/**
 * A YCSB trial in an engine's interleaved JVM: the store opened empty and loaded (the load phase measured on its own,
 * as a single run), then the run phase's client threads waiting for turns. A turn is a number of operations the
 * coordinator gives, the same for every engine of the rotation ({@link YcsbTurnPlan}), from each client thread's own
 * seeded stream, so every engine runs the same sequence of operations; its answer is the turn's wall time per
 * operation. The trial's line gets the load phase,
 * the measured turns merged (counts, and latency percentiles over every turn's operations), the turns' size and
 * number, the process CPU per operation of the measured turns with the engine's work after each ({@link QuietWait}),
 * and the check of every record after the last turn.
 */
final class YcsbTurns {

    private final Trial trial;
    private final YcsbRun run;
    private final YcsbWorkload.RunTurns turns;
    private long operations;
    /** The measured turns' operations, and the process CPU of those turns and of the quiet wait after each. */
    private long measuredOps;

    private long measuredCpuNanos;
    private long quietNanos;

    private YcsbTurns(Trial trial, YcsbRun run, YcsbWorkload.RunTurns turns) {
        this.trial = trial;
        this.run = run;
        this.turns = turns;
    }

    /** Opens {@code trial}'s store, loads it and starts the run phase's client threads. */
    static YcsbTurns start(Trial trial) {
        if (!trial.params(YcsbParams.class).properties().inTurns()) {
            throw new IllegalArgumentException("interleave=false: the run phase runs once, in JMH, not in turns;"
                    + " give interleave=true to interleave it");
        }
        trial.openEmpty();
        YcsbRun run = new YcsbRun(trial);
        run.load();
        YcsbWorkload.RunTurns turns = trial.measured(onThread -> run.workload().turns(trial.store(), onThread));
        return new YcsbTurns(trial, run, turns);
    }

    /**
     * One turn of {@code asked} operations (fewer where the run's room for inserts sets a lower limit), measured or a
     * warm-up's; as the protocol's answer, its wall time per operation in ns (all client threads together): a limit
     * row far slower than the rest takes turns of fewer operations ({@code YcsbTurnSize#turnOps}), and the turn's size
     * changes through the warm-up rotations, so only a time per operation compares turns.
     */
    String turn(long asked, boolean measured) {
        long ops = Math.min(asked, turns.mostOperations());
        long cpuBefore = CpuAccount.processNanos();
        long nanos = inTrial(() -> measured ? turns.measuredTurn(ops) : turns.warmupTurn(ops));
        long waited = inTrial(() -> QuietWait.await(CpuAccount::processNanos));
        if (measured) {
            operations = ops;
            measuredOps += ops;
            measuredCpuNanos += CpuAccount.processNanos() - cpuBefore;
            quietNanos += waited;
        }
        return Long.toString(Math.round((double) nanos / ops));
    }

    /**
     * Brings the client threads' streams to where the turns {@code asked} of the other engines took theirs (a {@code
     * turn} line of kind {@code align}, OPS the asked sizes separated by commas), after this engine sat out rotations:
     * untimed and left out of the counts, answered as a warm-up turn.
     */
    String align(List<Long> asked) {
        long before = turns.issued();
        long nanos = inTrial(() -> {
            long start = System.nanoTime();
            turns.align(asked);
            long took = System.nanoTime() - start;
            QuietWait.await(CpuAccount::processNanos);
            return took;
        });
        return Long.toString(Math.round((double) nanos / Math.max(1, turns.issued() - before)));
    }

    /** Work on the client threads that returns its time, ns, and may be interrupted. */
    private interface ClientWork {
        long run() throws InterruptedException;
    }

    /** {@code work} with the trial's measuring on; an interrupt fails the turn. */
    private long inTrial(ClientWork work) {
        return trial.measured(onThread -> {
            try {
                return work.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted in a turn", e);
            }
        });
    }

    /** Ends the client threads and records the run: the turns merged, then every record checked. */
    void finish() {
        turns.close();
        if (Thread.currentThread().isInterrupted()) {
            throw trial.fail(new IllegalStateException("interrupted while the client threads ended"));
        }
        run.put(Metric.YCSB_TURN_OPS, operations);
        run.put(Metric.YCSB_TURNS, turns.turnsTaken());
        if (measuredOps > 0) {
            run.put(Metric.YCSB_CPU_PER_OP, (double) measuredCpuNanos / measuredOps);
            run.put(Metric.YCSB_QUIET_MS, quietNanos / 1e6);
        }
        run.finish(turns.outcome());
    }
}
