package dev.kvbench.interleave;

import dev.kvbench.results.PairedRanking;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the rotations need to know of a block's engines apart from their turns: which are ranked (not a limit row),
 * which are variants of one store, one JVM standing for each store, and the ranking as the log shows it.
 */
final class RankedEngines {

    private RankedEngines() {}

    /** The first JVM of each store among {@code jvms}: with several JVMs per engine, one stands for its turns. */
    static List<EngineJvm> distinctStores(List<EngineJvm> jvms) {
        Set<Map<String, String>> seen = new HashSet<>();
        return jvms.stream().filter(server -> seen.add(server.params)).toList();
    }

    /** The store of {@code params} without its variant: the same for every variant of one store. */
    static String base(Map<String, String> params) {
        try {
            return StoreSpec.parse(params.get("store")).base().toString();
        } catch (IllegalArgumentException e) {
            return params.get("store");
        }
    }

    /** "lmdb < mvstore 1.42× (1.20-1.63×) < xodus ...": the block's paired ranking, for the log. */
    static String rankingText(List<EngineJvm> ranked, Map<EngineJvm, Turns> turns) {
        PairedRanking<EngineJvm> ranking = PairedRanking.of(
                ranked,
                server -> turns.get(server).steadyByRotation(),
                server -> turns.get(server).score());
        StringBuilder text = new StringBuilder();
        List<EngineJvm> order = ranking.order();
        for (int i = 0; i < order.size(); i++) {
            text.append(i == 0 ? "" : " < ").append(order.get(i).params.get("store"));
            if (i > 0) {
                text.append(' ')
                        .append(ranking.ratio(order.get(i - 1), order.get(i)).text());
            }
        }
        return text.length() == 0 ? "none (no engine to rank)" : text.toString();
    }

    /** Whether {@code params}' store is a limit row (array, heap, null), which is measured but never ranked. */
    static boolean reference(Map<String, String> params) {
        try {
            return Stores.engine(StoreSpec.parse(params.get("store")).engine()).isReference();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
