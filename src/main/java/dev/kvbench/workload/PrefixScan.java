package dev.kvbench.workload;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import org.agrona.DirectBuffer;

/**
 * prefixScan (the RocksDB in-memory benchmark's second test): reader threads each seek to a
 * random existing prefix of a {@link PrefixData} store and iterate while keys start with it,
 * for a fixed time, alone or while the rate-limited writer overwrites random entries with their
 * own values (see {@link ConcurrentRun}). Every scan is verified as it goes: it must return
 * exactly that prefix's keys, suffixes 0, 1, 2... in order, each with its own value's length
 * and entry number, and then leave the prefix. A wrong scan fails the run.
 */
public final class PrefixScan {

    private PrefixScan() {}

    public static ConcurrentRun.Outcome run(
            Store store, PrefixData data, Concurrent shape, String spec, Runnable onThread) {
        int prefixes = data.prefixes();
        return ConcurrentRun.run(
                store,
                shape,
                () -> new ConcurrentRun.ReadOp() {
                    private final PrefixData.View view = data.view();

                    @Override
                    public long run(Reader reader, SplittableRandom random) {
                        int p = random.nextInt(prefixes);
                        return scan(reader, view, p, data.keysUnder(p), spec);
                    }

                    @Override
                    public void close() {
                        view.close();
                    }
                },
                data::view,
                onThread);
    }

    /** One verified scan of prefix {@code p}, which holds {@code expected} keys; returns the keys seen. */
    static long scan(Reader reader, PrefixData.View view, int p, int expected, String spec) {
        DirectBuffer prefix = view.prefix(p);
        long first = (long) p * view.keysPerPrefix();
        int seen = 0;
        try (Cursor cursor = reader.cursor()) {
            for (boolean on = cursor.seek(prefix); on && startsWith(cursor.key(), prefix); on = cursor.next()) {
                DirectBuffer key = cursor.key();
                DirectBuffer value = cursor.value();
                if (seen == expected
                        || key.capacity() != PrefixData.KEY_SIZE
                        || key.getLong(PrefixData.PREFIX_SIZE, ByteOrder.BIG_ENDIAN) != seen
                        || value.capacity() != view.valSize()
                        || view.entryOf(value) != first + seen) {
                    throw wrong(spec, p, expected, "a wrong or extra key or value at key " + seen + " of the scan");
                }
                seen++;
            }
        }
        if (seen != expected) {
            throw wrong(spec, p, expected, seen + " keys");
        }
        return seen;
    }

    private static VerificationException wrong(String spec, int p, int expected, String found) {
        return new VerificationException(
                spec, Workload.PREFIX_SCAN, "prefix #" + p + "'s " + expected + " keys in suffix order", found);
    }

    static boolean startsWith(DirectBuffer key, DirectBuffer prefix) {
        int n = prefix.capacity();
        if (key.capacity() < n) {
            return false;
        }
        return key.getLong(0) == prefix.getLong(0) && key.getInt(8) == prefix.getInt(8);
    }
}
