package dev.kvbench.workload.ycsb;

import dev.kvbench.workload.Latency;
import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import java.util.Map;

/**
 * What a phase (load or run) did: its operations by type, each verified, its wall time from the
 * common start to the last thread's end, and per operation type the service time (from the
 * operation's actual start) and, with a {@code target} rate, the latency from its intended start
 * (YCSB's {@code measurement.interval=both}: no coordinated omission).
 *
 * @param phase     {@code load} or {@code run}
 * @param threads   client threads
 * @param nanos     wall time of the phase
 * @param counts    operations by type
 * @param service   service time by type
 * @param intended  latency from the intended start by type; empty without a target
 * @param writes    how writes were made: serialized under one lock, one writer at a time
 */
public record PhaseOutcome(
        String phase,
        int threads,
        long nanos,
        Map<Op, Long> counts,
        Map<Op, Latency> service,
        Map<Op, Latency> intended,
        String writes) {

    public long operations() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    public double opsPerSec() {
        return nanos <= 0 ? 0 : operations() * 1e9 / nanos;
    }

    public double opsPerSec(Op op) {
        return nanos <= 0 ? 0 : counts.getOrDefault(op, 0L) * 1e9 / nanos;
    }
}
