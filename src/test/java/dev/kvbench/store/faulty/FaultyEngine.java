package dev.kvbench.store.faulty;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.workload.FaultyStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code faulty}: a test-only engine (registered by {@code src/test/resources/META-INF/services} alone) that is a real
 * LMDB store returning wrong data when its {@code fault} option says so, as a buggy adapter would:
 * {@code faulty:fault=skip+at=N} has its cursors skip an entry at every N-th move to the next one, {@code fault=drop}
 * loses the writer's N-th put, {@code fault=reorder} swaps a forward cursor's N-th and next entries
 * ({@link FaultyStore}). Being an engine, it reaches the JVMs a run starts (JMH forks, an interleaved run's engine
 * JVMs), where a test's {@code Trial.decorator} does not. Without {@code fault} it is LMDB, so the tests that run
 * every registered engine run it too.
 */
public final class FaultyEngine extends BaseEngine {

    public FaultyEngine() {
        super(
                "faulty",
                "Faulty LMDB",
                0x800080,
                List.of(
                        Option.choice(
                                "fault",
                                "none",
                                List.of("none", "skip", "drop", "reorder"),
                                "what goes wrong (see FaultyStore)"),
                        Option.number("at", 1000, 1, Integer.MAX_VALUE, "where it goes wrong")));
    }

    @Override
    public String libraryVersion() {
        return Stores.engine("lmdb").libraryVersion();
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        Store store = Stores.open("lmdb", dir, shape);
        String fault = options.choice("fault");
        return fault.equals("none")
                ? store
                : new FaultyStore(
                        store,
                        FaultyStore.Fault.valueOf(fault.toUpperCase(Locale.ROOT)),
                        Math.toIntExact(options.number("at")));
    }
}
