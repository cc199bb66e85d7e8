package dev.kvbench.store.mapdb;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.DurabilityPromise;
import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.mapdb.DB;

/** MapDB: a B-tree map ({@code BTreeMap}) in a memory-mapped file. */
public final class MapDbEngine extends BaseEngine {

    private static final String ARTIFACT = "org.mapdb:mapdb";

    /**
     * Where values live: {@code true} in records of their own, {@code false} inside the B-tree
     * leaves, {@code auto} outside from {@link MapDbStore#OUTSIDE_NODES_FROM} bytes up.
     */
    static final String VALUES_OUTSIDE_NODES = "valuesOutsideNodes";

    /** MapDB's write-ahead log ({@code transactionEnable()}): atomic commits that survive a crash. */
    static final String TRANSACTIONS = "transactions";

    public MapDbEngine() {
        super(
                "mapdb",
                "MapDB",
                0x8c564b,
                List.of(
                        Option.choice(
                                VALUES_OUTSIDE_NODES,
                                "auto",
                                List.of("auto", "true", "false"),
                                "values in records of their own (true), in the B-tree leaves (false), or outside from "
                                        + MapDbStore.OUTSIDE_NODES_FROM + " bytes (auto)"),
                        Option.bool(
                                TRANSACTIONS,
                                false,
                                "MapDB's write-ahead log (transactionEnable): atomic commits that survive a crash, writes slower")),
                new DurabilityPromise(
                        TRANSACTIONS,
                        "transactionEnable(): a write-ahead log protects the store from corruption when it is not closed"
                                + " cleanly; MapDB does not promise that a commit is forced to the device (MapDB docs, \"Transactions\")",
                        "without transactionEnable() a store that is not closed cleanly can be corrupted and refused (MapDB"
                                + " docs, \"Transactions\"); nothing is promised about a power cut"));
    }

    @Override
    public Optional<String> artifact() {
        return Optional.of(ARTIFACT);
    }

    @Override
    public String libraryVersion() {
        return LibraryVersion.of(ARTIFACT, DB.class);
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return MapDbStore.open(
                dir, valuesOutsideNodes(options.choice(VALUES_OUTSIDE_NODES), shape), options.bool(TRANSACTIONS));
    }

    private static boolean valuesOutsideNodes(String value, Shape shape) {
        return value.equals("auto") ? shape.valSize() >= MapDbStore.OUTSIDE_NODES_FROM : Boolean.parseBoolean(value);
    }
}
