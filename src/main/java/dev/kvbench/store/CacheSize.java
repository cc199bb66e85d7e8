package dev.kvbench.store;

/**
 * The block cache an LSM engine gets by default (RocksDB's block cache, LevelDB's cache): room for
 * every block of the data set, so that reads of an in-memory data set are served from the cache,
 * as MVStore's and LMDB's are from memory. One rule for both engines, used by the report to say
 * what each was given.
 */
public final class CacheSize {

    private static final long MIB = 1L << 20;
    /** Bytes a block-based table adds per entry over its key and value (entry header, index, filter). */
    private static final long PER_ENTRY = 16;

    private static final long SLACK_MIB = 8;
    /** {@link #forData}'s rule in words, for the report. */
    public static final String RULE = "flat bytes plus 16 B per entry, × 1.5, plus 8 MiB";

    private CacheSize() {}

    /** The cache in MiB for {@code shape}: its flat bytes plus 16 B per entry, plus half again, plus 8 MiB. */
    public static int forData(Shape shape) {
        long bytes = shape.flatBytes() + shape.entries() * PER_ENTRY;
        long mib = (bytes + bytes / 2 + MIB - 1) / MIB + SLACK_MIB;
        return (int) Math.min(Integer.MAX_VALUE, mib);
    }

    /** The option's value when it is above 0, else {@link #forData}. */
    public static int orFromData(int option, Shape shape) {
        return option > 0 ? option : forData(shape);
    }
}
