package dev.kvbench.suite;

/**
 * What the suite does when the user interrupts it (Ctrl-C) at one stage of a run: a JVM shutdown hook, removed when
 * the stage ends ({@link #close}), so that each stage says in its own words what the interrupt left.
 */
final class ShutdownHook implements AutoCloseable {

    private final Thread thread;

    private ShutdownHook(Thread thread) {
        this.thread = thread;
    }

    /** Runs {@code onInterrupt} in a thread called {@code name} if the JVM shuts down before {@link #close}. */
    static ShutdownHook add(String name, Runnable onInterrupt) {
        Thread thread = new Thread(onInterrupt, name);
        Runtime.getRuntime().addShutdownHook(thread);
        return new ShutdownHook(thread);
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(thread);
        } catch (IllegalStateException e) {
            // already shutting down
        }
    }
}
