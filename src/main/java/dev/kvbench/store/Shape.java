package dev.kvbench.store;

/**
 * The shape of the data set a store is opened for, so that engines that size up front
 * (Chronicle Map entries, LMDB map size) can.
 *
 * @param entries    how many entries the store will hold
 * @param keySize    the size in bytes of every key (the largest, when they vary)
 * @param valSize    the size in bytes of every value (the largest, when they vary)
 * @param sequential whether keys are inserted in ascending order
 * @param fixedKeySize whether every key is exactly {@code keySize} bytes (a generated data set),
 *                   so that an engine may use a fixed-size key format (LMDB's integer keys)
 * @param fixedValSize whether every value is exactly {@code valSize} bytes (a generated data set),
 *                   so that an engine may use a fixed-size value format (Chronicle Map's constant
 *                   value size)
 */
public record Shape(
        long entries, int keySize, int valSize, boolean sequential, boolean fixedKeySize, boolean fixedValSize) {

    /** A shape whose keys and values may be shorter than {@code keySize} and {@code valSize}. */
    public Shape(long entries, int keySize, int valSize, boolean sequential) {
        this(entries, keySize, valSize, sequential, false, false);
    }

    /** A shape whose values may be shorter than {@code valSize}. */
    public Shape(long entries, int keySize, int valSize, boolean sequential, boolean fixedKeySize) {
        this(entries, keySize, valSize, sequential, fixedKeySize, false);
    }

    public Shape {
        if (entries <= 0) {
            throw new IllegalArgumentException("entries must be > 0, was " + entries);
        }
        if (keySize <= 0) {
            throw new IllegalArgumentException("keySize must be > 0, was " + keySize);
        }
        if (valSize < 0) {
            throw new IllegalArgumentException("valSize must be >= 0, was " + valSize);
        }
    }

    /** Bytes of a flat array holding every key and value: the baseline of storage overhead. */
    public long flatBytes() {
        return entries * (long) (keySize + valSize);
    }
}
