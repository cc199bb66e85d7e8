package dev.kvbench.store.lmdb;

import dev.kvbench.store.LibraryVersion;
import dev.kvbench.store.Option;
import dev.kvbench.store.lmdbshared.LmdbSettings;
import java.util.List;
import org.lmdbjava.Env;
import org.lmdbjava.Meta;

/**
 * lmdbjava's argument and state checks, switched by the {@code checks} option. lmdbjava reads its
 * switch ({@value Env#DISABLE_CHECKS_PROP}) once per JVM, when its classes load: the first LMDB
 * store a JVM opens sets it, and a later store asking for the other setting is refused rather
 * than run with a setting it did not ask for. A benchmark fork opens one spec, so this only
 * limits JVMs that mix specs (tests).
 */
final class LmdbChecks {

    /** lmdbjava's Maven artifact. */
    static final String ARTIFACT = "org.lmdbjava:lmdbjava";

    private static Boolean chosen;

    private LmdbChecks() {}

    /** The LMDB options with lmdbjava's {@code checks}: off by default, as lmdbjava's own benchmarks run. */
    static List<Option> withOption() {
        return LmdbSettings.options(
                Option.bool("checks", false, "lmdbjava's argument and state checks (read once per JVM)"));
    }

    /** lmdbjava's version and the bundled LMDB's, asked of LMDB ({@code mdb_version}): {@code 0.9.3 (LMDB 0.9.33)}. */
    static String version() {
        Meta.Version lmdb = Meta.version();
        return LibraryVersion.of(ARTIFACT, Env.class) + " (LMDB " + lmdb.major + "." + lmdb.minor + "." + lmdb.patch
                + ")";
    }

    /** Sets lmdbjava's checks to {@code checks} before lmdbjava loads, or confirms they already are. */
    static synchronized void require(boolean checks) {
        if (chosen == null) {
            System.setProperty(Env.DISABLE_CHECKS_PROP, Boolean.toString(!checks));
            chosen = Env.SHOULD_CHECK;
        }
        if (chosen != checks) {
            throw new IllegalArgumentException("lmdb option checks=" + checks + ": this JVM already runs lmdbjava with"
                    + " checks " + (chosen ? "on" : "off") + ", and lmdbjava reads the setting once per JVM");
        }
    }
}
