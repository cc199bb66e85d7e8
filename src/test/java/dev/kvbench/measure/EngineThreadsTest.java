package dev.kvbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Stores;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Engines that work in threads of their own must have that CPU counted as the engine's
 * background CPU, which {@link ThreadKind} decides from the kernel's thread names.
 */
class EngineThreadsTest {

    @TempDir
    Path dir;

    /** Berkeley DB JE cleans and checkpoints its log in daemon threads it names itself. */
    @Test
    void bdbjeCleanerAndCheckpointerCountAsTheEngines() {
        try (Store store = Stores.open("bdbje", dir, new Shape(10, 4, 4, false))) {
            List<String> names = Proc.tids().stream().map(Proc::comm).toList();
            for (String daemon : List.of("Cleaner", "Checkpointer")) {
                List<String> threads = names.stream().filter(name -> name != null && name.startsWith(daemon)).toList();
                assertTrue(!threads.isEmpty(), "no JE " + daemon + " thread among " + names);
                for (String thread : threads) {
                    assertEquals(ThreadKind.ENGINE, ThreadKind.of(thread, false), thread);
                }
            }
        }
    }
}
