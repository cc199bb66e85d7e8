package dev.kvbench.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How the benchmarks whose one invocation is a whole run are run: the concurrent workloads
 * (readWhileWriting, prefixScan: a timed run of {@code duration} seconds with its own threads),
 * and the crash, power-cut and amplification tests (all of a test's repetitions or phases). JMH
 * times the run once ({@link Mode#SingleShotTime}, in seconds), with no warm-up run by default
 * and one measured run in one fork. Their results (throughput, writer rates, latency; losses;
 * the disk's writes) are in the side file; JMH's score is only the run's time.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
public abstract class TimedRunBenchmark {}
