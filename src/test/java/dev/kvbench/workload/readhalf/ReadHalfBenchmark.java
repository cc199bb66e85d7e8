package dev.kvbench.workload.readhalf;

import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.Settle;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.Pass;
import java.util.concurrent.TimeUnit;
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

/**
 * readHalf's JMH benchmark, in its family's package: one pass per invocation over a store loaded once per trial, timed
 * as every kvbench pass is.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 10, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class ReadHalfBenchmark {

    @Benchmark
    public Pass readHalf(Loaded loaded) {
        return loaded.trial.pass(loaded.operation);
    }

    /** The trial: its store loaded, then passes until their time settles. */
    @State(Scope.Benchmark)
    public static class Loaded {

        @Param("lmdb")
        public String store;

        @Param("1000")
        public String num;

        Trial trial;
        Trial.Operation operation;

        @Setup(Level.Trial)
        public void load(BenchmarkParams params) {
            trial = Trial.begin(params.getBenchmark(), JmhParams.of(params));
            operation = trial.storePass();
            trial.openLoaded();
            trial.settle(
                    Settle.forMode(params.getMode()),
                    Settle.of(Settle.NOTHING, () -> trial.pass(operation), Settle.NOTHING));
        }

        @TearDown(Level.Trial)
        public void end() {
            trial.end();
        }
    }
}
