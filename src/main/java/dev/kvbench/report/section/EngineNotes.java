package dev.kvbench.report.section;

import dev.kvbench.report.folder.Specs;
import dev.kvbench.store.Engine;
import dev.kvbench.store.Stores;
import java.util.List;
import java.util.Optional;

/**
 * What the engines of this build say about themselves for the report ({@link Engine#settingsNote},
 * {@link Engine#dataSizedCache}, {@link Engine#prefixOptions}), so that the report's text names no
 * engine of its own accord. A spec whose engine this build lacks (results from another build) has none.
 */
final class EngineNotes {

    private EngineNotes() {}

    /** The registered engine of {@code spec}, if this build has it. */
    static Optional<Engine> engine(String spec) {
        String name = Specs.engine(spec);
        return Stores.names().contains(name) ? Optional.of(Stores.engine(name)) : Optional.empty();
    }

    /** Every registered engine's settings note, in registration order. */
    static List<String> settings() {
        return Stores.engines().stream().flatMap(e -> e.settingsNote().stream()).toList();
    }

    /** The caches sized from the data set, as the engines name them, in registration order. */
    static List<String> dataSizedCaches() {
        return Stores.engines().stream()
                .flatMap(e -> e.dataSizedCache().stream())
                .toList();
    }

    /** Whether {@code spec}'s engine sizes a cache from the data set. */
    static boolean sizesCacheFromData(String spec) {
        return engine(spec).flatMap(Engine::dataSizedCache).isPresent();
    }
}
