package dev.kvbench.report.folder;

import dev.kvbench.store.StoreSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A variant B of an engine and the spec it is measured against, A. The run's specs of one engine and options
 * ({@link StoreSpec#base()}: {@code rocksdb} and {@code rocksdb:version=10.10.1.1}; {@code lmdb:jdk=17} and
 * {@code lmdb:jdk=25}) form a group; A is the member in the run's own library and JVM where there is one (what an
 * upgrade would replace), else the first in the run's store order, and every other member is a B against it.
 *
 * @param a the spec B is compared with
 * @param b the variant
 */
public record VariantPair(String a, String b) {

    /** The pairs among {@code stores}, given in the run's store order: per group, its B's in that order. */
    public static List<VariantPair> of(List<String> stores) {
        Map<StoreSpec, List<String>> groups = new LinkedHashMap<>();
        for (String store : stores) {
            List<String> members = groups.computeIfAbsent(Specs.parse(store).base(), base -> new ArrayList<>());
            if (!members.contains(store)) {
                members.add(store);
            }
        }
        List<VariantPair> pairs = new ArrayList<>();
        for (List<String> members : groups.values()) {
            if (members.size() < 2) {
                continue;
            }
            String a = members.stream()
                    .filter(store -> !Specs.isVariant(store))
                    .findFirst()
                    .orElse(members.get(0));
            members.stream().filter(store -> !store.equals(a)).forEach(b -> pairs.add(new VariantPair(a, b)));
        }
        return pairs;
    }
}
