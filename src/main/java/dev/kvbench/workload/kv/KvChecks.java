package dev.kvbench.workload.kv;

import dev.kvbench.store.KeyFold;
import dev.kvbench.workload.Checksums;
import dev.kvbench.workload.Expected;
import dev.kvbench.workload.PassCheck;
import dev.kvbench.workload.Workload;
import java.util.function.LongFunction;

/**
 * What a correct store gives back for a pass of each of the 2016 workloads, from the data set's {@link Expected}, in
 * the words published reports quote (a failure's line is in their tables, and a report must reprocess byte for byte).
 */
public final class KvChecks {

    /** What a read-back after a write counts. */
    public static final String READ_BACK = " (keys found when read back after the write)";

    private KvChecks() {}

    /** The check of a pass of {@code workload} of this family, against {@code expected}. */
    public static PassCheck of(Workload workload, Expected expected) {
        if (workload == Workload.WRITE) {
            return PassCheck.of(expected, READ_BACK);
        } else if (workload == Workload.READ_KEY) {
            return PassCheck.of(expected, " (keys found)");
        }
        PassCheck.Fold fold = null;
        if (workload == Workload.READ_SEQ) {
            fold = keys(expected.ascendingKeys(), "ascending", true);
        } else if (workload == Workload.READ_REV) {
            fold = keys(expected.descendingKeys(), "descending", false);
        } else if (workload == Workload.READ_CRC) {
            fold = checksum(expected.crc32(), "CRC32 ", Checksums::crcHex);
        } else if (workload == Workload.READ_XXH64) {
            fold = checksum(expected.xxh64(), "XXH64 ", Checksums::xxhHex);
        }
        return new PassCheck(expected.count(), " (entries iterated)", expected.valueBytes(), fold);
    }

    /** A key fold in cursor order, which the side file does not record. */
    private static PassCheck.Fold keys(long value, String order, boolean ascending) {
        return new PassCheck.Fold(
                value,
                fold -> "the data set's keys in strictly " + order + " order (key fold " + KeyFold.hex(fold) + ")",
                fold -> "other keys or another order (key fold " + KeyFold.hex(fold) + ")",
                fold -> null,
                ascending);
    }

    /** A checksum of the values, said and recorded in its own hex form. */
    private static PassCheck.Fold checksum(long value, String kind, LongFunction<String> hex) {
        return new PassCheck.Fold(value, fold -> kind + hex.apply(fold), fold -> kind + hex.apply(fold), hex, null);
    }
}
