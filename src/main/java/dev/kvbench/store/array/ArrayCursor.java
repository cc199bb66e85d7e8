package dev.kvbench.store.array;

import dev.kvbench.store.Cursor;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/** An index into the array a reader opened on, with views of the entry it stands on. */
final class ArrayCursor implements Cursor {

    private final EntryArray sorted;
    private final UnsafeBuffer key = new UnsafeBuffer(0, 0);
    private final UnsafeBuffer value = new UnsafeBuffer(0, 0);
    private int at = -1;

    ArrayCursor(EntryArray sorted) {
        this.sorted = sorted;
    }

    @Override
    public boolean first() {
        return moveTo(0);
    }

    @Override
    public boolean last() {
        return moveTo(sorted.count - 1);
    }

    @Override
    public boolean next() {
        return at >= 0 && moveTo(at + 1);
    }

    @Override
    public boolean prev() {
        return at >= 0 && moveTo(at - 1);
    }

    @Override
    public boolean seek(DirectBuffer wanted) {
        return moveTo(sorted.lowerBound(wanted));
    }

    @Override
    public DirectBuffer key() {
        key.wrap(sorted.memory, sorted.keyAt(at), sorted.keyLength(at));
        return key;
    }

    @Override
    public DirectBuffer value() {
        value.wrap(sorted.memory, sorted.valueAt(at), sorted.valueLength(at));
        return value;
    }

    @Override
    public void close() {}

    private boolean moveTo(int i) {
        at = i >= 0 && i < sorted.count ? i : -1;
        return at >= 0;
    }
}
