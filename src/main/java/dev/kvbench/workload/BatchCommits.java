package dev.kvbench.workload;

import dev.kvbench.store.Writer;
import org.agrona.DirectBuffer;

/** Puts through a writer with a commit every {@code batchSize} puts, and once more at {@link #finish} for a partial batch. */
final class BatchCommits {

    private final Writer writer;
    private final int batchSize;
    private int inBatch;

    BatchCommits(Writer writer, int batchSize) {
        if (batchSize <= 0) {
            throw new IllegalArgumentException("batchSize must be > 0, was " + batchSize);
        }
        this.writer = writer;
        this.batchSize = batchSize;
    }

    void put(DirectBuffer key, DirectBuffer value) {
        writer.put(key, value);
        if (++inBatch == batchSize) {
            writer.commit();
            inBatch = 0;
        }
    }

    /** Commits the last, partial batch. */
    void finish() {
        if (inBatch > 0) {
            writer.commit();
            inBatch = 0;
        }
    }
}
