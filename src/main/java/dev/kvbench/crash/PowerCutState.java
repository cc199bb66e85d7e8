package dev.kvbench.crash;

import java.util.Locale;

import dev.kvbench.cutfs.Build;
import dev.kvbench.cutfs.CutFs;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * One power-cut trial: the crash test's trial with a cut after each kill, the store on a
 * {@link CutFs} that loses everything the engine did not sync. Its outcomes use the crash test's
 * metrics; the report tells the two apart by benchmark.
 */
@State(Scope.Benchmark)
public class PowerCutState extends CrashState {

    /**
     * When a create, rename or unlink becomes durable: {@code file} (an fsync of a file also keeps
     * the name it was synced under, as ext4 and other journaling file systems do in practice) or
     * {@code posix} (only an fsync of the directory does).
     */
    @Param("file")
    public String names;

    @Override
    String kind() {
        return "powercut";
    }

    @Override
    String cause() {
        return "a power cut";
    }

    @Override
    CutFs.Names powerCut() {
        String missing = Build.missing();
        if (missing != null) {
            throw new IllegalStateException(missing);
        }
        try {
            return CutFs.Names.valueOf(names.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("names must be file or posix, was " + names, e);
        }
    }
}
