package dev.kvbench.store.lmdb;

import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.lmdbshared.LmdbBinding;
import dev.kvbench.store.lmdbshared.LmdbSettings;
import java.nio.file.Path;
import java.util.Optional;

/** {@code lmdb}: LMDB through lmdbjava with Agrona {@code DirectBuffer}s (the report's "LMDB DB"). */
public final class LmdbEngine extends LmdbBinding {

    public LmdbEngine() {
        super("lmdb", "LMDB DB", 0x1f77b4, LmdbChecks.withOption());
    }

    /** Said once for every LMDB binding (they share {@link LmdbSettings}). */
    @Override
    public Optional<String> settingsNote() {
        return Optional.of("LMDB (every binding) with integer keys (MDB_INTEGERKEY) wherever every key is a 4-byte "
                + "int, readKey handing it its int keys as ints, lookups and puts through a cursor, readers reusing "
                + "one read transaction and its cursors (reset and renewed between passes), and lmdbjava's checks "
                + "off (`checks=true` turns them on)");
    }

    @Override
    public String libraryVersion() {
        return LmdbChecks.version();
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new LmdbStore<>(dir, shape, LmdbSettings.from(name(), options), options.bool("checks"), LmdbBuffers.agrona());
    }
}
