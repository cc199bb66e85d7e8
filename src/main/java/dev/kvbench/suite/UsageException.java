package dev.kvbench.suite;

/** A mistake in the command line or the environment that the user fixes before anything runs: exit code 2. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
