package dev.kvbench.store.lmdb;

import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import java.util.List;

/**
 * The LMDB settings the 2016 report varies, as spec options. Defaults are the report's: no
 * sync, no meta sync, write map on. Two more are set as lmdbjava's own benchmarks set them:
 * integer keys ({@code MDB_INTEGERKEY}, LMDB's documented format for integer keys) where every
 * key is a 4-byte int, and lmdbjava's argument and state checks off ({@code checks=true} turns
 * them on, for a run that wants them).
 */
record LmdbSettings(boolean sync, boolean metaSync, boolean writeMap, long mapSizeMb, int maxReaders,
                    boolean checks, String integerKeys) {

    private static final int PAGE = 4096;
    private static final long MIB = 1L << 20;

    /** Options shared by every LMDB spec, with their defaults. */
    static List<Option> options() {
        return List.of(
                Option.bool("sync", false, "fsync the data file at every commit"),
                Option.bool("metaSync", false, "fsync the meta page at every commit"),
                Option.bool("writeMap", true, "write through a writable memory map"),
                Option.number("mapSizeMb", 0, "the map size in MiB, 0 = from the data set"),
                Option.number("maxReaders", 256, "reader slots in the lock file"),
                Option.bool("checks", false, "lmdbjava's argument and state checks (read once per JVM)"),
                Option.choice("integerKeys", "auto", List.of("auto", "true", "false"),
                        "MDB_INTEGERKEY: auto = when every key is a 4-byte int"));
    }

    static LmdbSettings from(Options options) {
        return new LmdbSettings(options.bool("sync"), options.bool("metaSync"), options.bool("writeMap"),
                options.number("mapSizeMb"), options.integer("maxReaders"), options.bool("checks"),
                options.string("integerKeys"));
    }

    /**
     * Whether keys are stored as LMDB integer keys: {@code auto} when every key of the shape is a
     * 4-byte int; {@code true} demands such a shape.
     */
    boolean integerKeys(Shape shape) {
        boolean fits = shape.fixedKeySize() && shape.keySize() == Integer.BYTES;
        if (integerKeys.equals("true") && !fits) {
            throw new IllegalArgumentException("lmdb option integerKeys=true needs every key to be a 4-byte int,"
                    + " but this data set has " + (shape.fixedKeySize() ? "" : "up to ") + shape.keySize()
                    + "-byte keys; use integerKeys=auto or false");
        }
        return fits && !integerKeys.equals("false");
    }

    /**
     * The map size: the option when set, else room for the shape with B+ tree pages half full,
     * values beyond a page in overflow pages, and slack for copy-on-write. The map is only
     * address space: a sparse file on tmpfs allocates nothing until pages are written.
     */
    long mapSizeBytes(Shape shape) {
        if (mapSizeMb > 0) {
            return mapSizeMb * MIB;
        }
        long node = 16L + shape.keySize() + shape.valSize();
        long perEntry = node <= PAGE / 2
                ? node * 2
                : 64L + shape.keySize() + ((shape.valSize() + 16L + PAGE - 1) / PAGE) * PAGE;
        long bytes = shape.entries() * perEntry * 2 + 64 * MIB;
        return (bytes + PAGE - 1) / PAGE * PAGE;
    }
}
