package dev.kvbench.report.section;

import dev.kvbench.report.folder.ResultsFolder;

/**
 * The Method section's sentences of its own for a folder of YCSB workloads: what a record is, where kvbench's client
 * differs from YCSB's, and the turns' warm-up as the log states it.
 */
final class YcsbMethod {

    /** Before a YCSB block's warm-up in the log's {@code # Warmup:} line (the interleaver's {@code YcsbTurnSize}). */
    private static final String YCSB_WARMUP = "YCSB: ";

    private YcsbMethod() {}

    /** What a record is and what an update writes. */
    static String records() {
        return "Records: a record is one value of `fieldcount` × `fieldlength` bytes (1,000 by default) under YCSB's"
                + " key: a 16-byte header (key number, version, length), then characters drawn as YCSB 0.17.0 draws a"
                + " field's (printable ASCII, six from one random int), derived from the key number and version; they"
                + " compress as little as YCSB's (Deflate: 79% of their size, both). YCSB's key-value bindings store"
                + " each field's name and two 4-byte lengths beside it (1,140 bytes for 1,000); kvbench stores neither."
                + " An update (`writeallfields=false`, YCSB's default) writes one field as those bindings do: the record"
                + " read and checked, then written back whole; with `writeallfields=true` it is written blindly.";
    }

    /** Where kvbench's client differs from YCSB 0.17.0's; {@code paired}: the run phase ran in turns. */
    static String differences(boolean paired) {
        return "Where kvbench differs from YCSB's client: `zipfianconstant` is kvbench's (YCSB 0.17.0 reads none: its"
                + " skew is always 0.99); the run's inserts continue from the load's last key (`insertstart +"
                + " insertcount`), where YCSB's start at `recordcount` (the same unless `insertcount` is given below"
                + " `recordcount − insertstart`); a zipfian's range is sized, as YCSB's, from `operationcount` (the"
                + " records and twice its expected inserts)"
                + (paired
                        ? ", though turns run as many operations as the ranking needs: keys inserted beyond that range"
                                + " are chosen by no zipfian draw (nor start a scan)"
                        : "")
                + ".";
    }

    /** The YCSB turns' warm-up as the log's header states it: the probe rotations, then those of full turns. */
    static String warmup(ResultsFolder folder) {
        String warmup = folder.tests.stream()
                .map(t -> t.log.settings().getOrDefault("Warmup", ""))
                .filter(text -> text.contains(YCSB_WARMUP))
                .findFirst()
                .orElse("");
        return "Warm-up rotations come first and are left out"
                + (warmup.isEmpty()
                        ? "."
                        : ": " + warmup.substring(warmup.indexOf(YCSB_WARMUP) + YCSB_WARMUP.length()) + ".");
    }
}
