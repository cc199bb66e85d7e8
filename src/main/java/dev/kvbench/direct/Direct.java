package dev.kvbench.direct;

import java.util.Map;

/**
 * The direct-API baselines: benchmarks that call an engine's own API on the store its adapter
 * opened, to show what the {@code Store} path costs. Each runs only for the store specs of its
 * engine (with their options, so both paths run the same settings); for any other store it is
 * simply not applicable, and not reported as skipped.
 */
public final class Direct {

    private static final Map<String, String> ENGINE_BY_CLASS = Map.of(
            DirectLmdbBenchmark.class.getName(), "lmdb",
            DirectMvStoreBenchmark.class.getName(), "mvstore",
            DirectRocksDbBenchmark.class.getName(), "rocksdb");

    private Direct() {
    }

    /** The engine a direct benchmark (JMH's name, class then method) measures, or null for a Store benchmark. */
    public static String engine(String benchmark) {
        int dot = benchmark.lastIndexOf('.');
        return dot < 0 ? null : ENGINE_BY_CLASS.get(benchmark.substring(0, dot));
    }
}
