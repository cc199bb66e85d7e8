package dev.kvbench.workload;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.ForwardingCursor;
import dev.kvbench.store.ForwardingStore;
import dev.kvbench.store.ForwardingWriter;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A deliberately wrong store for tests: wraps a real one and either loses one entry on the way
 * in, or swaps two neighbouring entries on the way out of a forward cursor, or has its cursors
 * skip entries, so the benchmark's verification must catch it.
 */
public final class FaultyStore extends ForwardingStore {

    /** What goes wrong. */
    public enum Fault {
        /** The writer silently drops its {@code at}-th put. */
        DROP,
        /** A forward cursor returns its {@code at}-th and next entries in swapped order. */
        REORDER,
        /** Every {@code at}-th move to the next entry, counted over all cursors, skips one entry. */
        SKIP
    }

    private final Fault fault;
    private final int at;
    private final AtomicLong moves = new AtomicLong();
    private final Set<String> skipped = ConcurrentHashMap.newKeySet();

    public FaultyStore(Store store, Fault fault, int at) {
        super(store);
        this.fault = fault;
        this.at = at;
    }

    @Override
    public Writer writer(boolean sequential) {
        Writer writer = store.writer(sequential);
        if (fault != Fault.DROP) {
            return writer;
        }
        return new ForwardingWriter(writer) {
            private int puts;

            @Override
            public void put(DirectBuffer key, DirectBuffer value) {
                if (puts++ != at) {
                    super.put(key, value);
                }
            }
        };
    }

    /** The keys the cursors skipped (fault {@link Fault#SKIP}), as ASCII text. */
    public Set<String> skipped() {
        return skipped;
    }

    @Override
    public Reader reader() {
        Reader reader = store.reader();
        if (fault == Fault.DROP) {
            return reader;
        }
        return new Reader() {
            @Override
            public DirectBuffer get(DirectBuffer key) {
                return reader.get(key);
            }

            @Override
            public Cursor cursor() {
                return fault == Fault.REORDER
                        ? new SwappingCursor(reader.cursor(), store, at)
                        : new SkippingCursor(reader.cursor());
            }

            @Override
            public void close() {
                reader.close();
            }
        };
    }

    /** Skips the entry it would stand on at every {@code at}-th move to the next one, counted over all cursors. */
    private final class SkippingCursor extends ForwardingCursor {

        SkippingCursor(Cursor cursor) {
            super(cursor);
        }

        @Override
        public boolean next() {
            boolean on = cursor.next();
            if (on && moves.incrementAndGet() % at == 0) {
                skipped.add(
                        cursor.key().getStringWithoutLengthAscii(0, cursor.key().capacity()));
                on = cursor.next();
            }
            return on;
        }
    }

    /** Counts entries as it moves; at entries {@code at} and {@code at + 1} returns the other's entry. */
    private static final class SwappingCursor implements Cursor {
        private final Cursor cursor;
        private final Store store;
        private final int at;
        private final UnsafeBuffer key = new UnsafeBuffer(new byte[0]);
        private final UnsafeBuffer value = new UnsafeBuffer(new byte[0]);
        private int index = -1;

        SwappingCursor(Cursor cursor, Store store, int at) {
            this.cursor = cursor;
            this.store = store;
            this.at = at;
        }

        private boolean moved(boolean on, int newIndex) {
            index = newIndex;
            if (on && (index == at || index == at + 1)) {
                neighbour();
            }
            return on;
        }

        /** Copies the neighbour's entry, read through a second reader so this cursor stays put. */
        private void neighbour() {
            UnsafeBuffer here =
                    new UnsafeBuffer(ByteBuffer.allocateDirect(cursor.key().capacity()));
            here.putBytes(0, cursor.key(), 0, cursor.key().capacity());
            try (Reader other = store.reader();
                    Cursor peek = other.cursor()) {
                peek.seek(here);
                if (index == at ? peek.next() : peek.prev()) {
                    key.wrap(copy(peek.key()));
                    value.wrap(copy(peek.value()));
                }
            }
        }

        private static byte[] copy(DirectBuffer buffer) {
            byte[] bytes = new byte[buffer.capacity()];
            buffer.getBytes(0, bytes);
            return bytes;
        }

        private boolean swapped() {
            return index == at || index == at + 1;
        }

        @Override
        public boolean first() {
            return moved(cursor.first(), 0);
        }

        @Override
        public boolean last() {
            return moved(cursor.last(), Integer.MIN_VALUE);
        }

        @Override
        public boolean next() {
            return moved(cursor.next(), index + 1);
        }

        @Override
        public boolean prev() {
            return moved(cursor.prev(), index - 1);
        }

        @Override
        public boolean seek(DirectBuffer key) {
            return moved(cursor.seek(key), Integer.MIN_VALUE);
        }

        @Override
        public DirectBuffer key() {
            return swapped() ? key : cursor.key();
        }

        @Override
        public DirectBuffer value() {
            return swapped() ? value : cursor.value();
        }

        @Override
        public void close() {
            cursor.close();
        }
    }
}
