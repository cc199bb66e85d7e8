package dev.kvbench.store.lmdb;

import java.util.Map;
import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.LmdbSettings;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;

/** {@code lmdb}: LMDB through lmdbjava with Agrona {@code DirectBuffer}s (the report's "LMDB DB"). */
public final class LmdbEngine extends BaseEngine {

    public LmdbEngine() {
        super("lmdb", "LMDB DB", 0x1f77b4, LmdbChecks.withOption());
    }

    @Override
    public String libraryVersion() {
        return LmdbChecks.version();
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new LmdbStore<>(dir, shape, LmdbSettings.from(name(), options), options.bool("checks"), LmdbBuffers.agrona());
    }

    @Override
    public String durabilityPromise(Map<String, String> options) {
        return LmdbSettings.durabilityPromise(options);
    }
}
