package dev.kvbench.workload;

/**
 * A pass gave back something other than what the generator put in: the benchmark is wrong, not
 * slow, and must not become a number. The message names the engine spec, the workload, what was
 * expected and what was found.
 */
public final class VerificationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String spec;
    /**
     * Transient: a JMH fork sends a failed benchmark's exception to its host by Java serialisation, and a workload is
     * not serialisable; the message already names it, and only the fork that threw it asks for it ({@link
     * Verifier#explain}).
     */
    private final transient Workload workload;

    private final String expected;
    private final String actual;
    private final Boolean order;

    public VerificationException(String spec, Workload workload, String expected, String actual) {
        this(spec, workload, expected, actual, null);
    }

    /**
     * @param order for a wrong fold of the keys in cursor order, whether ascending ({@link Verifier#explain} then says
     *              where the order broke); null otherwise
     */
    public VerificationException(String spec, Workload workload, String expected, String actual, Boolean order) {
        // no stack trace: a wrong result is the store's, said whole by the message; JMH prints a failed benchmark's
        // exception as it is, and its frames (the harness's) would bury the one line that matters
        super(workload + " on " + spec + ": expected " + expected + " found " + actual, null, false, false);
        this.spec = spec;
        this.workload = workload;
        this.expected = expected;
        this.actual = actual;
        this.order = order;
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

    /** For a wrong fold of the keys in cursor order, whether ascending; null otherwise. */
    public Boolean order() {
        return order;
    }
}
