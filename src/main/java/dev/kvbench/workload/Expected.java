package dev.kvbench.workload;

import dev.kvbench.store.Capability;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Store;

/**
 * What a correct store gives back for a data set, computed from the generator.
 *
 * @param count      entries: readKey must find all, a cursor pass must see all
 * @param valueBytes the sum of every value's length
 * @param crc32      the {@link Checksums} CRC32 of a forward pass
 * @param xxh64      the {@link Checksums} XXH64 fold of a forward pass
 * @param ascendingKeys  the {@link KeyFold key fold} of a forward pass
 * @param descendingKeys the key fold of a reverse pass
 */
public record Expected(long count, long valueBytes, long crc32, long xxh64, long ascendingKeys, long descendingKeys) {

    /**
     * What reads of {@code store} must find: all of this, or nothing from a store that declares it
     * keeps nothing ({@link Capability#DISCARDS}, the {@code null} store).
     */
    public Expected readBy(Store store) {
        return store.has(Capability.DISCARDS) ? nothing() : this;
    }

    /** No entry, no value byte: what a read of a store that keeps nothing gives back. */
    public static Expected nothing() {
        return new Expected(0, 0, 0, Checksums.XXH64_START, KeyFold.START, KeyFold.START);
    }
}
