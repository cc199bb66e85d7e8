package dev.kvbench.store;

import org.agrona.DirectBuffer;

/**
 * An ordered cursor. Each move returns whether the cursor now stands on an entry; when it
 * returns false the position is undefined until the next successful move. {@link #key()} and
 * {@link #value()} are views valid until the next call on this cursor.
 */
public interface Cursor extends AutoCloseable {

    boolean first();

    boolean last();

    boolean next();

    boolean prev();

    /** Moves to the first entry whose key is greater than or equal to {@code key}. */
    boolean seek(DirectBuffer key);

    DirectBuffer key();

    DirectBuffer value();

    /**
     * Folds the key the cursor stands on into a cursor pass's {@link KeyFold key fold}: {@code
     * KeyFold.fold(h, key())}. An adapter that holds keys in another form may fold its own form
     * instead, to spare translating each key back, as long as the result is the same for every
     * key (the conformance suite checks it on every engine); readSeq and readRev call this.
     */
    default long foldKey(long h) {
        return KeyFold.fold(h, key());
    }

    /**
     * The length of the value the cursor stands on: {@code value().capacity()}. An adapter that
     * holds the value in another form may answer from it, sparing the view; readSeq and readRev,
     * which consume values by their lengths, call this.
     */
    default int valueLength() {
        return value().capacity();
    }

    @Override
    void close();
}
