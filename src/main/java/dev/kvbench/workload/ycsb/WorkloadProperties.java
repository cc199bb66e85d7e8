package dev.kvbench.workload.ycsb;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A workload described as YCSB describes one: a Java properties file (YCSB's own {@code workloada}
 * ... {@code workloadf} read unchanged) with {@code -p name=value} overrides on top, every property
 * YCSB's core workload knows with YCSB's default, plus kvbench's additions (see {@link Property},
 * {@link KnownProperties}).
 *
 * <p>Unlike YCSB, which ignores a misspelt property silently, an unknown name is an error naming
 * the nearest known one; so are proportions that do not add up to 1, an unknown distribution and
 * a number that is not one. Every check happens as the properties are read ({@link PropertyChecks}),
 * before any store opens, and each failure is one line ({@link WorkloadFileException}).
 */
public final class WorkloadProperties {

    /** Where a property comes from, for the README and the report's list of properties in force. */
    public enum Origin {
        /** YCSB's core workload or client property, with YCSB's meaning and default. */
        YCSB,
        /** A property YCSB knows that has no effect here (measurement export, table name, ...): accepted, listed as ignored. */
        YCSB_IGNORED,
        /** One of kvbench's additions. */
        KVBENCH
    }

    /** A property: its name, its default ({@code null}: unset) and its origin. */
    public record Property(String name, String defaultValue, Origin origin, String meaning) {}

    /** The operation types of the mix, with the property that gives each one's proportion. */
    public enum Op {
        READ("readproportion"),
        UPDATE("updateproportion"),
        INSERT("insertproportion"),
        SCAN("scanproportion"),
        READMODIFYWRITE("readmodifywriteproportion"),
        DELETE("deleteproportion");

        private final String property;

        Op(String property) {
            this.property = property;
        }

        public String property() {
            return property;
        }

        /** YCSB's name of the operation in its output: READ, UPDATE, ..., READ-MODIFY-WRITE. */
        public String label() {
            return this == READMODIFYWRITE ? "READ-MODIFY-WRITE" : name();
        }
    }

    public static final String CORE_WORKLOAD = "site.ycsb.workloads.CoreWorkload";
    public static final List<String> REQUEST_DISTRIBUTIONS =
            List.of("uniform", "zipfian", "latest", "hotspot", "sequential", "exponential");
    public static final List<String> LENGTH_DISTRIBUTIONS = List.of("constant", "uniform", "zipfian");
    public static final List<String> SCAN_LENGTH_DISTRIBUTIONS = List.of("uniform", "zipfian");
    public static final List<String> INSERT_ORDERS = List.of("hashed", "ordered");
    public static final List<String> KEY_FORMATS = List.of("ycsb", "binary");
    /** Bytes at the head of every value that say whose value it is and which version (see {@link Records}). */
    public static final int VALUE_HEADER = Records.HEADER;

    private static final Map<String, Property> KNOWN = KnownProperties.catalogue();

    private final Map<String, String> given;
    private final String source;

    private WorkloadProperties(Map<String, String> given, String source) {
        this.given = given;
        this.source = source;
        new PropertyChecks(this, given.keySet()).check();
    }

    /** The properties of {@code file} with {@code overrides} on top ({@code -p name=value}, in order). */
    public static WorkloadProperties read(Path file, Map<String, String> overrides) {
        if (Files.isDirectory(file)) {
            throw new WorkloadFileException("workload file " + file + " is a folder; give a YCSB workload file in it"
                    + " (e.g. " + file.resolve("workloada") + ") or one of the presets: "
                    + String.join(", ", Presets.NAMES));
        }
        if (!Files.isRegularFile(file)) {
            throw new WorkloadFileException("workload file " + file + " not found; give a YCSB workload file"
                    + " (e.g. workloada) or one of the presets: " + String.join(", ", Presets.NAMES));
        }
        Properties properties = new Properties();
        try {
            String text = Files.readString(file, StandardCharsets.ISO_8859_1);
            // an editor's UTF-8 byte-order mark would become part of the first property's name
            properties.load(new StringReader(text.startsWith("\u00ef\u00bb\u00bf") ? text.substring(3) : text));
        } catch (IOException | IllegalArgumentException e) {
            throw new WorkloadFileException("cannot read workload file " + file + ": " + e.getMessage());
        }
        if (properties.isEmpty()) {
            throw new WorkloadFileException("workload file " + file + " sets no property (it is empty or all comments):"
                    + " YCSB would run its defaults; write the workload's properties in it, or use a preset: "
                    + String.join(", ", Presets.NAMES));
        }
        return of(properties, overrides, file.getFileName().toString());
    }

    /** {@code properties} (a file's, a preset's) with {@code overrides} on top. */
    public static WorkloadProperties of(Properties properties, Map<String, String> overrides, String source) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            given.put(name.trim(), properties.getProperty(name).trim());
        }
        overrides.forEach((name, value) -> given.put(name.trim(), value.trim()));
        return new WorkloadProperties(given, source);
    }

    /** These properties with {@code name} set to {@code value}, checked as any (to try a size a line would suggest). */
    public WorkloadProperties with(String name, String value) {
        Map<String, String> changed = new LinkedHashMap<>(given);
        changed.put(name, value);
        return new WorkloadProperties(changed, source);
    }

    /** Only {@code values}, over YCSB's defaults (tests, presets). */
    public static WorkloadProperties of(Map<String, String> values) {
        return of(new Properties(), values, "-p");
    }

    /** Every known property. */
    public static Map<String, Property> known() {
        return KNOWN;
    }

    /** Where the properties came from (the file's name). */
    public String source() {
        return source;
    }

    /** The value in force: given, else the default; null when neither. */
    public String get(String name) {
        Property property = KNOWN.get(name);
        if (property == null) {
            throw new IllegalArgumentException("not a known property: " + name);
        }
        String value = given.get(name);
        return value != null ? value : property.defaultValue();
    }

    /** Whether the file or an override set {@code name}. */
    public boolean isGiven(String name) {
        return given.containsKey(name);
    }

    /**
     * The properties in force, for the report: every given one and every default that has an
     * effect, sorted by name; YCSB's properties that have no effect here are left out.
     */
    public Map<String, String> inForce() {
        Map<String, String> all = new TreeMap<>();
        KNOWN.forEach((name, property) -> {
            String value = get(name);
            // in turns the ranking decides how many operations run: the report gives each engine's
            boolean unused = inTurns() && (name.equals("operationcount") || name.equals("maxexecutiontime"));
            if (property.origin() != Origin.YCSB_IGNORED && value != null && !name.equals("store") && !unused) {
                all.put(name, value);
            }
        });
        all.put("insertcount", String.valueOf(insertCount()));
        return all;
    }

    /** The given properties YCSB knows that have no effect here, for a note in the report. */
    public List<String> ignored() {
        List<String> names = new ArrayList<>();
        given.keySet().forEach(name -> {
            if (KNOWN.get(name).origin() == Origin.YCSB_IGNORED) {
                names.add(name);
            }
        });
        return names;
    }

    public long recordCount() {
        return longOf("recordcount", 1);
    }

    public long insertStart() {
        return longOf("insertstart", 0);
    }

    public long insertCount() {
        return given.containsKey("insertcount") ? longOf("insertcount", 1) : recordCount() - insertStart();
    }

    public long operationCount() {
        return longOf("operationcount", 0);
    }

    public long maxExecutionTimeSec() {
        return longOf("maxexecutiontime", 0);
    }

    public int threadCount() {
        return (int) longOf("threadcount", 1);
    }

    public double target() {
        return doubleOf("target", 0, Double.MAX_VALUE);
    }

    public double proportion(Op op) {
        return doubleOf(op.property(), 0, 1);
    }

    public String requestDistribution() {
        return get("requestdistribution");
    }

    public double zipfianConstant() {
        return doubleOf("zipfianconstant", 0, Double.MAX_VALUE);
    }

    public double hotspotDataFraction() {
        return doubleOf("hotspotdatafraction", 0, 1);
    }

    public double hotspotOpnFraction() {
        return doubleOf("hotspotopnfraction", 0, 1);
    }

    public double exponentialPercentile() {
        return doubleOf("exponential.percentile", 0, 100);
    }

    public double exponentialFrac() {
        return doubleOf("exponential.frac", 0, Double.MAX_VALUE);
    }

    public boolean orderedInserts() {
        return get("insertorder").equals("ordered");
    }

    public int zeroPadding() {
        return (int) longOf("zeropadding", 1);
    }

    public long minScanLength() {
        return longOf("minscanlength", 1);
    }

    public long maxScanLength() {
        return longOf("maxscanlength", 1);
    }

    public String scanLengthDistribution() {
        return get("scanlengthdistribution");
    }

    public boolean binaryKeys() {
        return get("keyformat").equals("binary");
    }

    public int keySize() {
        return (int) longOf("keysize", Records.BINARY_KEY_MIN);
    }

    public int batchSize() {
        return (int) longOf("batchsize", 1);
    }

    public int loadBatchSize() {
        return (int) longOf("loadbatchsize", 1);
    }

    public boolean sync() {
        return booleanOf("sync");
    }

    /**
     * Whether an update writes the whole record blindly ({@code writeallfields=true}) rather than one field, which a
     * key-value store does as YCSB's key-value bindings do: the record read, then written back whole.
     */
    public boolean writeAllFields() {
        return booleanOf("writeallfields");
    }

    /** Whether the run phase runs in interleaved turns ({@code interleave=true}) rather than once. */
    public boolean inTurns() {
        return booleanOf("interleave");
    }

    public long seed() {
        return longOf("seed", Long.MIN_VALUE);
    }

    /** The engine specs {@code store} names, or null when not given. */
    public String store() {
        return get("store");
    }

    /**
     * A record's length: {@code fieldcount} fields each of a length drawn from
     * {@code fieldlengthdistribution}, or, with kvbench's {@code valuelength}, one value of a length
     * drawn from {@code valuelengthdistribution}.
     */
    public ValueLength valueLength() {
        if (given.containsKey("valuelength")) {
            return new ValueLength(
                    1,
                    get("valuelengthdistribution"),
                    (int) longOf("minvaluelength", VALUE_HEADER),
                    (int) longOf("valuelength", VALUE_HEADER),
                    zipfianConstant());
        }
        return new ValueLength(
                (int) longOf("fieldcount", 1),
                get("fieldlengthdistribution"),
                (int) longOf("minfieldlength", 1),
                (int) longOf("fieldlength", 1),
                zipfianConstant());
    }

    /** Whether any operation of the mix scans, so the workload needs an ordered engine. */
    public boolean scans() {
        return proportion(Op.SCAN) > 0;
    }

    /** Whether any operation writes after the load. */
    public boolean writes() {
        return proportion(Op.UPDATE) + proportion(Op.INSERT) + proportion(Op.READMODIFYWRITE) + proportion(Op.DELETE)
                > 0;
    }

    /** The largest key (bytes), for sizing engines. */
    public int maxKeySize() {
        return binaryKeys() ? keySize() : Records.maxYcsbKeyLength(zeroPadding());
    }

    private long longOf(String name, long min) {
        long parsed = parsed(name, Long::parseLong, "is not a whole number");
        if (parsed < min) {
            throw invalid(name, get(name), "must be " + min + " or more");
        }
        return parsed;
    }

    private double doubleOf(String name, double min, double max) {
        double parsed = parsed(name, Double::parseDouble, "is not a number");
        if (!(parsed >= min && parsed <= max)) {
            throw invalid(name, get(name), "must be between " + min + " and " + max);
        }
        return parsed;
    }

    /** The value of property {@code name} parsed, or refused with {@code notParsed} when it does not parse. */
    private <T> T parsed(String name, Function<String, T> parse, String notParsed) {
        String value = get(name);
        try {
            return parse.apply(value);
        } catch (NumberFormatException e) {
            throw invalid(name, value, notParsed);
        }
    }

    /** A property's value refused: {@code name=value in <source> <why>}. */
    private WorkloadFileException invalid(String name, String value, String why) {
        return new WorkloadFileException(name + "=" + value + " in " + source + " " + why);
    }

    /** A property that must be true or false. */
    boolean booleanOf(String name) {
        String value = get(name);
        if (!Arrays.asList("true", "false").contains(value)) {
            throw invalid(name, value, "must be true or false");
        }
        return Boolean.parseBoolean(value);
    }
}
