package dev.kvbench.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.workload.Workload;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one line a failed trial leaves: workload and store first, then what went wrong. */
class FailureReasonTest {

    @TempDir
    Path dir;

    @Test
    void aMessageForTheUserIsKeptAsItIsAndAnyOtherNamesItsException() {
        assertEquals(
                "num must be > 0, was 0",
                FailureReason.oneLine(new IllegalArgumentException("num must be > 0, was 0")));
        assertEquals(
                "IOException: disk gone",
                FailureReason.oneLine(new RuntimeException(null, new IOException("disk gone"))));
        assertEquals("IllegalStateException: first", FailureReason.oneLine(new IllegalStateException("first\nsecond")));
        assertEquals(
                "NullPointerException: java.lang.NullPointerException",
                FailureReason.oneLine(new NullPointerException()));
    }

    @Test
    void theReasonNamesWorkloadAndStoreAndSaysWhenTheDiskIsFull() {
        StoreSpec lmdb = StoreSpec.parse("lmdb:writeMap=false");
        assertEquals(
                "readKey on lmdb:writeMap=false failed: IllegalStateException: boom",
                FailureReason.of(new IllegalStateException("boom"), Workload.READ_KEY, lmdb, dir));
        String full = FailureReason.of(new RuntimeException("No space left on device"), Workload.WRITE, lmdb, dir);
        assertTrue(full.startsWith("write on lmdb:writeMap=false: disk full: no space left on "), full);
        assertEquals(
                "readKey on nosuchdb: unknown engine 'nosuchdb'",
                FailureReason.beforeStart(
                        "dev.kvbench.bench.ReadKeyBenchmark.readKey",
                        Map.of("store", "nosuchdb"),
                        new IllegalArgumentException("unknown engine 'nosuchdb'")));
    }

    @Test
    void aBenchmarkFailureIsThrownAsItIsAndAnythingElseCarriesTheReason() {
        BenchmarkFailure already = new BenchmarkFailure("readKey on lmdb: x", null);
        assertSame(already, FailureReason.toThrow(already, "other"));
        RuntimeException wrapped = FailureReason.toThrow(new IllegalStateException("x"), "readKey on lmdb failed: x");
        assertEquals("readKey on lmdb failed: x", wrapped.getMessage());
        assertTrue(wrapped instanceof BenchmarkFailure);
    }

    @Test
    void aCloseThatRethrowsTheBlocksOwnFailureDoesNotHideIt() {
        // MVStore once it has panicked: the writer's close rethrows the stored exception, and try-with-resources'
        // addSuppressed(itself) throws "Self-suppression not permitted" with the real failure as its cause
        IllegalStateException panic =
                new IllegalStateException("java.lang.OutOfMemoryError: Capacity: 23887872 [2.4.240/3]");
        Throwable complaint = null;
        try {
            panic.addSuppressed(panic);
        } catch (IllegalArgumentException e) {
            complaint = e;
        }
        assertEquals(FailureReason.SELF_SUPPRESSION, complaint.getMessage());
        assertSame(panic, FailureReason.unwrapped(complaint));
        String reason = FailureReason.of(complaint, Workload.READ_KEY, StoreSpec.parse("mvstore"), dir);
        assertTrue(
                reason.startsWith(
                        "readKey on mvstore failed: IllegalStateException: java.lang.OutOfMemoryError: Capacity:"
                                + " 23887872 [2.4.240/3]; the fork's Java heap (at most "),
                reason);
        assertTrue(
                reason.endsWith(
                        " MiB) ran out: give the forks a larger one (-jvmArgsAppend -Xmx...; beyond memory the heap"
                                + " is the harness's data set, 8.3 bytes per entry, and half of what the JVM's 80 MiB and that data leave of"
                                + " KVBENCH_MEM_LIMIT) or the engine a smaller cache"),
                reason);
    }

    @Test
    void onlyAnOutOfMemoryErrorOfTheHeapGetsTheHeapsHint() {
        assertEquals(
                "; the fork's Java heap (at most 80 MiB) ran out: give the forks a larger one (-jvmArgsAppend -Xmx...;"
                        + " beyond memory the heap is the harness's data set, 8.3 bytes per entry, and half of what the JVM's 80 MiB and"
                        + " that data leave of KVBENCH_MEM_LIMIT) or the engine a smaller cache",
                FailureReason.heapHint(
                        new RuntimeException("wrapped", new OutOfMemoryError("Java heap space")), 80L << 20));
        assertEquals("", FailureReason.heapHint(new OutOfMemoryError("Direct buffer memory"), 80L << 20));
        assertEquals("", FailureReason.heapHint(new IllegalStateException("boom"), 80L << 20));
    }
}
