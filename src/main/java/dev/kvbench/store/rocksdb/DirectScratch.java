package dev.kvbench.store.rocksdb;

import java.nio.ByteBuffer;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A direct buffer reused for every key or value crossing JNI, grown when an entry does not
 * fit, with one {@link UnsafeBuffer} view handed back to callers.
 */
final class DirectScratch {

    private ByteBuffer bytes;
    private final UnsafeBuffer writable = new UnsafeBuffer();
    private final UnsafeBuffer view = new UnsafeBuffer();

    DirectScratch(int initialCapacity) {
        grow(Math.max(initialCapacity, 16));
    }

    int capacity() {
        return bytes.capacity();
    }

    void grow(int capacity) {
        bytes = ByteBuffer.allocateDirect(bytes == null ? capacity : Math.max(capacity, 2 * bytes.capacity()));
        writable.wrap(bytes);
    }

    /** Copies {@code source} into this buffer and returns it, positioned over the copy. */
    ByteBuffer copyOf(DirectBuffer source) {
        int length = source.capacity();
        if (length > capacity()) {
            grow(length);
        }
        writable.putBytes(0, source, 0, length);
        bytes.limit(length).position(0);
        return bytes;
    }

    /** The whole buffer, for RocksDB to copy into. */
    ByteBuffer target() {
        bytes.clear();
        return bytes;
    }

    DirectBuffer view(int length) {
        view.wrap(bytes, 0, length);
        return view;
    }
}
