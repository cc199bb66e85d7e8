package dev.kvbench.trial;

import dev.kvbench.measure.PageCache;
import dev.kvbench.results.Metric;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.annotations.Mode;

/**
 * The cold-cache option of the read passes, {@code -Dkvbench.cache=cold} (given to the forks with
 * {@code -jvmArgsAppend}): before every measured or warmup iteration of a read benchmark on a loaded store, the
 * page cache of the store's files is written back and dropped ({@link PageCache#drop}: {@code fdatasync}, then
 * {@code posix_fadvise(POSIX_FADV_DONTNEED)} over each file), so that the pass reads from the device what the
 * engine itself does not keep. Only with {@code -bm ss}, where an iteration is one pass. The drop is not timed;
 * the side file records how much of the store's files stayed cached (pages the engine has mapped: LMDB's memory
 * map) and the default, {@code warm}, drops nothing.
 */
public final class ColdCache {

    /** The system property that turns it on. */
    public static final String PROPERTY = "kvbench.cache";

    private long drops;
    private long fileBytes;
    private long residentBytes;

    /** Whether this fork drops the page cache before each read pass. */
    public static boolean on() {
        return "cold".equals(System.getProperty(PROPERTY, "warm").trim());
    }

    /**
     * {@code -Dkvbench.cache=warm|cold} among the forks' flags is well formed, and cold only in single-shot mode.
     *
     * @throws IllegalArgumentException one line naming the mistake
     */
    public static void check(Collection<String> jvmArgs, Mode mode) {
        String prefix = "-D" + PROPERTY + "=";
        for (String option : jvmArgs) {
            for (String arg : option.trim().split("\\s+")) {
                if (arg.startsWith("-D" + PROPERTY) && !arg.startsWith(prefix)) {
                    throw new IllegalArgumentException(
                            arg + ": give the cache as -D" + PROPERTY + "=cold or -D" + PROPERTY + "=warm");
                }
                if (!arg.startsWith(prefix)) {
                    continue;
                }
                String value = arg.substring(prefix.length());
                if (!value.equals("cold") && !value.equals("warm")) {
                    throw new IllegalArgumentException(
                            arg + ": the cache is cold (its pages dropped before each pass) or warm");
                }
                if (value.equals("cold") && mode != Mode.SingleShotTime) {
                    throw new IllegalArgumentException(
                            arg + " drops the store's pages before each iteration, which is one pass"
                                    + " only in single-shot mode: add -bm ss");
                }
                if (value.equals("cold") && PageCache.missing() != null) {
                    throw new IllegalArgumentException(
                            arg + ": cannot drop the page cache here (" + PageCache.missing() + ")");
                }
            }
        }
    }

    /** Drops the page cache of {@code storeDir}'s files and keeps what stayed. */
    void drop(java.nio.file.Path storeDir) {
        PageCache.Drop drop = PageCache.drop(storeDir);
        drops++;
        fileBytes = Math.max(fileBytes, drop.fileBytes());
        residentBytes = Math.max(residentBytes, drop.residentBytes());
    }

    /** The side file's figures: drops made, the store's file bytes, and the most of them still cached after a drop. */
    Map<String, Object> metrics() {
        Map<String, Object> figures = new LinkedHashMap<>();
        if (drops > 0) {
            figures.put(Metric.CACHE_DROPS, drops);
            figures.put(Metric.CACHE_FILE_BYTES, fileBytes);
            figures.put(Metric.CACHE_RESIDENT_AFTER_DROP, residentBytes);
        }
        return figures;
    }
}
