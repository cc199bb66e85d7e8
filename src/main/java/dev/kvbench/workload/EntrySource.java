package dev.kvbench.workload;

import org.agrona.DirectBuffer;

/**
 * Entries by index, for one thread: the writer of a concurrent run overwrites entry {@code i}
 * with {@code key(i)}, {@code value(i)}. Buffers are views valid until the next call.
 */
public interface EntrySource extends AutoCloseable {

    int size();

    DirectBuffer key(int i);

    DirectBuffer value(int i);

    @Override
    void close();
}
