package dev.kvbench.workload.ycsb;

import dev.kvbench.workload.Latency;
import dev.kvbench.workload.ThreadFailure;
import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A phase's client threads run once, as YCSB's client runs a phase: each opens its reader (and the writer it holds)
 * first, all start together once every one is ready, and the phase's time runs from that common start to the last
 * thread's end, so that no thread's opening is timed. Its outcome merges the threads' counts and latencies.
 */
final class Phase {

    private final String name;
    private final List<Client> clients;
    private final CountDownLatch ready;
    private final CountDownLatch go = new CountDownLatch(1);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final long[] ends;
    private long start;

    Phase(String name, List<Client> clients) {
        this.name = name;
        this.clients = clients;
        this.ready = new CountDownLatch(clients.size());
        this.ends = new long[clients.size()];
    }

    /** Runs the clients to their shares, or for {@code seconds} when above 0; a wrong answer or a failure is thrown. */
    PhaseOutcome run(long seconds, Runnable onThread) {
        long deadline = seconds > 0 ? TimeUnit.SECONDS.toNanos(seconds) : Long.MAX_VALUE;
        List<Thread> running = new ArrayList<>();
        for (Client client : clients) {
            running.add(new Thread(() -> client(client, deadline, onThread), "kvbench-ycsb-" + name + "-" + client.id));
        }
        running.forEach(Thread::start);
        try {
            ready.await();
            start = System.nanoTime();
            go.countDown();
            for (Thread thread : running) {
                thread.join();
            }
        } catch (InterruptedException e) {
            failure.compareAndSet(null, e);
            go.countDown();
            Thread.currentThread().interrupt();
        }
        ThreadFailure.rethrow(failure.get());
        long end = start;
        for (long e : ends) {
            end = Math.max(end, e);
        }
        return outcome(name, clients, end - start);
    }

    /** One client's thread: ready once its reader and writer are open, then its operations from the common start. */
    private void client(Client client, long deadline, Runnable onThread) {
        onThread.run();
        try {
            client.open();
            ready.countDown();
            go.await();
            client.loop(start, deadline, failure);
        } catch (Throwable e) {
            failure.compareAndSet(null, e);
        } finally {
            ends[client.id] = System.nanoTime();
            ready.countDown();
            try {
                client.close();
            } catch (RuntimeException e) {
                failure.compareAndSet(null, e);
            }
        }
    }

    /**
     * What {@code clients} did in {@code nanos}: their counts and latencies merged, latencies from the intended start
     * when they were paced, and how their writes were made.
     */
    static PhaseOutcome outcome(String name, List<Client> clients, long nanos) {
        boolean paced = clients.get(0).nanosPerOp > 0;
        Map<Op, Long> counts = new EnumMap<>(Op.class);
        Map<Op, Latency> service = new EnumMap<>(Op.class);
        Map<Op, Latency> intended = new EnumMap<>(Op.class);
        for (Client client : clients) {
            for (Op op : Op.values()) {
                long n = client.counts[op.ordinal()];
                if (n == 0) {
                    continue;
                }
                counts.merge(op, n, Long::sum);
                service.computeIfAbsent(op, o -> Latency.of(YcsbWorkload.LATENCY_PERCENTILES))
                        .add(client.service[op.ordinal()]);
                if (paced) {
                    intended.computeIfAbsent(op, o -> Latency.of(YcsbWorkload.LATENCY_PERCENTILES))
                            .add(client.intended[op.ordinal()]);
                }
            }
        }
        String writes = clients.size() == 1
                ? "one client thread holds the store's one writer, committing every " + clients.get(0).batch
                        + " write(s)"
                : "serialized: each write takes one lock, opens the store's one writer, commits and closes it";
        return new PhaseOutcome(name, clients.size(), nanos, counts, service, intended, writes);
    }
}
