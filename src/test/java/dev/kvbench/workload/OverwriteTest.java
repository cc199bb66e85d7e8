package dev.kvbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.kvbench.store.ForwardingStore;
import dev.kvbench.store.ForwardingWriter;
import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.kv.KvChecks;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The amplification test's overwrites: every put changes the bytes its key holds (an engine may skip a put of the
 * value a key already holds), and once restored the store holds exactly the data set again.
 */
class OverwriteTest {

    @TempDir
    Path dir;

    @Test
    void everyOverwriteChangesItsKeysBytesAndRestoreBringsBackTheDataSet() {
        for (DataSpec spec :
                new DataSpec[] {new DataSpec(500, true, false, 100, false), new DataSpec(500, false, false, 13, true)
                }) {
            try (DataSet data = DataSet.generate(spec);
                    Store lmdb = Stores.open("lmdb", dir.resolve("lmdb-" + spec.valSize()), spec.shape());
                    Mirror store = new Mirror(lmdb)) {
                Write.run(store, data, 64);
                Overwrite.Done done = Overwrite.run(store, data, 10L * spec.num(), 64, 7);
                assertEquals(10L * spec.num(), done.pass().count());
                assertEquals(10L * spec.num(), store.puts - spec.num());
                assertEquals(0, store.unchanged, "puts of the value the key already held");
                assertFalse(done.complemented().isEmpty(), "some keys end holding their value's complement");
                Overwrite.restore(store, data, done.complemented(), 64);
                Verifier.verify(
                        "lmdb",
                        Workload.READ_KEY,
                        KvChecks.of(Workload.READ_KEY, data.expected()),
                        ReadKey.run(lmdb, data));
            }
        }
    }

    @Test
    void theComplementInvertsEveryByte() {
        UnsafeBuffer value = new UnsafeBuffer(new byte[] {0, 1, (byte) 0xff, 0x5a, 7, 8, 9, 10, 11, 12, 13});
        UnsafeBuffer into = new UnsafeBuffer(ByteBuffer.allocateDirect(11));
        DirectBuffer complement = Overwrite.complementOf(value, into);
        for (int i = 0; i < 11; i++) {
            assertEquals((byte) ~value.getByte(i), complement.getByte(i), "byte " + i);
        }
    }

    /** A store that remembers what each key was last put with and counts the puts that did not change it. */
    private static final class Mirror extends ForwardingStore {
        private final Map<String, byte[]> held = new HashMap<>();
        long puts;
        long unchanged;

        Mirror(Store store) {
            super(store);
        }

        @Override
        public Writer writer(boolean sequential) {
            return new ForwardingWriter(store.writer(sequential)) {
                @Override
                public void put(DirectBuffer key, DirectBuffer value) {
                    byte[] k = new byte[key.capacity()];
                    key.getBytes(0, k);
                    byte[] v = new byte[value.capacity()];
                    value.getBytes(0, v);
                    byte[] before = held.put(Arrays.toString(k), v);
                    if (before != null && Arrays.equals(before, v)) {
                        unchanged++;
                    }
                    puts++;
                    super.put(key, value);
                }
            };
        }

        /** Leaves the wrapped store to its own owner, the test, which reads it after the overwrites. */
        @Override
        public void close() {}
    }
}
