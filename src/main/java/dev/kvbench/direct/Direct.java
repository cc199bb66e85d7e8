package dev.kvbench.direct;

import java.util.Map;
import java.util.function.Supplier;

/**
 * The direct-API baselines: benchmarks that call an engine's own API on the store its adapter
 * opened, to show what the {@code Store} path costs. Each runs only for the store specs of its
 * engine (with their options, so both paths run the same settings); for any other store it is
 * simply not applicable, and not reported as skipped.
 */
public final class Direct {

    /** A baseline: the engine it measures, and its direct passes. */
    private record Baseline(String engine, Supplier<DirectPasses> passes) {}

    private static final Map<String, Baseline> BY_CLASS = Map.of(
            DirectLmdbBenchmark.class.getName(), new Baseline("lmdb", () -> new DirectLmdbBenchmark.Lmdb()),
            DirectMvStoreBenchmark.class.getName(), new Baseline("mvstore", () -> new DirectMvStoreBenchmark.Mv()),
            DirectRocksDbBenchmark.class.getName(), new Baseline("rocksdb", () -> new DirectRocksDbBenchmark.Rocks()));

    private Direct() {}

    /** The engine a direct benchmark (JMH's name, class then method) measures, or null for a Store benchmark. */
    public static String engine(String benchmark) {
        Baseline baseline = baseline(benchmark);
        return baseline == null ? null : baseline.engine();
    }

    /** New direct passes for a trial of the direct benchmark {@code benchmark} (JMH's name). */
    static DirectPasses passes(String benchmark) {
        Baseline baseline = baseline(benchmark);
        if (baseline == null) {
            throw new IllegalStateException("no direct baseline for " + benchmark);
        }
        return baseline.passes().get();
    }

    private static Baseline baseline(String benchmark) {
        int dot = benchmark.lastIndexOf('.');
        return dot < 0 ? null : BY_CLASS.get(benchmark.substring(0, dot));
    }
}
