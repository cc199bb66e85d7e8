package dev.kvbench.store;

import org.agrona.DirectBuffer;

/** A cursor that hands every call to another: test stores override the moves they disturb. */
public class ForwardingCursor implements Cursor {

    protected final Cursor cursor;

    public ForwardingCursor(Cursor cursor) {
        this.cursor = cursor;
    }

    @Override
    public boolean first() {
        return cursor.first();
    }

    @Override
    public boolean last() {
        return cursor.last();
    }

    @Override
    public boolean next() {
        return cursor.next();
    }

    @Override
    public boolean prev() {
        return cursor.prev();
    }

    @Override
    public boolean seek(DirectBuffer key) {
        return cursor.seek(key);
    }

    @Override
    public DirectBuffer key() {
        return cursor.key();
    }

    @Override
    public DirectBuffer value() {
        return cursor.value();
    }

    @Override
    public long foldKey(long h) {
        return cursor.foldKey(h);
    }

    @Override
    public int valueLength() {
        return cursor.valueLength();
    }

    @Override
    public void close() {
        cursor.close();
    }
}
