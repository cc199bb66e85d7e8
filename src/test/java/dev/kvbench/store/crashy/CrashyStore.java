package dev.kvbench.store.crashy;

import dev.kvbench.store.ForwardingStore;
import dev.kvbench.store.ForwardingWriter;
import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import java.lang.reflect.Field;
import java.util.concurrent.locks.LockSupport;
import org.agrona.DirectBuffer;

/** A store whose writer crashes or hangs its JVM at one put; everything else is the wrapped store's. */
final class CrashyStore extends ForwardingStore {

    private final String fault;
    private final long after;
    private long puts;

    CrashyStore(Store store, String fault, long after) {
        super(store);
        this.fault = fault;
        this.after = after;
    }

    @Override
    public Writer writer(boolean sequential) {
        return new ForwardingWriter(super.writer(sequential)) {
            @Override
            public void put(DirectBuffer key, DirectBuffer value) {
                if (++puts == after) {
                    fire(fault);
                }
                super.put(key, value);
            }
        };
    }

    /** Crashes the JVM ({@code segv}) or parks the calling thread forever ({@code hang}). */
    static void fire(String fault) {
        if (fault.equals("segv")) {
            segfault();
        }
        while (true) {
            LockSupport.park(); // hang: interrupts and JMH's timeout wake it, and it parks again
        }
    }

    /** Writes to address 0 through sun.misc.Unsafe, found by reflection: javac warns on every named use of it. */
    private static void segfault() {
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field field = unsafeClass.getDeclaredField("theUnsafe");
            field.setAccessible(true);
            unsafeClass.getMethod("putLong", long.class, long.class).invoke(field.get(null), 0L, 42L);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no sun.misc.Unsafe to crash with", e);
        }
    }
}
