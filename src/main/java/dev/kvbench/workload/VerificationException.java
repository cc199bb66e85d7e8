package dev.kvbench.workload;

/**
 * A pass gave back something other than what the generator put in: the benchmark is wrong, not
 * slow, and must not become a number. The message names the engine spec, the workload, what was
 * expected and what was found.
 */
public final class VerificationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String spec;
    private final Workload workload;
    private final String expected;
    private final String actual;

    public VerificationException(String spec, Workload workload, String expected, String actual) {
        super(workload + " on " + spec + ": expected " + expected + " found " + actual);
        this.spec = spec;
        this.workload = workload;
        this.expected = expected;
        this.actual = actual;
    }

    public String spec() {
        return spec;
    }

    public Workload workload() {
        return workload;
    }

    public String expected() {
        return expected;
    }

    public String actual() {
        return actual;
    }
}
