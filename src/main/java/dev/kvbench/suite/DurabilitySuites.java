package dev.kvbench.suite;

import dev.kvbench.store.Engine;
import dev.kvbench.store.Stores;
import java.util.List;

/**
 * The durability tests of the {@code crash} and {@code powercut} suites: what a killed writer, and then a power cut,
 * lose of what was acknowledged. They measure losses, not speed, so they share one shape (every engine, sync on and
 * off, single-shot repetitions, never scaled) that no other suite has.
 */
final class DurabilitySuites {

    private DurabilitySuites() {}

    /** Every registered engine but the limit rows, which are not stores to make durable. */
    static String engines() {
        return String.join(
                ",",
                Stores.engines().stream()
                        .filter(e -> !e.isReference())
                        .map(Engine::name)
                        .toList());
    }

    /** The {@code crash} suite: {@link #crash()} on the work folder, then on the disk folder. */
    static List<Experiment> crashTests() {
        return List.of(crash(), crash().onDisk(CRASH_ON_DISK));
    }

    /** The {@code powercut} suite: {@link #powerCut()} alone. */
    static List<Experiment> powerCutTests() {
        return List.of(powerCut());
    }

    /**
     * The crash test (durability), the {@code crash} suite's tests: every engine, sync on and off, 20 kills each of a
     * writer committing batches of 100 entries into a data set of 100,000 (it is killed after a random number of
     * batches).
     * Not scaled: it measures losses, not speed.
     */
    static Experiment crash() {
        return durability(
                "Durability: what kill -9 of the writer loses",
                "A writer JVM commits batches of 100 entries and acknowledges each; it is killed with SIGKILL after a random "
                        + "number of them, and the store is reopened in a new JVM: acknowledged entries missing, entries corrupt, "
                        + "whether it opened and how long the reopen took, `reps` times (20 unless -p reps says otherwise) per engine and sync setting.",
                "crash");
    }

    /**
     * A durability test ({@code benchmark} is {@code crash} or {@code powercut}, also its chart's name): every
     * engine, sync on and off, {@code reps} repetitions of a writer committing batches of 100 entries into a data set
     * of 100,000, all in one single-shot iteration; not scaled, since it measures losses, not speed.
     */
    private static Experiment durability(String title, String description, String benchmark) {
        return Experiment.titled(title, description)
                .chart(new Chart(benchmark, "", false))
                .workloads(benchmark)
                .params(SuiteParams.concat(
                        SuiteParams.params("store", engines() + ",mapdb:transactions=true", "sync", "true,false"),
                        SuiteParams.randomIntKeys("100"),
                        SuiteParams.params("batchSize", "100", "reps", "20")))
                .options(SuiteParams.concat(SuiteParams.singleShot(0, 1), SuiteParams.options("-to", TRIAL_TIMEOUT)))
                .entries(100_000);
    }

    /**
     * JMH's time limit for one crash or power-cut trial (all of an engine's repetitions run in one single-shot
     * iteration): JMH's default of 10 minutes interrupted Chronicle Map's 20 power cuts, whose reopens each run up
     * to the checker's limit; an hour holds 20 repetitions at the slowest seen.
     */
    static final String TRIAL_TIMEOUT = "60min";

    static final String CRASH_ON_DISK = "Durability: what kill -9 of the writer loses, disk folder";

    /**
     * The power-cut test, the {@code powercut} suite's only one (where the machine allows it: Linux with
     * FUSE, root): the crash test's engines, settings and data, with the store on cutfs and the power cut after each
     * kill, so that what was not synced is lost. Not scaled.
     */
    static Experiment powerCut() {
        return durability(
                "Durability: what a power cut loses",
                "As the kill -9 test, on cutfs (a FUSE file system that keeps what was written but not yet synced apart): after "
                        + "the writer is killed the power is cut, so everything the engine did not fsync, fdatasync or msync is lost, "
                        + "and the file system comes back with what was synced; then the store is reopened in a new JVM. A create, "
                        + "rename or unlink survives once any later fsync committed it, as in ext4's journal (-p names=posix: only "
                        + "an fsync of its directory, all POSIX promises; -p names=file: that, or an fsync of the file under that name). "
                        + "`reps` cuts (20 unless -p reps says otherwise) per engine and sync setting.",
                "powercut");
    }
}
