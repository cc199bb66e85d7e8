package dev.kvbench.report.folder;

import dev.kvbench.report.chart.Figure;
import dev.kvbench.store.Engine;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Store specs as a reader sees them: a label ("LMDB DB (sync)", "RocksDB 10.10.1.1", "MVStore (ZGC)"), one colour
 * per engine that is the same in every chart, and one order for bars and table rows. Colours and order come from
 * the registered engines ({@link Stores#engines()}); an engine no longer registered keeps its recorded label, or its
 * spec name, and gets a neutral grey after the registered ones.
 *
 * <p>A spec's engine options ({@code lmdb:writeMap=false}) keep the engine's colour and hatch its bars; a
 * <em>variant</em> ({@link StoreSpec#variant()}: another library version or another JVM) takes a shade of it, so
 * that two variants of one engine side by side in a chart can be told apart and still read as that engine.
 */
public final class Specs {

    /** The colour of an engine that is not registered in this build. */
    static final int UNREGISTERED = 0x7f7f7f;

    /** The colour of the flat-array reference bar. */
    public static final int FLAT_ARRAY = 0xb0b0b0;

    /**
     * How far a variant's shade moves from its engine's colour: toward black where negative, toward white where
     * positive. The first two are far apart and on either side of the engine's own colour, which the run's own
     * library and JVM keep; more variants of one engine than this reuse them.
     */
    private static final double[] SHADES = {-0.45, 0.5, -0.7, 0.72, -0.25, 0.3};

    private final Map<String, String> labels;
    /** Engine colours by spec name, in registration order: the order of bars and rows. */
    private final Map<String, Integer> colours = new LinkedHashMap<>();

    private final List<String> order;
    /** Per engine, the variants of the run ({@code jdk=25+collector=ZGC}), in the order their shades are given. */
    private final Map<String, List<String>> variants = new TreeMap<>();

    /**
     * @param labels engine labels and limit-row flags recorded in env.txt ({@code engine.lmdb.label: LMDB DB},
     *               {@code engine.array.reference: true}); may be empty
     */
    public Specs(Map<String, String> labels) {
        this(labels, List.of());
    }

    /**
     * @param labels   as above
     * @param runSpecs every store spec of the run, so that each variant of an engine gets a shade no other variant of
     *                 that engine has in this report (a variant not among them gets one from its text)
     */
    public Specs(Map<String, String> labels, Collection<String> runSpecs) {
        this.labels = labels;
        try {
            Stores.engines().forEach(engine -> colours.put(engine.name(), engine.colour()));
        } catch (RuntimeException | LinkageError e) {
            // no registry on this class path: every engine is shown as unregistered
        }
        this.order = List.copyOf(colours.keySet());
        Map<String, TreeSet<String>> byEngine = new TreeMap<>();
        for (String spec : runSpecs) {
            StoreSpec parsed = parse(spec);
            if (parsed.isVariant()) {
                byEngine.computeIfAbsent(parsed.engine(), e -> new TreeSet<>()).add(variantText(parsed));
            }
        }
        byEngine.forEach((engine, texts) -> variants.put(engine, List.copyOf(texts)));
    }

    /**
     * The spec parsed; a text {@link StoreSpec#parse} refuses (a results folder from a build whose specs it no
     * longer reads) is taken as an engine name up to its first colon, so that a label never fails a report.
     */
    public static StoreSpec parse(String spec) {
        try {
            return StoreSpec.parse(spec);
        } catch (IllegalArgumentException e) {
            int colon = spec.indexOf(':');
            return new StoreSpec(colon < 0 ? spec : spec.substring(0, colon), Map.of());
        }
    }

    /** The engine part of a spec: {@code lmdb} for {@code lmdb:sync=true}, {@code rocksdb:version=10.10.1.1}. */
    public static String engine(String spec) {
        return parse(spec).engine();
    }

    /** Whether the spec sets engine options ({@code lmdb:sync=true}), whose bars are hatched and lines dashed. */
    public static boolean hasOptions(String spec) {
        return !parse(spec).options().isEmpty();
    }

    /** Whether the spec names a variant: another library version or JVM than the run's own ({@link StoreSpec#isVariant}). */
    public static boolean isVariant(String spec) {
        return parse(spec).isVariant();
    }

    /** Whether the spec is its engine's defaults in the run's own library and JVM: no options, no variant. */
    static boolean isDefault(String spec) {
        StoreSpec parsed = parse(spec);
        return parsed.options().isEmpty() && !parsed.isVariant();
    }

    /** The spec's engine options, sorted by name (a variant's keys are not options). */
    public static Map<String, String> options(String spec) {
        return new TreeMap<>(parse(spec).options());
    }

    /** The variant's keys as one text, {@code jdk=25+collector=ZGC}: what the specs with one shade share. */
    private static String variantText(StoreSpec spec) {
        List<String> parts = new ArrayList<>();
        spec.variant().forEach((key, value) -> parts.add(key + "=" + value));
        return String.join("+", parts);
    }

    /**
     * Whether the spec's engine is a limit row ({@link dev.kvbench.store.Engine#isReference()}):
     * as env.txt recorded it ({@code engine.array.reference: true}), else as the registry says.
     */
    public boolean reference(String spec) {
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
            return Stores.names().contains(engine(spec))
                    && Stores.engine(engine(spec)).skipsUnchangedPuts();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** The specs of {@code specList} that are engines, not limit rows: the ones findings rank. */
    public List<String> competitors(List<String> specList) {
        return specList.stream().filter(spec -> !reference(spec)).toList();
    }

    /** A limit row's bars are hatched dark, those of a spec with engine options white, the rest solid. */
    public Figure.Fill fill(String spec) {
        return reference(spec) ? Figure.Fill.REFERENCE : hasOptions(spec) ? Figure.Fill.VARIANT : Figure.Fill.SOLID;
    }

    /**
     * The engine's colour; for a variant, a shade of it: the run's variants of the engine in order of their text, each
     * its own shade ({@link #SHADES}), so that the same variant has the same shade in every chart of the report, with
     * or without engine options.
     */
    public int rgb(String spec) {
        StoreSpec parsed = parse(spec);
        int colour = colours.getOrDefault(parsed.engine(), UNREGISTERED);
        if (!parsed.isVariant()) {
            return colour;
        }
        String text = variantText(parsed);
        int index = variants.getOrDefault(parsed.engine(), List.of()).indexOf(text);
        if (index < 0) {
            index = Math.floorMod(text.hashCode(), SHADES.length);
        }
        return shade(colour, SHADES[index % SHADES.length]);
    }

    /** {@code rgb} moved {@code by} of the way toward white (positive) or black (negative). */
    static int shade(int rgb, double by) {
        int target = by > 0 ? 255 : 0;
        double share = Math.abs(by);
        int shaded = 0;
        for (int shift = 16; shift >= 0; shift -= 8) {
            int channel = (rgb >> shift) & 0xff;
            shaded |= (int) Math.round(channel + (target - channel) * share) << shift;
        }
        return shaded;
    }

    /**
     * "LMDB DB", "LMDB DB (sync)", "LMDB DB (no writeMap)", "RocksDB (blockCacheMb=64)"; a variant's library version
     * after the engine's label and its JVM in words after the options: "RocksDB 10.10.1.1", "LMDB DB (JDK 25)",
     * "MVStore (ZGC)", "Chronicle Map (JDK 25, Unsafe deny)", "LMDB DB (no writeMap, JDK 25, ZGC, -Xmx2g)".
     */
    public String label(String spec) {
        StoreSpec parsed = parse(spec);
        Map<String, String> variant = parsed.variant();
        String label = engineLabel(parsed.engine());
        if (variant.containsKey(StoreSpec.VERSION)) {
            label = label + " " + variant.get(StoreSpec.VERSION);
        }
        List<String> parts = new ArrayList<>();
        options(spec)
                .forEach((name, value) -> parts.add(
                        switch (value) {
                            case "true" -> name;
                            case "false" -> "no " + name;
                            default -> name + "=" + value;
                        }));
        variant.forEach((key, value) -> {
            switch (key) {
                case StoreSpec.JDK -> parts.add(value.matches("\\d+") ? "JDK " + value : folderName(value));
                case StoreSpec.GC -> parts.add(value.toUpperCase(Locale.ROOT).endsWith("GC") ? value : value + " GC");
                case StoreSpec.UNSAFE -> parts.add("Unsafe " + value);
                case StoreSpec.JVM_ARGS -> parts.add(value);
                default -> {} // the version, said above
            }
        });
        return parts.isEmpty() ? label : label + " (" + String.join(", ", parts) + ")";
    }

    /** A JDK given as its folder, as a legend can hold it: the folder's own name ({@code jdk-25.0.1}). */
    private static String folderName(String path) {
        String trimmed = path.replaceAll("[/\\\\]+$", "");
        int slash = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
        return slash < 0 ? trimmed : trimmed.substring(slash + 1);
    }

    /**
     * What the engine of {@code spec}, run with {@code sync} where it has that option, promises about
     * a power cut ({@link dev.kvbench.store.Engine#durabilityPromise}); empty for an unknown engine.
     */
    public static String durabilityPromise(String spec, String sync) {
        try {
            StoreSpec parsed = StoreSpec.parse(spec);
            Engine engine = Stores.engine(parsed.engine());
            Map<String, String> options = new HashMap<>(parsed.options());
            if (sync != null
                    && !sync.isEmpty()
                    && engine.options().stream().anyMatch(o -> o.name().equals("sync"))) {
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

    /**
     * Registered engines in registration order, then others by name; an engine's defaults first, then its specs with
     * options and variants by their text.
     */
    public Comparator<String> order() {
        return Comparator.<String>comparingInt(spec -> {
                    int i = order.indexOf(engine(spec));
                    return i < 0 ? order.size() : i;
                })
                .thenComparing(Specs::engine)
                .thenComparing(spec -> !isDefault(spec))
                .thenComparing(Comparator.naturalOrder());
    }
}
