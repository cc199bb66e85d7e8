package dev.kvbench.store.lmdb;

import dev.kvbench.store.Options;
import dev.kvbench.store.lmdbshared.LmdbSettings;
import java.util.Optional;

/** {@code lmdb}: LMDB through lmdbjava with Agrona {@code DirectBuffer}s (the report's "LMDB DB"). */
public final class LmdbEngine extends LmdbJavaEngine {

    public LmdbEngine() {
        super("lmdb", "LMDB DB", 0x1f77b4, LmdbChecks.withOption());
    }

    /** Said once for every LMDB binding (they share {@link LmdbSettings}). */
    @Override
    public Optional<String> settingsNote() {
        return Optional.of("LMDB (every binding) with integer keys (MDB_INTEGERKEY) wherever every key is a 4-byte "
                + "int, readKey handing it its int keys as ints, lookups and puts through a cursor, readers reusing "
                + "one read transaction and its cursors (reset and renewed between passes), lmdbjava's checks "
                + "off (`checks=true` turns them on), and the kernel's readahead on the map left on, LMDB's default "
                + "(`readAhead=false` sets MDB_NORDAHEAD: a page fault then reads one page, for random reads of data "
                + "bigger than memory)");
    }

    @Override
    LmdbBuffers<?> buffers(Options options) {
        return LmdbBuffers.agrona();
    }
}
