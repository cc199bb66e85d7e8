package dev.kvbench.store.leveldb;

import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.leveldbshared.LevelDbPortEngine;
import dev.kvbench.store.leveldbshared.LevelDbStore;
import java.util.Optional;
import org.fusesource.leveldbjni.JniDBFactory;

/** LevelDB through leveldbjni (the native LevelDB, not the Java port): spec {@code leveldb}. */
public final class LevelDbEngine extends LevelDbPortEngine {

    public LevelDbEngine() {
        super(LevelDbStore.Port.NATIVE, "LevelDB", 0x2ca02c, "leveldb/options.h");
    }

    @Override
    public Optional<String> dataSizedCache() {
        return Optional.of("LevelDB's cache");
    }

    @Override
    public Optional<String> artifact() {
        return Optional.of("org.fusesource.leveldbjni:leveldbjni-all");
    }

    @Override
    public String libraryVersion() {
        return LibraryVersion.of("org.fusesource.leveldbjni", "leveldbjni-all", JniDBFactory.class);
    }
}
