package dev.kvbench.workload;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;

/**
 * Checks a pass against the generator's {@link Expected} results. Every pass is checked: a
 * wrong count, key sequence or checksum throws a {@link VerificationException}.
 *
 * <p>The timed pass only folds what it saw into a few numbers; when they are wrong,
 * {@link #explain} makes a second, untimed pass to say where the order first broke.
 */
public final class Verifier {

    private Verifier() {}

    /**
     * Checks {@code pass} of {@code workload} against {@code expected}: its count, value bytes, and key order or checksum.
     *
     * @param spec the store spec the pass ran on, for the message
     * @throws VerificationException when the pass is wrong
     */
    public static Pass verify(String spec, Workload workload, Expected expected, Pass pass) {
        if (pass.count() != expected.count()) {
            throw new VerificationException(
                    spec, workload, Long.toString(expected.count()), Long.toString(pass.count()) + countNoun(workload));
        }
        if (pass.valueBytes() != expected.valueBytes()) {
            throw new VerificationException(
                    spec, workload, expected.valueBytes() + " value bytes", pass.valueBytes() + " value bytes");
        }
        if (workload == Workload.READ_SEQ) {
            requireKeys(spec, workload, expected.ascendingKeys(), pass, "ascending");
        } else if (workload == Workload.READ_REV) {
            requireKeys(spec, workload, expected.descendingKeys(), pass, "descending");
        } else if (workload == Workload.READ_CRC || workload == Workload.READ_XXH64) {
            long checksum = workload == Workload.READ_CRC ? expected.crc32() : expected.xxh64();
            if (pass.checksum() != checksum) {
                String kind = workload == Workload.READ_CRC ? "CRC32 " : "XXH64 ";
                throw new VerificationException(
                        spec,
                        workload,
                        kind + workload.checksumHex(checksum),
                        kind + workload.checksumHex(pass.checksum()));
            }
        }
        return pass;
    }

    /**
     * Checks {@code pass} of a family's own {@code workload} against what the family expects of it: its count, its
     * value bytes, then its fold.
     *
     * @throws VerificationException when the pass is wrong
     */
    public static Pass verify(String spec, Workload workload, PassCheck expected, Pass pass) {
        if (pass.count() != expected.count()) {
            throw new VerificationException(
                    spec, workload, Long.toString(expected.count()), pass.count() + expected.counted());
        }
        if (pass.valueBytes() != expected.valueBytes()) {
            throw new VerificationException(
                    spec, workload, expected.valueBytes() + " value bytes", pass.valueBytes() + " value bytes");
        }
        if (pass.checksum() != expected.checksum()) {
            throw new VerificationException(
                    spec,
                    workload,
                    expected.says(expected.checksum()),
                    "other entries or another order (fold " + KeyFold.hex(pass.checksum()) + ")");
        }
        return pass;
    }

    private static void requireKeys(String spec, Workload workload, long fold, Pass pass, String order) {
        if (pass.checksum() != fold) {
            throw new VerificationException(
                    spec,
                    workload,
                    "the data set's keys in strictly " + order + " order (key fold " + KeyFold.hex(fold) + ")",
                    "other keys or another order (key fold " + KeyFold.hex(pass.checksum()) + ")");
        }
    }

    /**
     * A wrong cursor pass explained by an untimed second pass over {@code store}: the same
     * exception, its finding extended with where the order first broke, or with the fact that
     * the order holds and so a key itself is wrong. Other failures are returned as they are.
     */
    public static VerificationException explain(VerificationException wrong, Store store) {
        Workload workload = wrong.workload();
        if (workload != Workload.READ_SEQ && workload != Workload.READ_REV) {
            return wrong;
        }
        String where;
        try {
            where = firstBreak(store, workload == Workload.READ_SEQ);
        } catch (RuntimeException e) {
            return wrong;
        }
        String finding = where == null ? "the order holds, so a key differs from the data set's" : where;
        return new VerificationException(wrong.spec(), workload, wrong.expected(), wrong.actual() + ": " + finding);
    }

    /** Null when a cursor pass over {@code store} sees keys in strict order, else the first break. */
    static String firstBreak(Store store, boolean ascending) {
        OrderCheck order = new OrderCheck(ascending);
        try (Reader reader = store.reader();
                Cursor cursor = reader.cursor()) {
            for (boolean on = ascending ? cursor.first() : cursor.last();
                    on;
                    on = ascending ? cursor.next() : cursor.prev()) {
                order.next(cursor.key());
            }
        }
        return order.disorder();
    }

    private static String countNoun(Workload workload) {
        if (workload == Workload.WRITE) {
            return " (keys found when read back after the write)";
        }
        return workload == Workload.READ_KEY || workload == Workload.READ_KEY_THREADS
                ? " (keys found)"
                : " (entries iterated)";
    }
}
