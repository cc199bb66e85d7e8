package dev.kvbench.trial;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.workload.Workload;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The work folders of this JVM's trials: each trial's own, named by workload, engine, process and
 * sequence; a shutdown hook deletes those of trials that never ended.
 */
final class TrialFolders {

    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    private static final Set<Path> ACTIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(() -> ACTIVE.forEach(TrialFolders::deleteQuietly), "kvbench-cleanup"));
    }

    private TrialFolders() {}

    /** A new trial folder's path under the work folder (not created). */
    static Path next(Workload workload, StoreSpec store) {
        return WorkFolder.base()
                .resolve(workload + "-" + store.engine() + "-"
                        + ProcessHandle.current().pid() + "-" + SEQUENCE.incrementAndGet());
    }

    /** {@code folder} is in use: deleted at exit unless {@link #remove}d first. */
    static void add(Path folder) {
        ACTIVE.add(folder);
    }

    /** Deletes {@code folder} (a failure is one line on stderr) and forgets it. */
    static void remove(Path folder) {
        deleteQuietly(folder);
        ACTIVE.remove(folder);
    }

    private static void deleteQuietly(Path path) {
        try {
            WorkFolder.delete(path);
        } catch (RuntimeException e) {
            System.err.println("kvbench: could not delete " + path + ": " + e.getMessage());
        }
    }
}
