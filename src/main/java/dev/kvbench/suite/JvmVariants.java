package dev.kvbench.suite;

import dev.kvbench.fork.VariantJvm;
import dev.kvbench.store.StoreSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code -p jvm=17,25}: every store of the run once per JVM named, each its own row in the same interleaved rotations
 * ({@code lmdb:jdk=17}, {@code lmdb:jdk=25}), so that a JDK, a collector or flags are compared as engines are. A value
 * is a JDK (a major version or a folder), a collector ({@code G1}, {@code ZGC}, ...), {@code own} (the run's own JVM,
 * no variant), or the variant keys of a store spec joined by {@code +} ({@code jdk=25+collector=ZGC},
 * {@code jdk=25+unsafe=deny}); a library version is an engine's own ({@code -p store=rocksdb@10.10.1.1}).
 */
final class JvmVariants {

    static final String PARAM = "jvm";
    /** The value that stands for the run's own JVM. */
    static final String OWN = "own";

    private JvmVariants() {}

    /** The values of {@code -p jvm=...} in {@code args}, each parsed to its variant keys; empty when not given. */
    static List<Map<String, String>> of(List<String> args) {
        String given = null;
        for (int i = 0; i < args.size(); i++) {
            String value = args.get(i).equals("-p") && i + 1 < args.size()
                    ? args.get(i + 1)
                    : args.get(i).startsWith("-p" + PARAM + "=") ? args.get(i).substring(2) : null;
            if (value != null && value.startsWith(PARAM + "=")) {
                if (given != null) {
                    throw new UsageException("-p " + given + " and -p " + value + ": give -p jvm once, its values"
                            + " comma-separated (-p jvm=17,25)");
                }
                given = value;
            }
        }
        if (given == null) {
            return List.of();
        }
        List<Map<String, String>> jvms = new ArrayList<>();
        for (String value : given.substring(PARAM.length() + 1).split(",", -1)) {
            Map<String, String> jvm = parse(value.trim());
            if (jvms.contains(jvm)) {
                throw new UsageException("-p " + given + " names the JVM '" + value.trim() + "' twice; name each once");
            }
            jvms.add(jvm);
        }
        return jvms;
    }

    /** {@code args} without {@code -p jvm=...}. */
    static List<String> without(List<String> args) {
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("-p")
                    && i + 1 < args.size()
                    && args.get(i + 1).startsWith(PARAM + "=")) {
                i++;
            } else if (!args.get(i).startsWith("-p" + PARAM + "=")) {
                rest.add(args.get(i));
            }
        }
        return rest;
    }

    /** One {@code -p jvm} value as variant keys. */
    static Map<String, String> parse(String value) {
        if (value.isEmpty()) {
            throw new UsageException("-p jvm=...: an empty value; give JDKs (17, 25, a folder), collectors (G1, ZGC),"
                    + " own, or keys such as jdk=25+collector=ZGC, comma-separated");
        }
        if (value.equals(OWN)) {
            return new LinkedHashMap<>();
        }
        // a bare part is a JDK or a collector: 25+ZGC is jdk=25+collector=ZGC; flags (jvmArgs=, the last) stay as given
        int flags = value.indexOf(StoreSpec.JVM_ARGS + "=");
        String head = flags < 0 ? value : value.substring(0, flags);
        List<String> parts = new ArrayList<>();
        for (String part : head.split("\\+")) {
            if (part.isEmpty()) {
                continue;
            }
            boolean collector = VariantJvm.COLLECTORS.keySet().stream().anyMatch(gc -> gc.equalsIgnoreCase(part));
            parts.add(part.contains("=") ? part : (collector ? StoreSpec.GC : StoreSpec.JDK) + "=" + part);
        }
        if (flags >= 0) {
            parts.add(value.substring(flags));
        }
        StoreSpec spec;
        try {
            spec = StoreSpec.parse("jvm:" + String.join("+", parts));
        } catch (IllegalArgumentException e) {
            throw new UsageException("-p jvm=" + value + ": " + e.getMessage());
        }
        if (!spec.options().isEmpty() || spec.variant().containsKey(StoreSpec.VERSION)) {
            throw new UsageException("-p jvm=" + value + ": a JVM is given by jdk, collector, unsafe and jvmArgs (e.g."
                    + " jdk=25+collector=ZGC); a library version is an engine's own: -p store=rocksdb@10.10.1.1");
        }
        return spec.variant();
    }

    /**
     * {@code stores} (comma-separated specs) once per JVM of {@code jvms}, store by store. A store that sets a key of a
     * JVM itself (its own collector, its own JDK) would override that JVM and lose its row without a word, so it is
     * refused, with the rows {@code -p jvm} gives the store without that key.
     */
    static String expand(String stores, List<Map<String, String>> jvms) {
        List<String> expanded = new ArrayList<>();
        for (String store : stores.split(",")) {
            if (store.isBlank()) {
                continue;
            }
            StoreSpec spec;
            try {
                spec = StoreSpec.parse(store);
            } catch (IllegalArgumentException e) {
                throw new UsageException("-p store=" + stores + ": " + e.getMessage());
            }
            List<String> keys = jvms.stream()
                    .flatMap(jvm -> jvm.keySet().stream())
                    .filter(spec.variant()::containsKey)
                    .distinct()
                    .toList();
            if (!keys.isEmpty()) {
                throw overridden(store, spec, keys, jvms);
            }
            for (Map<String, String> jvm : jvms) {
                String text = withJvm(spec, jvm).toString();
                if (!expanded.contains(text)) {
                    expanded.add(text);
                }
            }
        }
        return String.join(",", expanded);
    }

    private static StoreSpec withJvm(StoreSpec spec, Map<String, String> jvm) {
        StoreSpec variant = spec;
        for (Map.Entry<String, String> key : jvm.entrySet()) {
            variant = variant.with(key.getKey(), key.getValue());
        }
        return variant;
    }

    /** The line for a store that sets {@code keys} of {@code -p jvm} itself: what to give instead. */
    private static UsageException overridden(
            String store, StoreSpec spec, List<String> keys, List<Map<String, String>> jvms) {
        Map<String, String> variant = new LinkedHashMap<>(spec.variant());
        keys.forEach(variant::remove);
        StoreSpec without = new StoreSpec(spec.engine(), spec.options(), variant);
        List<String> rows = new ArrayList<>();
        for (Map<String, String> jvm : jvms) {
            rows.add(withJvm(without, jvm).toString());
        }
        List<String> set =
                keys.stream().map(key -> key + "=" + spec.variant().get(key)).toList();
        return new UsageException("-p store=" + store + " sets " + String.join(" and ", set) + " itself, which -p jvm"
                + " sets for each of its JVMs, so the store would not take one row per JVM: leave "
                + String.join(" and ", keys) + " out of the store (-p store=" + without + " with -p jvm gives it the"
                + " rows " + String.join(", ", rows) + "), or leave -p jvm out and name each row in -p store");
    }
}
