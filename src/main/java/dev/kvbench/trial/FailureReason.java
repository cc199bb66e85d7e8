package dev.kvbench.trial;

import java.nio.file.Path;
import java.util.Map;

import dev.kvbench.results.TrialRecord;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.Workload;

/**
 * The one line a failed trial leaves as its {@code reason} (in the side file and on stderr), and
 * the exception handed to JMH. The line names the workload and the store first, then what went
 * wrong, without a stack trace.
 */
public final class FailureReason {

    private FailureReason() {
    }

    /** Why {@code workload} on {@code store} failed, for a failure while the trial ran in {@code folder}. */
    static String of(Throwable failure, Workload workload, StoreSpec store, Path folder) {
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
        return workload + " on " + store + " failed: " + cause + WorkFolder.fileSizeHint(cause) + WorkFolder.openFilesHint(cause);
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
    public static String oneLine(Throwable failure) {
        Throwable root = failure;
        String message = failure.getMessage();
        while ((message == null || message.isBlank()) && root.getCause() != null) {
            root = root.getCause();
            message = root.getMessage();
        }
        String text = message == null || message.isBlank() ? root.getClass().getName() : message;
        if (!(root instanceof IllegalArgumentException) && !(root instanceof UnsupportedOperationException)
                && !(root instanceof WorkFolder.NoSpaceException)) {
            text = root.getClass().getSimpleName() + ": " + text;
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline).stripTrailing();
    }
}
