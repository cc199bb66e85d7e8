package dev.kvbench.workload.ycsb;

import dev.kvbench.store.Shape;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.TrialParams;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JMH parameters of the YCSB workload ({@code dev.kvbench.bench.YcsbBenchmark}), parsed and
 * checked: {@code store}; {@code workload}, a YCSB workload file or a preset (workloada
 * to workloadf); {@code props}, the {@code -p name=value} overrides joined by {@code ;}
 * ({@code -} for none), since JMH splits parameter values at commas; {@code sync}, as for every
 * benchmark (the workload's own {@code sync=true} also makes commits durable).
 *
 * @param store      the store spec as given
 * @param workload   the workload argument as given
 * @param properties the workload's properties in force
 * @param sync       the {@code sync} parameter
 */
public record YcsbParams(StoreSpec store, String workload, WorkloadProperties properties, boolean sync)
        implements TrialParams {

    /** The parameter names, in the order the CSV and the side file list them. */
    public static final List<String> NAMES = List.of("store", "workload", "props", "sync");

    /** The {@code props} value meaning "no overrides". */
    public static final String NONE = "-";

    /** Parses JMH parameter values; a bad workload is one line ({@link dev.kvbench.workload.ycsb.WorkloadFileException}). */
    public static YcsbParams parse(Map<String, String> params) {
        StoreSpec store = StoreSpec.parse(BenchParams.require(params, "store"));
        Stores.options(store);
        String workload = BenchParams.require(params, "workload");
        WorkloadProperties properties = Presets.resolve(workload, overrides(BenchParams.require(params, "props")));
        String sync = BenchParams.require(params, "sync").trim();
        if (!sync.equals("true") && !sync.equals("false")) {
            throw new IllegalArgumentException("sync=" + sync + " is not true or false");
        }
        return new YcsbParams(store, workload, properties, Boolean.parseBoolean(sync));
    }

    /** {@code name=value;name=value} (or {@link #NONE}) as a map, in order. */
    public static Map<String, String> overrides(String props) {
        Map<String, String> overrides = new LinkedHashMap<>();
        if (props.isBlank() || props.trim().equals(NONE)) {
            return overrides;
        }
        for (String pair : props.split(";")) {
            if (pair.isBlank()) {
                continue;
            }
            int at = pair.indexOf('=');
            if (at <= 0) {
                throw new IllegalArgumentException("props=" + props + ": each override is name=value, joined by ;"
                        + " (e.g. recordcount=100000;threadcount=2)");
            }
            overrides.put(pair.substring(0, at).trim(), pair.substring(at + 1).trim());
        }
        return overrides;
    }

    /** The overrides as the {@code props} parameter value. */
    public static String props(Map<String, String> overrides) {
        if (overrides.isEmpty()) {
            return NONE;
        }
        StringBuilder joined = new StringBuilder();
        overrides.forEach((name, value) -> joined.append(joined.length() == 0 ? "" : ";")
                .append(name)
                .append('=')
                .append(value));
        return joined.toString();
    }

    @Override
    public StoreSpec effectiveSpec() {
        return BenchParams.effectiveSpec(store, sync || properties.sync());
    }

    @Override
    public Shape shape() {
        return YcsbWorkload.shape(properties);
    }

    @Override
    public int batchSize() {
        return properties.batchSize();
    }

    @Override
    public String describe() {
        return "YCSB " + properties.source() + " (" + properties.recordCount() + " records, "
                + (properties.operationCount() > 0
                        ? properties.operationCount() + " operations"
                        : properties.maxExecutionTimeSec() + " s")
                + ", " + properties.threadCount() + " thread(s))";
    }

    @Override
    public long spaceNeeded() {
        return YcsbWorkload.bytesNeeded(properties);
    }
}
