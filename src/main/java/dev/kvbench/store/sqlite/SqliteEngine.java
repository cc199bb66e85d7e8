package dev.kvbench.store.sqlite;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.CacheSize;
import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;
import java.util.List;
import org.sqlite.JDBC;

/** {@code sqlite}: SQLite through xerial's sqlite-jdbc, one {@code WITHOUT ROWID} table. */
public final class SqliteEngine extends BaseEngine {

    public SqliteEngine() {
        super("sqlite", "SQLite", 0xbcbd22, List.of(
                Option.choice("journal", "wal", List.of("wal", "delete", "truncate", "persist"),
                        "journal_mode: wal lets readers keep a snapshot while the writer commits"),
                Option.choice("synchronous", "off", List.of("off", "normal", "full", "extra"),
                        "PRAGMA synchronous: off = no fsync, as the other engines' sync=false"),
                Option.number("cacheMb", 0, 0, Integer.MAX_VALUE,
                        "each connection's page cache in MiB, 0 = from the data set (as rocksdb)")));
    }

    /** The bundled SQLite's version next to the driver's, e.g. {@code 3.54.1 (sqlite-jdbc 3.54.1.0)}. */
    @Override
    public String libraryVersion() {
        return SqliteStore.sqliteVersion() + " (sqlite-jdbc "
                + LibraryVersion.of("org.xerial", "sqlite-jdbc", JDBC.class) + ")";
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new SqliteStore(dir, new SqliteStore.Settings(options.choice("journal"), options.choice("synchronous"),
                CacheSize.orFromData(options.integer("cacheMb"), shape)));
    }
}
