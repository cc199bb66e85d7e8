package dev.kvbench.trial;

import dev.kvbench.store.Engine;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.DataSpec;
import dev.kvbench.workload.Write;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JMH parameters of every benchmark (see {@link KvParams}), parsed and checked. Every
 * mistake is one line that names the parameter and what it accepts.
 *
 * @param store     the store spec as given (parsed), e.g. {@code lmdb:writeMap=false}
 * @param data      the data set
 * @param batchSize entries per commit
 * @param sync      durable commits
 */
public record BenchParams(StoreSpec store, DataSpec data, int batchSize, boolean sync) implements TrialParams {

    /** The parameter names, in the order the CSV and the side file list them. */
    public static final List<String> NAMES =
            List.of("store", "num", "intKey", "sequential", "valSize", "valRandom", "batchSize", "sync");

    /** Parameters of one benchmark only, beyond {@link #NAMES}: the crash and power-cut tests' repetitions, and when the power-cut test's names become durable. */
    public static final List<String> OTHER_NAMES = List.of("reps", "names");

    /** The crash test's repetitions, {@code reps}: a whole number above 0. */
    public static int reps(String value) {
        try {
            int reps = Integer.parseInt(value.trim().replace("_", ""));
            if (reps > 0) {
                return reps;
            }
        } catch (NumberFormatException e) {
            // the line below
        }
        throw new IllegalArgumentException("-p reps=" + value.trim() + ": reps must be a whole number above 0");
    }

    /** Parses JMH parameter values (strings, as in the CSV); unknown store engines are errors. */
    public static BenchParams parse(Map<String, String> params) {
        StoreSpec store = StoreSpec.parse(require(params, "store"));
        Stores.options(store); // unknown engine or option: an error naming the valid ones
        DataSpec data = new DataSpec(
                integer(params, "num"),
                bool(params, "intKey"),
                bool(params, "sequential"),
                integer(params, "valSize"),
                bool(params, "valRandom"));
        int batchSize = integer(params, "batchSize");
        if (batchSize <= 0) {
            throw new IllegalArgumentException("batchSize=" + batchSize + ": batchSize must be a whole number above 0");
        }
        return new BenchParams(store, data, batchSize, bool(params, "sync"));
    }

    /**
     * The spec to open: the given one, with {@code sync=<sync>} added when the engine has a
     * {@code sync} option and the spec does not set it (an option in the spec wins).
     *
     * @throws UnsupportedOperationException when {@code sync=true} and the engine cannot sync
     */
    @Override
    public StoreSpec effectiveSpec() {
        return effectiveSpec(store, sync);
    }

    public static StoreSpec effectiveSpec(StoreSpec store, boolean sync) {
        if (store.options().containsKey("sync")) {
            return store;
        }
        Engine engine = Stores.engine(store.engine());
        if (engine.options().stream().anyMatch(option -> option.name().equals("sync"))) {
            return store.with("sync", Boolean.toString(sync));
        }
        if (sync) {
            throw new UnsupportedOperationException(engine.name() + " has no sync option");
        }
        return store;
    }

    /** {@code params} with the names of {@link #NAMES} first, in that order, then any others as they came. */
    public static Map<String, String> inOrder(Map<String, String> params) {
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String name : NAMES) {
            if (params.containsKey(name)) {
                ordered.put(name, params.get(name));
            }
        }
        params.forEach(ordered::putIfAbsent);
        return ordered;
    }

    @Override
    public Shape shape() {
        return data.shape();
    }

    @Override
    public DataSet generate() {
        return DataSet.generate(data);
    }

    @Override
    public long load(Store store, DataSet set) {
        Write.run(store, set, batchSize);
        return shape().flatBytes();
    }

    @Override
    public String describe() {
        return data.num() + " entries";
    }

    /** The engine name of the store spec. */
    public String engine() {
        return store.engine();
    }

    public static String require(Map<String, String> params, String name) {
        String value = params.get(name);
        if (value == null) {
            throw new IllegalArgumentException("parameter " + name + " is missing");
        }
        if (value.isBlank()) {
            throw new IllegalArgumentException("-p " + name + "= has no value; give one after the =");
        }
        return value.trim();
    }

    public static int integer(Map<String, String> params, String name) {
        String value = require(params, name);
        try {
            return Integer.parseInt(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    name + "=" + value + " is not a whole number (at most " + Integer.MAX_VALUE + ")");
        }
    }

    private static boolean bool(Map<String, String> params, String name) {
        String value = require(params, name).toLowerCase(Locale.ROOT);
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(name + "=" + params.get(name) + " is not true or false");
        };
    }
}
