package dev.kvbench.store.sqlite;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.CacheSize;
import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.MemoryUse;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.sqlite.JDBC;

/** {@code sqlite}: SQLite through xerial's sqlite-jdbc, one {@code WITHOUT ROWID} table. */
public final class SqliteEngine extends BaseEngine {

    private static final String ARTIFACT = "org.xerial:sqlite-jdbc";

    public SqliteEngine() {
        super(
                "sqlite",
                "SQLite",
                0xbcbd22,
                List.of(
                        Option.choice(
                                "journal",
                                "wal",
                                List.of("wal", "delete", "truncate", "persist"),
                                "journal_mode: wal lets readers keep a snapshot while the writer commits"),
                        Option.choice(
                                "synchronous",
                                "off",
                                List.of("off", "normal", "full", "extra"),
                                "PRAGMA synchronous: off = no fsync, as the other engines' sync=false"),
                        Option.number(
                                "cacheMb",
                                0,
                                0,
                                Integer.MAX_VALUE,
                                "each connection's page cache in MiB, 0 = from the data set (as rocksdb)")));
    }

    /** The bundled SQLite's version next to the driver's, e.g. {@code 3.54.1 (sqlite-jdbc 3.54.1.0)}. */
    @Override
    public Optional<String> artifact() {
        return Optional.of(ARTIFACT);
    }

    @Override
    public String libraryVersion() {
        return SqliteStore.sqliteVersion() + " (sqlite-jdbc " + LibraryVersion.of(ARTIFACT, JDBC.class) + ")";
    }

    /**
     * SQLite 3.54 overwrites a row of the same size in place and leaves its page clean when the bytes are equal: 200,000
     * random puts of 50,000 rows, each with the value it held, wrote 45 kB; with changed values, 6.5 MB (the database
     * file over).
     */
    @Override
    public boolean skipsUnchangedPuts() {
        return true;
    }

    /**
     * Its page cache as it can fill (each connection has one; a JVM's RSS less its heap and the JVM's own memory was one
     * cache's worth in results/20261128-ycsb-4); files at 5x the flat data: 953 MB for YCSB's 204.6 MB after workload
     * A there, and the WAL doubles a store before close.
     */
    @Override
    public MemoryUse memoryUse(Shape shape, Options options) {
        long cache = MemoryUse.cacheFill(CacheSize.orFromData(options.integer("cacheMb"), shape), shape);
        return new MemoryUse(0, cache, MemoryUse.filesTimes(shape, 5));
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new SqliteStore(
                dir,
                new SqliteStore.Settings(
                        options.choice("journal"),
                        options.choice("synchronous"),
                        CacheSize.orFromData(options.integer("cacheMb"), shape)));
    }

    @Override
    public String durabilityPromise(Map<String, String> options) {
        String sync = options.getOrDefault("synchronous", "off");
        String journal = options.getOrDefault("journal", "wal");
        return switch (sync) {
            case "off" ->
                "PRAGMA synchronous=OFF: \"if the operating system crashes or the computer loses power before"
                        + " that data has been written to the disk surface\" the database might become corrupted; a crash of"
                        + " the application alone is safe (sqlite.org/pragma.html#pragma_synchronous)";
            case "normal" ->
                "wal".equals(journal)
                        ? "PRAGMA synchronous=NORMAL in WAL mode: consistent after a power loss, but a transaction committed"
                                + " shortly before it may roll back (sqlite.org/pragma.html#pragma_synchronous)"
                        : "PRAGMA synchronous=NORMAL: \"a very small (though non-zero) chance that a power failure at just the"
                                + " wrong time could corrupt the database\" (sqlite.org/pragma.html#pragma_synchronous)";
            default ->
                "PRAGMA synchronous=" + sync.toUpperCase(java.util.Locale.ROOT) + ": a committed transaction survives"
                        + " a power loss or operating system crash (sqlite.org/pragma.html#pragma_synchronous)";
        };
    }
}
