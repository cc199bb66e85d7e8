package dev.kvbench.store;

import java.nio.file.Path;

/**
 * Optional for a {@link Store}: it can write a compacted copy of its committed data, the way
 * LMDB's {@code mdb_env_copy2(..., MDB_CP_COMPACT)} does (lmdbjava {@code Env.copy(File,
 * CopyFlags.MDB_CP_COMPACT)}). The benchmark measures the copy's size beside the store's, as the
 * 2016 report did; an adapter only makes the copy.
 */
public interface Compactable {

    /**
     * Writes a compacted copy of the store into {@code target}, an existing empty folder. No
     * writer may be open. The copy is closed when this returns.
     */
    void compactCopy(Path target);
}
