package dev.kvbench.store.lmdb;

import dev.kvbench.store.Engine;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Versions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code lmdb-bb}: LMDB through lmdbjava with {@code ByteBuffer}s (the report's "LMDB BB");
 * {@code forceSafe=true} uses the reflection-free {@code PROXY_SAFE} instead of Unsafe.
 */
public final class LmdbByteBufferEngine implements Engine {

    @Override
    public String name() {
        return "lmdb-bb";
    }

    @Override
    public String label() {
        return "LMDB BB";
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> options = new LinkedHashMap<>(LmdbSettings.defaults());
        options.put("forceSafe", "false");
        return options;
    }

    @Override
    public String libraryVersion() {
        return Versions.get("lmdbjava.version");
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new LmdbStore<>(dir, shape, LmdbSettings.from(options), LmdbBuffers.byteBuffers(options.bool("forceSafe")));
    }
}
