package dev.kvbench.workload;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The untimed diagnosis of a wrong cursor pass ({@link Verifier#explain}): checks that each key is
 * strictly after the previous one, by copying each key
 * (4 or 16 bytes) into a reused buffer and comparing it with the next as unsigned bytes. It
 * remembers only the first break.
 */
final class OrderCheck {

    private final int direction;
    private final UnsafeBuffer previous = new UnsafeBuffer(new byte[64]);
    private final UnsafeBuffer previousView = new UnsafeBuffer(new byte[0]);
    private byte[] storage = new byte[64];
    private boolean first = true;
    private long entry;
    private String disorder;

    /** @param ascending true for a forward pass, false for a reverse pass */
    OrderCheck(boolean ascending) {
        this.direction = ascending ? 1 : -1;
        previous.wrap(storage);
    }

    void next(DirectBuffer key) {
        entry++;
        int length = key.capacity();
        if (!first && disorder == null && Keys.compare(key, previousView) * direction <= 0) {
            disorder = "key " + Keys.describe(key) + " after " + Keys.describe(previousView) + " at entry " + entry;
        }
        first = false;
        if (length > storage.length) {
            storage = new byte[length * 2];
            previous.wrap(storage);
        }
        previous.putBytes(0, key, 0, length);
        previousView.wrap(storage, 0, length);
    }

    /** Null, or the first break of the order. */
    String disorder() {
        return disorder;
    }
}
