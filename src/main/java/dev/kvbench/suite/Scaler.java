package dev.kvbench.suite;

/** Chooses the entries of a test whose 2016 count may be too big for this machine. */
@FunctionalInterface
public interface Scaler {

    /** Entries for test {@code test} (1-based), whose 2016 count is {@code original} entries of {@code entryBytes}. */
    int num(int test, int original, int entryBytes);

    /** Keeps every 2016 count. */
    static Scaler none() {
        return (test, original, entryBytes) -> original;
    }
}
