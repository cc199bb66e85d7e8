package dev.kvbench.fork;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Removes this JVM's run folder once the JVM is gone, however it ended. A SIGKILL of the whole process group (what a
 * CI runner or {@code kill -9 -PGID} does) ends the run, its forks and the suite runner at once, so no shutdown hook and
 * no {@link ParentWatch} runs, and the stores would stay in the work folder, in memory on tmpfs, until the next run. The
 * reaper is a small shell loop in a session of its own ({@code setsid}), outside the group such a kill reaches, with no
 * terminal and none of the run's pipes; {@code -f} forks it off, so that it is no descendant of this JVM either (a run
 * ended in order kills its descendants, which would take the reaper with them); it leaves a folder in which a file system is still mounted (a power-cut test's
 * cutfs) to the next run, which unmounts it first ({@code WorkFolder.removeStale}).
 */
public final class FolderReaper {

    /**
     * Waits for the process {@code $1} (GNU tail's {@code --pid}, which polls without starting a process; else a loop),
     * then removes {@code $2} unless a file system is mounted under it.
     */
    private static final String SCRIPT = "tail --pid=\"$1\" -f /dev/null 2>/dev/null"
            + " || while kill -0 \"$1\" 2>/dev/null; do sleep 1; done;"
            + " grep -qF \" $2/\" /proc/mounts || rm -rf -- \"$2\"";

    private static final Set<Path> WATCHED = new HashSet<>();

    private FolderReaper() {}

    /**
     * Starts the reaper of {@code runFolder}, once per folder of this JVM; where {@code setsid} cannot be started the
     * next run removes what is left.
     */
    public static synchronized void start(Path runFolder) {
        Path folder = runFolder.toAbsolutePath();
        if (!WATCHED.add(folder)) {
            return;
        }
        try {
            new ProcessBuilder(
                            "setsid",
                            "-f",
                            "sh",
                            "-c",
                            SCRIPT,
                            "kvbench-reaper",
                            Long.toString(ProcessHandle.current().pid()),
                            folder.toString())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            // no setsid (not Linux): WorkFolder.removeStale at the next run's start removes the folder instead
        }
    }
}
