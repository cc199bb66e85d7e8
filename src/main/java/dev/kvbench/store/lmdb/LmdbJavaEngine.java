package dev.kvbench.store.lmdb;

import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.lmdbshared.LmdbBinding;
import dev.kvbench.store.lmdbshared.LmdbSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the two lmdbjava engines ({@code lmdb} with Agrona buffers, {@code lmdb-bb} with {@code ByteBuffer}s) declare
 * alike: lmdbjava's artifact and version, and an {@link LmdbStore} opened with the {@code checks} option. A subclass
 * names the buffers its store uses.
 */
abstract class LmdbJavaEngine extends LmdbBinding {

    LmdbJavaEngine(String name, String label, int colour, List<Option> options) {
        super(name, label, colour, options);
    }

    /** The buffer strategy a store opened with {@code options} hands to lmdbjava. */
    abstract LmdbBuffers<?> buffers(Options options);

    @Override
    public final Optional<String> artifact() {
        return Optional.of(LmdbChecks.ARTIFACT);
    }

    @Override
    public final String libraryVersion() {
        return LmdbChecks.version();
    }

    @Override
    public final Store open(Path dir, Shape shape, Options options) {
        return new LmdbStore<>(
                dir, shape, LmdbSettings.from(name(), options), options.bool("checks"), buffers(options));
    }
}
