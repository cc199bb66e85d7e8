package dev.kvbench.measure;

import java.lang.management.ManagementFactory;
import jnr.ffi.LibraryLoader;
import jnr.ffi.annotations.Out;

/**
 * The process's CPU time, including threads that have ended: {@code clock_gettime(
 * CLOCK_PROCESS_CPUTIME_ID)} through jnr-ffi (on the class path for lmdbjava), exact to the
 * nanosecond. Without it, the JVM's figure, which on Linux comes in 10 ms clock ticks.
 */
final class ProcessClock {

    private static final int CLOCK_PROCESS_CPUTIME_ID = 2;
    private static final LibC LIBC = load();

    /** The one libc function this needs. */
    public interface LibC {
        int clock_gettime(int clockId, @Out long[] timespec);
    }

    private ProcessClock() {}

    /** CPU nanoseconds used by the whole process so far. */
    static long nanos() {
        if (LIBC != null) {
            long[] timespec = new long[2];
            if (LIBC.clock_gettime(CLOCK_PROCESS_CPUTIME_ID, timespec) == 0) {
                return timespec[0] * 1_000_000_000L + timespec[1];
            }
        }
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long nanos = os.getProcessCpuTime();
            if (nanos >= 0) {
                return nanos;
            }
        }
        return Proc.statCpuNanos(Proc.read(Proc.SELF.resolve("stat")));
    }

    private static LibC load() {
        try {
            LibC libc = LibraryLoader.create(LibC.class).load("c");
            // jnr-ffi binds lazily and reports a missing piece only at the first call: make it now.
            return libc.clock_gettime(CLOCK_PROCESS_CPUTIME_ID, new long[2]) == 0 ? libc : null;
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }
}
