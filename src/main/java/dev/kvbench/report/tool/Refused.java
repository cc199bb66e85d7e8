package dev.kvbench.report.tool;

/**
 * A mistake in a tool's command line or in the folders it was given: one line, exit status 2. The
 * tools that check folders before they write ({@link Compare}, {@link Merge}) share it, so that each
 * main tells a user's mistake from a failure to write in one catch.
 */
final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
        super(message);
    }
}
