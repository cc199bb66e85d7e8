package dev.kvbench.store.leveldbshared;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.MemoryUse;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What both LevelDB engines declare alike: the spec name and order of their {@link LevelDbStore.Port},
 * the options of {@link LevelDbStore#OPTIONS}, LevelDB's durability promise (quoted from
 * {@code promiseSource}), the port's library and its version, and a store of {@link LevelDbStore}
 * on that port. A subclass writes only what else sets its port apart.
 */
public abstract class LevelDbPortEngine extends BaseEngine {

    private final LevelDbStore.Port port;

    protected LevelDbPortEngine(LevelDbStore.Port port, String label, int colour, String promiseSource) {
        super(port.spec(), label, colour, LevelDbStore.OPTIONS, LevelDbStore.durabilityPromise(promiseSource));
        this.port = port;
    }

    /** Ordered unless the port's iterators cannot move backwards (the Java port). */
    @Override
    public final boolean ordered() {
        return port.ordered();
    }

    @Override
    public final Optional<String> artifact() {
        return Optional.of(port.artifact());
    }

    @Override
    public final String libraryVersion() {
        return port.libraryVersion();
    }

    /**
     * The cache and two memtables as they can fill: outside the heap for the native LevelDB, on it for the Java port;
     * files by the default bound.
     */
    @Override
    public final MemoryUse memoryUse(Shape shape, Options options) {
        LevelDbStore.Settings settings = LevelDbStore.Settings.of(shape, options);
        long held = MemoryUse.cacheFill(settings.cacheMb(), shape)
                + MemoryUse.memtableFill(settings.writeBufferMb(), 2, shape);
        long files = MemoryUse.defaultFiles(shape);
        return port == LevelDbStore.Port.NATIVE ? new MemoryUse(0, held, files) : new MemoryUse(held, 0, files);
    }

    @Override
    public final Store open(Path dir, Shape shape, Options options) {
        return LevelDbStore.open(dir, LevelDbStore.Settings.of(shape, options), port);
    }
}
