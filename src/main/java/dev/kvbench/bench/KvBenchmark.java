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
 * ({@link Mode#SampleTime}), reported in milliseconds, with one fork, three warmup and three
 * measured iterations. Sampling keeps the cost of one pass as the unit and gives percentiles
 * for passes that vary (LSM compaction); {@code -bm ss} (one pass per iteration) is the mode for
 * data sets too big to repeat.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3)
@Measurement(iterations = 3)
public abstract class KvBenchmark {
}
