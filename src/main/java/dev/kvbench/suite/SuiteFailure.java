package dev.kvbench.suite;

/** A test that could not complete, or a step around it that failed: exit code 1, with one line that says what to do. */
public final class SuiteFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SuiteFailure(String message) {
        super(message);
    }
}
