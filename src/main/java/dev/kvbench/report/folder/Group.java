package dev.kvbench.report.folder;

import dev.kvbench.results.Metric;
import dev.kvbench.text.Numbers;
import dev.kvbench.workload.tree.DirTree;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The runs of one test that share a data set (entries, key type, order, value size...): what one
 * chart shows. Runs differ only in store and workload (and, in a sweep, the swept parameter).
 */
public record Group(String title, String slug, List<Result> results) {

    /** The six workloads of the 2016 report, in its order; others follow in the order they appear. */
    public static final List<String> WORKLOADS =
            List.of("write", "readKey", "readSeq", "readRev", "readCrc", "readXxh64");

    /** Parameters a group title always states, in this order. */
    private static final List<String> DESCRIBED = List.of("num", "intKey", "sequential", "valSize");

    /**
     * Splits a test's results into groups: one per combination of the parameters that vary across
     * the test, leaving out {@code store} and the {@code excluded} ones (the swept parameter).
     */
    public static List<Group> of(List<Result> results, Set<String> excluded) {
        Set<String> skip = new LinkedHashSet<>(excluded);
        skip.add("store");
        Map<String, Set<String>> values = new LinkedHashMap<>();
        for (Result r : results) {
            r.key()
                    .params()
                    .forEach((name, value) ->
                            values.computeIfAbsent(name, k -> new TreeSet<>()).add(value));
        }
        List<String> varying = values.entrySet().stream()
                .filter(e -> e.getValue().size() > 1 && !skip.contains(e.getKey()))
                .map(Map.Entry::getKey)
                .toList();
        Map<Map<String, String>, List<Result>> byValues = new LinkedHashMap<>();
        for (Result r : results) {
            Map<String, String> key = new LinkedHashMap<>();
            varying.forEach(name -> key.put(name, r.key().param(name)));
            byValues.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        List<Group> groups = new ArrayList<>();
        byValues.forEach((key, rs) -> groups.add(
                new Group(title(rs.get(0).key(), varying, skip), slug(rs.get(0).key(), varying, skip), rs)));
        groups.sort(
                Comparator.comparing((Group g) -> !g.first().param("sequential").equals("true"))
                        .thenComparing(g -> !g.first().param("intKey").equals("true"))
                        .thenComparingDouble(g -> Numbers.parse(g.first().param("valSize")))
                        .thenComparing(Group::slug));
        return groups;
    }

    /** The data set of one run, as a group title says it: "1,000,000 int keys, sequential, 100 B values". */
    public static String describe(RunKey key) {
        if (key.workload().equals("dirWalk")) {
            return title(key, List.of("encoding"), Set.of("store"));
        }
        return title(key, List.of(), Set.of("store"));
    }

    /** "1,000,000 int keys, sequential, 100 B values", plus any other parameter that varies. */
    private static String title(RunKey key, List<String> varying, Set<String> skip) {
        List<String> parts = new ArrayList<>();
        if (key.workload().equals("dirWalk")) {
            parts.add(tree(key));
            varying.stream()
                    .filter(name -> !key.param(name).isEmpty())
                    .forEach(name -> parts.add(name + " " + key.param(name)));
            return String.join(", ", parts);
        }
        String num = key.param("num");
        boolean prefixKeys = key.workload().equals("prefixScan"); // its own keys: intKey and sequential do not apply
        String keys = prefixKeys
                ? "20-byte keys (12-byte prefix)"
                : switch (key.param("intKey")) {
                    case "true" -> "int keys";
                    case "false" -> "string keys";
                    default -> "keys";
                };
        parts.add(num.isEmpty() ? keys : Numbers.count(Numbers.parse(num)) + " " + keys);
        switch (prefixKeys ? "" : key.param("sequential")) {
            case "true" -> parts.add("sequential");
            case "false" -> parts.add("random order");
            default -> {}
        }
        if (!skip.contains("valSize") && !key.param("valSize").isEmpty()) {
            parts.add(Numbers.count(Numbers.parse(key.param("valSize"))) + " B values");
        }
        for (String name : varying) {
            // A parameter only some workloads take (prefixScan's writer) says nothing about the others.
            if (!DESCRIBED.contains(name) && !key.param(name).isEmpty()) {
                parts.add(name + " " + key.param(name));
            }
        }
        return String.join(", ", parts);
    }

    /** dirWalk's data set: "a tree of fanout 5, depth 8 (488,280 directories)", from its parameters. */
    static String tree(RunKey key) {
        try {
            DirTree tree = new DirTree(Integer.parseInt(key.param("fanout")), Integer.parseInt(key.param("depth")));
            return "a tree of fanout " + tree.fanout() + ", depth " + tree.depth() + " ("
                    + Numbers.count(tree.entries()) + " directories)";
        } catch (RuntimeException e) {
            return "a directory tree"; // parameters missing or refused: the run's failure says why
        }
    }

    /** A file-name part: "int-seq-v100", "str-rnd-v100-batchSize1000", "tree5x8". */
    private static String slug(RunKey key, List<String> varying, Set<String> skip) {
        List<String> parts = new ArrayList<>();
        if (key.workload().equals("dirWalk")) {
            parts.add("tree" + key.param("fanout").replaceAll("[^0-9]", "") + "x"
                    + key.param("depth").replaceAll("[^0-9]", ""));
        }
        boolean prefixKeys = key.workload().equals("prefixScan");
        if (prefixKeys) {
            parts.add("prefix");
        }
        switch (prefixKeys ? "" : key.param("intKey")) {
            case "true" -> parts.add("int");
            case "false" -> parts.add("str");
            default -> {}
        }
        switch (prefixKeys ? "" : key.param("sequential")) {
            case "true" -> parts.add("seq");
            case "false" -> parts.add("rnd");
            default -> {}
        }
        if (!skip.contains("valSize") && !key.param("valSize").isEmpty()) {
            parts.add("v" + key.param("valSize"));
        }
        for (String name : varying) {
            if (!DESCRIBED.contains(name) && !key.param(name).isEmpty()) {
                parts.add(name + key.param(name).replaceAll("[^A-Za-z0-9.]", ""));
            }
        }
        return parts.isEmpty() ? "all" : String.join("-", parts);
    }

    public RunKey first() {
        return results.get(0).key();
    }

    /** The store specs of this group, in the one order of {@link Specs#order()}. */
    public List<String> specs(Specs specs) {
        return results.stream()
                .map(Result::store)
                .distinct()
                .sorted(specs.order())
                .toList();
    }

    /** The workloads of this group: the 2016 six in their order, then any others. */
    public List<String> workloads() {
        List<String> present = results.stream().map(Result::workload).distinct().toList();
        List<String> ordered =
                new ArrayList<>(WORKLOADS.stream().filter(present::contains).toList());
        present.stream().filter(w -> !ordered.contains(w)).forEach(ordered::add);
        return ordered;
    }

    /** The values of {@code param} in this group, in numeric order. */
    public List<String> values(String param) {
        return results.stream()
                .map(r -> r.key().param(param))
                .distinct()
                .sorted(Comparator.comparingDouble(Numbers::parse))
                .toList();
    }

    /** The run of {@code spec} on {@code workload} (and {@code param=value} when given). */
    public Optional<Result> find(String spec, String workload, String param, String value) {
        return results.stream()
                .filter(r -> r.store().equals(spec) && r.workload().equals(workload))
                .filter(r -> param == null || r.key().param(param).equals(value))
                .findFirst();
    }

    public Optional<Result> find(String spec, String workload) {
        return find(spec, workload, null, null);
    }

    /**
     * The run whose storage stands for {@code spec}: the write run when it measured storage (the
     * store holds exactly the data set), else any run that did.
     */
    public Optional<Result> storageRun(String spec, String param, String value) {
        return results.stream()
                .filter(r -> r.store().equals(spec) && !Double.isNaN(r.metric(Metric.STORAGE_AFTER_CLOSE)))
                .filter(r -> param == null || r.key().param(param).equals(value))
                .min(Comparator.comparing(r -> !r.workload().equals("write")));
    }

    /** Bytes of a flat array of the run's data set: num × (key size + value size). */
    public static double flatBytes(Result r) {
        double num = Numbers.parse(r.key().param("num"));
        double valSize = Numbers.parse(r.key().param("valSize"));
        if (Double.isNaN(num) || Double.isNaN(valSize)) {
            return r.metric(Metric.FLAT_BYTES);
        }
        int keySize = r.key().param("intKey").equals("false") ? 16 : 4;
        return num * (keySize + valSize);
    }
}
