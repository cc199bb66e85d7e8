package dev.kvbench.store;

import java.nio.ByteBuffer;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A reusable input for native bindings that read a buffer's raw address (lmdbjava's Agrona
 * proxy, LWJGL, lmdbjni): an off-heap buffer goes in as it is; a heap-backed one, whose address
 * is only an offset into a movable array (handing it over would crash the JVM in native code),
 * is copied into one direct buffer kept for reuse, allocated at the first copy and grown when too
 * small. One per writer, reader or cursor; not thread-safe.
 */
public final class OffHeapCopy {

    private final UnsafeBuffer offHeap = new UnsafeBuffer(0, 0);
    private ByteBuffer memory;

    /** {@code buffer} itself when it is off-heap, else a view of its copy valid until the next call. */
    public DirectBuffer of(DirectBuffer buffer) {
        if (buffer.byteArray() == null) {
            return buffer;
        }
        int length = buffer.capacity();
        memory = fit(memory, length);
        offHeap.wrap(memory, 0, length);
        offHeap.putBytes(0, buffer, 0, length);
        return offHeap;
    }

    /** {@code buffer} when it holds {@code length} bytes, else (or when null) a new direct buffer with room to grow. */
    public static ByteBuffer fit(ByteBuffer buffer, int length) {
        return buffer != null && buffer.capacity() >= length
                ? buffer
                : ByteBuffer.allocateDirect(Math.max(64, Integer.highestOneBit(length) << 1));
    }
}
