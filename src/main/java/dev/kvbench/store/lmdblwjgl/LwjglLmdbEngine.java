package dev.kvbench.store.lmdblwjgl;

import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.lmdbshared.LmdbBinding;
import dev.kvbench.store.lmdbshared.LmdbSettings;
import java.nio.file.Path;
import org.lwjgl.Version;
import org.lwjgl.system.Configuration;
import org.lwjgl.util.lmdb.LMDB;

/**
 * {@code lmdb-lwjgl}: LMDB through LWJGL's LMDB binding (the 2016 report's "LMDB JGL"), with the
 * LMDB options of every LMDB spec. LWJGL 3.3.6 bundles LMDB 0.9.33, the same LMDB as lmdbjava
 * 0.9.3, so the two rows differ by binding only (LWJGL 3.4 bundles LMDB 1.0, a new file format).
 */
public final class LwjglLmdbEngine extends LmdbBinding {

    static {
        // LWJGL's argument checks off, as lmdbjava's are for the lmdb specs. LWJGL reads the
        // setting once, when its Checks class loads: this runs before any LWJGL call here.
        Configuration.DISABLE_CHECKS.set(true);
    }

    public LwjglLmdbEngine() {
        super("lmdb-lwjgl", "LMDB JGL", 0xaec7e8, LmdbSettings.options());
    }

    /** LWJGL's version and the bundled LMDB's, asked of LMDB ({@code mdb_version}). */
    @Override
    public String libraryVersion() {
        return Version.getVersion() + " (" + LMDB.mdb_version((int[]) null, null, null) + ")";
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new LwjglLmdbStore(dir, shape, LmdbSettings.from(name(), options));
    }
}
