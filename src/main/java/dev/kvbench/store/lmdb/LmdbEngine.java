package dev.kvbench.store.lmdb;

import dev.kvbench.store.Engine;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Versions;
import java.nio.file.Path;
import java.util.Map;

/** {@code lmdb}: LMDB through lmdbjava with Agrona {@code DirectBuffer}s (the report's "LMDB DB"). */
public final class LmdbEngine implements Engine {

    @Override
    public String name() {
        return "lmdb";
    }

    @Override
    public String label() {
        return "LMDB DB";
    }

    @Override
    public Map<String, String> options() {
        return LmdbSettings.defaults();
    }

    @Override
    public String libraryVersion() {
        return Versions.get("lmdbjava.version");
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new LmdbStore<>(dir, shape, LmdbSettings.from(options), LmdbBuffers.agrona());
    }
}
