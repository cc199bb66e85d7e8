package dev.kvbench.store.leveldb;

import dev.kvbench.store.leveldbshared.LevelDbPortEngine;
import dev.kvbench.store.leveldbshared.LevelDbStore;
import java.util.Optional;

/** LevelDB through leveldbjni (the native LevelDB, not the Java port): spec {@code leveldb}. */
public final class LevelDbEngine extends LevelDbPortEngine {

    public LevelDbEngine() {
        super(LevelDbStore.Port.NATIVE, "LevelDB", 0x2ca02c, "leveldb/options.h");
    }

    @Override
    public Optional<String> dataSizedCache() {
        return Optional.of("LevelDB's cache");
    }
}
