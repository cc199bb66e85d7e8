package dev.kvbench.store;

import java.util.Set;

/**
 * A store that hands every call to another: test stores override what they watch or disturb (with
 * {@link ForwardingWriter} for the puts), and take the rest as it is.
 */
public class ForwardingStore implements Store {

    protected final Store store;

    public ForwardingStore(Store store) {
        this.store = store;
    }

    @Override
    public Set<Capability> capabilities() {
        return store.capabilities();
    }

    @Override
    public Writer writer(boolean sequential) {
        return store.writer(sequential);
    }

    @Override
    public Reader reader() {
        return store.reader();
    }

    @Override
    public void close() {
        store.close();
    }
}
