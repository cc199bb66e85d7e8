package dev.kvbench.crash;

import dev.kvbench.cutfs.Build;
import dev.kvbench.cutfs.CutFs;
import java.util.Locale;
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
     * When a create, rename or unlink becomes durable: {@code journal} (any fsync commits every one
     * so far, as ext4's and XFS's metadata journal does), {@code file} (an fsync of a directory,
     * or of a file for the name it was synced under) or {@code posix} (only an fsync of its
     * directory, all POSIX promises).
     */
    @Param("journal")
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
            throw new IllegalArgumentException("names must be journal, file or posix, was " + names, e);
        }
    }
}
