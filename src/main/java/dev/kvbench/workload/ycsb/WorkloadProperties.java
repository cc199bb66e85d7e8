package dev.kvbench.workload.ycsb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A workload described as YCSB describes one: a Java properties file (YCSB's own {@code workloada}
 * ... {@code workloadf} read unchanged) with {@code -p name=value} overrides on top, every property
 * YCSB's core workload knows with YCSB's default, plus kvbench's additions (see {@link Property}).
 *
 * <p>Unlike YCSB, which ignores a misspelt property silently, an unknown name is an error naming
 * the nearest known one; so are proportions that do not add up to 1, an unknown distribution and
 * a number that is not one. Every check happens here, before any store opens, and each failure is
 * one line ({@link WorkloadFileException}).
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
    public record Property(String name, String defaultValue, Origin origin, String meaning) {
    }

    /** The operation types of the mix, with the property that gives each one's proportion. */
    public enum Op {
        READ("readproportion"), UPDATE("updateproportion"), INSERT("insertproportion"), SCAN("scanproportion"),
        READMODIFYWRITE("readmodifywriteproportion"), DELETE("deleteproportion");

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

    private static final Map<String, Property> KNOWN = new LinkedHashMap<>();

    static {
        ycsb("workload", CORE_WORKLOAD, "the workload class; only YCSB's CoreWorkload is modelled");
        ycsb("recordcount", "1000", "records inserted by the load phase");
        ycsb("operationcount", "1000", "operations of the run phase, over all threads (0: until maxexecutiontime)");
        ycsb("maxexecutiontime", "0", "seconds after which the run phase stops (0: no limit)");
        ycsb("threadcount", "1", "client threads, each with its own reader");
        ycsb("target", "0", "operations per second over all threads (0: as fast as possible)");
        ycsb("insertstart", "0", "the first key number of the load");
        ycsb("insertcount", null, "records the load inserts (default: recordcount)");
        for (Op op : Op.values()) {
            if (op != Op.DELETE) {
                ycsb(op.property(), switch (op) {
                    case READ -> "0.95";
                    case UPDATE -> "0.05";
                    default -> "0";
                }, "share of " + op.label() + " operations");
            }
        }
        ycsb("requestdistribution", "uniform", "which keys operations choose: " + String.join(", ", REQUEST_DISTRIBUTIONS));
        ycsb("zipfianconstant", "0.99", "the skew of zipfian and latest");
        ycsb("hotspotdatafraction", "0.2", "hotspot: the share of keys that are hot");
        ycsb("hotspotopnfraction", "0.8", "hotspot: the share of operations on hot keys");
        ycsb("exponential.percentile", "95", "exponential: the percentile of operations that fall in exponential.frac of the keys");
        ycsb("exponential.frac", "0.8571428571", "exponential: that fraction of the keys");
        ycsb("insertorder", "hashed", "hashed: key numbers hashed (FNV-64) into the key; ordered: in order");
        ycsb("zeropadding", "1", "the key's number is zero-padded to this many digits");
        ycsb("minscanlength", "1", "the shortest scan");
        ycsb("maxscanlength", "1000", "the longest scan");
        ycsb("scanlengthdistribution", "uniform", "scan lengths: " + String.join(", ", SCAN_LENGTH_DISTRIBUTIONS));
        ycsb("fieldcount", "10", "fields per record (a record is one value: its fields side by side)");
        ycsb("fieldlength", "100", "a field's length in bytes (the longest, when it varies)");
        ycsb("minfieldlength", "1", "the shortest field (uniform and zipfian field lengths)");
        ycsb("fieldlengthdistribution", "constant", "field lengths: " + String.join(", ", LENGTH_DISTRIBUTIONS));
        ycsb("readallfields", "true", "a read reads the whole record (a record is one value here: always whole)");
        ycsb("writeallfields", "false", "an update writes every field (a record is one value here: always whole)");
        for (String name : List.of("table", "fieldnameprefix", "readallfieldsbyname", "dataintegrity", "db", "exporter",
                "exportfile", "measurementtype", "measurement.interval", "measurement.trackjvm", "measurement.raw.output_file",
                "measurement.raw.no_summary", "hdrhistogram.percentiles", "hdrhistogram.fileoutput",
                "hdrhistogram.output.path", "histogram.buckets", "timeseries.granularity", "status", "status.interval",
                "label", "dotransactions", "reportlatencyforeacherror", "latencytrackederrors", "fieldlengthhistogram",
                "spin.sleep", "core_workload_insertion_retry_limit", "core_workload_insertion_retry_interval",
                "core_workload_insertion_keep_going_on_error", "rocksdb.dir", "rocksdb.optionsfile")) {
            KNOWN.put(name, new Property(name, null, Origin.YCSB_IGNORED,
                    "YCSB's; no effect here (kvbench always verifies, measures both latencies, writes its own results)"));
        }
        kvbench("deleteproportion", "0", "share of DELETE operations (db_bench's deleterandom)");
        kvbench("keyformat", "ycsb", "ycsb: YCSB's user<number> strings; binary: keysize bytes, the number big-endian at the end");
        kvbench("keysize", "8", "binary keys: bytes per key (at least 8)");
        kvbench("valuelength", null, "a value's size in bytes, replacing fieldcount x fieldlength (the longest, when it varies)");
        kvbench("minvaluelength", String.valueOf(VALUE_HEADER), "the shortest value (uniform and zipfian value lengths)");
        kvbench("valuelengthdistribution", "constant", "value lengths: " + String.join(", ", LENGTH_DISTRIBUTIONS));
        kvbench("batchsize", "1", "write operations per commit (1: each write is committed before it returns)");
        kvbench("loadbatchsize", "1", "inserts per commit in the load phase; above 1 one client thread loads"
                + " (a bulk load); 1: as YCSB, threadcount threads, each insert committed");
        kvbench("sync", "false", "ask the engine to sync each commit where its spec has a sync option");
        kvbench("interleave", "false", "true: the run phase in turns of a fixed number of operations, every engine's"
                + " turns interleaved in shuffled rotations until the ranking is decided (./run.sh workload and the ycsb"
                + " suite set it unless target or maxexecutiontime is given); false: one run of operationcount"
                + " operations per engine, as YCSB's client runs");
        kvbench("seed", "20160810", "the seed of every generator (thread t draws from seed + t)");
        kvbench("store", null, "engine specs to run (as -p store=... everywhere in kvbench)");
    }

    private final Map<String, String> given;
    private final String source;

    private WorkloadProperties(Map<String, String> given, String source) {
        this.given = given;
        this.source = source;
        validate();
    }

    /** The properties of {@code file} with {@code overrides} on top ({@code -p name=value}, in order). */
    public static WorkloadProperties read(Path file, Map<String, String> overrides) {
        if (Files.isDirectory(file)) {
            throw new WorkloadFileException("workload file " + file + " is a folder; give a YCSB workload file in it"
                    + " (e.g. " + file.resolve("workloada") + ") or one of the presets: " + String.join(", ", Presets.NAMES));
        }
        if (!Files.isRegularFile(file)) {
            throw new WorkloadFileException("workload file " + file + " not found; give a YCSB workload file"
                    + " (e.g. workloada) or one of the presets: " + String.join(", ", Presets.NAMES));
        }
        Properties properties = new Properties();
        try {
            String text = Files.readString(file, StandardCharsets.ISO_8859_1);
            // an editor's UTF-8 byte-order mark would become part of the first property's name
            properties.load(new java.io.StringReader(text.startsWith("\u00ef\u00bb\u00bf") ? text.substring(3) : text));
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
            return new ValueLength(1, get("valuelengthdistribution"), (int) longOf("minvaluelength", VALUE_HEADER),
                    (int) longOf("valuelength", VALUE_HEADER), zipfianConstant());
        }
        return new ValueLength((int) longOf("fieldcount", 1), get("fieldlengthdistribution"),
                (int) longOf("minfieldlength", 1), (int) longOf("fieldlength", 1), zipfianConstant());
    }

    /** Whether any operation of the mix scans, so the workload needs an ordered engine. */
    public boolean scans() {
        return proportion(Op.SCAN) > 0;
    }

    /** Whether any operation writes after the load. */
    public boolean writes() {
        return proportion(Op.UPDATE) + proportion(Op.INSERT) + proportion(Op.READMODIFYWRITE)
                + proportion(Op.DELETE) > 0;
    }

    /** The largest key (bytes), for sizing engines. */
    public int maxKeySize() {
        return binaryKeys() ? keySize() : Records.maxYcsbKeyLength(zeroPadding());
    }

    private void validate() {
        for (String name : given.keySet()) {
            if (!KNOWN.containsKey(name)) {
                throw new WorkloadFileException("unknown property '" + name + "' in " + source + "; did you mean '"
                        + Names.nearest(name, KNOWN.keySet()) + "'? (YCSB would ignore it silently)");
            }
        }
        if (!get("workload").equals(CORE_WORKLOAD)) {
            throw new WorkloadFileException("workload=" + get("workload") + " in " + source
                    + ": kvbench models YCSB's core workload only; write workload=" + CORE_WORKLOAD);
        }
        oneOf("requestdistribution", REQUEST_DISTRIBUTIONS);
        oneOf("fieldlengthdistribution", LENGTH_DISTRIBUTIONS);
        oneOf("valuelengthdistribution", LENGTH_DISTRIBUTIONS);
        oneOf("scanlengthdistribution", SCAN_LENGTH_DISTRIBUTIONS);
        oneOf("insertorder", INSERT_ORDERS);
        oneOf("keyformat", KEY_FORMATS);
        booleanOf("readallfields");
        booleanOf("writeallfields");
        booleanOf("sync");
        recordCount();
        insertStart();
        if (insertStart() >= recordCount() && !isGiven("insertcount")) {
            throw new WorkloadFileException("insertstart=" + insertStart() + " in " + source + " is not below recordcount="
                    + recordCount() + ": the load inserts the key numbers from insertstart up to recordcount, so it would "
                    + "insert none; give insertstart below recordcount");
        }
        boolean zipfian = List.of("zipfian", "latest").contains(requestDistribution())
                || "zipfian".equals(get("fieldlengthdistribution")) || "zipfian".equals(get("valuelengthdistribution"))
                || "zipfian".equals(get("scanlengthdistribution"));
        if (zipfian && !(zipfianConstant() > 0 && zipfianConstant() < 1)) {
            throw new WorkloadFileException("zipfianconstant=" + get("zipfianconstant") + " in " + source
                    + ": YCSB's zipfian generator needs a constant above 0 and below 1 (its default: 0.99)");
        }
        if (insertStart() + insertCount() > recordCount() && isGiven("insertcount")) {
            throw new WorkloadFileException("insertstart + insertcount = " + (insertStart() + insertCount())
                    + " is more than recordcount=" + recordCount() + " in " + source);
        }
        if (recordCount() > Integer.MAX_VALUE / 2) {
            throw new WorkloadFileException("recordcount=" + recordCount() + " in " + source
                    + " is more than kvbench's limit of " + Integer.MAX_VALUE / 2 + " records");
        }
        if (operationCount() == 0 && maxExecutionTimeSec() == 0 && !inTurns()) {
            throw new WorkloadFileException("operationcount=0 and no maxexecutiontime in " + source
                    + ": give operationcount (operations) or maxexecutiontime (seconds)");
        }
        if (inTurns() && (target() > 0 || maxExecutionTimeSec() > 0)) {
            throw new WorkloadFileException("interleave=true with " + (target() > 0 ? "target=" + get("target")
                    : "maxexecutiontime=" + maxExecutionTimeSec()) + " in " + source + ": interleaved turns are a fixed"
                    + " number of operations, unpaced; use interleave=false to run the phase once, as YCSB does");
        }
        if (threadCount() < 1) {
            throw new WorkloadFileException("threadcount=" + threadCount() + " in " + source + ": give 1 or more");
        }
        target();
        proportionsAddUpToOne();
        zipfianConstant();
        hotspotDataFraction();
        hotspotOpnFraction();
        exponentialPercentile();
        exponentialFrac();
        if (minScanLength() > maxScanLength()) {
            throw new WorkloadFileException("minscanlength=" + minScanLength() + " is more than maxscanlength="
                    + maxScanLength() + " in " + source);
        }
        zeroPadding();
        if (batchSize() > 1 && threadCount() > 1) {
            throw new WorkloadFileException("batchsize=" + batchSize() + " with threadcount=" + threadCount() + " in "
                    + source + ": a store has one writer, confined to its thread, so only one client thread can keep a"
                    + " batch open; use threadcount=1 or batchsize=1");
        }
        loadBatchSize();
        seed();
        if (binaryKeys() && keySize() < Records.BINARY_KEY_MIN) {
            throw new WorkloadFileException("keysize=" + keySize() + " in " + source + ": binary keys hold the key's"
                    + " 8-byte number, give keysize=" + Records.BINARY_KEY_MIN + " or more");
        }
        ValueLength length = valueLength();
        if (length.min() > length.max()) {
            throw new WorkloadFileException("the shortest " + length.unit() + " (" + length.min()
                    + ") is longer than the longest (" + length.max() + ") in " + source);
        }
        if (given.containsKey("valuelength") && length.min() < VALUE_HEADER) {
            throw new WorkloadFileException("values as short as " + length.min() + " bytes in " + source
                    + ": kvbench's values carry a " + VALUE_HEADER + "-byte header (key number and version, for"
                    + " verification); give minvaluelength=" + VALUE_HEADER + " or more");
        }
    }

    private void proportionsAddUpToOne() {
        double sum = 0;
        StringBuilder terms = new StringBuilder();
        for (Op op : Op.values()) {
            double p = proportion(op);
            sum += p;
            if (p > 0) {
                terms.append(terms.length() == 0 ? "" : " + ").append(op.property()).append('=').append(get(op.property()))
                        .append(isGiven(op.property()) ? "" : " (YCSB's default)");
            }
        }
        if (Math.abs(sum - 1) > 1e-9) {
            throw new WorkloadFileException("the proportions in " + source + " add up to "
                    + String.format(Locale.ROOT, "%.6g", sum) + ", not 1: " + (terms.length() == 0 ? "none given" : terms)
                    + "; set them so that they add up to 1");
        }
    }

    private void oneOf(String name, List<String> valid) {
        String value = get(name);
        if (!valid.contains(value)) {
            throw new WorkloadFileException(name + "=" + value + " in " + source + " is not one kvbench knows; valid: "
                    + String.join(", ", valid) + (valid.size() > 2 ? " (nearest: " + Names.nearest(value, valid) + ")" : ""));
        }
    }

    private long longOf(String name, long min) {
        String value = get(name);
        long parsed;
        try {
            parsed = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new WorkloadFileException(name + "=" + value + " in " + source + " is not a whole number");
        }
        if (parsed < min) {
            throw new WorkloadFileException(name + "=" + value + " in " + source + " must be " + min + " or more");
        }
        return parsed;
    }

    private double doubleOf(String name, double min, double max) {
        String value = get(name);
        double parsed;
        try {
            parsed = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new WorkloadFileException(name + "=" + value + " in " + source + " is not a number");
        }
        if (!(parsed >= min && parsed <= max)) {
            throw new WorkloadFileException(name + "=" + value + " in " + source + " must be between " + min
                    + " and " + max);
        }
        return parsed;
    }

    private boolean booleanOf(String name) {
        String value = get(name);
        if (!Arrays.asList("true", "false").contains(value)) {
            throw new WorkloadFileException(name + "=" + value + " in " + source + " must be true or false");
        }
        return Boolean.parseBoolean(value);
    }

    private static void ycsb(String name, String value, String meaning) {
        KNOWN.put(name, new Property(name, value, Origin.YCSB, meaning));
    }

    private static void kvbench(String name, String value, String meaning) {
        KNOWN.put(name, new Property(name, value, Origin.KVBENCH, meaning));
    }
}
