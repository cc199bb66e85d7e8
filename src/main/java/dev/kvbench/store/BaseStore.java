package dev.kvbench.store;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * What every store declares alike, held once: a subclass passes its {@link Capability capabilities}
 * to the constructor (decided when it opens, never changed after) and writes only {@link #writer},
 * {@link #reader} and {@link #close}. Nothing here is on a per-entry path.
 */
public abstract class BaseStore implements Store {

    /** What a transactional ordered store declares: an ordered cursor, snapshot reads, atomic commits. */
    protected static final Set<Capability> TRANSACTIONAL =
            Collections.unmodifiableSet(EnumSet.of(Capability.ORDERED, Capability.SNAPSHOT_READS, Capability.ATOMIC_COMMIT));

    private final Set<Capability> capabilities;

    /** A store with {@code capabilities} (none for an unordered store without snapshots or atomic commits). */
    protected BaseStore(Set<Capability> capabilities) {
        EnumSet<Capability> copy = EnumSet.noneOf(Capability.class);
        copy.addAll(capabilities);
        this.capabilities = Collections.unmodifiableSet(copy);
    }

    @Override
    public final Set<Capability> capabilities() {
        return capabilities;
    }
}
