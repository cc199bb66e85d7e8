package dev.kvbench.workload.ycsb;

import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import dev.kvbench.workload.ycsb.WorkloadProperties.Origin;
import dev.kvbench.workload.ycsb.WorkloadProperties.Property;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every property a workload file may set: YCSB's core workload and client properties with YCSB's defaults, YCSB's
 * that have no effect here, and kvbench's additions. It is data, kept apart from the parsing and the checks, so that
 * a property is added, or its default and meaning read, in one place.
 */
final class KnownProperties {

    private final Map<String, Property> known = new LinkedHashMap<>();

    private KnownProperties() {}

    /** The properties by name: YCSB's, those without effect here, then kvbench's. */
    static Map<String, Property> catalogue() {
        KnownProperties catalogue = new KnownProperties();
        catalogue.ycsbProperties();
        catalogue.ycsbPropertiesWithoutEffect();
        catalogue.kvbenchAdditions();
        return catalogue.known;
    }

    private void ycsbProperties() {
        ycsb("workload", WorkloadProperties.CORE_WORKLOAD, "the workload class; only YCSB's CoreWorkload is modelled");
        ycsb("recordcount", "1000", "records inserted by the load phase");
        ycsb("operationcount", "1000", "operations of the run phase, over all threads (0: until maxexecutiontime)");
        ycsb("maxexecutiontime", "0", "seconds after which the run phase stops (0: no limit)");
        ycsb("threadcount", "1", "client threads, each with its own reader");
        ycsb("target", "0", "operations per second over all threads (0: as fast as possible)");
        ycsb("insertstart", "0", "the first key number of the load");
        ycsb("insertcount", null, "records the load inserts (default: recordcount)");
        for (Op op : Op.values()) {
            if (op != Op.DELETE) {
                ycsb(
                        op.property(),
                        switch (op) {
                            case READ -> "0.95";
                            case UPDATE -> "0.05";
                            default -> "0";
                        },
                        "share of " + op.label() + " operations");
            }
        }
        ycsb(
                "requestdistribution",
                "uniform",
                oneOf("which keys operations choose", WorkloadProperties.REQUEST_DISTRIBUTIONS));
        ycsb("hotspotdatafraction", "0.2", "hotspot: the share of keys that are hot");
        ycsb("hotspotopnfraction", "0.8", "hotspot: the share of operations on hot keys");
        ycsb(
                "exponential.percentile",
                "95",
                "exponential: the percentile of operations that fall in exponential.frac of the keys");
        ycsb("exponential.frac", "0.8571428571", "exponential: that fraction of the keys");
        ycsb("insertorder", "hashed", "hashed: key numbers hashed (FNV-64) into the key; ordered: in order");
        ycsb("zeropadding", "1", "the key's number is zero-padded to this many digits");
        ycsb("minscanlength", "1", "the shortest scan");
        ycsb("maxscanlength", "1000", "the longest scan");
        ycsb("scanlengthdistribution", "uniform", oneOf("scan lengths", WorkloadProperties.SCAN_LENGTH_DISTRIBUTIONS));
        ycsb("fieldcount", "10", "fields per record (a record is one value: its fields side by side)");
        ycsb("fieldlength", "100", "a field's length in bytes (the longest, when it varies)");
        ycsb("minfieldlength", "1", "the shortest field (uniform and zipfian field lengths)");
        ycsb("fieldlengthdistribution", "constant", oneOf("field lengths", WorkloadProperties.LENGTH_DISTRIBUTIONS));
        ycsb("readallfields", "true", "a read reads the whole record (a record is one value here: always whole)");
        ycsb(
                "writeallfields",
                "false",
                "true: an update writes the whole record; false: one field, which a key-value store does as YCSB's"
                        + " key-value bindings do, the record read (and checked), then written back whole");
    }

    private void ycsbPropertiesWithoutEffect() {
        for (String name : List.of(
                "table",
                "fieldnameprefix",
                "readallfieldsbyname",
                "dataintegrity",
                "db",
                "exporter",
                "exportfile",
                "measurementtype",
                "measurement.interval",
                "measurement.trackjvm",
                "measurement.raw.output_file",
                "measurement.raw.no_summary",
                "hdrhistogram.percentiles",
                "hdrhistogram.fileoutput",
                "hdrhistogram.output.path",
                "histogram.buckets",
                "timeseries.granularity",
                "status",
                "status.interval",
                "label",
                "dotransactions",
                "reportlatencyforeacherror",
                "latencytrackederrors",
                "fieldlengthhistogram",
                "spin.sleep",
                "core_workload_insertion_retry_limit",
                "core_workload_insertion_retry_interval",
                "core_workload_insertion_keep_going_on_error",
                "rocksdb.dir",
                "rocksdb.optionsfile")) {
            add(
                    name,
                    null,
                    Origin.YCSB_IGNORED,
                    "YCSB's; no effect here (kvbench always verifies, measures both latencies, writes its own results)");
        }
    }

    private void kvbenchAdditions() {
        kvbench("deleteproportion", "0", "share of DELETE operations (db_bench's deleterandom)");
        kvbench(
                "zipfianconstant",
                "0.99",
                "the skew of zipfian and latest (YCSB 0.17.0 reads no such property: its skew is always 0.99)");
        kvbench(
                "keyformat",
                "ycsb",
                "ycsb: YCSB's user<number> strings; binary: keysize bytes, the number big-endian at the end");
        kvbench("keysize", "8", "binary keys: bytes per key (at least 8)");
        kvbench(
                "valuelength",
                null,
                "a value's size in bytes, replacing fieldcount x fieldlength (the longest, when it varies)");
        kvbench(
                "minvaluelength",
                String.valueOf(WorkloadProperties.VALUE_HEADER),
                "the shortest value (uniform and zipfian value lengths)");
        kvbench("valuelengthdistribution", "constant", oneOf("value lengths", WorkloadProperties.LENGTH_DISTRIBUTIONS));
        kvbench("batchsize", "1", "write operations per commit (1: each write is committed before it returns)");
        kvbench(
                "loadbatchsize",
                "1",
                "inserts per commit in the load phase; above 1 one client thread loads"
                        + " (a bulk load); 1: as YCSB, threadcount threads, each insert committed");
        kvbench("sync", "false", "ask the engine to sync each commit where its spec has a sync option");
        kvbench(
                "interleave",
                "false",
                "true: the run phase in turns of a fixed number of operations, every engine's"
                        + " turns interleaved in shuffled rotations until the ranking is decided (./run.sh workload and the ycsb"
                        + " suite set it unless target or maxexecutiontime is given); false: one run of operationcount"
                        + " operations per engine, as YCSB's client runs");
        kvbench("seed", "20160810", "the seed of every generator (thread t draws from seed + t)");
        kvbench("store", null, "engine specs to run (as -p store=... everywhere in kvbench)");
    }

    /** The meaning of a property that takes one of {@code values}: what it chooses, then the values it takes. */
    private static String oneOf(String what, List<String> values) {
        return what + ": " + String.join(", ", values);
    }

    private void ycsb(String name, String value, String meaning) {
        add(name, value, Origin.YCSB, meaning);
    }

    private void kvbench(String name, String value, String meaning) {
        add(name, value, Origin.KVBENCH, meaning);
    }

    private void add(String name, String value, Origin origin, String meaning) {
        known.put(name, new Property(name, value, origin, meaning));
    }
}
