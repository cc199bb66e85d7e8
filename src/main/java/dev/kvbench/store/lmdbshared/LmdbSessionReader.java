package dev.kvbench.store.lmdbshared;

import dev.kvbench.store.IntKeyLookup;
import dev.kvbench.store.Reader;

/**
 * What every LMDB binding's reader does alike around its lookups: it holds one read session
 * ({@link LmdbReadSessions}) for its life, offers int-key lookups exactly when the database has
 * integer keys, and at its first close hands the session back for the next reader. A subclass
 * writes its lookups and its cursor; nothing here is on a per-entry path.
 *
 * @param <T> the binding's read transaction
 * @param <C> the binding's cursor
 */
public abstract class LmdbSessionReader<T, C> implements Reader, IntKeyLookup {

    protected final LmdbReadSessions<T, C>.Session session;
    private final boolean integerKeys;
    private boolean closed;

    protected LmdbSessionReader(LmdbReadSessions<T, C>.Session session, boolean integerKeys) {
        this.session = session;
        this.integerKeys = integerKeys;
    }

    /** Int keys go straight into LMDB's native-order key word with integer keys. */
    @Override
    public final IntKeyLookup intKeys() {
        return integerKeys ? this : null;
    }

    @Override
    public final void close() {
        if (!closed) {
            closed = true;
            session.release();
        }
    }
}
