package dev.kvbench.suite;

/** A mistake in the command line or the environment that the user fixes before anything runs: exit code 2. */
public final class UsageException extends RuntimeException {

    public UsageException(String message) {
        super(message);
    }
}
