package dev.kvbench.amp;

import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.workload.DataSpec;

/**
 * The room one amplification trial may need in its disk folder, known before any store opens. Most engines give
 * back what the overwrites replace (an LSM's compactions, a B-tree's free pages), and need what any test of the data
 * set needs ({@link WorkFolder#estimate}). A store that keeps every page it rewrites
 * ({@link dev.kvbench.store.Engine#keepsOverwrittenPages}) grows by about a page per put, and the trial puts every
 * entry {@code 1 + }{@value AmpState#OVERWRITES} times. That is a ceiling, what such a store writes: MVStore's file held
 * all it wrote at 50,000 entries (1.45 GB) and 200,000 (7.55 GB), trials of under a minute; at 1,000,000 it wrote 48 GB
 * and its file ended at 7.0 GB, reusing chunks once they were older than its retention time, so what it keeps depends
 * on how fast the disk takes what it writes.
 */
public final class AmpSpace {

    /**
     * Bytes a store that keeps what it rewrites may grow by per put, besides the entry itself: a 4 KiB leaf and an
     * eighth of one for the inner pages above it. MVStore wrote 2.6 KB per put at 50,000 entries, 3.5 KB at 200,000
     * and 4.4 KB at 1,000,000 (commits of 1,000 random puts share fewer pages as the tree grows, down to a leaf per
     * put); Xodus about 0.3 KB at 50,000.
     */
    static final long PAGE_BYTES = 4608;

    private AmpSpace() {}

    /** The disk-folder bytes one trial of {@code spec} may need with {@code data}. */
    public static long needed(DataSpec data, StoreSpec spec) {
        long base = WorkFolder.estimate(data);
        if (!Stores.engine(spec.engine()).keepsOverwrittenPages(spec.options())) {
            return base;
        }
        long puts = (1L + AmpState.OVERWRITES) * data.num();
        return base + puts * (PAGE_BYTES + data.keySize() + data.valSize());
    }

    /** Why {@code spec} needs {@link #needed} bytes, in a few words for the line that refuses a run too large. */
    public static String why(StoreSpec spec) {
        if (!Stores.engine(spec.engine()).keepsOverwrittenPages(spec.options())) {
            return "";
        }
        return Stores.engine(spec.engine()).label() + " keeps every page it rewrites: up to " + PAGE_BYTES / 1024.0
                + " KiB for each of the " + (1 + AmpState.OVERWRITES) + " puts per entry";
    }
}
