package dev.kvbench.store.rocksdb;

import dev.kvbench.store.Cursor;
import dev.kvbench.store.Shape;
import org.agrona.DirectBuffer;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * A RocksIterator over a reader's snapshot. A move that leaves the iterator invalid is
 * remembered, so that no further move reaches an invalid native iterator.
 */
final class RocksDbCursor implements Cursor {

    private final RocksDB db;
    private final ReadOptions seekOptions;
    private final RocksIterator ordered;
    private RocksIterator prefixedIterator;
    private RocksIterator iterator;
    private final DirectScratch key;
    private final DirectScratch value;
    private boolean valid;

    /** @param seekOptions the prefix-mode options for seeks, or null: seeks in total order */
    RocksDbCursor(RocksDB db, Shape shape, ReadOptions orderedOptions, ReadOptions seekOptions) {
        this.db = db;
        this.key = new DirectScratch(shape.keySize());
        this.value = new DirectScratch(shape.valSize());
        this.ordered = db.newIterator(orderedOptions);
        this.seekOptions = seekOptions;
        this.iterator = ordered;
    }

    @Override
    public boolean first() {
        iterator = ordered;
        iterator.seekToFirst();
        return moved();
    }

    @Override
    public boolean last() {
        iterator = ordered;
        iterator.seekToLast();
        return moved();
    }

    @Override
    public boolean next() {
        if (!valid) {
            return false;
        }
        iterator.next();
        return moved();
    }

    @Override
    public boolean prev() {
        if (!valid) {
            return false;
        }
        iterator.prev();
        return moved();
    }

    @Override
    public boolean seek(DirectBuffer key) {
        if (seekOptions != null) {
            if (prefixedIterator == null) {
                prefixedIterator = db.newIterator(seekOptions);
            }
            iterator = prefixedIterator;
        }
        iterator.seek(this.key.copyOf(key));
        return moved();
    }

    /** Whether the iterator stands on an entry; an engine error ends iteration with an exception. */
    private boolean moved() {
        valid = iterator.isValid();
        if (!valid) {
            try {
                iterator.status();
            } catch (RocksDBException e) {
                throw RocksDbStore.failure("iterate", e);
            }
        }
        return valid;
    }

    /** Reading an invalid native iterator is undefined behaviour in RocksDB: refuse it here. */
    private void onEntry() {
        if (!valid) {
            throw new IllegalStateException("rocksdb cursor is not on an entry");
        }
    }

    @Override
    public DirectBuffer key() {
        onEntry();
        int length = iterator.key(key.target());
        if (length > key.capacity()) {
            key.grow(length);
            iterator.key(key.target());
        }
        return key.view(length);
    }

    @Override
    public DirectBuffer value() {
        onEntry();
        int length = iterator.value(value.target());
        if (length > value.capacity()) {
            value.grow(length);
            iterator.value(value.target());
        }
        return value.view(length);
    }

    @Override
    public void close() {
        ordered.close();
        if (prefixedIterator != null) {
            prefixedIterator.close();
        }
    }
}
