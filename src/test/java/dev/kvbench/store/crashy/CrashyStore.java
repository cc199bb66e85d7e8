package dev.kvbench.store.crashy;

import java.lang.reflect.Field;
import java.util.concurrent.locks.LockSupport;

import dev.kvbench.store.Store;
import dev.kvbench.store.ForwardingStore;
import dev.kvbench.store.ForwardingWriter;
import dev.kvbench.store.Writer;
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
            unsafe().putLong(0L, 42L);
        }
        while (true) {
            LockSupport.park(); // hang: interrupts and JMH's timeout wake it, and it parks again
        }
    }

    private static sun.misc.Unsafe unsafe() {
        try {
            Field field = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            field.setAccessible(true);
            return (sun.misc.Unsafe) field.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no sun.misc.Unsafe to crash with", e);
        }
    }
}
