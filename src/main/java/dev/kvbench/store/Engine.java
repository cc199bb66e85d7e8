package dev.kvbench.store;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An engine adapter's entry point, found through {@link java.util.ServiceLoader}: registering
 * an engine in {@code META-INF/services/dev.kvbench.store.Engine} is what makes it benchmarked,
 * tested and charted. Everything the rest of kvbench knows about an engine it learns here;
 * {@link BaseEngine} holds what every engine declares.
 */
public interface Engine {

    /** The spec name: lowercase, fixed, used by scripts and charts. */
    String name();

    /** The name charts and reports print, e.g. {@code "LMDB DB"}. */
    String label();

    /** The engine's colour in every chart, as {@code 0xRRGGBB}. */
    int colour();

    /**
     * True for a limit row ({@code array}, {@code heap}, {@code null}): a reference drawn in
     * every time and storage chart (grey, hatched), never ranked against the engines.
     */
    default boolean isReference() {
        return false;
    }

    /**
     * The engine this one is another way to reach from Java, when it is one: the spec name of the
     * registered engine whose storage engine it runs through a different binding or port (the
     * {@code lmdb-bb}, {@code lmdb-lwjgl} and {@code lmdbjni} bindings of LMDB give {@code "lmdb"};
     * the pure-Java LevelDB port {@code leveldb-java} gives {@code "leveldb"}). Empty for an engine
     * in its own right. The {@code quick} suite runs one binding per engine (the named one); the
     * {@code bindings} suite compares an engine with its other bindings. The named engine is never
     * itself a binding of another.
     */
    default Optional<String> bindingOf() {
        return Optional.empty();
    }

    /**
     * What the engine's own documentation promises about commits made with {@code options} (the
     * spec's options; an option not given has its default) when the machine loses power or the
     * operating system crashes, quoted or paraphrased with where it is written. The crash and
     * power-cut tests print it beside a finding, so that a loss can be read against the promise.
     */
    default String durabilityPromise(Map<String, String> options) {
        return "no durability setting; its documentation promises nothing about a power cut";
    }

    /**
     * Whether this engine's stores have an ordered cursor ({@link Capability#ORDERED} among every
     * store's {@link Store#capabilities()}), known before any store opens: a workload that needs one
     * (a YCSB workload that scans) skips an engine without one before anything runs. The conformance
     * suite holds it to the stores' own declaration.
     */
    default boolean ordered() {
        return true;
    }

    /** Every option this engine accepts, in the order to document them. An option not listed here is rejected. */
    List<Option> options();

    /**
     * How this engine is set up where its settings are not its library's defaults or need a reason, as
     * the report's Method section says it: a phrase that names the engine ("LMDB (every binding) with
     * integer keys ..."). Empty for an engine that runs its defaults.
     */
    default Optional<String> settingsNote() {
        return Optional.empty();
    }

    /**
     * Why this engine's store can be many times the data it holds, as the report says it where it is: a sentence
     * that names the engine. Empty for an engine whose store stays near its data.
     */
    default Optional<String> spaceNote() {
        return Optional.empty();
    }

    /**
     * The cache this engine sizes from the data set unless a spec sets it ({@link CacheSize}), as the
     * report names it ("RocksDB's block cache"). Empty for an engine without such a cache.
     */
    default Optional<String> dataSizedCache() {
        return Optional.empty();
    }

    /**
     * What a store of this engine holds in memory for a data set of {@code shape} with {@code options} (the spec's,
     * defaults filled in), besides its JVM and the harness's data: its caches on and off the heap and the bound of its
     * files ({@link MemoryUse}). A run counts it for every JVM it holds at once, and gives each JVM the heap it needs
     * for it, before any store opens. The default: nothing but files within {@link MemoryUse#defaultFiles}.
     */
    default MemoryUse memoryUse(Shape shape, Options options) {
        return MemoryUse.filesOnly(shape);
    }

    /**
     * The options of one of this engine's specs that shape its prefix scans, in words, for the report
     * of the concurrent workloads ("prefix extractor on (12 bytes), memtable prefix bloom off").
     * Empty for an engine without such options.
     *
     * @param specOptions the options the spec gives (not the defaults)
     */
    default Optional<String> prefixOptions(Map<String, String> specOptions) {
        return Optional.empty();
    }

    /**
     * Whether a store opened with {@code options} keeps the space of every page it rewrites for as long as it runs: an
     * append-only file that nothing compacts (MVStore without its background writer, Xodus without its log cleaner).
     * Overwrites then grow the store by about a page per put, and the amplification test, which puts every key ten
     * more times, checks its disk folder's room by it before any store opens ({@code AmpSpace}).
     *
     * @param options the spec's options (not the defaults)
     */
    default boolean keepsOverwrittenPages(Map<String, String> options) {
        return false;
    }

    /**
     * Whether a put of the value a key already holds may write nothing: the engine compares the new bytes with the
     * old and leaves an unchanged page clean (SQLite). The amplification test's overwrites change every key's bytes;
     * its results from before 2026-11-26 put each key's own value again, and the report marks such an engine's
     * overwrite figures there.
     */
    default boolean skipsUnchangedPuts() {
        return false;
    }

    /**
     * Why this engine, with the spec's options, cannot run a data set of {@code largest}'s shape read by
     * {@code readerThreads} threads at once, where the command line already says so: the run refuses it in one line
     * before any store opens, instead of a trial failing after the results folder exists. Empty when it can, or
     * cannot tell before opening a store.
     *
     * @param options       the spec's effective options (defaults filled in)
     * @param largest       the largest data set of the run's 2016 workloads, or null when none runs
     * @param readerThreads the most threads that read one store at once
     */
    default Optional<String> refusal(Options options, Shape largest, int readerThreads) {
        return Optional.empty();
    }

    /** The library version, as recorded in {@code env.txt} and the report, read from the library at run time. */
    String libraryVersion();

    /**
     * The Maven artifact of this engine's library, {@code groupId:artifactId}, whose jar a version variant
     * ({@code rocksdb@10.10.1.1}) runs in place of the project's; empty for an engine without one library jar to swap.
     */
    default Optional<String> artifact() {
        return Optional.empty();
    }

    /**
     * Opens (creating when empty) a store in {@code dir}, which exists.
     *
     * @param options the spec's options, already checked against {@link #options()}
     */
    Store open(Path dir, Shape shape, Options options);
}
