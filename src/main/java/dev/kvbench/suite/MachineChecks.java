package dev.kvbench.suite;

import dev.kvbench.measure.Machine;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What this machine must offer a planned suite, checked before anything runs: the power-cut test's FUSE file system,
 * the amplification test's disk folder (each one line, exit 2), and an open-file limit the largest test can live with
 * (a warning).
 */
final class MachineChecks {

    private final Map<String, String> env;
    private final PrintStream err;
    /** Null when the power-cut test can run here, else why not. */
    private final Supplier<String> powerCutMissing;

    MachineChecks(Map<String, String> env, PrintStream err, Supplier<String> powerCutMissing) {
        this.env = env;
        this.err = err;
        this.powerCutMissing = powerCutMissing;
    }

    /** Refuses the tests of {@code plan} this machine cannot run: a power-cut test, an amplification test. */
    void check(String suite, List<PlannedTest> plan) {
        checkPowerCutPossible(suite, plan);
        checkAmpDisk(suite, plan);
    }

    /**
     * Stops (exit 2) a suite with a power-cut test ({@code powercut}) that this machine cannot run (no FUSE, not root,
     * cutfs cannot be built or mounted), in one line. KVBENCH_DRY_RUN plans it: nothing is mounted then.
     */
    private void checkPowerCutPossible(String suite, List<PlannedTest> plan) {
        if (DryRun.ENABLED.equals(env.get(DryRun.ENVIRONMENT)) || plan.stream().noneMatch(MachineChecks::isPowerCut)) {
            return;
        }
        String missing = powerCutMissing.get();
        if (missing != null) {
            throw new UsageException("./run.sh " + suite + " cannot run on this machine: " + missing);
        }
    }

    private static boolean isPowerCut(PlannedTest test) {
        return test.test().workloads().contains("powercut");
    }

    /**
     * Stops (exit 2) a suite with an amplification test ({@code amp}) when KVBENCH_DISK_DIR does not name a folder on a
     * disk ({@link Folders#ampDiskProblem}), in one line, before any store opens.
     */
    private void checkAmpDisk(String suite, List<PlannedTest> plan) {
        if (plan.stream().noneMatch(MachineChecks::isAmp)) {
            return;
        }
        String problem = Folders.ampDiskProblem(env.get(Folders.DISK_ENVIRONMENT), suite);
        if (problem != null) {
            throw new UsageException(problem);
        }
    }

    static boolean isAmp(PlannedTest test) {
        return test.test().workloads().contains("amp");
    }

    /** LevelDB keeps its data in 2 MB table files, and compaction briefly holds old and new ones open. */
    void warnAboutOpenFiles(List<PlannedTest> plan) {
        long largestFlat = plan.stream().mapToLong(PlannedTest::flatBytes).max().orElse(0);
        long want = Math.max(4096, largestFlat / 1_000_000 + 1000);
        long limit = Machine.openFileLimit();
        if (limit > 0 && limit < want) {
            err.println("run.sh: warning: the open-file limit (ulimit -n) is " + limit
                    + " and the largest test may need about "
                    + want + " (LevelDB and RocksDB open a file per few MB of data); raise it with 'ulimit -n 1000000'"
                    + " (or nofile in /etc/security/limits.conf)");
        }
    }
}
