package dev.kvbench.workload.ycsb;

/**
 * A workload file or a {@code -p name=value} override that cannot run: the message is one line
 * that names the property, what was wrong and what to write instead. The command line turns it
 * into a usage error (exit 2) before any store opens.
 */
public final class WorkloadFileException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public WorkloadFileException(String message) {
        super(message);
    }
}
