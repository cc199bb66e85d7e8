package dev.kvbench.trial;

/** A trial could not run or finish; the message is the one-line reason the side file records. */
public final class BenchmarkFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BenchmarkFailure(String reason, Throwable cause) {
        super(reason, cause);
    }
}
