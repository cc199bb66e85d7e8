package dev.kvbench.store.lmdb;

import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.lmdbshared.LmdbBinding;
import dev.kvbench.store.lmdbshared.LmdbSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code lmdb-bb}: LMDB through lmdbjava with {@code ByteBuffer}s (the report's "LMDB BB");
 * {@code forceSafe=true} uses the reflection-free {@code PROXY_SAFE} instead of Unsafe.
 */
public final class LmdbByteBufferEngine extends LmdbBinding {

    public LmdbByteBufferEngine() {
        super("lmdb-bb", "LMDB BB", 0x17becf, withForceSafe());
    }

    private static List<Option> withForceSafe() {
        List<Option> options = new ArrayList<>(LmdbChecks.withOption());
        options.add(Option.bool("forceSafe", false, "use lmdbjava's reflection-free PROXY_SAFE buffers"));
        return options;
    }

    @Override
    public Optional<String> artifact() {
        return Optional.of("org.lmdbjava:lmdbjava");
    }

    @Override
    public String libraryVersion() {
        return LmdbChecks.version();
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new LmdbStore<>(
                dir,
                shape,
                LmdbSettings.from(name(), options),
                options.bool("checks"),
                LmdbBuffers.byteBuffers(options.bool("forceSafe")));
    }
}
