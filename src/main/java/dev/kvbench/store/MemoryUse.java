package dev.kvbench.store;

/**
 * What a store of one engine holds in memory for a data set, besides the JVM it runs in and the harness's data, so
 * that a run can count, before anything starts, whether every engine it holds at once fits the machine
 * ({@link Engine#memoryUse}). Each figure is a bound, not a forecast: a cache counts as full, a store's files at the
 * largest the published storage tables measured.
 *
 * @param heapBytes   what the engine keeps on the Java heap: its cache where it sizes it from the heap or the data
 *                    (BDB JE, Xodus, MVStore, the Java LevelDB), the data itself (the heap map), and direct buffers,
 *                    which the JVM holds to its {@code -Xmx} by default; the heap a JVM is given grows by it
 * @param nativeBytes what the engine allocates outside the heap that is neither its files nor counted in heapBytes:
 *                    RocksDB's and LevelDB's block caches and memtables, SQLite's page caches
 * @param fileBytes   the store's files at their largest (a log beside the tables, pages of updates not yet reclaimed),
 *                    which a work folder on tmpfs holds in memory
 */
public record MemoryUse(long heapBytes, long nativeBytes, long fileBytes) {

    private static final long MIB = 1L << 20;
    /** Index and page overhead per entry in the default bound of a store's files. */
    private static final long FILE_BYTES_PER_ENTRY = 256;
    /** Logs, manifests and a first file's slack in the default bound of a store's files. */
    private static final long FILE_SLACK = 64 * MIB;

    public MemoryUse {
        if (heapBytes < 0 || nativeBytes < 0 || fileBytes < 0) {
            throw new IllegalArgumentException("memory use cannot be negative");
        }
    }

    /**
     * The bound of an engine's files that states none of its own: twice the flat data (B-tree pages half empty, an LSM
     * compaction's second copy beside the first), 256 bytes per entry and 64 MiB. It holds every engine of the
     * published storage tables at 100-byte values (LMDB 65% over the flat data, MapDB 182%, the LSMs 3-12%) and, at
     * YCSB's 1,000-byte records after workload A, LMDB (2.1x), BDB JE (1.9x), the LSMs and MapDB (1.1-1.6x)
     * (results/20261128-quick-6, results/20261128-ycsb-4).
     */
    public static long defaultFiles(Shape shape) {
        return 2 * shape.flatBytes() + FILE_BYTES_PER_ENTRY * shape.entries() + FILE_SLACK;
    }

    /** Nothing but the default bound of the store's files. */
    public static MemoryUse filesOnly(Shape shape) {
        return new MemoryUse(0, 0, defaultFiles(shape));
    }

    /** The default bound of the files times {@code times}, for an engine whose files grow past it. */
    public static long filesTimes(Shape shape, double times) {
        return (long) Math.ceil(times * shape.flatBytes()) + FILE_BYTES_PER_ENTRY * shape.entries() + FILE_SLACK;
    }

    /**
     * A block cache of {@code cacheMb} MiB as it can fill: never beyond the data it caches (the data's blocks, 16
     * bytes per entry over the flat data, as {@link CacheSize} counts them), since a data-sized cache is half again
     * as large as the data.
     */
    public static long cacheFill(long cacheMb, Shape shape) {
        return Math.min(cacheMb * MIB, shape.flatBytes() + 16 * shape.entries() + 8 * MIB);
    }

    /**
     * An LSM's {@code count} memtables of {@code writeBufferMb} MiB as they can fill: never beyond twice the data in a
     * skip list (64 bytes of node per entry over the flat data), the data written twice over before a flush, and one
     * arena block (an eighth of a memtable) being filled. A memtable of a data set that fits it never fills: in the
     * published quick runs (100,000 entries of 100 bytes, 10 MB flat) RocksDB's JVMs held 100-105 MB besides the heap
     * and LevelDB's 112-121, against 59-62 for the null store's (results/20261207-quick-2, -3), so their caches and
     * memtables together came to 40-60 MB, not the 148 MiB two full 64 MiB memtables would be.
     */
    public static long memtableFill(long writeBufferMb, int count, Shape shape) {
        long full = count * writeBufferMb * MIB;
        long data = 2 * (shape.flatBytes() + 64 * shape.entries()) + writeBufferMb * MIB / 8;
        return Math.min(full, data);
    }
}
