package dev.kvbench.workload;

import dev.kvbench.store.Shape;

/**
 * What a data set is: the parameters users of the 2016 benchmark know, checked once.
 *
 * @param num        entries (distinct keys)
 * @param intKey     true: 4-byte big-endian int keys; false: 16-byte zero-padded decimal ASCII
 * @param sequential true: keys 0..num-1 written in ascending order; false: distinct random
 *                   non-negative ints, written (and read back by readKey) in generation order
 * @param valSize    bytes per value, at least 4 (a non-random value starts with its key as an int)
 * @param valRandom  true: values are slices of a fixed block of seeded random bytes; false: the
 *                   key as a 4-byte big-endian int, then zeros
 */
public record DataSpec(int num, boolean intKey, boolean sequential, int valSize, boolean valRandom) {

    /** Bytes of an int key. */
    public static final int INT_KEY_SIZE = 4;
    /** Bytes of a string key: a non-negative int needs at most 10 digits, zero-padded to 16. */
    public static final int STRING_KEY_SIZE = 16;
    /** The smallest value: room for the key as an int. */
    public static final int MIN_VAL_SIZE = 4;

    public DataSpec {
        if (num <= 0) {
            throw new IllegalArgumentException("num=" + num + ": num must be a whole number above 0");
        }
        if (valSize < MIN_VAL_SIZE) {
            throw new IllegalArgumentException("valSize must be >= " + MIN_VAL_SIZE
                    + " (a value holds at least its key as an int), was " + valSize);
        }
        long keyBytes = (long) num * (intKey ? INT_KEY_SIZE : STRING_KEY_SIZE);
        if (keyBytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("num=" + num + " is too large: its " + keyBytes
                    + " key bytes exceed the 2 GiB off-heap key region; use fewer entries"
                    + (intKey ? "" : " or intKey=true"));
        }
    }

    public int keySize() {
        return intKey ? INT_KEY_SIZE : STRING_KEY_SIZE;
    }

    /** Bytes of a flat array of every key and value: the baseline of storage overhead. */
    public long flatBytes() {
        return (long) num * (keySize() + valSize);
    }

    /** The shape a store is opened with for this data set. */
    public Shape shape() {
        return new Shape(num, keySize(), valSize, sequential, true, true);
    }
}
