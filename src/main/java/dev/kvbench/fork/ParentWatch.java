package dev.kvbench.fork;

import dev.kvbench.trial.WorkFolder;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Ends this JVM, and the JMH forks under it, when the suite runner that started it dies: a
 * runner killed with SIGKILL cannot stop its children, and an orphaned benchmark would keep
 * running, hold JMH's lock and fill the work folder. Only when the runner asked for it, by
 * naming its process id in {@value #ENVIRONMENT}: a benchmark started by hand from a shell
 * keeps running when that shell ends (e.g. under nohup).
 */
public final class ParentWatch {

    static final String ENVIRONMENT = "KVBENCH_PARENT_PID";
    /** The exit status of a JVM ended because its runner died (as for SIGTERM). */
    private static final int ORPHANED = 143;

    private ParentWatch() {}

    /** Starts watching, when {@value #ENVIRONMENT} names a process; {@code runFolder} is deleted before exiting. */
    public static void start(Path runFolder) {
        String pid = System.getenv(ENVIRONMENT);
        if (pid == null || !pid.matches("\\d{1,18}")) {
            return;
        }
        Optional<ProcessHandle> parent = ProcessHandle.of(Long.parseLong(pid));
        if (parent.isEmpty()) {
            end(runFolder);
        }
        // end() halts the JVM: nothing waits on the future, and no exception could reach a caller
        @SuppressWarnings("FutureReturnValueIgnored")
        Object unused = parent.get().onExit().thenRun(() -> end(runFolder));
    }

    private static void end(Path runFolder) {
        System.err.println("kvbench: the suite runner that started this run has ended; stopping the benchmark");
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
        try {
            WorkFolder.delete(runFolder);
        } catch (RuntimeException e) {
            // the next run removes it (WorkFolder.removeStale)
        }
        Runtime.getRuntime().halt(ORPHANED);
    }
}
