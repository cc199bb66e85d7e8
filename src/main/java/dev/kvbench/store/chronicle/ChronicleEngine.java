package dev.kvbench.store.chronicle;

import dev.kvbench.store.BaseEngine;
import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.Option;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.openhft.chronicle.map.ChronicleMap;

/**
 * Chronicle Map: an off-heap hash map persisted to a memory-mapped file. Unordered. The map is
 * sized from the {@link Shape}, with constant key and value sizes where the data set has them
 * (option {@code constantSizes}), see {@link ChronicleStore}.
 */
public final class ChronicleEngine extends BaseEngine {

    private static final String ARTIFACT = "net.openhft:chronicle-map";

    public ChronicleEngine() {
        super(
                "chronicle",
                "Chronicle",
                0xff7f0e,
                List.of(
                        Option.bool(
                                "constantSizes",
                                true,
                                "constant key and value sizes (no size fields per entry) where every key or value of the data set has one size")));
    }

    /** Unordered: no cursor ({@link dev.kvbench.store.Capability#ORDERED} is not among its store's capabilities). */
    @Override
    public boolean ordered() {
        return false;
    }

    @Override
    public Optional<String> settingsNote() {
        return Optional.of("Chronicle Map is built with constant key and value sizes where every key and value has "
                + "one size, as its documentation advises (`constantSizes=false` gives average sizes, a size field "
                + "per entry)");
    }

    @Override
    public Optional<String> artifact() {
        return Optional.of(ARTIFACT);
    }

    @Override
    public String libraryVersion() {
        return LibraryVersion.of(ARTIFACT, ChronicleMap.class);
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return ChronicleStore.open(dir, shape, options.bool("constantSizes"));
    }

    @Override
    public String durabilityPromise(Map<String, String> options) {
        return "a persisted Chronicle Map is a shared memory mapping the operating system writes back when it chooses;"
                + " it never syncs, so a power cut may lose or tear recent updates; ChronicleMap.recoverPersistedTo"
                + " exists for a map left corrupt (Chronicle Map docs, \"Persisting\" and \"Recovery\")";
    }
}
