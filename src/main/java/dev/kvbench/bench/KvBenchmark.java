package dev.kvbench.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How every kvbench benchmark is timed, in one place: as the 2016 benchmark did, each
 * invocation (one full pass over {@code num} entries) is timed on its own
 * ({@link Mode#SampleTime}), reported in milliseconds, with one fork, one warmup second and
 * ten measured iterations of 200 ms. An iteration always finishes the pass it started, so every
 * trial gets at least ten measured passes however slow a pass is, and fast passes get hundreds:
 * the number of passes follows the pass time. (Three one-second iterations gave a 600 ms pass
 * three samples, and JMH's 99.9% interval over three samples is 31.6 standard errors wide.)
 * Before JMH's warmup, a sampled trial makes passes until their time settles ({@link Settle}):
 * a fixed warmup is only a few passes of a slow engine.
 * Sampling keeps the cost of one pass as the unit and gives percentiles for passes that vary
 * (LSM compaction); {@code -bm ss} (one pass per iteration) is the mode for data sets too big to
 * repeat.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 10, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public abstract class KvBenchmark {}
