package dev.kvbench.store;

import java.nio.file.Path;
import java.util.Map;

/**
 * An engine adapter's entry point, found through {@link java.util.ServiceLoader}: registering
 * an engine in {@code META-INF/services/dev.kvbench.store.Engine} is what makes it benchmarked
 * and tested.
 */
public interface Engine {

    /** The spec name: lowercase, fixed, used by scripts and charts. */
    String name();

    /** The name charts and reports print, e.g. {@code "LMDB DB"}. */
    String label();

    /**
     * Every option this engine accepts, with its default value, in the order to document them.
     * An option not listed here is rejected.
     */
    Map<String, String> options();

    /** The library version, as recorded in {@code env.txt} and the report. */
    String libraryVersion();

    /**
     * Opens (creating when empty) a store in {@code dir}, which exists.
     *
     * @param options the spec's options, already checked against {@link #options()}
     */
    Store open(Path dir, Shape shape, Options options);
}
