package dev.kvbench.amp;

import dev.kvbench.store.Stores;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.trial.WorkFolder;
import dev.kvbench.workload.DataSpec;

/**
 * The room one amplification trial may need in its disk folder, known before any store opens. Most engines give
 * back what the overwrites replace (an LSM's compactions, a B-tree's free pages), and need what any test of the data
 * set needs ({@link WorkFolder#estimate}). A store that keeps every page it rewrites
 * ({@link dev.kvbench.store.Engine#keepsOverwrittenPages}) grows by about a page per put, and the trial puts every
 * entry {@code 1 + }{@value AmpState#OVERWRITES} times: MVStore's file reached 1.45 GB at 50,000 entries (5.2 MB),
 * 7.55 GB at 200,000, and grows about 20 times faster than its data.
 */
public final class AmpSpace {

    /**
     * Bytes a store that keeps what it rewrites grows by per put, at most, besides the entry itself: a 4 KiB page.
     * MVStore grew by 2.6 KB per put at 50,000 entries and 3.5 KB at 200,000 (commits of 1,000 random puts rewrite
     * fewer shared pages as the tree grows, up to about one leaf per put); Xodus by about 0.3 KB.
     */
    static final long PAGE_BYTES = 4096;

    private AmpSpace() {
    }

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
        return Stores.engine(spec.engine()).label() + " keeps every page it rewrites: up to "
                + PAGE_BYTES / 1024 + " KiB for each of the " + (1 + AmpState.OVERWRITES) + " puts per entry";
    }
}
