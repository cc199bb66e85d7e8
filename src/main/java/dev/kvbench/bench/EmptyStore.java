package dev.kvbench.bench;

import dev.kvbench.trial.Settle;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * A fresh, empty store for every invocation of the write benchmark. Opening it happens before
 * the timed call (and before JMH's warmup, write passes until their time settles: {@link Settle});
 * reading every key back to verify the write, measuring storage, closing and
 * deleting it happen after, untimed.
 */
@State(Scope.Benchmark)
public class EmptyStore extends PassState {

    @Setup(Level.Trial)
    public void prepare(BenchmarkParams params) {
        begin(params);
        trial.settle(Settle.forMode(params.getMode()), Settle.of(this::open, this::pass, this::verifyAndClose));
    }

    @Setup(Level.Invocation)
    public void open() {
        trial.openEmpty();
    }

    @TearDown(Level.Invocation)
    public void verifyAndClose() {
        trial.verifyWriteAndClose();
    }
}
