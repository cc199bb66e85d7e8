package dev.kvbench.workload;

import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import java.util.SplittableRandom;
import org.agrona.DirectBuffer;

/**
 * readWhileWriting (db_bench's readwhilewriting, the RocksDB in-memory benchmark): on a store
 * holding the data set, reader threads look up random keys of the data set for a fixed time
 * while one writer overwrites random existing keys at a target rate (see {@link ConcurrentRun}).
 * The writer puts each key's own value again, so every lookup has one right answer: it must
 * find its key, with a value of the data set's length whose first bytes are the key's value's.
 * A miss or a wrong value fails the run; nothing is counted as a result.
 */
public final class ReadWhileWriting {

    private ReadWhileWriting() {}

    public static ConcurrentRun.Outcome run(
            Store store, DataSet data, Concurrent shape, String spec, Runnable onThread) {
        int num = data.num();
        int valSize = data.spec().valSize();
        return ConcurrentRun.run(
                store,
                shape,
                () -> new ConcurrentRun.ReadOp() {
                    private final DataSet.Entries entries = data.entries();

                    @Override
                    public long run(Reader reader, SplittableRandom random) {
                        int i = random.nextInt(num);
                        DirectBuffer value = reader.get(entries.key(i));
                        if (value == null) {
                            throw new VerificationException(
                                    spec,
                                    Workload.READ_WHILE_WRITING,
                                    "every key found",
                                    "key #" + i + " missing while the writer wrote");
                        }
                        if (value.capacity() != valSize || !samePrefix(value, entries.value(i))) {
                            throw new VerificationException(
                                    spec,
                                    Workload.READ_WHILE_WRITING,
                                    "key #" + i + "'s " + valSize + "-byte value",
                                    "a " + value.capacity() + "-byte value with other bytes");
                        }
                        return 1;
                    }

                    @Override
                    public void close() {
                        entries.close();
                    }
                },
                data::entries,
                onThread);
    }

    /** Whether the first (up to 8) bytes of both values are equal: a cheap check of the right entry. */
    static boolean samePrefix(DirectBuffer found, DirectBuffer expected) {
        if (expected.capacity() >= Long.BYTES && found.capacity() >= Long.BYTES) {
            return found.getLong(0) == expected.getLong(0);
        }
        int n = Math.min(found.capacity(), expected.capacity());
        for (int b = 0; b < n; b++) {
            if (found.getByte(b) != expected.getByte(b)) {
                return false;
            }
        }
        return found.capacity() == expected.capacity();
    }
}
