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
    @SuppressWarnings("try") // the store is open for its threads, never read
    @Test
    void bdbjeCleanerAndCheckpointerCountAsTheEngines() throws InterruptedException {
        try (Store store = Stores.open("bdbje", dir, new Shape(10, 4, 4, false))) {
            for (String daemon : List.of("Cleaner", "Checkpointer")) {
                List<String> names = threadNames();
                // A thread just started is named "java" until it names itself: wait up to 5 s for the name.
                for (long end = System.nanoTime() + 5_000_000_000L;
                        !hasThread(names, daemon) && System.nanoTime() < end; ) {
                    Thread.sleep(10);
                    names = threadNames();
                }
                List<String> threads = names.stream()
                        .filter(name -> name != null && name.startsWith(daemon))
                        .toList();
                assertTrue(!threads.isEmpty(), "no JE " + daemon + " thread among " + names);
                for (String thread : threads) {
                    assertEquals(ThreadKind.ENGINE, ThreadKind.of(thread, false), thread);
                }
            }
        }
    }

    private static List<String> threadNames() {
        return Proc.tids().stream().map(Proc::comm).toList();
    }

    private static boolean hasThread(List<String> names, String prefix) {
        return names.stream().anyMatch(name -> name != null && name.startsWith(prefix));
    }
}
