package dev.kvbench.store.nullstore;

import dev.kvbench.store.BaseStore;
import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Writer;
import java.util.EnumSet;
import org.agrona.DirectBuffer;

/**
 * A store that keeps nothing: a put returns at once, a get finds nothing, a cursor is empty, the
 * folder stays empty. Timing a workload over it times the harness's own loop: the data set's
 * keys and values handed to the interface, the calls through it, the counting.
 *
 * <p>Its reads find nothing, so the usual verification ("every key found") would fail. It says
 * so by declaring {@link Capability#DISCARDS}, and everything that reads it holds it to that
 * contract rather than skipping it: the conformance suite checks that writes are accepted and
 * every read and cursor finds nothing; a benchmark trial verifies its readKey passes (and the
 * read-back after each write) as "0 of N found"; the cursor workloads are skipped, since over an
 * empty cursor they would time nothing. {@link Capability#ORDERED} is declared because an empty
 * cursor is trivially in order, so the cursor contract is checked too.
 */
final class NullStore extends BaseStore implements Writer, Reader {

    private static final Cursor EMPTY = new EmptyCursor();

    NullStore() {
        super(EnumSet.of(Capability.DISCARDS, Capability.ORDERED));
    }

    /** The store is its own writer and reader: they keep nothing, so every caller may share them. */
    @Override
    public Writer writer(boolean sequential) {
        return this;
    }

    @Override
    public Reader reader() {
        return this;
    }

    @Override
    public void put(DirectBuffer key, DirectBuffer value) {}

    @Override
    public void delete(DirectBuffer key) {}

    @Override
    public void commit() {}

    @Override
    public DirectBuffer get(DirectBuffer key) {
        return null;
    }

    @Override
    public Cursor cursor() {
        return EMPTY;
    }

    /** Closes nothing: not the store, nor its writer or reader (itself). */
    @Override
    public void close() {}

    /** A cursor over nothing: every move finds no entry. */
    private static final class EmptyCursor implements Cursor {

        @Override
        public boolean first() {
            return false;
        }

        @Override
        public boolean last() {
            return false;
        }

        @Override
        public boolean next() {
            return false;
        }

        @Override
        public boolean prev() {
            return false;
        }

        @Override
        public boolean seek(DirectBuffer key) {
            return false;
        }

        @Override
        public DirectBuffer key() {
            throw new IllegalStateException("null: the cursor stands on no entry");
        }

        @Override
        public DirectBuffer value() {
            throw new IllegalStateException("null: the cursor stands on no entry");
        }

        @Override
        public void close() {}
    }
}
