package dev.kvbench.report;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Store specs as a reader sees them: a label ("LMDB DB (sync)"), one colour per engine that is
 * the same in every chart, and one order for bars and table rows.
 */
final class Specs {

    /** Engine colours, keyed by spec name; the order is the order of bars and rows. */
    private static final Map<String, Integer> COLOURS = colours();
    private static final List<String> ORDER = List.copyOf(COLOURS.keySet());
    private static final int[] SPARE = {0x7f7f7f, 0xbcbd22, 0x393b79, 0x637939, 0x843c39};

    /** The colour of the flat-array reference bar. */
    static final int FLAT_ARRAY = 0xb0b0b0;

    private final Map<String, String> labels;

    /** @param labels engine labels recorded in env.txt ({@code engine.lmdb.label: LMDB DB}); may be empty */
    Specs(Map<String, String> labels) {
        this.labels = labels;
    }

    private static Map<String, Integer> colours() {
        Map<String, Integer> colours = new java.util.LinkedHashMap<>();
        colours.put("lmdb", 0x1f77b4);
        colours.put("lmdb-bb", 0x17becf);
        colours.put("leveldb", 0x2ca02c);
        colours.put("rocksdb", 0xd62728);
        colours.put("mvstore", 0x9467bd);
        colours.put("mapdb", 0x8c564b);
        colours.put("xodus", 0xe377c2);
        colours.put("chronicle", 0xff7f0e);
        return colours;
    }

    /** The engine part of a spec: {@code lmdb} for {@code lmdb:sync=true}. */
    static String engine(String spec) {
        int colon = spec.indexOf(':');
        return colon < 0 ? spec : spec.substring(0, colon);
    }

    /** Whether the spec sets options, i.e. is a variant of its engine's defaults. */
    static boolean variant(String spec) {
        return spec.indexOf(':') >= 0;
    }

    /** The spec's options, sorted by name. */
    static Map<String, String> options(String spec) {
        return variant(spec) ? new TreeMap<>(StoreSpec.parse(spec).options()) : Map.of();
    }

    int rgb(String spec) {
        String engine = engine(spec);
        Integer colour = COLOURS.get(engine);
        return colour != null ? colour : SPARE[Math.floorMod(engine.hashCode(), SPARE.length)];
    }

    /** "LMDB DB", "LMDB DB (sync)", "LMDB DB (no writeMap)", "RocksDB (blockCacheMb=64)". */
    String label(String spec) {
        String label = engineLabel(engine(spec));
        List<String> parts = new ArrayList<>();
        options(spec).forEach((name, value) -> parts.add(switch (value) {
            case "true" -> name;
            case "false" -> "no " + name;
            default -> name + "=" + value;
        }));
        return parts.isEmpty() ? label : label + " (" + String.join(", ", parts) + ")";
    }

    private String engineLabel(String engine) {
        String recorded = labels.get("engine." + engine + ".label");
        if (recorded != null) {
            return recorded;
        }
        try {
            return Stores.engine(engine).label();
        } catch (RuntimeException | LinkageError e) {
            return engine;
        }
    }

    /** Known engines in the fixed order, then others by name; an engine's defaults before its variants. */
    Comparator<String> order() {
        return Comparator.<String>comparingInt(spec -> {
                    int i = ORDER.indexOf(engine(spec));
                    return i < 0 ? ORDER.size() : i;
                })
                .thenComparing(Specs::engine)
                .thenComparing(Specs::variant)
                .thenComparing(Comparator.naturalOrder());
    }
}
