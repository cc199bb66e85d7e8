package dev.kvbench.bench;

import dev.kvbench.trial.Settle;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * A store holding the whole data set, written once per trial before any measurement, then
 * closed and reopened so that reads see what the engine keeps in its folder; the read
 * benchmarks make one pass over it per invocation, after passes until the pass time settles
 * ({@link Settle}). Its storage is measured at the end of the
 * trial, just before and after close. With {@code -Dkvbench.cache=cold} the page cache of the store's files is
 * dropped before each iteration ({@code trial.ColdCache}).
 */
@State(Scope.Benchmark)
public class LoadedStore extends PassState {

    @Setup(Level.Trial)
    public void load(BenchmarkParams params) {
        begin(params);
        trial.openLoaded();
        trial.settle(Settle.forMode(params.getMode()), Settle.of(Settle.NOTHING, this::pass, Settle.NOTHING));
    }

    /** With {@code -Dkvbench.cache=cold} ({@code -bm ss}): the store's pages dropped before each pass, untimed. */
    @Setup(Level.Iteration)
    public void beforeIteration() {
        trial.beforeIteration();
    }
}
