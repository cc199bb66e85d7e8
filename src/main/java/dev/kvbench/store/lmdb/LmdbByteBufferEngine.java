package dev.kvbench.store.lmdb;

import java.util.Map;
import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.lmdbshared.LmdbSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code lmdb-bb}: LMDB through lmdbjava with {@code ByteBuffer}s (the report's "LMDB BB");
 * {@code forceSafe=true} uses the reflection-free {@code PROXY_SAFE} instead of Unsafe.
 */
public final class LmdbByteBufferEngine extends BaseEngine {

    public LmdbByteBufferEngine() {
        super("lmdb-bb", "LMDB BB", 0x17becf, withForceSafe());
    }

    private static List<Option> withForceSafe() {
        List<Option> options = new ArrayList<>(LmdbChecks.withOption());
        options.add(Option.bool("forceSafe", false, "use lmdbjava's reflection-free PROXY_SAFE buffers"));
        return options;
    }

    /** A second binding of {@code lmdb}: the same lmdbjava and LMDB, with {@code ByteBuffer}s instead of Agrona buffers. */
    @Override
    public Optional<String> bindingOf() {
        return Optional.of("lmdb");
    }

    @Override
    public String libraryVersion() {
        return LmdbChecks.version();
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new LmdbStore<>(dir, shape, LmdbSettings.from(name(), options), options.bool("checks"), LmdbBuffers.byteBuffers(options.bool("forceSafe")));
    }

    @Override
    public String durabilityPromise(Map<String, String> options) {
        return LmdbSettings.durabilityPromise(options);
    }
}
