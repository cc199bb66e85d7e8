package dev.kvbench.report;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Store specs as a reader sees them: a label ("LMDB DB (sync)"), one colour per engine that is
 * the same in every chart, and one order for bars and table rows. Colours and order come from
 * the registered engines ({@link Stores#engines()}); an engine no longer registered keeps its
 * recorded label, or its spec name, and gets a neutral grey after the registered ones.
 */
final class Specs {

    /** The colour of an engine that is not registered in this build. */
    static final int UNREGISTERED = 0x7f7f7f;

    /** The colour of the flat-array reference bar. */
    static final int FLAT_ARRAY = 0xb0b0b0;

    private final Map<String, String> labels;
    /** Engine colours by spec name, in registration order: the order of bars and rows. */
    private final Map<String, Integer> colours = new LinkedHashMap<>();
    private final List<String> order;

    /**
     * @param labels engine labels and limit-row flags recorded in env.txt ({@code engine.lmdb.label: LMDB DB},
     *               {@code engine.array.reference: true}); may be empty
     */
    Specs(Map<String, String> labels) {
        this.labels = labels;
        try {
            Stores.engines().forEach(engine -> colours.put(engine.name(), engine.colour()));
        } catch (RuntimeException | LinkageError e) {
            // no registry on this class path: every engine is shown as unregistered
        }
        this.order = List.copyOf(colours.keySet());
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

    /**
     * Whether the spec's engine is a limit row ({@link dev.kvbench.store.Engine#isReference()}):
     * as env.txt recorded it ({@code engine.array.reference: true}), else as the registry says.
     */
    boolean reference(String spec) {
        String engine = engine(spec);
        String recorded = labels.get("engine." + engine + ".reference");
        if (recorded != null) {
            return Boolean.parseBoolean(recorded);
        }
        try {
            return Stores.names().contains(engine) && Stores.engine(engine).isReference();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** Whether the spec's engine may skip a put of the value a key already holds ({@link dev.kvbench.store.Engine#skipsUnchangedPuts}). */
    static boolean skipsUnchangedPuts(String spec) {
        try {
            return Stores.names().contains(engine(spec)) && Stores.engine(engine(spec)).skipsUnchangedPuts();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** The specs of {@code specList} that are engines, not limit rows: the ones findings rank. */
    List<String> competitors(List<String> specList) {
        return specList.stream().filter(spec -> !reference(spec)).toList();
    }

    /** A limit row's bars are hatched dark, a variant's white, an engine's defaults solid. */
    Figure.Fill fill(String spec) {
        return reference(spec) ? Figure.Fill.REFERENCE : variant(spec) ? Figure.Fill.VARIANT : Figure.Fill.SOLID;
    }

    int rgb(String spec) {
        return colours.getOrDefault(engine(spec), UNREGISTERED);
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

    /**
     * What the engine of {@code spec}, run with {@code sync} where it has that option, promises about
     * a power cut ({@link dev.kvbench.store.Engine#durabilityPromise}); empty for an unknown engine.
     */
    static String durabilityPromise(String spec, String sync) {
        try {
            StoreSpec parsed = StoreSpec.parse(spec);
            dev.kvbench.store.Engine engine = Stores.engine(parsed.engine());
            java.util.Map<String, String> options = new java.util.HashMap<>(parsed.options());
            if (sync != null && !sync.isEmpty() && engine.options().stream().anyMatch(o -> o.name().equals("sync"))) {
                options.putIfAbsent("sync", sync);
            }
            return engine.durabilityPromise(options);
        } catch (RuntimeException | LinkageError e) {
            return "";
        }
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

    /** Registered engines in registration order, then others by name; an engine's defaults before its variants. */
    Comparator<String> order() {
        return Comparator.<String>comparingInt(spec -> {
                    int i = order.indexOf(engine(spec));
                    return i < 0 ? order.size() : i;
                })
                .thenComparing(Specs::engine)
                .thenComparing(Specs::variant)
                .thenComparing(Comparator.naturalOrder());
    }
}
