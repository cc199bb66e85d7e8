package dev.kvbench.results;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The log's line about the JVM one store spec ran in, written by the benchmark jar for every store of a run that has a
 * variant (another library version or another JVM) and read by the report's environment section:
 * {@code # Variant: rocksdb:version=10.10.1.1 | library=10.10.1.1 | java=17.0.15+6 | vm=OpenJDK 64-Bit Server VM |
 * gc=G1 Young Generation, G1 Old Generation | flags=-XX:+UseZGC}. The facts are what the store's own preflight JVM
 * said about itself, not what was asked of it.
 *
 * @param store the store spec as its rows name it
 * @param facts {@link #LIBRARY}, {@link #JAVA}, {@link #VM}, {@link #GC}, {@link #FLAGS}, {@link #HOME}, in that order
 */
public record VariantLine(String store, Map<String, String> facts) {

    public static final String PREFIX = "# Variant: ";
    /** The engine's library version as the engine reads it at run time. */
    public static final String LIBRARY = "library";
    /** {@code java.runtime.version}. */
    public static final String JAVA = "java";
    /** {@code java.vm.name}. */
    public static final String VM = "vm";
    /** The collector's MX beans, comma-separated. */
    public static final String GC = "gc";
    /** The flags the variant adds to or changes in the run's own. */
    public static final String FLAGS = "flags";
    /** {@code java.home}. */
    public static final String HOME = "home";

    private static final String SEPARATOR = " | ";

    public VariantLine {
        facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(facts));
    }

    /** The line, without a line end. */
    public String text() {
        StringJoiner line = new StringJoiner(SEPARATOR, PREFIX, "");
        line.add(store);
        facts.forEach((key, value) -> line.add(key + "=" + value.replace(SEPARATOR, " / ")));
        return line.toString();
    }

    /** The line's store and facts; null when {@code line} is not such a line. */
    public static VariantLine parse(String line) {
        if (!line.startsWith(PREFIX)) {
            return null;
        }
        String[] parts = line.substring(PREFIX.length()).split(" \\| ", -1);
        Map<String, String> facts = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0) {
                facts.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
            }
        }
        return new VariantLine(parts[0].strip(), facts);
    }
}
