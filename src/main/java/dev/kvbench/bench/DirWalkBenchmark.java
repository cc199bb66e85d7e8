package dev.kvbench.bench;

import dev.kvbench.store.Stores;
import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.tree.DirWalk;
import dev.kvbench.workload.tree.TreeParams;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * dirWalk, the Ozone directory-tree benchmark: walks per second from the root of a tree of
 * {@code fanout} children per directory and {@code depth} levels to a leaf, a random child at
 * each level, the id of each found by decoding its record ({@code fields=id}) or every field of
 * it ({@code fields=all}); {@code depth + 1} lookups per walk, the last one the miss below the
 * leaf (lookups/s = walks/s × {@code dirWalk.lookupsPerWalk} of the side file). Every walk is
 * verified ({@link DirWalk}). Threads ({@code -t}) walk the same store, each with its own
 * readers and random paths: walks/s is their total.
 *
 * <p>Also measured, into the side file: the store's storage per encoding (the reference's
 * on-disk size table) and the bytes the walking threads allocate per walk (the JVM's thread
 * allocation counters over the measured iterations; JMH's {@code -prof gc} gives
 * {@code gc.alloc.rate.norm} as well, for the whole JVM).
 *
 * <p>Left out: writing the tree (once per trial, before any measurement, then the store is
 * closed and reopened, as for the read workloads).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 5, time = 1)
public class DirWalkBenchmark {

    @Benchmark
    public long dirWalk(Walker walker) {
        return walker.walk();
    }

    /** The tree, written once per trial into the store; the JMH parameters of dirWalk. */
    @State(Scope.Benchmark)
    public static class Tree {

        /** Store specs, as for every benchmark; default every registered engine. */
        @Param(Stores.ALL)
        public String store;

        /** Children per directory. */
        @Param("5")
        public String fanout;

        /** Levels below the root: 5 and 8 make 488,280 directories (the reference: 10, about 12M). */
        @Param("8")
        public String depth;

        /** How each record is stored: {@code LONG}, {@code PADDING_50}...{@code PADDING_250}, {@code PROTO}, {@code PROTO_LONG}, {@code FLAT_BUFFER}, {@code FLAT_BUFFER_LONG}. */
        @Param({"LONG", "PROTO", "FLAT_BUFFER"})
        public String encoding;

        /** {@code id}: decode only the id of each record; {@code all}: every field. */
        @Param("id")
        public String fields;

        /** Durable commits while loading, for engines with a {@code sync} option. */
        @Param("false")
        public String sync;

        private Trial trial;
        private final LongAdder walks = new LongAdder();
        private final LongAdder allocated = new LongAdder();
        /** Set when a thread could not read its allocation counter: no allocation figure then. */
        private volatile boolean allocationUnknown;

        @Setup(Level.Trial)
        public void load(BenchmarkParams params) {
            trial = Trial.begin(params.getBenchmark(), JmhParams.of(params));
            trial.openLoaded();
        }

        @TearDown(Level.Trial)
        public void close() {
            trial.record(trial.params(TreeParams.class).walked(walks.sum(), allocationUnknown ? -1 : allocated.sum()));
            trial.end();
        }
    }

    /** One walking thread: its own random paths, key buffer and decoder. */
    @State(Scope.Thread)
    public static class Walker {

        private static final com.sun.management.ThreadMXBean THREADS =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        private Tree tree;
        private DirWalk walk;
        private long walks;
        private long allocatedBefore;

        @Setup(Level.Trial)
        public void start(Tree tree, ThreadParams thread) {
            this.tree = tree;
            TreeParams params = tree.trial.params(TreeParams.class);
            walk = new DirWalk(
                    tree.trial.spec(),
                    params.tree(),
                    params.encoding(),
                    params.allFields(),
                    0x5DEECE66DL + thread.getThreadIndex());
        }

        @Setup(Level.Iteration)
        public void countFrom() {
            walks = 0;
            allocatedBefore = allocatedBytes();
        }

        @TearDown(Level.Iteration)
        public void count(IterationParams iteration) {
            long after = allocatedBytes();
            if (iteration.getType() == IterationType.MEASUREMENT) {
                tree.walks.add(walks);
                if (allocatedBefore < 0 || after < 0) {
                    tree.allocationUnknown = true;
                } else {
                    tree.allocated.add(after - allocatedBefore);
                }
            }
        }

        long walk() {
            try {
                long leaf = walk.walk(tree.trial.store());
                walks++;
                return leaf;
            } catch (RuntimeException e) {
                throw tree.trial.fail(e);
            }
        }

        private static long allocatedBytes() {
            return THREADS.isThreadAllocatedMemorySupported() && THREADS.isThreadAllocatedMemoryEnabled()
                    ? THREADS.getCurrentThreadAllocatedBytes()
                    : -1;
        }
    }
}
