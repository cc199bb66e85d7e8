package dev.kvbench.fork;

import java.util.concurrent.TimeUnit;

/** Ending a child process with everything it started, in one place. */
public final class ProcessTree {

    private ProcessTree() {}

    /**
     * Ends {@code process} and its descendants, with SIGKILL when {@code forcibly} (else SIGTERM), then
     * waits up to 10 seconds for it; an interrupt ends the wait and is kept for the caller.
     */
    public static void end(Process process, boolean forcibly) {
        process.descendants().forEach(forcibly ? ProcessHandle::destroyForcibly : ProcessHandle::destroy);
        if (forcibly) {
            process.destroyForcibly();
        } else {
            process.destroy();
        }
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
