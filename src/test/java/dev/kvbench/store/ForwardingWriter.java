package dev.kvbench.store;

import org.agrona.DirectBuffer;

/** A writer that hands every call to another: test stores override {@link #put} to watch or disturb the puts. */
public class ForwardingWriter implements Writer {

    private final Writer writer;

    public ForwardingWriter(Writer writer) {
        this.writer = writer;
    }

    @Override
    public void put(DirectBuffer key, DirectBuffer value) {
        writer.put(key, value);
    }

    @Override
    public void delete(DirectBuffer key) {
        writer.delete(key);
    }

    @Override
    public void commit() {
        writer.commit();
    }

    @Override
    public void close() {
        writer.close();
    }
}
