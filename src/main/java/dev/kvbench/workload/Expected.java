package dev.kvbench.workload;

/**
 * What a correct store gives back for a data set, computed from the generator.
 *
 * @param count      entries: readKey must find all, a cursor pass must see all
 * @param valueBytes the sum of every value's length
 * @param crc32      the {@link Checksums} CRC32 of a forward pass
 * @param xxh64      the {@link Checksums} XXH64 fold of a forward pass
 * @param ascendingKeys  the {@link Checksums#keyFold key fold} of a forward pass
 * @param descendingKeys the key fold of a reverse pass
 */
public record Expected(long count, long valueBytes, long crc32, long xxh64, long ascendingKeys,
                       long descendingKeys) {

    /**
     * What a read of a store that keeps nothing ({@link dev.kvbench.store.Capability#DISCARDS})
     * must give back: no entry, no value byte. Its readKey passes are verified against this.
     */
    public static Expected nothing() {
        return new Expected(0, 0, 0, Checksums.XXH64_START, Checksums.KEY_FOLD_START, Checksums.KEY_FOLD_START);
    }
}
