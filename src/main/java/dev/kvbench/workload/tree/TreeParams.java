package dev.kvbench.workload.tree;

import dev.kvbench.results.Metric;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.BenchParams;
import dev.kvbench.trial.TrialParams;
import dev.kvbench.workload.DataSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JMH parameters of dirWalk ({@link DirWalkBenchmark}), parsed and checked: every mistake is
 * one line naming the parameter and what it accepts.
 *
 * @param store     the store spec as given
 * @param tree      the directory tree ({@code fanout}, {@code depth})
 * @param encoding  how each directory record is stored
 * @param allFields {@code fields=all}: decode every field of a record; {@code fields=id}: only the id
 * @param sync      durable commits while loading, for engines with a {@code sync} option
 */
public record TreeParams(StoreSpec store, DirTree tree, Encoding encoding, boolean allFields, boolean sync)
        implements TrialParams {

    /** The parameter names, in the order the CSV and the side file list them. */
    public static final List<String> NAMES = List.of("store", "fanout", "depth", "encoding", "fields", "sync");

    /** Entries per commit while the tree is written (untimed). */
    static final int BATCH_SIZE = 10_000;

    /** Parses JMH parameter values (strings, as in the CSV). */
    public static TreeParams parse(Map<String, String> params) {
        StoreSpec store = StoreSpec.parse(BenchParams.require(params, "store"));
        Stores.options(store);
        DirTree tree = new DirTree(BenchParams.integer(params, "fanout"), BenchParams.integer(params, "depth"));
        Encoding encoding = Encoding.named(BenchParams.require(params, "encoding"));
        String fields = BenchParams.require(params, "fields").toLowerCase(Locale.ROOT);
        if (!fields.equals("id") && !fields.equals("all")) {
            throw new IllegalArgumentException("fields=" + params.get("fields") + " is not id or all");
        }
        String sync = BenchParams.require(params, "sync").toLowerCase(Locale.ROOT);
        if (!sync.equals("true") && !sync.equals("false")) {
            throw new IllegalArgumentException("sync=" + params.get("sync") + " is not true or false");
        }
        return new TreeParams(store, tree, encoding, fields.equals("all"), Boolean.parseBoolean(sync));
    }

    @Override
    public StoreSpec effectiveSpec() {
        return BenchParams.effectiveSpec(store, sync);
    }

    @Override
    public Shape shape() {
        return tree.shape(encoding);
    }

    @Override
    public int batchSize() {
        return BATCH_SIZE;
    }

    /**
     * dirWalk's figures for the trial's line: {@code walks} verified in the measured iterations, the lookups each
     * made, and the bytes the walking threads allocated per walk ({@code allocatedBytes} below 0: unknown).
     */
    public Map<String, Object> walked(long walks, long allocatedBytes) {
        int lookupsPerWalk = tree.lookupsPerWalk();
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put(Metric.VERIFY_EXPECTED, walks * lookupsPerWalk);
        figures.put(Metric.VERIFY_FOUND, walks * lookupsPerWalk);
        figures.put(Metric.WALKS, walks);
        figures.put(Metric.LOOKUPS_PER_WALK, lookupsPerWalk);
        if (walks > 0 && allocatedBytes >= 0) {
            figures.put(Metric.ALLOC_PER_WALK, Math.round(allocatedBytes / (double) walks));
        }
        return figures;
    }

    /** Writes the tree; its flat bytes are those of its records as encoded, which the shape only bounds. */
    @Override
    public long load(Store store, DataSet data) {
        return tree.write(store, encoding, BATCH_SIZE);
    }

    @Override
    public String describe() {
        return "a tree of " + tree.entries() + " directories (fanout " + tree.fanout() + ", depth " + tree.depth()
                + ", " + encoding + ")";
    }
}
