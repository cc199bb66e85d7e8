package dev.kvbench.workload.kv;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.IntKeyLookup;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.Checksums;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.Expected;
import dev.kvbench.workload.Keys;
import dev.kvbench.workload.Pass;
import dev.kvbench.workload.PassCheck;
import dev.kvbench.workload.Workload;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The operations of one turn of a 2016 read pass in turns of {@code turnOps} operations ({@link KvTurns}), which
 * depend on the data set, the workload and the turn's number alone, never on the engine: every engine's turn of one
 * number runs the same operations.
 *
 * <ul>
 *   <li>readKey: {@code ops} gets of keys drawn at random (with repeats) from the data set by a generator seeded with
 *       the turn's number; each must be found with its value;
 *   <li>readSeq, readCrc, readXxh64: a cursor's {@code ops} entries forward from a start drawn likewise among the
 *       starts whose range fits before the data set's end (clamped: a range never wraps, so it is one seek and
 *       {@code ops - 1} steps on every engine); readRev: the same range backward from its last key.
 * </ul>
 *
 * A range's count, value bytes and fold (key fold, CRC32 or XXH64) come from the generator ({@link
 * DataSet#expectedOf}), so a range is checked as a whole pass is, in {@link KvChecks}' words.
 */
final class TurnOps {

    /** Mixed with a turn's number into the seed of its keys or its start. */
    private static final long SEED = DataSet.SEED ^ 0x9E37_79B9_7F4A_7C15L;

    private final DataSet data;
    private final Workload workload;
    private final int ops;
    /** The data set's keys in ascending order, for the ranges; null for readKey. */
    private final int[] sorted;
    /** A range's first key (its last, backward), off-heap as an engine may need it, written before each turn. */
    private final UnsafeBuffer from;

    TurnOps(DataSet data, Workload workload, int ops) {
        if (ops < 1 || ops > data.num()) {
            throw new IllegalArgumentException(KvTurns.NAME + "=" + ops + ": " + KvTurns.allowed(data.num()));
        }
        this.data = data;
        this.workload = workload;
        this.ops = ops;
        this.sorted = workload == Workload.READ_KEY ? null : data.sortedKeys();
        this.from = new UnsafeBuffer(ByteBuffer.allocateDirect(data.spec().keySize()));
    }

    int ops() {
        return ops;
    }

    /** The seeded generator of turn {@code number}: the same in every JVM for the same number. */
    private static SplittableRandom random(long number) {
        return new SplittableRandom(SEED ^ number);
    }

    /** readKey's turn {@code number}: the indexes, in write order, of the keys it gets. */
    int[] keyIndexes(long number) {
        return random(number).ints(ops, 0, data.num()).toArray();
    }

    /** A range's turn {@code number}: the index, in ascending key order, of its first entry. */
    int start(long number) {
        return random(number).nextInt(data.num() - ops + 1);
    }

    /** What a correct store gives back for turn {@code number} (nothing, from a store that keeps nothing). */
    PassCheck expect(long number, Store store) {
        Expected expected;
        if (store.has(Capability.DISCARDS)) { // the null store: readKey only, which finds nothing
            expected = Expected.nothing();
        } else if (workload == Workload.READ_KEY) {
            expected = new Expected(ops, (long) ops * data.spec().valSize(), 0, 0, 0, 0);
        } else {
            expected = data.expectedOf(sorted, start(number), ops);
        }
        return KvChecks.of(workload, expected);
    }

    /** Turn {@code number}'s operations, their keys or start chosen before they run (untimed). */
    Trial.Operation operation(long number) {
        if (workload == Workload.READ_KEY) {
            int[] indexes = keyIndexes(number);
            return (store, set) -> gets(store, indexes);
        }
        int start = start(number);
        boolean reverse = workload == Workload.READ_REV;
        Keys.encode(sorted[reverse ? start + ops - 1 : start], data.spec().intKey(), from, 0);
        return (store, set) -> range(store, from, reverse);
    }

    /** The gets of the keys at {@code indexes}, counting those found and their values' bytes, as readKey does. */
    private Pass gets(Store store, int[] indexes) {
        long found = 0;
        long valueBytes = 0;
        try (DataSet.Entries entries = data.entries();
                Reader reader = store.reader()) {
            IntKeyLookup ints = data.spec().intKey() ? reader.intKeys() : null;
            for (int i : indexes) {
                DirectBuffer value = ints != null ? ints.get(entries.intKey(i)) : reader.get(entries.key(i));
                if (value != null) {
                    found++;
                    valueBytes += value.capacity();
                }
            }
        }
        return new Pass(found, valueBytes, 0);
    }

    /** A cursor's {@code ops} entries from {@code from}, forward or backward, folded as the workload's pass folds. */
    private Pass range(Store store, DirectBuffer from, boolean reverse) {
        long count = 0;
        long valueBytes = 0;
        long fold = workload == Workload.READ_XXH64 ? Checksums.XXH64_START : KeyFold.START;
        Checksums.Crc crc = workload == Workload.READ_CRC ? new Checksums.Crc() : null;
        try (Reader reader = store.reader();
                Cursor cursor = reader.cursor()) {
            for (boolean on = cursor.seek(from); on && count < ops; on = reverse ? cursor.prev() : cursor.next()) {
                count++;
                if (crc != null) {
                    crc.update(cursor.key());
                    DirectBuffer value = cursor.value();
                    crc.update(value);
                    valueBytes += value.capacity();
                } else if (workload == Workload.READ_XXH64) {
                    fold = Checksums.xxh64(fold, cursor.key());
                    DirectBuffer value = cursor.value();
                    fold = Checksums.xxh64(fold, value);
                    valueBytes += value.capacity();
                } else {
                    fold = cursor.foldKey(fold);
                    valueBytes += cursor.valueLength();
                }
            }
        }
        return new Pass(count, valueBytes, crc != null ? crc.value() : fold);
    }
}
