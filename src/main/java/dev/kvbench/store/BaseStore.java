package dev.kvbench.store;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What every store declares alike, held once: a subclass passes its {@link Capability capabilities}
 * to the constructor (decided when it opens, never changed after), names the classes of its writer
 * and reader once, in its constructor ({@link #opens}), and writes only {@link #close}. A store whose
 * writer or reader is made another way overrides {@link #writer} or {@link #reader} instead. Nothing
 * here is on a per-entry path: a writer is opened once per pass, a reader once per pass and thread.
 */
public abstract class BaseStore implements Store {

    /** What a transactional ordered store declares: an ordered cursor, snapshot reads, atomic commits. */
    protected static final Set<Capability> TRANSACTIONAL = Collections.unmodifiableSet(
            EnumSet.of(Capability.ORDERED, Capability.SNAPSHOT_READS, Capability.ATOMIC_COMMIT));

    /** Opens a store's writer; {@code sequential} is the append hint of {@link Store#writer}. */
    @FunctionalInterface
    protected interface WriterOpener {
        Writer open(boolean sequential);
    }

    private final Set<Capability> capabilities;
    private WriterOpener writers;
    private Supplier<Reader> readers;

    /** A store with {@code capabilities} (none for an unordered store without snapshots or atomic commits). */
    protected BaseStore(Set<Capability> capabilities) {
        EnumSet<Capability> copy = EnumSet.noneOf(Capability.class);
        copy.addAll(capabilities);
        this.capabilities = Collections.unmodifiableSet(copy);
    }

    /**
     * Names how this store opens its writer and its readers ({@code sequential -> new XWriter()},
     * {@code XReader::new}); called once, from the subclass's constructor.
     */
    protected final void opens(WriterOpener writers, Supplier<Reader> readers) {
        this.writers = writers;
        this.readers = readers;
    }

    @Override
    public final Set<Capability> capabilities() {
        return capabilities;
    }

    @Override
    public Writer writer(boolean sequential) {
        if (writers == null) {
            throw new IllegalStateException(
                    getClass().getSimpleName() + " names no writer: call opens(...) in its constructor");
        }
        return writers.open(sequential);
    }

    @Override
    public Reader reader() {
        if (readers == null) {
            throw new IllegalStateException(
                    getClass().getSimpleName() + " names no reader: call opens(...) in its constructor");
        }
        return readers.get();
    }
}
