package dev.kvbench.direct;

import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Store;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.Expected;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.Workload;

/**
 * One engine's direct passes, through its own API on the store its adapter opened: what each
 * direct-API baseline writes (the engine's handles, its write pass and its read passes), one
 * instance per trial. Besides the engine's calls it has the trial, a view of the data set's
 * entries and the one check a direct pass makes: that it saw every entry (and, for a cursor pass,
 * every key in order). {@link DirectState} runs it.
 */
abstract class DirectPasses {

    Trial trial;
    DataSet.Entries entries;
    /** The key fold a direct cursor pass must reach, taken at setup (the data set computes it on first use). */
    private long wantKeys;

    /** Takes the trial's data set; an engine that sizes buffers or flags by it does so here too. */
    void begin(Trial trial) {
        this.trial = trial;
        entries = trial.data().entries();
        Workload workload = trial.workload();
        if (workload == Workload.READ_SEQ || workload == Workload.READ_REV) {
            Expected expected = trial.data().expected();
            wantKeys = workload == Workload.READ_SEQ ? expected.ascendingKeys() : expected.descendingKeys();
        }
    }

    /** Takes the engine's own handles from the store the adapter opened, before the passes on it. */
    abstract void use(Store store);

    /** A direct write pass into the empty store. */
    abstract long write() throws Exception;

    /** A direct lookup of every key. */
    abstract long readKey() throws Exception;

    /** A direct cursor pass, first to last or last to first. */
    abstract long readCursor(boolean forward) throws Exception;

    /** Frees what the direct passes keep across passes, before the store closes; nothing by default. */
    void release() {}

    /** Frees the data set's view, at the trial's end. */
    final void end() {
        if (entries != null) {
            entries.close();
            entries = null;
        }
    }

    final int num() {
        return trial.data().num();
    }

    /** What a lookup pass of every key returns ({@code bytes} of values), once it has found every key. */
    final long checkedLookups(long found, long bytes) {
        requireAll(Workload.READ_KEY, found);
        return bytes;
    }

    /**
     * What a cursor pass returns (the values' {@code bytes} plus its key fold), once it has seen every entry and its
     * fold of the keys is the data set's.
     */
    final long checkedCursorPass(boolean forward, long seen, long bytes, long keyFold) {
        requireAll(forward ? Workload.READ_SEQ : Workload.READ_REV, seen);
        requireKeys(forward, keyFold);
        return bytes + keyFold;
    }

    /** Fails the pass unless it saw every entry. */
    private void requireAll(Workload workload, long seen) {
        if (seen != num()) {
            throw new VerificationException(trial.spec(), workload, Integer.toString(num()), seen + " (direct pass)");
        }
    }

    /**
     * The other check a direct cursor pass makes, once at its end: its fold of every key is the data set's
     * (the Store pass folds the same keys and checks the same figure, with its other checks).
     */
    private void requireKeys(boolean forward, long fold) {
        if (fold != wantKeys) {
            throw new VerificationException(
                    trial.spec(),
                    forward ? Workload.READ_SEQ : Workload.READ_REV,
                    "key fold " + KeyFold.hex(wantKeys),
                    KeyFold.hex(fold) + " (direct pass)");
        }
    }
}
