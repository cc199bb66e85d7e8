package dev.kvbench.fork;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Stores;
import dev.kvbench.store.lmdb.LmdbStore;
import dev.kvbench.store.rocksdb.RocksDbStore;
import org.junit.jupiter.api.Test;

/** The benchmark forks' own flags: the adapter pattern must still name the adapters' package. */
class ForkFlagsTest {

    @Test
    void forcedInliningCoversEveryAdapterAndNothingOfTheEngines() {
        String prefix = ForkFlags.ADAPTERS.substring(0, ForkFlags.ADAPTERS.length() - 1);
        assertTrue(
                ForkFlags.BENCH_FLAGS.contains("-XX:CompileCommand=inline," + ForkFlags.ADAPTERS + "::*"),
                ForkFlags.BENCH_FLAGS.toString());
        for (Class<?> adapter : new Class<?>[] {LmdbStore.class, RocksDbStore.class, Stores.class}) {
            assertTrue(adapter.getName().startsWith(prefix), adapter.getName());
        }
        for (String engine : new String[] {"org.lmdbjava.Cursor", "org.rocksdb.RocksDB", "org.h2.mvstore.MVStore"}) {
            assertTrue(!engine.startsWith(prefix), engine);
        }
    }
}
