package dev.kvbench.workload;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;

/**
 * Checks a pass against what its family says a correct store gives back ({@link PassCheck}). Every pass is checked: a
 * wrong count, value bytes or fold throws a {@link VerificationException}. It names no workload: the family words its
 * checks, and the built-in passes' words (published reports quote them) are the 2016 family's.
 *
 * <p>The timed pass only folds what it saw into a few numbers; when a fold of the keys in cursor order is wrong,
 * {@link #explain} makes a second, untimed pass to say where the order first broke.
 */
public final class Verifier {

    private Verifier() {}

    /**
     * Checks {@code pass} of {@code workload} against {@code expected}: its count, its value bytes, then its fold.
     *
     * @param spec the store spec the pass ran on, for the message
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
        PassCheck.Fold fold = expected.fold();
        if (fold != null && pass.checksum() != fold.value()) {
            throw new VerificationException(
                    spec,
                    workload,
                    fold.expected().apply(fold.value()),
                    fold.found().apply(pass.checksum()),
                    fold.order());
        }
        return pass;
    }

    /**
     * A wrong cursor pass explained by an untimed second pass over {@code store}: the same
     * exception, its finding extended with where the order first broke, or with the fact that
     * the order holds and so a key itself is wrong. Other failures are returned as they are.
     */
    public static VerificationException explain(VerificationException wrong, Store store) {
        Boolean ascending = wrong.order();
        if (ascending == null) {
            return wrong;
        }
        String where;
        try {
            where = firstBreak(store, ascending);
        } catch (RuntimeException e) {
            return wrong;
        }
        String finding = where == null ? "the order holds, so a key differs from the data set's" : where;
        return new VerificationException(
                wrong.spec(), wrong.workload(), wrong.expected(), wrong.actual() + ": " + finding, null);
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
}
