package dev.kvbench.trial;

import dev.kvbench.results.TrialRecord;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.Workload;
import java.nio.file.Path;
import java.util.Map;

/**
 * The one line a failed trial leaves as its {@code reason} (in the side file and on stderr), and
 * the exception handed to JMH. The line names the workload and the store first, then what went
 * wrong, without a stack trace.
 */
public final class FailureReason {

    /**
     * What a beyond-memory fork keeps of its group's limit for the JVM's own memory, besides its heap
     * ({@code suite.BeyondMemory.heap}). Here, not there, so that the heap's failure reason can say it.
     */
    public static final long BEYOND_JVM_RESERVE = 80L << 20;
    /**
     * The harness's data set in a fork's heap, bytes per entry with int keys, at its peak: 4.3 for as long as the trial
     * runs (the keys' {@code int[]} and the buffers' headers) and 4 more while the expected results are computed from a
     * sorted copy ({@code DataSetMemoryTest}; docs/scale.md, "The harness at size"). The beyond-memory heap holds it
     * besides the engine's share; here for the same reason as {@link #BEYOND_JVM_RESERVE}.
     */
    public static final double HARNESS_HEAP_PER_ENTRY = 8.3;

    private FailureReason() {}

    /** Why {@code workload} on {@code store} failed, for a failure while the trial ran in {@code folder}. */
    static String of(Throwable thrown, Workload workload, StoreSpec store, Path folder) {
        Throwable failure = unwrapped(thrown);
        if (failure instanceof VerificationException || failure instanceof BenchmarkFailure) {
            return failure.getMessage();
        }
        if (failure instanceof WorkFolder.NoSpaceException) {
            return workload + " on " + store + ": " + failure.getMessage();
        }
        String full = WorkFolder.diskFull(failure, folder);
        String cause = oneLine(failure);
        if (full != null) {
            return workload + " on " + store + ": disk full: " + full + " (" + cause + ")";
        }
        return workload + " on " + store + " failed: " + cause + WorkFolder.fileSizeHint(cause)
                + WorkFolder.openFilesHint(cause)
                + heapHint(failure, Runtime.getRuntime().maxMemory());
    }

    /** The message {@link Throwable#addSuppressed} throws when a resource's close threw the very exception its block threw. */
    static final String SELF_SUPPRESSION = "Self-suppression not permitted";

    /**
     * {@code failure}, or, when it is {@link Throwable#addSuppressed}'s complaint that a resource's close threw the
     * very exception its block threw (an engine that rethrows its stored failure, as MVStore does once it has
     * panicked), the exception itself: that complaint carries it as its cause and would hide it.
     */
    static Throwable unwrapped(Throwable failure) {
        Throwable t = failure;
        while (t instanceof IllegalArgumentException
                && SELF_SUPPRESSION.equals(t.getMessage())
                && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /**
     * "; the fork's Java heap (at most 78 MiB) ran out: ..." when {@code failure} or a cause of it is an
     * {@link OutOfMemoryError} of the heap (or an engine's exception that names one), else "".
     */
    static String heapHint(Throwable failure, long maxHeap) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String message = String.valueOf(t.getMessage());
            if (t instanceof OutOfMemoryError || message.contains("OutOfMemoryError")) {
                if (message.contains("Direct buffer memory") || message.contains("Metaspace")) {
                    return "";
                }
                return "; the fork's Java heap (at most " + Math.round(maxHeap / 1048576.0)
                        + " MiB) ran out: give the forks"
                        + " a larger one (-jvmArgsAppend -Xmx...; beyond memory the heap is the harness's data set, "
                        + HARNESS_HEAP_PER_ENTRY + " bytes per entry, and half of what the JVM's "
                        + (BEYOND_JVM_RESERVE >> 20)
                        + " MiB and that data leave of KVBENCH_MEM_LIMIT) or the engine a smaller cache";
            }
        }
        return "";
    }

    /** Why a trial of {@code benchmark} could not even start (a bad parameter): its store as given. */
    public static String beforeStart(String benchmark, Map<String, String> params, Throwable failure) {
        return TrialRecord.workloadOf(benchmark) + " on " + params.get("store") + ": " + oneLine(failure);
    }

    /**
     * The exception to throw for {@code failure}: a {@link VerificationException} or a
     * {@link BenchmarkFailure} as it is, anything else as a {@link BenchmarkFailure} carrying
     * {@code reason}.
     */
    static RuntimeException toThrow(Throwable failure, String reason) {
        if (failure instanceof VerificationException v) {
            return v;
        }
        if (failure instanceof BenchmarkFailure b) {
            return b;
        }
        return new BenchmarkFailure(reason, failure);
    }

    /**
     * The first line of the message of {@code failure} or of its first cause that has one,
     * prefixed with the exception's simple name unless the message is meant for the user as it
     * is (a bad argument, an unsupported operation, no space).
     */
    public static String oneLine(Throwable thrown) {
        Throwable failure = unwrapped(thrown);
        Throwable root = failure;
        String message = failure.getMessage();
        while ((message == null || message.isBlank()) && root.getCause() != null) {
            root = root.getCause();
            message = root.getMessage();
        }
        String text = message == null || message.isBlank() ? root.getClass().getName() : message;
        if (!(root instanceof IllegalArgumentException)
                && !(root instanceof UnsupportedOperationException)
                && !(root instanceof WorkFolder.NoSpaceException)) {
            text = root.getClass().getSimpleName() + ": " + text;
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline).stripTrailing();
    }
}
