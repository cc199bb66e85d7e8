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

    @Override
    void close();
}
