package dev.kvbench.workload;

/** The first failure of a run's worker threads, thrown again in the thread that ran them. */
public final class ThreadFailure {

    private ThreadFailure() {}

    /** Throws {@code first} as it is when unchecked, else wrapped in an {@link IllegalStateException}; nothing when null. */
    public static void rethrow(Throwable first) {
        if (first instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (first instanceof Error error) {
            throw error;
        }
        if (first != null) {
            throw new IllegalStateException(first);
        }
    }
}
