package dev.kvbench.store.lmdbjni;

import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.Options;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.lmdbshared.LmdbBinding;
import dev.kvbench.store.lmdbshared.LmdbSettings;
import java.nio.file.Path;
import java.util.Optional;
import org.fusesource.lmdbjni.Env;

/**
 * {@code lmdbjni}: LMDB through lmdbjni (the 2016 report's "LMDB JNI"), with the LMDB options of
 * every LMDB spec. lmdbjni 0.4.7, its last release, bundles LMDB 0.9.19, older than the 0.9.33
 * of lmdbjava and LWJGL 3.3.6: the version is in {@link #libraryVersion()} so that the report
 * says which LMDB each row ran.
 */
public final class LmdbJniEngine extends LmdbBinding {

    private static final String ARTIFACT = "org.deephacks.lmdbjni:lmdbjni";

    public LmdbJniEngine() {
        super("lmdbjni", "LMDB JNI", 0x9edae5, LmdbSettings.options());
    }

    /** The binding's version and the bundled LMDB's, asked of LMDB ({@code mdb_version}). */
    @Override
    public Optional<String> artifact() {
        return Optional.of(ARTIFACT);
    }

    @Override
    public String libraryVersion() {
        return LibraryVersion.of(ARTIFACT, Env.class) + " (" + Env.version() + ")";
    }

    @Override
    public Store open(Path dir, Shape shape, Options options) {
        return new LmdbJniStore(dir, shape, LmdbSettings.from(name(), options));
    }
}
