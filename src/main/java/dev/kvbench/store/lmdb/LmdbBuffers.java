package dev.kvbench.store.lmdb;

import dev.kvbench.store.OffHeapCopy;
import java.nio.ByteBuffer;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.BufferProxy;
import org.lmdbjava.ByteBufferProxy;
import org.lmdbjava.DirectBufferProxy;

/**
 * The one thing that varies between the LMDB specs: which lmdbjava buffer type carries keys and
 * values, and how a kvbench {@link DirectBuffer} becomes one and back.
 */
interface LmdbBuffers<T> {

    BufferProxy<T> proxy();

    /** A reusable input: turns a caller's buffer into one LMDB can read. */
    Slot<T> slot();

    /** A reusable output: presents LMDB's buffer as a {@link DirectBuffer} view. */
    View<T> view();

    /**
     * LMDB's buffer over {@code word}, an {@link UnsafeBuffer} over a whole direct
     * {@code ByteBuffer}: what a key written into {@code word} is handed to LMDB as, with no copy
     * per call.
     */
    T over(UnsafeBuffer word);

    /**
     * Whether LMDB's buffers are {@link DirectBuffer}s themselves, so that {@link #view()} is the
     * identity and a reader can hand them out without the call (a lookup's hot path).
     */
    boolean zeroCopy();

    interface Slot<T> {
        T in(DirectBuffer buffer);
    }

    interface View<T> {
        DirectBuffer of(T buffer);
    }

    /**
     * LMDB's {@code buffer} as a {@link DirectBuffer}: itself when the buffers are zero-copy
     * ({@link #zeroCopy()}), else {@code view}'s view of it. Hot paths test the flag they keep in a
     * field rather than call the identity view.
     */
    @SuppressWarnings("unchecked")
    static <T> DirectBuffer out(boolean zeroCopy, View<T> view, T buffer) {
        return zeroCopy ? (DirectBuffer) buffer : view.of(buffer);
    }

    /** Agrona buffers, {@code PROXY_DB}: the benchmark's own off-heap buffers go straight in. */
    static LmdbBuffers<DirectBuffer> agrona() {
        return new LmdbBuffers<>() {
            @Override
            public BufferProxy<DirectBuffer> proxy() {
                return DirectBufferProxy.PROXY_DB;
            }

            @Override
            public Slot<DirectBuffer> slot() {
                // lmdbjava reads the buffer's raw address: a heap array would crash the JVM
                // (SIGSEGV in mdb_put), so heap-backed input is copied off-heap.
                return new OffHeapCopy()::of;
            }

            @Override
            public View<DirectBuffer> view() {
                return buffer -> buffer;
            }

            @Override
            public DirectBuffer over(UnsafeBuffer word) {
                return word;
            }

            @Override
            public boolean zeroCopy() {
                return true;
            }
        };
    }

    /** {@code ByteBuffer}s: {@code PROXY_OPTIMAL} (Unsafe) or {@code PROXY_SAFE} (forceSafe). */
    static LmdbBuffers<ByteBuffer> byteBuffers(boolean forceSafe) {
        BufferProxy<ByteBuffer> proxy = forceSafe ? ByteBufferProxy.PROXY_SAFE : ByteBufferProxy.PROXY_OPTIMAL;
        return new LmdbBuffers<>() {
            @Override
            public BufferProxy<ByteBuffer> proxy() {
                return proxy;
            }

            @Override
            public Slot<ByteBuffer> slot() {
                return new Slot<>() {
                    private ByteBuffer direct;

                    @Override
                    public ByteBuffer in(DirectBuffer buffer) {
                        int length = buffer.capacity();
                        direct = OffHeapCopy.fit(direct, length);
                        direct.clear();
                        buffer.getBytes(0, direct, 0, length);
                        direct.limit(length);
                        return direct;
                    }
                };
            }

            @Override
            public View<ByteBuffer> view() {
                UnsafeBuffer view = new UnsafeBuffer(0, 0);
                return buffer -> {
                    view.wrap(buffer, buffer.position(), buffer.remaining());
                    return view;
                };
            }

            @Override
            public ByteBuffer over(UnsafeBuffer word) {
                return word.byteBuffer();
            }

            @Override
            public boolean zeroCopy() {
                return false;
            }
        };
    }
}
