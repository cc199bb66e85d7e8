package dev.kvbench.store.lmdbshared;

import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The LMDB settings the 2016 report varies, as spec options, shared by every LMDB binding
 * (lmdbjava, LWJGL, lmdbjni) so that they compare like with like: the same flags, the same map
 * size, the same key format. Defaults are the report's: no sync, no meta sync, write map on.
 * Integer keys ({@code MDB_INTEGERKEY}, LMDB's documented format for integer keys) are used where
 * every key is a 4-byte int, as lmdbjava's own benchmarks do. {@code readAhead=false} sets
 * {@code MDB_NORDAHEAD}: LMDB then advises the kernel that the map is read at random
 * ({@code madvise(MADV_RANDOM)} over the map), so that a page fault reads the page it needs, not
 * the pages around it too; lmdb.h: turning readahead off "may help random read performance when
 * the DB is larger than RAM and system RAM is full". Every binding exposes the flag.
 */
public record LmdbSettings(
        String engine,
        boolean sync,
        boolean metaSync,
        boolean writeMap,
        long mapSizeMb,
        int maxReaders,
        boolean readAhead,
        String integerKeys) {

    private static final int PAGE = 4096;
    private static final long MIB = 1L << 20;

    /** Options shared by every LMDB spec, with their defaults; {@code bindingOptions} go before {@code integerKeys}. */
    public static List<Option> options(Option... bindingOptions) {
        List<Option> options = new ArrayList<>(List.of(
                Option.bool("sync", false, "fsync the data file at every commit"),
                Option.bool("metaSync", false, "fsync the meta page at every commit"),
                Option.bool("writeMap", true, "write through a writable memory map"),
                Option.number("mapSizeMb", 0, "the map size in MiB, 0 = from the data set"),
                Option.number("maxReaders", 256, "reader slots in the lock file"),
                Option.bool(
                        "readAhead",
                        true,
                        "let the kernel read ahead around each page fault of the map;"
                                + " false = MDB_NORDAHEAD, for random reads of data bigger than memory")));
        options.addAll(Arrays.asList(bindingOptions));
        options.add(Option.choice(
                "integerKeys",
                "auto",
                List.of("auto", "true", "false"),
                "MDB_INTEGERKEY: auto = when every key is a 4-byte int"));
        return options;
    }

    /** What lmdb.h promises about a system crash for these spec options ({@link Engine#durabilityPromise}). */
    public static String durabilityPromise(java.util.Map<String, String> options) {
        boolean sync = Boolean.parseBoolean(options.getOrDefault("sync", "false"));
        boolean metaSync = Boolean.parseBoolean(options.getOrDefault("metaSync", "false"));
        boolean writeMap = Boolean.parseBoolean(options.getOrDefault("writeMap", "true"));
        if (sync && metaSync) {
            return "neither MDB_NOSYNC nor MDB_NOMETASYNC: every commit is flushed to disk before it returns (lmdb.h)";
        }
        if (sync) {
            return "MDB_NOMETASYNC: \"maintains database integrity, but a system crash may undo the last committed"
                    + " transaction\" (lmdb.h)";
        }
        return "MDB_NOSYNC: \"a system crash can corrupt the database or lose the last transactions if buffers are not"
                + " yet flushed to disk\""
                + (writeMap
                        ? ", and with MDB_WRITEMAP even a file system that preserves write"
                                + " order does not keep it consistent"
                        : "; with a file system that preserves write order and no"
                                + " MDB_WRITEMAP only durability is lost")
                + " (lmdb.h)";
    }

    /** The settings of {@code engine}'s spec. */
    public static LmdbSettings from(String engine, Options options) {
        return new LmdbSettings(
                engine,
                options.bool("sync"),
                options.bool("metaSync"),
                options.bool("writeMap"),
                options.number("mapSizeMb"),
                options.integer("maxReaders"),
                options.bool("readAhead"),
                options.string("integerKeys"));
    }

    /**
     * Whether keys are stored as LMDB integer keys: {@code auto} when every key of the shape is a
     * 4-byte int; {@code true} demands such a shape.
     */
    public boolean integerKeys(Shape shape) {
        boolean fits = shape.fixedKeySize() && shape.keySize() == Integer.BYTES;
        if (integerKeys.equals("true") && !fits) {
            throw new IllegalArgumentException(engine + " option integerKeys=true needs every key to be a 4-byte int,"
                    + " but this data set has " + (shape.fixedKeySize() ? "" : "up to ") + shape.keySize()
                    + "-byte keys; use integerKeys=auto or false");
        }
        return fits && !integerKeys.equals("false");
    }

    /**
     * What the command line alone shows these settings cannot run: a {@code mapSizeMb} below the data set's flat bytes
     * (the store would fail with {@code MDB_MAP_FULL} while loading), or more reader threads than {@code maxReaders}
     * (one would wait for a slot that never frees: {@code MDB_READERS_FULL}).
     *
     * @param largest the largest data set, or null when the run has none of the 2016 workloads
     */
    public Optional<String> refusal(Shape largest, int readerThreads) {
        if (largest != null && mapTooSmall(largest)) {
            return Optional.of(mapFull(largest).getMessage());
        }
        if (readerThreads > maxReaders) {
            return Optional.of(engine + " has " + maxReaders + " reader slots (option maxReaders) for " + readerThreads
                    + " reader threads: give it at least as many, e.g. -p store=" + engine + ":maxReaders="
                    + Math.max(readerThreads, 1024) + ", or use fewer readers");
        }
        return Optional.empty();
    }

    /** Whether a map size the option sets cannot hold the shape's flat bytes, before LMDB's pages. */
    private boolean mapTooSmall(Shape shape) {
        return mapSizeMb > 0 && mapSizeMb * MIB < shape.flatBytes();
    }

    /** The line for a map too small for the data set ({@code MDB_MAP_FULL}, or found before opening). */
    public IllegalArgumentException mapFull(Shape shape) {
        return new IllegalArgumentException(
                engine + " option mapSizeMb=" + mapSizeMb + " is too small: the map cannot hold "
                        + shape.entries() + " entries of " + (shape.keySize() + shape.valSize()) + " bytes ("
                        + shape.flatBytes()
                        + " bytes before LMDB's pages); use mapSizeMb=0 to size it from the data, or a larger mapSizeMb");
    }

    /** The line for more readers at once than the lock file has slots ({@code MDB_READERS_FULL}). */
    public IllegalArgumentException readersFull() {
        return new IllegalArgumentException(
                engine + " has " + maxReaders + " reader slots (option maxReaders) and every one"
                        + " is taken: use fewer reader threads, or more slots, e.g. -p store=" + engine + ":maxReaders="
                        + Math.max(1024, Integer.highestOneBit(maxReaders) * 4));
    }

    /**
     * The map size: the option when set, else room for the shape with B+ tree pages half full,
     * values beyond a page in overflow pages, and slack for copy-on-write. The map is only
     * address space: a sparse file on tmpfs allocates nothing until pages are written.
     */
    public long mapSizeBytes(Shape shape) {
        if (mapSizeMb > 0) {
            if (mapTooSmall(shape)) {
                throw mapFull(shape);
            }
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
