package dev.kvbench.bench;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How the concurrent workloads (readWhileWriting, prefixScan) are run: one invocation is one
 * whole timed run of {@code duration} seconds with its own threads, so JMH times it once
 * ({@link Mode#SingleShotTime}, in seconds), with no warm-up run by default and one measured
 * run in one fork. Their results (throughput, writer rates, latency) are in the side file.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
public abstract class TimedRunBenchmark {
}
