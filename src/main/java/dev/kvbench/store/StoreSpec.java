package dev.kvbench.store;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A parsed spec string, {@code engine} or {@code engine:opt=v,opt=v}, e.g.
 * {@code lmdb:writeMap=false}. Parsing checks the syntax only; {@link Stores} checks the names.
 *
 * <p>Options may also be separated by {@code +} ({@code lmdb:sync=true+metaSync=true}), because
 * JMH's {@code -p store=a,b} splits its values at commas. Parse a spec once, where it enters
 * (a JMH parameter, a command line), and pass the parsed spec on.
 *
 * <p>A spec may also name a <em>variant</em>: the same engine with another library version or in another JVM
 * ({@link #VARIANT_KEYS}), its own row in an interleaved run, so that an upgrade is measured in the same rotations as
 * what it replaces. {@code rocksdb@10.10.1.1} is {@code rocksdb:version=10.10.1.1}; {@code lmdb:jdk=25+collector=ZGC} runs
 * LMDB's JVM on JDK 25 with ZGC; {@code jvmArgs} takes the rest of the spec, flags separated by spaces. The engine
 * never sees these keys: {@link #options()} holds the engine's options only, {@link #variant()} the variant's.
 *
 * @param engine  the engine name
 * @param options the engine's options in the order given
 * @param variant the variant's keys in the order given (empty: the run's own library and JVM)
 */
public record StoreSpec(String engine, Map<String, String> options, Map<String, String> variant) {

    /** The library version in place of the project's (Maven's version of the engine's artifact). */
    public static final String VERSION = "version";
    /** The JDK: a major version ({@code 17}, {@code 25}) or a JDK's folder. */
    public static final String JDK = "jdk";
    /** The garbage collector: G1, ZGC, Parallel, Serial or Shenandoah. */
    public static final String GC = "collector";
    /** {@code sun.misc.Unsafe}'s memory access: allow, warn, debug or deny (JEP 471, 498). */
    public static final String UNSAFE = "unsafe";
    /** Further JVM flags, separated by spaces; the rest of the spec. */
    public static final String JVM_ARGS = "jvmArgs";
    /** The keys of a variant, in the order {@link #toString()} writes them. */
    public static final List<String> VARIANT_KEYS = List.of(VERSION, JDK, GC, UNSAFE, JVM_ARGS);

    public StoreSpec {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String key : VARIANT_KEYS) {
            if (variant.containsKey(key)) {
                ordered.put(key, variant.get(key));
            }
        }
        if (ordered.size() != variant.size()) {
            throw new IllegalArgumentException(
                    "a variant's keys are " + String.join(", ", VARIANT_KEYS) + "; given " + variant.keySet());
        }
        variant = Collections.unmodifiableMap(ordered);
    }

    /** A spec of the run's own library and JVM. */
    public StoreSpec(String engine, Map<String, String> options) {
        this(engine, options, Map.of());
    }

    /** The syntax, as errors name it; a variant's keys are described where they are refused, and in docs/upgrade.md. */
    public static final String SYNTAX =
            "engine or engine:option=value+option=value (in -p store=..., commas separate specs)";

    public static StoreSpec parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("empty store spec; expected " + SYNTAX);
        }
        String text = spec.trim();
        int colon = text.indexOf(':');
        String head = colon < 0 ? text : text.substring(0, colon);
        Map<String, String> variant = new LinkedHashMap<>();
        int at = head.indexOf('@');
        String engine = at < 0 ? head : head.substring(0, at);
        if (at >= 0) {
            String version = head.substring(at + 1).trim();
            if (version.isEmpty() || version.contains("@")) {
                throw new IllegalArgumentException(
                        "store spec '" + spec + "': '@' takes one library version, e.g." + " rocksdb@10.10.1.1");
            }
            variant.put(VERSION, version);
        }
        if (engine.isEmpty()) {
            throw new IllegalArgumentException("store spec '" + spec + "' has no engine name; expected " + SYNTAX);
        }
        if (engine.contains("=")) {
            throw new IllegalArgumentException(
                    "store spec '" + spec + "' is an option without its engine: join one spec's"
                            + " options with + (lmdb:sync=true+writeMap=false), as -p splits its values at commas");
        }
        Map<String, String> options = new LinkedHashMap<>();
        if (colon >= 0) {
            String rest = text.substring(colon + 1);
            int flags = jvmArgsAt(rest);
            if (flags >= 0) {
                String value = rest.substring(flags + JVM_ARGS.length() + 1).trim();
                if (value.isEmpty()) {
                    throw new IllegalArgumentException(
                            "store spec '" + spec + "': jvmArgs= needs flags, e.g." + " jvmArgs=-XX:MaxInlineLevel=20");
                }
                variant.put(JVM_ARGS, value);
                rest = flags == 0 ? "" : rest.substring(0, flags - 1);
            }
            for (String pair : rest.isEmpty() && flags >= 0 ? new String[0] : rest.split("[,+]", -1)) {
                int eq = pair.indexOf('=');
                if (eq <= 0 || eq == pair.length() - 1) {
                    throw new IllegalArgumentException(
                            "store spec '" + spec + "': '" + pair + "' is not option=value; expected " + SYNTAX);
                }
                String name = pair.substring(0, eq).trim();
                String value = pair.substring(eq + 1).trim();
                Map<String, String> into = VARIANT_KEYS.contains(name) ? variant : options;
                if (into.put(name, value) != null) {
                    throw new IllegalArgumentException("store spec '" + spec + "' sets "
                            + (name.equals(VERSION) ? "the version" : "option '" + name + "'") + " twice");
                }
            }
        }
        return new StoreSpec(engine, options, variant);
    }

    /**
     * {@code spec} as its rows name it ({@code rocksdb@10.10.1.1} is {@code rocksdb:version=10.10.1.1}), so that one
     * store has one name from the command line to the report; a spec that does not parse stays as given, for its own
     * error where it is checked.
     */
    public static String named(String spec) {
        try {
            return parse(spec).toString();
        } catch (IllegalArgumentException e) {
            return spec;
        }
    }

    /** Where {@code jvmArgs=} begins in an option list, at its start or after a separator; -1 when it is not there. */
    private static int jvmArgsAt(String list) {
        String key = JVM_ARGS + "=";
        for (int i = list.indexOf(key); i >= 0; i = list.indexOf(key, i + 1)) {
            if (i == 0 || list.charAt(i - 1) == '+' || list.charAt(i - 1) == ',') {
                return i;
            }
        }
        return -1;
    }

    /** Whether this spec names a variant: another library version or another JVM than the run's own. */
    public boolean isVariant() {
        return !variant.isEmpty();
    }

    /** This spec without its variant: the engine and options the run's own library and JVM would run. */
    public StoreSpec base() {
        return new StoreSpec(engine, options);
    }

    /** This spec with {@code option} set to {@code value} (added last, or replaced where it was). */
    public StoreSpec with(String option, String value) {
        if (VARIANT_KEYS.contains(option)) {
            Map<String, String> changed = new LinkedHashMap<>(variant);
            changed.put(option, value);
            return new StoreSpec(engine, options, changed);
        }
        Map<String, String> changed = new LinkedHashMap<>(options);
        changed.put(option, value);
        return new StoreSpec(engine, changed, variant);
    }

    /**
     * The spec as text that {@link #parse} reads back: {@code engine}, or {@code engine:a=1+b=2}
     * (options joined by {@code +}, so that the text is one JMH parameter value), the variant's keys after the
     * engine's options ({@code rocksdb:version=10.10.1.1}, {@code jvmArgs} last).
     */
    @Override
    public String toString() {
        if (options.isEmpty() && variant.isEmpty()) {
            return engine;
        }
        StringJoiner text = new StringJoiner("+", engine + ":", "");
        options.forEach((name, value) -> text.add(name + "=" + value));
        variant.forEach((name, value) -> text.add(name + "=" + value));
        return text.toString();
    }
}
