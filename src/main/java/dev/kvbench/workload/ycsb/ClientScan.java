package dev.kvbench.workload.ycsb;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import java.util.Arrays;
import java.util.function.LongPredicate;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A client thread's scans, each checked as {@link YcsbWorkload} says: keys in ascending unsigned byte order from the
 * start key, each its own record at a version no newer than written, of a key number inserted so far, and no record
 * skipped that the scan's reader must see. Its buffers are the thread's own, reused scan after scan.
 */
final class ClientScan {

    private final History history;
    private final Records records;
    private final Records scanRecords;
    private final int[] seenVersions;
    private final boolean discards;
    private final UnsafeBuffer previousKey = new UnsafeBuffer(new byte[0]);
    private byte[] previousBytes = new byte[64];
    /** The key numbers a scan returned, in its order. */
    private long[] scanned = new long[16];

    private final LongPredicate mustSee = this::mustSee;
    /** The last write clock tick committed when the scan's reader was opened: it sees every write up to it. */
    private long readerWrites;

    /** {@code records}: the thread's, for the start key; {@code seenVersions}: its versions seen. */
    ClientScan(History history, Records records, int[] seenVersions, boolean discards) {
        this.history = history;
        this.records = records;
        this.scanRecords = new Records(history.properties);
        this.seenVersions = seenVersions;
        this.discards = discards;
    }

    /**
     * Scans {@code length} records from key number {@code k} with {@code reader}, opened when write clock tick
     * {@code readerWrites} was the last committed.
     */
    void scan(Reader reader, long readerWrites, long k, int length) {
        this.readerWrites = readerWrites;
        DirectBuffer start = records.key(k);
        int got = 0;
        try (Cursor cursor = reader.cursor()) {
            boolean on = cursor.seek(start);
            if (on && compare(cursor.key(), start) < 0) {
                throw history.fail("a scan from " + records.keyText(k) + " to start at it or after", "an earlier key");
            }
            previousKey.wrap(previousBytes, 0, 0);
            while (on && got < length) {
                DirectBuffer key = cursor.key();
                long number = checked(key, cursor.value(), got);
                remember(key);
                if (got == scanned.length) {
                    scanned = Arrays.copyOf(scanned, 2 * got);
                }
                scanned[got++] = number;
                on = cursor.next();
            }
        }
        if (discards && got > 0) {
            throw history.fail("nothing from a store that keeps nothing", got + " records from a scan");
        }
        if (history.order
                != null) { // timed, as the checks above: a step per key in the scan's range (KeyOrder.skipped)
            long skipped = history.order.skipped(k, scanned, got, got < length, mustSee);
            if (skipped >= 0) {
                throw history.fail(
                        "a scan of " + length + " from " + records.keyText(k) + " to return "
                                + scanRecords.keyText(skipped) + ", which existed before it began",
                        got + " records without it");
            }
        }
    }

    /** Checks the scan's {@code got}th record, {@code key} and {@code value}; its key number. */
    private long checked(DirectBuffer key, DirectBuffer value, int got) {
        if (got > 0 && compare(key, previousKey) <= 0) {
            throw history.fail("a scan's keys in ascending order", "a key not after the one before it");
        }
        long number = Records.keyNumberOf(value);
        if (number < history.properties.insertStart() || number >= history.inserts.taken()) {
            throw history.fail("a scan to return only inserted records", "a value naming key #" + number);
        }
        if (compare(key, scanRecords.key(number)) != 0) {
            throw history.fail(
                    "a scan's value to be its key's record",
                    "the record of " + scanRecords.keyText(number) + " under another key");
        }
        String problem = scanRecords.problem(number, value);
        int version = Records.versionOf(value);
        if (problem != null || version < seenVersions[(int) number] || version > history.versions.get((int) number)) {
            throw history.fail(
                    scanRecords.keyText(number) + " at a version from " + seenVersions[(int) number] + " to "
                            + history.versions.get((int) number),
                    problem != null ? problem : "version " + version);
        }
        seenVersions[(int) number] = version;
        return number;
    }

    /**
     * Whether a scan with this thread's reader must return key number {@code k} when it lies
     * in its range: its last write was committed before the reader was opened and was no
     * deletion. Read in the reverse of the order a write sets them (tick, version, deletion),
     * so that a write taken since is seen by its tick, which excludes the key, whenever its
     * version or deletion was read.
     */
    private boolean mustSee(long k) {
        int key = (int) k;
        int version = history.versions.get(key);
        int deleted = history.deletions.get(key);
        long at = history.writtenAt.get(key);
        return at > 0 && at <= readerWrites && deleted != version;
    }

    private void remember(DirectBuffer key) {
        if (previousBytes.length < key.capacity()) {
            previousBytes = new byte[key.capacity() * 2];
        }
        key.getBytes(0, previousBytes, 0, key.capacity());
        previousKey.wrap(previousBytes, 0, key.capacity());
    }

    /** Unsigned byte order, as every engine orders keys. */
    static int compare(DirectBuffer a, DirectBuffer b) {
        int n = Math.min(a.capacity(), b.capacity());
        for (int i = 0; i < n; i++) {
            int x = a.getByte(i) & 0xFF;
            int y = b.getByte(i) & 0xFF;
            if (x != y) {
                return x - y;
            }
        }
        return a.capacity() - b.capacity();
    }
}
