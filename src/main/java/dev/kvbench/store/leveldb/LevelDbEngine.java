package dev.kvbench.store.leveldb;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.leveldbshared.LevelDbStore;
import java.nio.file.Path;
import java.util.Optional;
import org.fusesource.leveldbjni.JniDBFactory;

/** LevelDB through leveldbjni (the native LevelDB, not the Java port): spec {@code leveldb}. */
public final class LevelDbEngine extends BaseEngine {

    public LevelDbEngine() {
        super("leveldb", "LevelDB", 0x2ca02c, LevelDbStore.OPTIONS,
                LevelDbStore.durabilityPromise("leveldb/options.h"));
    }

    @Override
    public Optional<String> dataSizedCache() {
        return Optional.of("LevelDB's cache");
    }

    @Override
    public String libraryVersion() {
        return LibraryVersion.of("org.fusesource.leveldbjni", "leveldbjni-all", JniDBFactory.class);
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return LevelDbStore.open(dir, LevelDbStore.Settings.of(shape, options), LevelDbStore.Port.NATIVE);
    }
}
