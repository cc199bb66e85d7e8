package dev.kvbench.report.folder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A test whose stores did not fit in memory at once and ran in groups that did, each holding the anchor store
 * ({@code suite.MemoryPlan}): group 1's files are the test's {@code out-N.*}, group G's {@code out-N.gG.*}, and the meta
 * file names them ({@code groups}, {@code groups.anchor}, {@code group.G}). The test's runs are group 1's and every
 * other group's but its anchor (whose run of group 1 stands for it), each group's turns under rotation keys of its own
 * ({@link #OFFSET}), so that no ratio pairs turns of two groups: they ran minutes apart in other JVMs. Engines of two
 * groups are ranked through the anchor ({@link dev.kvbench.results.AnchoredRatio}), from {@link TestRun#groups}.
 */
public final class AnchorGroups {

    /** Group G's rotation keys in the test's runs: its own plus (G − 1) × this, past any key of a group's rotations. */
    static final int OFFSET = 10_000_000;

    private AnchorGroups() {}

    /** The number of groups the test ran in (1: all its stores at once). */
    public static int count(Map<String, String> meta) {
        try {
            return Math.max(1, Integer.parseInt(meta.getOrDefault("groups", "1").trim()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** The store every group held; "" for a test that ran as one group. */
    public static String anchor(Map<String, String> meta) {
        return count(meta) > 1 ? meta.getOrDefault("groups.anchor", "") : "";
    }

    /** The stores of group {@code g} (1-based), in the order they ran. */
    public static List<String> stores(Map<String, String> meta, int g) {
        String stores = meta.getOrDefault("group." + g, "");
        return stores.isBlank() ? List.of() : List.of(stores.split(","));
    }

    /** Groups 2 on of test {@code n} in {@code dir}, each read as a test of its own; none for a test of one group. */
    static List<TestRun> load(Path dir, int n, Map<String, String> meta) throws IOException {
        List<TestRun> groups = new ArrayList<>();
        for (int g = 2; g <= count(meta); g++) {
            String stem = "out-" + n + ".g" + g;
            if (Files.exists(dir.resolve(stem + ".csv")) || Files.exists(dir.resolve(stem + ".txt"))) {
                groups.add(TestRun.load(dir, n, stem));
            }
        }
        return groups;
    }

    /** A group's JMH scores by run, one each. */
    static Map<RunKey, List<JmhCsv.Score>> scores(Path csv) throws IOException {
        Map<RunKey, List<JmhCsv.Score>> byKey = new LinkedHashMap<>();
        if (Files.exists(csv)) {
            for (JmhCsv.Score score : JmhCsv.read(csv)) {
                byKey.computeIfAbsent(score.key(), k -> new ArrayList<>()).add(score);
            }
        }
        return byKey;
    }

    /**
     * The test's runs: {@code own} (group 1's), then each of {@code others}' (groups 2 on) but the anchor's, their turns
     * under their group's keys.
     */
    static List<Result> joined(List<Result> own, List<TestRun> others, Map<String, String> meta) {
        if (others.isEmpty()) {
            return own;
        }
        String anchor = anchor(meta);
        List<Result> all = new ArrayList<>(own);
        for (int i = 0; i < others.size(); i++) {
            int offset = (i + 1) * OFFSET;
            for (Result result : others.get(i).results) {
                if (result.store().equals(anchor)) {
                    continue;
                }
                Map<Integer, Double> turns = new LinkedHashMap<>();
                result.turns().forEach((key, ms) -> turns.put(key + offset, ms));
                all.add(result.withTurns(turns));
            }
            others.get(i).direct.stream().filter(r -> !r.store().equals(anchor)).forEach(all::add);
        }
        return all;
    }
}
