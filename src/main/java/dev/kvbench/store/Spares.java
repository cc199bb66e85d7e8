package dev.kvbench.store;

import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What a store's readers use besides the engine's own reader (the off-heap copy of a heap key, a buffer for the value),
 * kept by the store from one reader to the next, so that opening a reader allocates none of it: dirWalk opens a reader
 * per walk, and a direct buffer per reader left hundreds of thousands of them and their Cleaners to the GC, whose pauses
 * then weighed on that engine's walks alone. A reader takes a spare when it opens and gives it back when it closes;
 * readers open at the same time each have their own.
 *
 * @param <T> what a reader uses
 */
public final class Spares<T> {

    private final ConcurrentLinkedDeque<T> idle = new ConcurrentLinkedDeque<>();
    private final Supplier<T> create;

    /** @param create makes a new one when none is idle */
    public Spares(Supplier<T> create) {
        this.create = create;
    }

    /** An idle one, or a new one. */
    public T take() {
        T spare = idle.poll();
        return spare != null ? spare : create.get();
    }

    /** Gives {@code spare} back for the next reader. */
    public void give(T spare) {
        idle.push(spare);
    }

    /** Frees every idle one with {@code free}, at the store's close (every reader is closed by then). */
    public void freeAll(Consumer<T> free) {
        for (T spare; (spare = idle.poll()) != null; ) {
            free.accept(spare);
        }
    }
}
