package dev.kvbench.workload.ycsb;

import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Every check of a workload's properties, run once when they are read so that a workload that cannot run fails
 * before any store opens, with one line naming the property ({@link WorkloadFileException}). The checks run in a
 * fixed order, so that of two mistakes the same one is named every time.
 */
final class PropertyChecks {

    private final WorkloadProperties p;
    private final Set<String> given;
    private final String source;

    /** {@code given}: the names the file and the overrides set. */
    PropertyChecks(WorkloadProperties properties, Set<String> given) {
        this.p = properties;
        this.given = given;
        this.source = properties.source();
    }

    void check() {
        names();
        choices();
        loadRange();
        zipfian();
        hotspot();
        loadCount();
        run();
        sizes();
    }

    private void names() {
        for (String name : given) {
            if (!WorkloadProperties.known().containsKey(name)) {
                throw new WorkloadFileException("unknown property '" + name + "' in " + source + "; did you mean '"
                        + Names.nearest(name, WorkloadProperties.known().keySet())
                        + "'? (YCSB would ignore it silently)");
            }
        }
        if (!p.get("workload").equals(WorkloadProperties.CORE_WORKLOAD)) {
            throw new WorkloadFileException("workload=" + p.get("workload") + " in " + source
                    + ": kvbench models YCSB's core workload only; write workload=" + WorkloadProperties.CORE_WORKLOAD);
        }
    }

    private void choices() {
        oneOf("requestdistribution", WorkloadProperties.REQUEST_DISTRIBUTIONS);
        oneOf("fieldlengthdistribution", WorkloadProperties.LENGTH_DISTRIBUTIONS);
        oneOf("valuelengthdistribution", WorkloadProperties.LENGTH_DISTRIBUTIONS);
        oneOf("scanlengthdistribution", WorkloadProperties.SCAN_LENGTH_DISTRIBUTIONS);
        oneOf("insertorder", WorkloadProperties.INSERT_ORDERS);
        oneOf("keyformat", WorkloadProperties.KEY_FORMATS);
        p.booleanOf("readallfields");
        p.booleanOf("writeallfields");
        p.booleanOf("sync");
    }

    private void loadRange() {
        p.recordCount();
        p.insertStart();
        if (p.insertStart() >= p.recordCount() && !p.isGiven("insertcount")) {
            throw new WorkloadFileException(
                    "insertstart=" + p.insertStart() + " in " + source + " is not below recordcount="
                            + p.recordCount()
                            + ": the load inserts the key numbers from insertstart up to recordcount, so it would "
                            + "insert none; give insertstart below recordcount");
        }
    }

    private void zipfian() {
        boolean zipfian = List.of("zipfian", "latest").contains(p.requestDistribution())
                || "zipfian".equals(p.get("fieldlengthdistribution"))
                || "zipfian".equals(p.get("valuelengthdistribution"))
                || "zipfian".equals(p.get("scanlengthdistribution"));
        if (zipfian && !(p.zipfianConstant() > 0 && p.zipfianConstant() < 1)) {
            throw new WorkloadFileException("zipfianconstant=" + p.get("zipfianconstant") + " in " + source
                    + ": YCSB's zipfian generator needs a constant above 0 and below 1 (its default: 0.99)");
        }
    }

    /**
     * A hotspot whose hot or cold set is empty is uniform, and YCSB 0.17.0's generator would divide by zero: refused,
     * not run as another experiment under the hotspot's name.
     */
    private void hotspot() {
        if (!p.requestDistribution().equals("hotspot")) {
            return;
        }
        long hot = (long) (p.insertCount() * p.hotspotDataFraction());
        if (hot == 0 || hot == p.insertCount()) {
            throw new WorkloadFileException("hotspotdatafraction=" + p.get("hotspotdatafraction") + " in " + source
                    + " makes " + (hot == 0 ? "no key" : "every key") + " of " + p.insertCount() + " hot: that is a"
                    + " uniform workload (YCSB's hotspot would divide by zero); give a fraction that makes at least one"
                    + " key hot and one cold, or requestdistribution=uniform");
        }
    }

    private void loadCount() {
        if (p.insertStart() + p.insertCount() > p.recordCount() && p.isGiven("insertcount")) {
            throw new WorkloadFileException("insertstart + insertcount = " + (p.insertStart() + p.insertCount())
                    + " is more than recordcount=" + p.recordCount() + " in " + source);
        }
        if (p.recordCount() > Integer.MAX_VALUE / 2) {
            throw new WorkloadFileException("recordcount=" + p.recordCount() + " in " + source
                    + " is more than kvbench's limit of " + Integer.MAX_VALUE / 2 + " records");
        }
    }

    private void run() {
        if (p.operationCount() == 0 && p.maxExecutionTimeSec() == 0 && !p.inTurns()) {
            throw new WorkloadFileException("operationcount=0 and no maxexecutiontime in " + source
                    + ": give operationcount (operations) or maxexecutiontime (seconds)");
        }
        if (p.inTurns() && (p.target() > 0 || p.maxExecutionTimeSec() > 0)) {
            throw new WorkloadFileException("interleave=true with "
                    + (p.target() > 0 ? "target=" + p.get("target") : "maxexecutiontime=" + p.maxExecutionTimeSec())
                    + " in " + source + ": interleaved turns are a fixed"
                    + " number of operations, unpaced; use interleave=false to run the phase once, as YCSB does");
        }
        if (p.threadCount() < 1) {
            throw new WorkloadFileException("threadcount=" + p.threadCount() + " in " + source + ": give 1 or more");
        }
        p.target();
        proportionsAddUpToOne();
        p.zipfianConstant();
        p.hotspotDataFraction();
        p.hotspotOpnFraction();
        p.exponentialPercentile();
        p.exponentialFrac();
        if (p.minScanLength() > p.maxScanLength()) {
            throw new WorkloadFileException("minscanlength=" + p.minScanLength() + " is more than maxscanlength="
                    + p.maxScanLength() + " in " + source);
        }
        p.zeroPadding();
        if (p.batchSize() > 1 && p.threadCount() > 1) {
            throw new WorkloadFileException("batchsize=" + p.batchSize() + " with threadcount=" + p.threadCount()
                    + " in "
                    + source + ": a store has one writer, confined to its thread, so only one client thread can keep a"
                    + " batch open; use threadcount=1 or batchsize=1");
        }
        p.loadBatchSize();
        p.seed();
    }

    private void sizes() {
        if (p.binaryKeys() && p.keySize() < Records.BINARY_KEY_MIN) {
            throw new WorkloadFileException("keysize=" + p.keySize() + " in " + source + ": binary keys hold the key's"
                    + " 8-byte number, give keysize=" + Records.BINARY_KEY_MIN + " or more");
        }
        ValueLength length = p.valueLength();
        if (length.min() > length.max()) {
            throw new WorkloadFileException("the shortest " + length.unit() + " (" + length.min()
                    + ") is longer than the longest (" + length.max() + ") in " + source);
        }
        if (p.isGiven("valuelength") && length.min() < WorkloadProperties.VALUE_HEADER) {
            throw new WorkloadFileException("values as short as " + length.min() + " bytes in " + source
                    + ": kvbench's values carry a " + WorkloadProperties.VALUE_HEADER + "-byte header (key number and"
                    + " version, for verification); give minvaluelength=" + WorkloadProperties.VALUE_HEADER
                    + " or more");
        }
    }

    private void proportionsAddUpToOne() {
        double sum = 0;
        StringBuilder terms = new StringBuilder();
        for (Op op : Op.values()) {
            double proportion = p.proportion(op);
            sum += proportion;
            if (proportion > 0) {
                terms.append(terms.length() == 0 ? "" : " + ")
                        .append(op.property())
                        .append('=')
                        .append(p.get(op.property()))
                        .append(p.isGiven(op.property()) ? "" : " (YCSB's default)");
            }
        }
        if (Math.abs(sum - 1) > 1e-9) {
            throw new WorkloadFileException("the proportions in " + source + " add up to "
                    + String.format(Locale.ROOT, "%.6g", sum) + ", not 1: "
                    + (terms.length() == 0 ? "none given" : terms)
                    + "; set them so that they add up to 1");
        }
    }

    private void oneOf(String name, List<String> valid) {
        String value = p.get(name);
        if (!valid.contains(value)) {
            throw new WorkloadFileException(name + "=" + value + " in " + source + " is not one kvbench knows; valid: "
                    + String.join(", ", valid)
                    + (valid.size() > 2 ? " (nearest: " + Names.nearest(value, valid) + ")" : ""));
        }
    }
}
